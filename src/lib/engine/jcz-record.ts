// Long because: one conversion, a game record to a .jcz saved game, move by move.
// A game record as a JCloisterZone saved game (.jcz): the record is replayed through the engine,
// and each move becomes the message JCZ's client sends (the drawn tile, the piece moved and the
// feature it stands on are read from the replay). The formats side (formats/jcz-game.ts) reads it
// back: export → import gives the record again (test/jcz-games.test.ts).
import { contextOf } from './context.ts';
import { legalMoves } from './game.ts';
import { replay } from './replay.ts';
import { setupFromRecord } from './record.ts';
import type { Expansion, GameEvent, GameState, Move } from './types.ts';
import type { GameRecord } from './record.ts';
import { markersOf } from './data-marker-step.ts';
import {
	FANCZ_APP_VERSION,
	JCZ_ABBEY,
	JCZ_APP_VERSION,
	JCZ_MEEPLES,
	JCZ_SETS,
	STRICT_RIVER_FROM,
	jczIdOf,
	type JczProblem
} from '../formats/jcz-game.ts';
import { JCZ_FEATURE_CLASS, jczLocation } from '../formats/jcz-vocabulary.ts';
import { CORNERS, type Corner } from './modules/barn.ts';

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
const MEEPLE_TYPE = Object.fromEntries(Object.entries(JCZ_MEEPLES).map(([k, v]) => [v, k]));

export type JczExport =
	| { ok: true; text: string; warnings: JczProblem[] }
	| { ok: false; errors: JczProblem[]; warnings: JczProblem[] };

/** A message of the flock with the value its draw from the bag took (the engine's `flock` event; 0 without a draw). */
function flockDraw(
	events: GameEvent[],
	type: string,
	payload: Record<string, unknown>
): { type: string; payload: Record<string, unknown> } {
	const u = events.find((e) => e.type === 'flock' && typeof e.u === 'number')?.u;
	return { type, payload: { ...payload, random: typeof u === 'number' ? u : 0 } };
}

/** The record as a .jcz saved game, or located errors (`/moves/N`: a move JCZ has no message for). */
export function jczFromRecord(
	rec: GameRecord,
	lookup: (id: string) => Expansion | undefined
): JczExport {
	const warnings: JczProblem[] = [];
	const errors: JczProblem[] = [];
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
	const r = contextOf(start).rulings;
	const figures = rec.figures ?? {};
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
	if (modules.includes('princess') && r['DRAGON-R5'] !== 'off') elements.princess = true;
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

	// the moves, each as JCZ's message, from the replay
	const replayMsgs: { type: string; payload: Record<string, unknown> }[] = [];
	const drawn: string[] = [];
	// what the next move needs of the state before it (the replay changes its state in place)
	const seen = (state: GameState): Before => ({
		turn: state.turn,
		placed: state.placed,
		options: !state.finished && legalMoves(state).some((m) => m.type !== 'pass'),
		step: state.pending[0]?.kind ?? '',
		player: state.pending[0]?.player ?? -1
	});
	let before: Before | null = null;
	let failed = false;
	const run = replay(setup, moves as Move[], {
		onStep(index, move, events: GameEvent[], state) {
			if (failed) return;
			for (const e of events)
				if ((e.type === 'draw' || e.type === 'discard') && typeof e.tile === 'string')
					drawn.push(jczTile(state, e.tile).id);
			if (index >= 0 && before) {
				const msgs = messageOf(before, state, move, events, `/moves/${index}`, errors);
				if (msgs === null) failed = true;
				else replayMsgs.push(...msgs);
				if (commits(before, state, move)) replayMsgs.push({ type: 'COMMIT', payload: {} });
			}
			before = seen(state);
		}
	});
	if (run.error)
		errors.push({
			pointer: `/moves/${run.error.index}`,
			message: `refused: ${run.error.refusal.message}`
		});
	if (failed || errors.length) return { ok: false, errors, warnings };

	const c = contextOf(run.state);
	const first = c.tiles[run.state.boardTile[0]];
	const startId = jczIdOf(first.expansion, first.def);
	const order = rec.drawOrder ? rec.drawOrder.map((k) => jczTile(run.state, k).id) : drawn;
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
		replay: replayMsgs,
		// the pack ends where the record's pile ends (or where the game ended)
		gameAnnotations: {
			drawOrder: order,
			...(rec.drawOrder || run.state.finished
				? { endTurn: rec.drawOrder ? rec.drawOrder.length : drawn.length }
				: {})
		}
	};
	return { ok: true, text: JSON.stringify(doc, null, 2) + '\n', warnings };
}

