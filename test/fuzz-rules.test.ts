// 10,000 mutated rule documents (expansions' dataRules): the designer's wine-and-vintners and the
// data rules of the shipped Inns & Cathedrals, Bards, Buddo, Inn and Stable Owners, Hills & Sheep
// (hills and vineyards), Traders & Builders' goods, Wells, Messengers & Mayors' town hall and the
// scout fixture grafted onto a small tile set, each changed by a seeded generator — subtrees
// replaced by wrong types, unknown variables, operators, modifiers, figures and feature kinds,
// expressions nested deep, keys dropped or doubled, token steps with unknown tokens and icons,
// misplaced or with conditions of any type, held-tile steps with unknown tiles, places, offers and ends or conditions
// of any type, piece steps with unknown or token figures, act steps (the scout's, the messenger's) with
// unknown figures, reaches and feature kinds, marker steps (the fairy's, the lantern's) with unknown
// figures and points of any type, random steps and figure moves (Buddo's coin,
// drawsDragon, mustBeChosen, deniesAwards) and checks at setup broken likewise, Bards' note step at a
// moment the document adds to the turn (its moment after an unknown one, under an engine's name),
// Hills & Sheep's bag step (the shepherd's flock) with unknown figures, taken moves and counts of
// any type, send-home steps (the court's, the festival's) and second-figure steps (the phantom's)
// broken likewise, King & Robber's titles (a field's, a token twice, conditions and amounts reading
// what they may not). The
// validator never throws; every document it accepts (no error) starts a game that plays 30 random
// moves with finite whole scores. A refused document carries a located error (a pointer into it).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { resolvePointer } from '../src/lib/formats/validate.ts';
import { hasErrors } from '../src/lib/formats/problems.ts';
import { ruleRegistry as registry } from '../src/lib/engine/registry.ts';
import { generator, playRandomMoves, type Gen } from './fuzz-generator.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const DOCUMENTS = 10_000;
const MOVES = 30;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Doc = { [k: string]: Json };
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Doc;
const wine = read('test/fixtures/expansions/valid/wine-and-vintners.json');
const base = read('expansions/base.json') as unknown as Expansion;
const start = (base.tiles.find((t) => t.role === 'start') as unknown as Doc)!;
const monastery = (base.tiles.find((t) =>
	t.features.some((f) => f.type === 'monastery')
) as unknown as Doc)!;
// the small game every document plays: its own start tile, wine caps, a monastery (no dependency: a few tiles to compile)
const iso = read('expansions/inn-and-stable-owners.json');
const stable = (iso.tiles as Json[])[0];
// two lute tiles, so that a token step (Bards' note) comes up in the games played
const lute = (read('expansions/bards.json').tiles as Doc[]).slice(0, 2);
// and junctions, so that a figure's action on a scored road (the scout, the messenger riding on) comes up
const scout = read('test/fixtures/expansions/valid/scout.json');
const tiles: Json[] = [
	{ ...start, count: 1 },
	...(wine.tiles as Json[]),
	{ ...monastery, count: 3 },
	stable,
	...lute.map((t) => ({ ...t, count: 2 })),
	...(scout.tiles as Json[])
];
// a held tile (Messengers & Mayors' town hall), in the documents that hold it
const hall = (read('expansions/messengers-and-mayors.json').tiles as Doc[]).find(
	(t) => t.id === 'town-hall'
)!;
// Inn and Stable Owners' piece step reads the inn, a modifier its dependency (Inns & Cathedrals) declares
const inn = ((read('expansions/inns-and-cathedrals.json').dataRules as Doc).modifiers as Doc).inn;
const court = read('test/fixtures/expansions/valid/court.json');
const festival = read('expansions/festival.json');
const graft = (from: Doc, extra: Json[] = []): Doc => ({
	id: 'fuzz',
	name: 'Fuzz',
	version: '1.0.0',
	...(from.rules ? { rules: from.rules } : {}),
	figures: from.figures ?? [],
	tokens: from.tokens ?? [],
	...(from.icons ? { icons: from.icons } : {}),
	...(from.modifiers ? { modifiers: from.modifiers } : {}),
	dataRules: JSON.stringify(from.dataRules ?? null).includes('"modifier.inn"')
		? {
				...(from.dataRules as Doc),
				modifiers: { inn, ...((from.dataRules as Doc).modifiers as Doc) }
			}
		: from.dataRules,
	tiles: [...tiles, ...extra]
});
const seeds: Doc[] = [
	graft(wine),
	graft(scout),
	...[
		'inns-and-cathedrals',
		'bards',
		'buddo',
		'inn-and-stable-owners',
		'hills-and-sheep',
		'traders-and-builders-goods',
		'traders-and-builders-builder',
		'wells',
		'pig-herd',
		'abbey-and-mayor',
		'king-and-robber'
	].map((id) => graft(read(`expansions/${id}.json`))),
	graft(read('expansions/messengers-and-mayors.json'), [hall]),
	graft(evening(read('expansions/bards.json'))),
	graft(read('test/fixtures/expansions/valid/lantern.json')),
	graft(read('expansions/dragon.json')),
	// a piece sent home instead of the turn's figure (send-home steps): the court's city, the festival's icon
	graft(court, court.tiles as Json[]),
	graft(festival, festival.tiles as Json[]),
	// a second figure after the turn's figure action (a second-figure step): the phantom
	graft(read('expansions/phantom.json'))
];

