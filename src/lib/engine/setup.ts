// A new game: the draw piles, the players' pieces, the start tile, then the turn loop up to the
// first decision.
import { copiesOf } from '../formats/geometry.ts';
import { putTile } from './board.ts';
import { emit, engineOf } from './events.ts';
import { perGame } from './per-context.ts';
import { seedState } from './rng.ts';
import { setupInputProblems, setupProblems } from './limits.ts';
import { filled } from './arrays.ts';
import { contextFor } from './context.ts';
import { advance } from './turn.ts';
import { stateRecord } from './state-copy.ts';
import type { Context, Engine, GameEvent, GameSetup, GameState } from './types.ts';
import { BEFORE_TURN } from './phases.ts';

function tileKeyIndex(rules: Context, key: string): number {
	const i = rules.tileIndex.get(key);
	if (i === undefined) throw new Error(`unknown tile '${key}'`);
	return i;
}

function buildPiles(engine: Engine, setup: GameSetup): number {
	const { state, rules } = engine;
	const river = rules.moduleIds.has('river') && rules.tiles.some((t) => t.river);
	let start: number;
	const springs = rules.tiles.filter((t) => t.river && t.role === 'spring');
	if (setup.start) start = tileKeyIndex(rules, setup.start);
	else if (river && springs.length) start = springs[0].index;
	else start = rules.tiles.find((t) => t.role === 'start')?.index ?? -1;
	if (start < 0)
		throw new Error('no start tile: no tile has role "start" (or "spring" with The River)');
	if (setup.drawOrder) {
		state.piles = [
			{
				tiles: setup.drawOrder.map((k) => tileKeyIndex(rules, k)).reverse(),
				last: [],
				random: false
			}
		];
		return start;
	}
	const n = state.players.length;
	const forks: number[] = [];
	const riverTiles: number[] = [];
	const lakes: number[] = [];
	const land: number[] = [];
	for (const t of rules.tiles) {
		let copies = copiesOf(t.def, n);
		if (t.index === start) copies--;
		if (t.river) {
			if (!river) continue; // river tiles play only with The River (RIVER-3.1.3)
			if (t.role === 'spring') continue; // one spring starts; further springs stay in the box (River II)
			const to = t.role === 'lake' ? lakes : t.role === 'fork' ? forks : riverTiles;
			for (let i = 0; i < copies; i++) to.push(t.index);
			continue;
		}
		if (t.role === 'start' && river && rules.rulings['RIVER-R1'] === 'discard')
			copies = t.index === start ? 0 : copies - 1;
		for (let i = 0; i < copies; i++) land.push(t.index);
	}
	// keep one lake per source and per fork (River II)
	const keepLakes = lakes.slice(0, 1 + forks.length);
	state.piles = [];
	if (forks.length) state.piles.push({ tiles: forks, last: [], random: true });
	if (river) state.piles.push({ tiles: riverTiles, last: keepLakes, random: true });
	state.piles.push({ tiles: land, last: [], random: true });
	return start;
}

const problemsOf = perGame(setupProblems);

/** The pieces a game of these rules starts with (kind and owner, in supply). */
const piecesOf = perGame((rules, players) => piecesWith(rules, players));

/** The pieces a game starts with, `counts` per player overriding the expansions' (a figure type the rules lack is ignored). */
function piecesWith(
	rules: Context,
	players: number,
	counts: Record<string, number> = {}
): { kind: string; owner: number }[] {
	const out: { kind: string; owner: number }[] = [];
	// a document may say how many each player gets (expansion figures[].perPlayer)
	const declared = rules.source.expansions.flatMap((e) => e.figures ?? []);
	for (const [id, ft] of rules.figures) {
		const per = counts[id] ?? declared.find((f) => f.id === id)?.perPlayer ?? ft.perPlayer;
		for (let p = 0; p < players; p++)
			for (let i = 0; i < per; i++) out.push({ kind: id, owner: p });
		for (let i = 0; i < (ft.neutral ?? 0); i++) out.push({ kind: id, owner: -1 });
	}
	return out;
}

/** Creates a game and runs it to the first decision. Returns the state and the events so far. */
export function startGame(setup: GameSetup): { state: GameState; events: GameEvent[] } {
	const rules = contextFor(setup.expansions, setup.modules ?? [], setup.rulings);
	const unfit = [...setupInputProblems(setup), ...problemsOf(rules, setup.players.length)];
	if (unfit.length) throw new Error(`the game cannot start: ${unfit.join('; ')}`);
	const state = stateRecord({
		version: 1,
		ctx: rules.key,
		players: [...setup.players],
		seed: setup.seed,
		// the context's own (frozen) rulings: no copy per game, and a replay's context is found by identity
		rulings: rules.rulings,
		rng: seedState(setup.seed),
		turn: 0,
		active: 0,
		phase: BEFORE_TURN,
		pending: [],
		finished: false,
		scores: filled(setup.players.length, 0),
		tile: -1,
		placed: -1,
		acted: false,
		piles: [],
		outcomes: [...(setup.outcomes ?? [])],
		discarded: [],
		boardX: [],
		boardY: [],
		boardTile: [],
		boardRotation: [],
		boardFirstSegment: [],
		boardNeighbours: [],
		front: [],
		frontEdges: [],
		frontMask: [],
		parent: [],
		segmentTile: [],
		segmentFeature: [],
		openEdges: [],
		nextSegment: [],
		lastSegment: [],
		featureSize: [],
		featurePieces: [],
		pieces: [],
		moduleState: {},
		log: [],
		redo: [],
		origin: {
			...(setup.drawOrder ? { drawOrder: [...setup.drawOrder] } : {}),
			...(setup.start ? { start: setup.start } : {}),
			...(setup.outcomes ? { outcomes: [...setup.outcomes] } : {}),
			...(setup.draws ? { draws: [...setup.draws] } : {}),
			...(setup.modules?.length ? { modules: [...setup.modules] } : {}),
			...(setup.free ? { free: true } : {}),
			...(setup.figures ? { figures: { ...setup.figures } } : {})
		}
	});
	const engine = engineOf(state, rules, setup.quiet === true);
	for (const p of setup.figures
		? piecesWith(rules, state.players.length, setup.figures)
		: piecesOf(rules, state.players.length))
		state.pieces.push({ kind: p.kind, owner: p.owner, seg: -1, tile: -1 });
	const start = buildPiles(engine, setup);
	for (const h of rules.hooks.setup) h(engine);
	putTile(engine, start, 0, 0, 0);
	// piles: tiles in each draw pile, in drawing order (river tiles before land tiles)
	const piles = state.piles.map((p) => p.tiles.length + p.last.length);
	emit(
		engine,
		{ type: 'start', rules: ['BASE-1.1.1'], tile: rules.tiles[start].key, x: 0, y: 0, piles },
		() =>
			`The start tile ${rules.tiles[start].key} lies at (0,0); ${piles.join(' + ')} tiles to draw.`
	);
	for (const h of rules.hooks.placed) h(engine, 0);
	advance(engine);
	return { state, events: engine.events };
}

export function createGame(setup: GameSetup): GameState {
	return startGame(setup).state;
}
