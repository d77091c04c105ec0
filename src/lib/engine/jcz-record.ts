// A game record as a JCloisterZone saved game (.jcz): the record is replayed through the engine,
// and each move becomes the message JCZ's client sends (the drawn tile, the piece moved and the
// feature it stands on are read from the replay: jcz-record-messages.ts). The formats side
// (formats/jcz-game.ts) reads it back: export → import gives the record again (test/jcz-games.test.ts).
import { contextOf } from './context.ts';
import { replay } from './replay.ts';
import { setupFromRecord } from './record.ts';
import type { Expansion, GameSetup } from './types.ts';
import type { GameRecord } from './record.ts';
import {
	FANCZ_APP_VERSION,
	JCZ_APP_VERSION,
	JCZ_SETS,
	STRICT_RIVER_FROM,
	jczIdOf,
	type JczProblem
} from '../formats/jcz-game.ts';
import { jczTile, replayMessages } from './jcz-record-messages.ts';

/** Our expansion → JCZ's tile set (the edition with the garden tiles our sets carry). */
const SETS: Record<string, string> = {
	base: 'basic:2',
	'inns-and-cathedrals': 'inns-and-cathedrals:2',
	dragon: 'princess-and-dragon:2',
	river: 'river/1:2',
	'king-and-robber': 'king-and-robber:2',
	'abbey-and-mayor': 'abbey-and-mayor:2',
	'hills-and-sheep': 'hills-and-sheep:2'
};
/** Our rulings → JCZ's rules, where JCZ has the option. */
const RULES: Record<string, { rule: string; values: Record<string, string> }> = {
	'DRAGON-R1': { rule: 'dragon-move', values: { 'after-scoring': 'after-scoring' } },
	'BASE-R1': { rule: 'tiny-city-scoring', values: { 'c1-early': '2' } },
	'IC-R3': { rule: 'inn-and-cathedral-final-scoring', values: { 'as-usual': 'ignore' } },
	'DRAGON-R5': { rule: 'princess-action', values: { must: 'must' } },
	'DRAGON-R7': { rule: 'fairy-placement', values: { 'on-tile': 'on-tile' } },
	'AM-R2': { rule: 'barn-placement', values: { occupied: 'occupied' } },
	'AM-R4': { rule: 'wagon-move', values: { connected: 'C1' } },
	'FEST-R1': { rule: 'festival-return', values: { followers: 'follower' } },
	'HS-R1': { rule: 'hill-tiebreaker', values: { 'number-of-followers': 'number-of-followers' } },
	'KR-R1': {
		rule: 'king-and-robber-scoring',
		values: { 'ten-per-token': '10/20', 'fifteen-forty': '15/40', continuously: 'continuously' }
	}
};
/** Rulings that are JCZ's setup switches (handled with the elements) or its own reading (set by the import). */
const AS_ELEMENTS = new Set([
	'BASE-R3',
	'IC-R1',
	'IC-R2',
	'DRAGON-R4',
	'DRAGON-R5',
	'DRAGON-R6',
	'KR-R2',
	'HS-R2',
	'HS-R3',
	'TB-R1',
	'TB-R2',
	'AM-R6'
]);
const JCZ_READING: Record<string, string> = {
	'RIVER-R2': 'look-ahead',
	'ABBOT-R1': 'no',
	'AM-R1': 'every-owner',
	'AM-R3': 'scored-at-once'
};
/** FanCloisterZone's reading, told by the saved game's `appVersion` (formats/jcz-game.ts `riverReadingOf`). */
const FANCZ_READING: Record<string, string> = { 'RIVER-R2': 'look-ahead-strict' };

export type JczExport =
	| { ok: true; text: string; warnings: JczProblem[] }
	| { ok: false; errors: JczProblem[]; warnings: JczProblem[] };