/** A document whose token step sits at a moment it adds to the turn (dataRules.moments). */
function evening(doc: Doc): Doc {
	const dr = doc.dataRules as Doc;
	const steps = (dr.steps as Doc[]).map((s) => ({ ...s, at: 'evening' }));
	return { ...doc, dataRules: { ...dr, moments: { evening: { after: 'afterScore' } }, steps } };
}

/** A condition for a step's part: of the right type or not, reading what it may or not (a fresh object: mutations change it). */
const condition = (g: Gen): Json =>
	g.pick<() => Json>([
		() => true,
		() => 3,
		() => ({ var: 'ruling.ISO-R2.followers' }),
		() => ({ var: 'ruling.NOPE-R1.x' }),
		() => ({ var: 'tiles' }),
		() => ({ var: 'modifier.inn' })
	])();
/** A condition of a figure's move or a random step, well typed or not (a leaf: no recursion). */
const COND = (g: Gen): Json =>
	g.pick<Json>([
		true,
		1,
		null,
		{ var: 'tiles' },
		{ var: 'ruling.BUDDO-R4.on' },
		{ var: 'ruling.BUDDO-R9.on' },
		{ '!': { var: 'param.buddoStrength' } }
	]);
const deep = (n: number): Json => (n === 0 ? 1 : { '+': [deep(n - 1), 1] });
const VALUES = (g: Gen): Json =>
	g.pick<() => Json>([
		() => g.pick([0, 1, -1, 2.5, 1e308, -1e308, 1e9]),
		() => g.pick([true, false, null, '', 'city', 'wine', 'x'.repeat(500)]),
		() => ({
			var: g.pick([
				'tiles',
				'pennants',
				'cities',
				'complete',
				'final',
				'modifier.wine',
				'modifier.nope',
				'figures.vintner',
				'figures.ghost',
				'icon.lute',
				'around.icon.lute',
				'onTiles.note',
				'param.vintnerPointsPerWine',
				'param.none',
				'ruling.BARD-R6.usual-pennant-value',
				'ruling.NOPE-R1.x',
				'nonsense',
				7 as unknown as string,
				'around.tiles',
				'around.wildcards',
				'around.river',
				'around.nope',
				'edges.wildcards',
				'edges.nope',
				'winner',
				'heads',
				'othersHeads',
				'denied',
				'modifier.livestock',
				'around.icon.vineyard',
				'modifier.grain',
				'modifier.inn',
				'ruling.ISO-R5.most-followers',
				'ruling.BARD-R5.joined-feature',
				'param.noteTokens'
			])
		}),
		() => ({
			[g.pick([
				'+',
				'-',
				'*',
				'/',
				'max',
				'min',
				'>',
				'==',
				'and',
				'or',
				'!',
				'if',
				'eval',
				'var'
			])]: [VALUES(g), VALUES(g)]
		}),
		() => ({ '/': [VALUES(g), g.pick([0, 1, 3, -2])] }),
		() => g.pick(['award', 'wins', 'value', 'collect', 'majority', 'feature', 'tiles']),
		() => ({ '*': [{ var: 'tiles' }, 1e6, 1e6] }),
		() => deep(g.pick([5, 31, 40])),
		() => [],
		() => ({}),
		() => ({ perTile: VALUES(g), zero: 'both' }),
		() => ({
			id: 'FUZZ-1',
			type: g.pick(['award', 'wins']),
			text: 'x',
			feature: g.pick(['road', 'stable', 'city']),
			figure: g.pick(['owner', 'vintner', 'ghost']),
			bonus: VALUES(g),
			...(g.next() < 0.5 ? { zero: 'why' } : {}),
			where: g.pick(['tiles', 'feature', 'nowhere'])
		}),
		// a wins rule for every follower's owner, well formed or not: with a figure too, without a
		// feature, unclaimed of any type, a condition of any type
		() => ({
			id: 'FUZZ-4',
			type: g.pick(['wins', 'value']),
			text: 'x',
			...(g.next() < 0.5 ? { feature: g.pick(['road', 'field', 'castle']) } : {}),
			...(g.next() < 0.3 ? { figure: 'owner' } : {}),
			followers: g.pick<Json>([true, false, 1]),
			unclaimed: g.pick<Json>([true, false, { var: 'tiles' }]),
			when: condition(g),
			why: g.pick<Json>(['nobody is strong', '', 3])
		}),
		// whether a figure accompanies another: of any type, reading the feature or a ruling
		() => ({
			features: ['field'],
			accompanies: g.pick<Json>([
				false,
				2,
				{ var: 'tiles' },
				{ var: 'ruling.MM-R14.farmers-only' }
			]),
			accompaniesRules: g.pick<Json>([['MM-R14'], 'MM-R14', []])
		}),
		// a check at setup, well formed or not: unknown icons, counts of any type or reading a feature, event names
		() => ({
			id: 'FUZZ-2',
			type: g.pick(['check', 'beneath']),
			text: 'x',
			icon: g.pick(['lute', 'nope']),
			land: condition(g),
			river: g.pick<Json>([1, { var: 'tiles' }, true, -3]),
			event: g.pick(['check', 'mmSetup', 'Not an event'])
		}),
		() => g.pick(['road', 'city', 'river', 'field', 'monastery', 'garden', 'stable', 'castle']),
		// a title, well formed or not: a field's, unknown kinds, conditions reading the feature, end cases with both amounts or none
		() => ({
			id: g.pick(['KR-1', 'FUZZ-9']),
			type: g.pick(['title', 'value']),
			text: 'x',
			feature: g.pick(['city', 'road', 'field', 'castle']),
			token: g.pick(['king', 'robber', 'Bad token']),
			label: 'the crown',
			// leaves, not VALUES (as above)
			when: g.pick<Json>([true, 1, { var: 'tiles' }, { var: 'ruling.KR-R2.both' }]),
			end: [
				g.pick<Json>([
					{ perFeature: 1 },
					{ points: g.pick<Json>([10, -1, { var: 'titles' }, { var: 'tiles' }]), label: 'x' },
					{ points: 1, perFeature: 1 },
					{}
				])
			],
			...(g.next() < 0.5
				? {
						during: { perFeature: g.pick<Json>([1, { var: 'completed' }, { var: 'titles' }, true]) }
					}
				: {})
		}),
		// a token step, well formed or not: unknown token kinds and icons, a place it cannot go, conditions of any type
		() => ({
			type: g.pick(['token', 'coin']),
			id: g.pick(['BARD-PLACE-2', 'FUZZ-9']),
			icon: g.pick(['lute', 'nope']),
			token: g.pick(['note', 'ghost', 'place']),
			at: g.pick(['placed', 'scored', 'figure', 'evening', 'afterScore']),
			onto: { [g.pick(['road', 'field', 'monastery', 'castle'])]: VALUES(g) },
			count: VALUES(g),
			occupied: { byAnyPiece: VALUES(g) },
			bars: { wholeGame: VALUES(g) },
			noTarget: { refuse: VALUES(g) },
			returns: VALUES(g)
		}),
		// a held-tile step, well formed or not: unknown tiles, engine names, conditions of any type
		() => ({
			type: g.pick(['held-tile', 'token']),
			id: g.pick(['MM-TURN-3', 'FUZZ-9']),
			tile: g.pick(['town-hall', 'nope', 'draw']),
			instead: 'draw',
			endsGame: g.pick(['when-all-placed', 'after-a-final-round', 'never']),
			where: g.pick(['beside', 'hole', 'corner']),
			offer: g.pick(['turn', 'own-step', 'pass']),
			...(g.next() < 0.5 ? { finalRound: condition(g) } : {}),
			// (fixed picks, not VALUES: four more subtrees per call would grow the documents without bound)
			count: g.pick<Json>([{ var: 'param.townHallsPerPlayer' }, 1, 50, -1, true]),
			whileRiver: condition(g),
			landTile: { complete: condition(g), final: condition(g), around: condition(g) }
		}),
		// a piece step, well formed or not: unknown or token figures, a place it cannot go, parts onto does not list, conditions of any type
		() => ({
			type: 'piece',
			id: g.pick(['ISO-INN-1', 'FUZZ-9']),
			figure: g.pick(['owner', 'vintner', 'ghost', 'note', 'place']),
			with: g.pick(['figure', 'instead', 'both']),
			at: g.pick(['figure', 'placed']),
			onto: { [g.pick(['road', 'stable', 'city', 'castle'])]: VALUES(g) },
			...(g.next() < 0.5
				? { parts: { [g.pick(['road', 'stable', 'field'])]: { name: 'x', role: 'y', rules: [] } } }
				: {}),
			// (fixed picks, not VALUES: one more subtree per call would grow the documents without bound)
			count: g.pick<Json>([{ var: 'param.ownersPerPlayer' }, 2, 50, -1, true]),
			onePerFeature: condition(g),
			occupies: condition(g),
			stays: condition(g),
			countsAsFigure: condition(g)
		}),
		// a marker step, well formed or not: unknown, token or data figures, conditions and points of any type
		() => ({
			type: g.pick(['marker', 'piece']),
			id: g.pick(['LANTERN-1', 'DRAGON-4.5.1', 'FUZZ-9']),
			figure: g.pick(['lantern', 'fairy', 'ghost', 'note', 'pass', 'vintner']),
			beside: g.pick(['own-follower', 'any-follower']),
			// leaves, not VALUES (as above)
			inPlay: g.pick<Json>([true, 2, { var: 'ruling.DRAGON-R4.fairy-only' }]),
			onTile: g.pick<Json>([false, { var: 'tiles' }, { var: 'ruling.DRAGON-R7.on-tile' }]),
			turnStart: { points: g.pick<Json>([1, -1, true, { var: 'param.lanternPoints' }]) },
			scoring: {
				points: g.pick<Json>([3, { '-': [0, 5] }, { var: 'param.fairyScoringPoints' }]),
				winnersOnly: { [g.pick(['field', 'castle'])]: g.pick<Json>([true, 1]) }
			},
			keepsDragonOut: g.pick<Json>([true, 'x']),
			guardsLeftTile: g.pick<Json>([false, { var: 'ruling.DRAGON-R2.dragon-first' }])
		}),
		// a random step, well formed or not: unknown figures, moves named like the engine's, outcomes without effects
		() => ({
			type: g.pick(['random', 'token']),
			id: g.pick(['BUDDO-DRAGON-2', 'FUZZ-9']),
			at: g.pick(['dragon-enters', 'placed']),
			figure: g.pick(['buddo', 'ghost']),
			move: g.pick(['coin', 'pass', 'note']),
			outcomes: g.pick([['heads', 'tails'], ['heads'], ['x', 'y']]),
			effects: { [g.pick(['heads', 'tails', 'x'])]: g.pick(['supply', 'removed', 'eaten']) },
			enteredBy: COND(g),
			labels: { [g.pick(['heads', 'z'])]: COND(g) }
		}),
		// a figure's moves: conditions of any type
		() => ({
			drawsDragon: { blocked: COND(g), sparesOthers: COND(g), rules: ['FUZZ-1'] },
			mustBeChosen: { always: COND(g) },
			deniesAwards: { rules: [g.pick(['DRAGON-4.5.2', 'FUZZ-1'])], when: COND(g) }
		}),
		// a bag step, well formed or not: unknown or token figures, moves taken, counts of any type
		() => ({
			type: 'bag',
			id: g.pick(['HS-SHEEP-2', 'FUZZ-9']),
			figure: g.pick(['shepherd', 'vintner', 'ghost', 'note']),
			move: g.pick(['flock', 'pass', 'note']),
			at: g.pick(['afterFigure', 'placed', 'evening']),
			tokens: [
				{ value: 1, count: g.pick<Json>([{ var: 'param.oneSheepTokens' }, 2, 500, -1, true]) },
				{ id: 'wolf', value: 0, count: g.pick<Json>([1, { var: 'tiles' }]), ends: true }
			],
			onePerFeature: g.next() < 0.5
		}),
		// a second-figure step, well formed or not: unknown or token figures, names taken, moves of any name
		() => ({
			type: g.pick(['second-figure', 'send-home']),
			id: g.pick(['PHANTOM-2', 'FUZZ-9']),
			at: g.pick(['figureDone', 'figure']),
			step: g.pick(['phantom', 'figure', 'pass', 'banish', 'scout']),
			figures: [g.pick(['phantom', 'follower', 'ghost', 'note', 'lantern'])],
			notAfter: [g.pick(['princess', 'deploy', 'pass', 'Bad'])]
		}),
		// a send-home step, well formed or not: unknown modifiers and icons, taken moves, unknown slots, conditions of any type
		() => ({
			type: g.pick(['send-home', 'act']),
			id: g.pick(['COURT-1', 'FEST-1', 'FUZZ-9']),
			at: g.pick(['figure', 'placed']),
			move: g.pick(['banish', 'festival', 'pass', 'note', 'scout']),
			...(g.next() < 0.5
				? { modifier: g.pick(['court', 'inn', 'nope']) }
				: { icon: g.pick(['festival', 'lute', 'nope']) }),
			whose: g.pick(['own', 'any', 'all']),
			followersOnly: condition(g),
			inPlay: condition(g),
			must: condition(g),
			text: g.pick(["{player} sends {owner}'s {figure} home from ({x},{y}).", '{nope}', '']),
			refusal: { code: g.pick(['no-one', 'Bad']), rules: ['COURT-1'] }
		}),
		// an act step, well formed or not: unknown figures, reaches and kinds, conditions of any type
		() => ({
			type: 'act',
			id: g.pick(['SCOUT-2', 'MM-MSG-3', 'FUZZ-9']),
			figure: g.pick(['scout', 'messenger', 'ghost', 'note', 'pass']),
			when: g.pick(['feature-scores', 'surrounded']),
			from: [g.pick(['road', 'city', 'castle'])],
			reach: g.pick(['road-end', 'around']),
			// a leaf, not VALUES: each entry calling VALUES again makes the generated trees deeper
			intoCompleted: g.pick<Json>([
				true,
				1,
				{ var: 'tiles' },
				{ var: 'ruling.MM-R5.unscored-still-open' }
			]),
			choices: {
				[g.pick(['back', 'road'])]: {
					label: 'x',
					event: g.pick(['rides', 'Bad']),
					...(g.next() < 0.5 ? { moveTo: g.pick(['road', 'city', 'field', 'castle']) } : {})
				}
			}
		}),
		// a surrounded act, well formed or not: effects together, of the other trigger, conditions of any type
		() => ({
			type: 'act',
			id: g.pick(['MM-CROW-3', 'FUZZ-9']),
			figure: g.pick(['scarecrow', 'mayor', 'ghost', 'pass']),
			when: g.pick(['surrounded', 'feature-scores']),
			...(g.next() < 0.3 ? { from: ['road'] } : {}),
			// leaves, not VALUES (as above)
			wildcardNeighbours: g.pick<Json>([true, 2, { var: 'ruling.MM-R7.counts-as-neighbour' }]),
			afterScoring: g.pick<Json>([false, { var: 'tiles' }, { var: 'ruling.MM-R2.after-scoring' }]),
			byStep: g.pick<Json>([true, 'x', { var: 'ruling.MM-R12.mayors-first' }]),
			usesPlacement: { when: g.pick<Json>([true, 3]), rules: ['MM-R8'] },
			wildcardBeside: { event: g.pick(['crisisMeeting', 'Bad']), rules: [] },
			choices: {
				[g.pick(['lie', 'favour'])]: {
					label: 'x',
					event: 'acted',
					...g.pick<Record<string, Json>>([
						{ strength: g.pick<Json>([1, -1, { var: 'param.lyingScarecrowStrength' }, true]) },
						{ win: { anyFollower: g.pick<Json>([true, 1]) } },
						{ putFollower: true, strength: 1 },
						{ strength: 2, home: true },
						{ moveTo: 'road', home: g.pick<Json>([true, 'no']) }
					])
				}
			}
		})
	])();