/** A tile key's JCZ id and rotation offset. */
function jczTile(state: GameState, key: string): { id: string; offset: number } {
	const c = contextOf(state);
	const t = c.tiles[c.tileIndex.get(key)!];
	return jczIdOf(t.expansion, t.def);
}

/** JCZ's id of a piece: player, meeple type, its number among that player's pieces of that type. */
export function meepleId(state: GameState, piece: number): string | null {
	const p = state.pieces[piece];
	const type = MEEPLE_TYPE[p.kind];
	if (!type) return null;
	let n = 0;
	for (let i = 0; i <= piece; i++)
		if (state.pieces[i].kind === p.kind && state.pieces[i].owner === p.owner) n++;
	return `${p.owner}.${type}.${n}`;
}

/** The board index of the tile at (x, y), or -1. */
export const boardIndexAt = (state: GameState, x: number, y: number): number =>
	state.boardX.findIndex((bx, i) => bx === x && state.boardY[i] === y);

/** The pointer JCZ gives a feature of the tile at board index b. */
function pointerOf(state: GameState, b: number, feature: string) {
	const def = contextOf(state).tiles[state.boardTile[b]].def;
	const f = def.features.find((x) => x.id === feature)!;
	return {
		position: [state.boardX[b], state.boardY[b]],
		feature: JCZ_FEATURE_CLASS[f.type] ?? f.type,
		location: jczLocation(f, state.boardRotation[b])
	};
}

/**
 * The pointer JCZ gives a barn at corner `c` of board tile b: the field holding NL of the tile
 * south-east of the corner (JCZ names a corner by that tile).
 */
export function barnPointer(state: GameState, b: number, c: Corner) {
	const x = state.boardX[b] + CORNERS[c].dx;
	const y = state.boardY[b] + CORNERS[c].dy;
	const at = boardIndexAt(state, x, y);
	const t = contextOf(state).tiles[state.boardTile[at]];
	const f = t.def.features[t.halfField[state.boardRotation[at] * 8]];
	return { position: [x, y], feature: 'Field', location: jczLocation(f, state.boardRotation[at]) };
}

const PASS = { type: 'PASS', payload: {} };

interface Before {
	turn: number;
	/** The board index of the tile placed this turn (-1 before it). */
	placed: number;
	/** Whether the step offered more than a pass. */
	options: boolean;
	/** The step the move answers, and whose it is. */
	step: string;
	player: number;
}

/**
 * Whether JCZ commits after the move: its turn ends with a COMMIT (so does a turn ended by the
 * game's end), and so does the action whose scoring lets a wagon move on (WagonPhase follows the
 * commit); a player's last wagon moved on is confirmed with one, a pass there needs none.
 */
function commits(before: Before, after: GameState, move: Move): boolean {
	const next = after.pending[0];
	if (before.step === 'move-on')
		return move.type !== 'pass' && !(next?.kind === 'move-on' && next.player === before.player);
	if (next?.kind === 'move-on') return true;
	// the abbey kept before the draw: JCZ commits that pass on its own
	if (before.step === 'abbey' && move.type === 'pass') return true;
	return after.turn !== before.turn || after.finished;
}