/** The record as a .jcz saved game, or located errors (`/moves/N`: a move JCZ has no message for). */
export function jczFromRecord(
	rec: GameRecord,
	lookup: (id: string) => Expansion | undefined
): JczExport {
	const warnings: JczProblem[] = [];
	const { setup, moves, errors: setupErrors } = setupFromRecord(rec, lookup);
	if (!setup)
		return {
			ok: false,
			errors: setupErrors.map((message) => ({ pointer: '', message })),
			warnings
		};
	if (setup.free)
		return {
			ok: false,
			errors: [
				{
					pointer: '/free',
					message: 'a game played in free mode (tiles picked, not drawn) has no JCloisterZone form'
				}
			],
			warnings
		};

	// tile sets, elements, rules
	const ids = setup.expansions.map((e) => e.id);
	const start = replay(setup, [], { quiet: true, events: false }).state;
	const modules = [...contextOf(start).moduleIds];
	const sets = setsOf(setup, ids, warnings);
	const r = contextOf(start).rulings;
	const figures = rec.figures ?? {};
	const elements = elementsOf(ids, modules, r, figures);
	const rules = rulesOf(rec, elements, r, figures, warnings);

	// the moves, each as JCZ's message, from the replay
	const replayed = replayMessages(setup, moves);
	if (!replayed.ok) return { ok: false, errors: replayed.errors, warnings };

	const { state, messages, drawn } = replayed;
	const c = contextOf(state);
	const first = c.tiles[state.boardTile[0]];
	const startId = jczIdOf(first.expansion, first.def);
	const order = rec.drawOrder ? rec.drawOrder.map((k) => jczTile(state, k).id) : drawn;
	const doc = {
		// the client whose engine reads the river as the record does (the import reads it back so)
		appVersion:
			modules.includes('river') && r['RIVER-R2'] !== FANCZ_READING['RIVER-R2']
				? JCZ_APP_VERSION
				: FANCZ_APP_VERSION,
		gameId: '1',
		name: '',
		initialRandom: 0,
		setup: {
			sets,
			elements,
			rules,
			timer: null,
			start: [{ tile: startId.id, x: 0, y: 0, rotation: startId.offset }]
		},
		players: rec.players.map((name, slot) => ({ name, slot })),
		replay: messages,
		// the pack ends where the record's pile ends (or where the game ended)
		gameAnnotations: {
			drawOrder: order,
			...(rec.drawOrder || state.finished
				? { endTurn: rec.drawOrder ? rec.drawOrder.length : drawn.length }
				: {})
		}
	};
	return { ok: true, text: JSON.stringify(doc, null, 2) + '\n', warnings };
}

type Rulings = Readonly<Record<string, string>>;
type Figures = NonNullable<GameRecord['figures']>;

/** JCZ's tile sets of the game's expansions (an expansion of ours played through its add-on is warned of). */
function setsOf(setup: GameSetup, ids: string[], warnings: JczProblem[]): Record<string, number> {
	const sets: Record<string, number> = {};
	for (const id of ids) {
		const e = setup.expansions.find((x) => x.id === id)!;
		if (SETS[id]) sets[SETS[id]] = 1;
		else if (Object.values(JCZ_SETS).includes(id) || e.tiles.length) sets[`cel/${id}`] = 1;
		if (!SETS[id] && e.tiles.length)
			warnings.push({
				pointer: '/expansions',
				message: `'${id}' is played in JCloisterZone through its add-on (carcassonne-lab export ${id} --format jcz): install it there first`
			});
	}
	return sets;
}