/** Replaces, deletes or doubles one value inside the document's dataRules or figures (1–3 times). */
function mutate(g: Gen, doc: Doc): Doc {
	const d = structuredClone(doc);
	for (let n = g.next() < 0.6 ? 1 : 2 + g.int(2); n > 0; n--) {
		const places: { parent: Json[] | Doc; key: string | number }[] = [];
		const walk = (v: Json) => {
			if (Array.isArray(v)) v.forEach((x, i) => (places.push({ parent: v, key: i }), walk(x)));
			else if (v && typeof v === 'object')
				for (const k of Object.keys(v)) {
					places.push({ parent: v, key: k });
					walk(v[k]);
				}
		};
		walk(d.dataRules ?? null);
		walk(d.figures);
		if (!places.length) break;
		const { parent, key } = g.pick(places);
		const op = g.int(6);
		const old = (parent as Record<string | number, Json>)[key];
		if (op >= 4) {
			// a value of the same type: what a designer tuning a rule changes (most of these still play)
			(parent as Record<string | number, Json>)[key] =
				typeof old === 'number'
					? g.pick([0, 1, 2, 3, 5, 10, -2])
					: typeof old === 'boolean'
						? !old
						: typeof old === 'string'
							? g.pick([
									old,
									'city',
									'road',
									'field',
									'monastery',
									'stable',
									'any',
									'sum',
									'max',
									'all',
									'stay',
									'award',
									'wins',
									'tiles'
								])
							: VALUES(g);
		} else if (op === 0) {
			if (Array.isArray(parent)) parent.splice(key as number, 1);
			else delete parent[key as string];
		} else if (op === 3 && Array.isArray(parent))
			parent.push(structuredClone(parent[key as number]));
		else (parent as Record<string | number, Json>)[key] = VALUES(g);
	}
	return d;
}