function messageOf(
	before: Before,
	after: GameState,
	move: Move,
	events: GameEvent[],
	at: string,
	errors: JczProblem[]
): { type: string; payload: Record<string, unknown> }[] | null {
	switch (move.type) {
		case 'place': {
			const b = after.placed >= 0 ? after.placed : after.boardTile.length - 1;
			const key = contextOf(after).tiles[after.boardTile[b]].key;
			const { id, offset } = jczTile(after, key);
			return [
				{
					type: 'PLACE_TILE',
					payload: {
						tileId: id,
						rotation: `R${(after.boardRotation[b] * 90 + offset) % 360}`,
						position: [after.boardX[b], after.boardY[b]]
					}
				}
			];
		}
		case 'pass':
			// JCZ skips an action phase with nothing to do: its COMMIT ends the turn alone
			return before.options ? [PASS] : [];
		case 'abbey': {
			const payload = { tileId: JCZ_ABBEY, rotation: 'R0', position: [move.x, move.y] };
			return [{ type: 'PLACE_TILE', payload }];
		}
		case 'deploy':
		case 'portal': {
			// a figure through the magic portal is a deployment on another tile than the one just placed
			const piece = events.find((e) => e.type === move.type)?.piece;
			const b =
				move.type === 'portal'
					? boardIndexAt(after, Number(move.x), Number(move.y))
					: before.placed;
			const id = typeof piece === 'number' ? meepleId(after, piece) : null;
			if (!id || b < 0) {
				errors.push({
					pointer: `${at}/figure`,
					message: `JCloisterZone has no meeple for a ${String(move.figure)}`
				});
				return null;
			}
			return [
				{
					type: 'DEPLOY_MEEPLE',
					payload: { pointer: pointerOf(after, b, String(move.feature)), meepleId: id }
				},
				// the shepherd's first token, drawn with the confirmation's random value (its bag step)
				...(move.figure === 'shepherd' ? [flockDraw(events, 'SHEPHERD_CONFIRM', {})] : [])
			];
		}
		case 'move-on': {
			// a wagon moving on after its feature scored: JCZ's deployment in its WagonPhase
			const piece = events.find((e) => e.type === 'moveOn')?.piece;
			const id = typeof piece === 'number' ? meepleId(after, piece) : null;
			const b = boardIndexAt(after, Number(move.x), Number(move.y));
			if (!id || b < 0) {
				errors.push({ pointer: at, message: 'no figure moved on' });
				return null;
			}
			return [
				{
					type: 'DEPLOY_MEEPLE',
					payload: { pointer: pointerOf(after, b, String(move.feature)), meepleId: id }
				}
			];
		}
		case 'barn': {
			const piece = events.find((e) => e.type === 'barn')?.piece;
			const id = typeof piece === 'number' ? meepleId(after, piece) : null;
			if (!id || before.placed < 0) {
				errors.push({ pointer: at, message: 'no barn placed' });
				return null;
			}
			const pointer = barnPointer(after, before.placed, move.corner as Corner);
			return [{ type: 'DEPLOY_MEEPLE', payload: { pointer, meepleId: id } }];
		}
		case 'flock':
			return [
				flockDraw(events, 'FLOCK_EXPAND_OR_SCORE', {
					value: move.choice === 'expand' ? 'EXPAND' : 'SCORE'
				})
			];
		case 'princess':
		case 'festival': {
			const removed = events.find((e) => e.type === move.type)?.removed as
				{ piece: number } | undefined;
			const b = boardIndexAt(after, Number(move.x), Number(move.y));
			const id = removed ? meepleId(after, removed.piece) : null;
			if (!id || b < 0) {
				errors.push({ pointer: at, message: `no figure sent home by the ${move.type}` });
				return null;
			}
			return [
				{
					type: 'RETURN_MEEPLE',
					payload: {
						source: move.type.toUpperCase(),
						pointer: { featurePointer: pointerOf(after, b, String(move.feature)), meepleId: id }
					}
				}
			];
		}
		case 'dragon':
			return [
				{ type: 'MOVE_NEUTRAL_FIGURE', payload: { figureId: 'dragon.1', to: [move.x, move.y] } }
			];
		case 'fairy': {
			// on a tile (ruling DRAGON-R7): JCZ's message names the tile alone
			const to = [move.x, move.y];
			if (move.feature === undefined)
				return [{ type: 'MOVE_NEUTRAL_FIGURE', payload: { figureId: 'fairy.1', to } }];
			// the fairy moves no piece: the follower it stands by is where it was
			const state = after;
			const b = boardIndexAt(state, Number(move.x), Number(move.y));
			const mover = markersOf(state).fairy?.piece;
			const id = mover !== undefined && mover >= 0 ? meepleId(state, mover) : null;
			if (!id || b < 0) {
				errors.push({ pointer: at, message: 'no follower by the fairy' });
				return null;
			}
			return [
				{
					type: 'MOVE_NEUTRAL_FIGURE',
					payload: {
						figureId: 'fairy.1',
						to: { featurePointer: pointerOf(state, b, String(move.feature)), meepleId: id }
					}
				}
			];
		}
		default:
			errors.push({
				pointer: `${at}/type`,
				message: `a '${move.type}' move has no JCloisterZone message here`
			});
			return null;
	}
}