/** JCZ's setup elements: the figures of the record and the modules and rulings in play. */
function elementsOf(
	ids: string[],
	modules: string[],
	r: Rulings,
	figures: Figures
): Record<string, unknown> {
	const elements: Record<string, unknown> = { 'small-follower': figures.follower ?? 7 };
	if (r['BASE-R3'] !== 'no-farmers') elements.farmers = true;
	if (modules.includes('abbot') && figures.abbot !== 0)
		Object.assign(elements, { abbot: figures.abbot ?? 1, garden: true });
	if (ids.includes('inns-and-cathedrals')) {
		elements['big-follower'] = figures.large ?? 1;
		if (r['IC-R1'] !== 'no-inns') elements.inn = true;
		if (r['IC-R2'] !== 'no-cathedrals') elements.cathedral = true;
	}
	if (modules.includes('dragon')) {
		if (r['DRAGON-R4'] !== 'fairy-only' && r['DRAGON-R4'] !== 'neither') elements.dragon = 1;
		if (r['DRAGON-R4'] !== 'dragon-only' && r['DRAGON-R4'] !== 'neither') elements.fairy = 1;
	}
	// the princess is the dragon document's data (its ruling is in play with it)
	if ('DRAGON-R5' in r && r['DRAGON-R5'] !== 'off') elements.princess = true;
	if (modules.includes('portal') && r['DRAGON-R6'] !== 'off') elements.portal = true;
	if (modules.includes('king-and-robber')) {
		if (r['KR-R2'] === 'both' || r['KR-R2'] === 'king-only') elements.king = true;
		if (r['KR-R2'] === 'both' || r['KR-R2'] === 'robber-only') elements.robber = true;
	}
	if (modules.includes('pig')) elements.pig = figures.pig ?? 1;
	if (modules.includes('phantom')) elements.phantom = figures.phantom ?? 1;
	if (modules.includes('barn') && figures.barn !== 0) elements.barn = figures.barn ?? 1;
	if (ids.includes('abbey-and-mayor') && r['AM-R6'] !== 'none') elements.abbey = 1;
	if (ids.includes('abbey-and-mayor') && figures['am-mayor'] !== 0)
		elements.mayor = figures['am-mayor'] ?? 1;
	if (ids.includes('abbey-and-mayor') && figures.wagon !== 0) elements.wagon = figures.wagon ?? 1;
	if (modules.includes('festival')) elements.festival = true;
	if (ids.includes('traders-and-builders-goods')) elements.traders = true;
	if (ids.includes('traders-and-builders-builder')) elements.builder = figures.builder ?? 1;
	if (ids.includes('pig-herd') && r['TB-R1'] !== 'no') elements['pig-herd'] = true;
	if (ids.includes('hills-and-sheep')) {
		if (r['HS-R2'] !== 'no') elements.hill = true;
		if (r['HS-R3'] !== 'no') elements.vineyard = true;
	}
	if (ids.includes('hills-and-sheep') && figures.shepherd !== 0)
		elements.shepherd = figures.shepherd ?? 1;
	return elements;
}

/** JCZ's rules for the record's rulings; a ruling JCZ has no option for, or reads otherwise, is warned of. */
function rulesOf(
	rec: GameRecord,
	elements: Record<string, unknown>,
	r: Rulings,
	figures: Figures,
	warnings: JczProblem[]
): Record<string, string> {
	const rules: Record<string, string> = {};
	// GQ11's field tile: JCZ's engine reads the rule's absence as 'nothing', its client writes 'pig' by default
	if (elements['pig-herd']) rules['gq11-pig-herd'] = r['TB-R2'] === 'field' ? 'nothing' : 'pig';
	for (const [id, option] of Object.entries(rec.rulings ?? {}) as [string, string][]) {
		if (RULES[id]?.values[option]) rules[RULES[id].rule] = RULES[id].values[option];
		else if (
			!AS_ELEMENTS.has(id) &&
			JCZ_READING[id] !== option &&
			FANCZ_READING[id] !== option &&
			!Object.hasOwn(RULES[id]?.values ?? {}, option)
		)
			warnings.push({
				pointer: `/rulings/${id}`,
				message: `${id} = ${option} has no JCloisterZone option: JCZ plays its own reading`
			});
	}
	for (const [id, reading] of Object.entries(JCZ_READING))
		if (
			r[id] !== undefined && // its module in play
			!(id === 'ABBOT-R1' && figures.abbot === 0) &&
			r[id] !== reading &&
			r[id] !== FANCZ_READING[id]
		)
			warnings.push({
				pointer: `/rulings/${id}`,
				message: `JCloisterZone reads ${id} as '${reading}'${FANCZ_READING[id] ? ` (FanCloisterZone from ${STRICT_RIVER_FROM} as '${FANCZ_READING[id]}')` : ''}, not '${r[id]}': its game may go otherwise`
			});
	return rules;
}