function play(doc: Expansion, seed: number, players: number): string | undefined {
	const { state, failure } = playRandomMoves([doc], seed, players, MOVES);
	if (!state) return failure;
	if (!state.scores.every((s) => Number.isInteger(s))) return `scores ${state.scores.join(', ')}`;
	return undefined;
}

describe('10,000 mutated rule documents', () => {
	test(
		'never crash the validator or the engine: a located error, or a game that plays',
		{ timeout: 480_000 },
		() => {
			const failures: string[] = [];
			let refused = 0;
			let played = 0;
			for (let i = 0; i < DOCUMENTS; i++) {
				const g = generator(i);
				const doc = mutate(g, g.pick(seeds));
				let problems;
				try {
					problems = validateExpansion(doc, { registry });
				} catch (e) {
					failures.push(`#${i}: the validator threw ${e instanceof Error ? e.message : String(e)}`);
					continue;
				}
				if (hasErrors(problems)) {
					refused++;
					// located: each error's pointer leads to a place in the document
					for (const p of problems)
						if (
							p.severity === 'error' &&
							p.pointer &&
							resolvePointer(doc, p.pointer) === undefined &&
							!/required|needs/.test(p.message)
						)
							failures.push(`#${i}: ${p.pointer} is not in the document (${p.message})`);
					continue;
				}
				played++;
				const failure = play(doc as unknown as Expansion, i, 2 + g.int(3));
				if (failure) failures.push(`#${i}: ${failure}`);
			}
			expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
			// both sides are reached
			expect(refused).toBeGreaterThan(2000);
			expect(played).toBeGreaterThan(1000);
		}
	);
});
