// The public engine API: createGame(setup), legalMoves(state), apply(state, move), undo, redo.
// A turn runs through fixed phases; modules hook into them and may push decision steps
// (each answered by a move from legalMoves). The engine advances automatically between steps.
import { compileTiles } from './tiles.ts';
import {
	putTile,
	unpackX,
	unpackY,
	completedBorderRoots,
	completedInner,
	compileFit,
	boardIndex,
	copyIndex,
	restoreIndex,
	indexOf,
	fitAt,
	fitCount
} from './board.ts';
import { emit, engineOf, tookBack } from './events.ts';
import { perGame } from './per-context.ts';
import { find, featureOf } from './features.ts';
import { scoreFeature, playerName } from './scoring.ts';
import { drawable, takeChosen, takeTile, tilesLeft } from './bag.ts';
import { seedState, hashText } from './rng.ts';
import { collectRulings, resolveRulings } from './rulings.ts';
import { MODULES, modulesForExpansion } from './modules/index.ts';
import { withDataModules } from './data-rules.ts';
import { copiesOf } from '../formats/geometry.ts';
import { setupInputProblems, setupProblems } from './limits.ts';
import { copyNumbers, mapped, filled } from './arrays.ts';
import {
	K_RIVER,
	type ApplyResult,
	type BoardIndex,
	type Context,
	type Engine,
	type Expansion,
	type FigureType,
	type GameEvent,
	type GameSetup,
	type GameState,
	type Hooks,
	type Move,
	type PlaceMove,
	type Refusal,
	type MoveHandler,
	type RuleModule,
	type Step,
	type StepDef
} from './types.ts';

const MODULE_IDS = new Set(MODULES.map((m) => m.id));

export const PHASES = [
	'turnStart',
	'draw',
	'placed',
	'figure',
	'afterFigure',
	'score',
	'afterScore',
	'turnEnd'
] as const;

// ------------------------------------------------------------------ contexts
const contexts = new Map<string, Context>();
/** The same cache by the inputs of contextFor (expansion hashes, extra modules, rulings). */
const contextsByInput = new Map<string, Context>();
const docHashes = new WeakMap<Expansion, string>();

/** Content hash of an expansion document (recorded in game records). */
export function expansionHash(doc: Expansion): string {
	let h = docHashes.get(doc);
	if (!h) {
		h = hashText(JSON.stringify(doc));
		docHashes.set(doc, h);
	}
	return h;
}

/** The rule modules a setup enables, in registry order (base first). */
export function modulesFor(
	expansions: readonly Expansion[],
	extra: readonly string[] = []
): RuleModule[] {
	const ids = new Set<string>(['base', ...extra]);
	for (const e of expansions) for (const m of modulesForExpansion(e)) ids.add(m);
	for (const id of ids)
		if (!MODULES.some((m) => m.id === id)) throw new Error(`unknown rule module '${id}'`);
	return MODULES.filter((m) => ids.has(m.id));
}

/** Compiles (or fetches from the cache) the rules context of a setup. */
export function contextFor(
	expansions: Expansion[],
	extraModules: string[],
	rulings?: Record<string, string>
): Context {
	// the same documents (by identity, as expansionHash caches them), modules and rulings as one of the
	// last two calls: the same context. A replay's setup names the context's own rulings (its game's state
	// shares them), which resolve to themselves; the game's setup names only some, compared as JSON.
	let rulingsText: string | undefined;
	for (const l of lastInputs) {
		if (!sameItems(l.expansions, expansions) || !sameItems(l.modules, extraModules)) continue;
		if (rulings === l.ctx.rulings || l.rulings === (rulingsText ??= rulingsKey(rulings)))
			return l.ctx;
	}
	rulingsText ??= rulingsKey(rulings);
	// the same inputs give the same context: skip resolving modules and rulings (once per game)
	const input = JSON.stringify([expansions.map(expansionHash), extraModules, rulings ?? null]);
	const known = contextsByInput.get(input);
	if (known) return remember(expansions, extraModules, rulingsText, known);
	// a set that is not closed over its dependencies would play other rules than the designer wrote
	const ids = new Set([...expansions.map((e) => e.id), ...extraModules]);
	for (const e of expansions)
		(e.dependencies ?? []).forEach((dep, k) => {
			if (!ids.has(dep))
				throw new Error(
					`expansion '${e.id}' depends on '${dep}' (/dependencies/${k}), which the game's expansions lack: resolve them with resolveGame (registry.ts)`
				);
		});
	// rules written as data in the documents, compiled into modules of their own (data-rules.ts)
	const modules = withDataModules(modulesFor(expansions, extraModules), expansions, MODULE_IDS);
	const defs = collectRulings(modules);
	const resolved = resolveRulings(defs, ...expansions.map((e) => e.rulings), rulings);
	const params: Record<string, number> = {};
	for (const m of modules) Object.assign(params, m.parameters ?? {});
	for (const e of expansions)
		for (const [k, v] of Object.entries(e.parameters ?? {})) if (k in params) params[k] = v;
	const exps = expansions.map((e) => ({ id: e.id, version: e.version, hash: expansionHash(e) }));
	const key = hashText(JSON.stringify([exps, modules.map((m) => m.id), resolved, params]));
	const cached = contexts.get(key);
	if (cached) {
		contextsByInput.set(input, cached);
		return remember(expansions, extraModules, rulingsText, cached);
	}
	const tiles = compileTiles(expansions);
	const hookNames: (keyof Hooks)[] = [
		'setup',
		'drawn',
		'placement',
		'placed',
		'figureOptions',
		'deployCheck',
		'afterFigure',
		'turnStart',
		'value',
		'winners',
		'awards',
		'scored',
		'pieceLeft',
		'scoringMarks',
		'afterScore',
		'finalScoring',
		'dragonTargets',
		'dragonEnters',
		'opponentChoice',
		'noTile',
		'playsWithoutTile',
		'dragonEnter'
	];
	const hooks = {} as Context['hooks'];
	for (const n of hookNames)
		(hooks as Record<string, unknown[]>)[n] = modules.flatMap((m) =>
			m.hooks?.[n] ? [m.hooks[n]] : []
		);
	const ctx: Context = {
		key,
		tiles,
		tileIndex: new Map(tiles.map((t) => [t.key, t.index])),
		modules,
		moduleIds: new Set(modules.map((m) => m.id)),
		figures: new Map(
			modules.flatMap((m) => (m.figures ?? []).map((f) => [f.id, figureRecord(f)] as const))
		),
		// frozen: every game's state shares it (startGame)
		rulings: Object.freeze(fastObject(resolved)),
		params: fastObject(params),
		expansions: exps,
		fit: compileFit(tiles, modules),
		hooks,
		steps: new Map<string, StepDef>([
			...modules.flatMap((m) =>
				Object.entries(m.steps ?? {}).map(([k, d]): [string, StepDef] => [
					k,
					{ ...d, accepts: [...d.accepts, ...modules.flatMap((o) => o.stepMoves?.[k] ?? [])] }
				])
			),
			['pick', PICK_STEP]
		]),
		moves: new Map([
			...modules.flatMap((m) => Object.entries(m.moves ?? {})),
			['pick', pickMove as MoveHandler]
		]),
		ruleTexts: new Map(modules.flatMap((m) => Object.entries(m.rules))),
		source: { expansions, modules: [...extraModules] }
	};
	contexts.set(key, ctx);
	contextsByInput.set(input, ctx);
	return remember(expansions, extraModules, rulingsText, ctx);
}

/**
 * A figure type with every member of FigureType, in one order: the modules write theirs as literals
 * with only the members they need, and the engine's reads of a figure type (at every deployment
 * listed and every figure scored) were lookups by name across a dozen shapes.
 */
function figureRecord(f: FigureType): FigureType {
	return {
		id: f.id,
		name: f.name,
		perPlayer: f.perPlayer,
		neutral: f.neutral,
		follower: f.follower,
		features: f.features,
		strength: f.strength,
		rules: f.rules,
		strengthRules: f.strengthRules,
		canDeploy: f.canDeploy,
		deployable: f.deployable,
		staysAfterScoring: f.staysAfterScoring,
		token: f.token,
		joinsOccupied: f.joinsOccupied,
		occupiedRules: f.occupiedRules
	};
}

/**
 * A copy of a flat record whose properties V8 keeps in fast mode. A record built key by key (more than
 * a dozen rulings) is a dictionary: every read hashes the key, and every game's copy of the rulings
 * (startGame, sameState's walk) rebuilds the dictionary. JSON.parse builds fast objects.
 */
const fastObject = <T extends object>(o: T): T => JSON.parse(JSON.stringify(o));

/** The rulings of a setup as contextFor compares them. */
const rulingsKey = (rulings?: Record<string, string>): string =>
	rulings ? JSON.stringify(rulings) : '';

/** contextFor's last two inputs, the latest first (copies of the lists: a caller may change its arrays later), and their answers. */
const lastInputs: { expansions: Expansion[]; modules: string[]; rulings: string; ctx: Context }[] =
	[];
const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
	a.length === b.length && a.every((x, i) => x === b[i]);
function remember(
	expansions: Expansion[],
	modules: string[],
	rulings: string,
	ctx: Context
): Context {
	lastInputs.unshift({ expansions: [...expansions], modules: [...modules], rulings, ctx });
	if (lastInputs.length > 2) lastInputs.pop();
	return ctx;
}

export function contextOf(state: GameState): Context {
	// the last context asked for, kept at hand: a game asks for its own at every move
	if (state.ctx === lastKey) return lastContext!;
	const c = contexts.get(state.ctx);
	if (!c)
		throw new Error('unknown rules context: restore the game with restoreGame(state, expansions)');
	lastKey = state.ctx;
	lastContext = c;
	return c;
}
let lastKey = '';
let lastContext: Context | null = null;

/** Re-attaches a deserialized state to its rules (compiling them if this process has not yet). */
export function restoreGame(state: GameState, expansions: Expansion[]): GameState {
	if (!contexts.has(state.ctx)) {
		const c = contextFor(expansions, state.origin.modules ?? [], state.rulings);
		if (c.key !== state.ctx)
			throw new Error('the expansions or rulings differ from those the game was played with');
	}
	indexOf(state, contextOf(state));
	return state;
}

// ------------------------------------------------------------------ creation
function tileKeyIndex(c: Context, key: string): number {
	const i = c.tileIndex.get(key);
	if (i === undefined) throw new Error(`unknown tile '${key}'`);
	return i;
}

function buildPiles(g: Engine, setup: GameSetup): number {
	const { s, c } = g;
	const river = c.moduleIds.has('river') && c.tiles.some((t) => t.river);
	let start = -1;
	const springs = c.tiles.filter((t) => t.river && t.role === 'spring');
	if (setup.start) start = tileKeyIndex(c, setup.start);
	else if (river && springs.length) start = springs[0].index;
	else start = c.tiles.find((t) => t.role === 'start')?.index ?? -1;
	if (start < 0)
		throw new Error('no start tile: no tile has role "start" (or "spring" with The River)');
	if (setup.drawOrder) {
		s.piles = [
			{ tiles: setup.drawOrder.map((k) => tileKeyIndex(c, k)).reverse(), last: [], random: false }
		];
		return start;
	}
	const n = s.players.length;
	const forks: number[] = [];
	const riverTiles: number[] = [];
	const lakes: number[] = [];
	const land: number[] = [];
	for (const t of c.tiles) {
		let copies = copiesOf(t.def, n);
		if (t.index === start) copies--;
		if (t.river) {
			if (!river) continue; // river tiles play only with The River (MM-SETUP-3)
			if (t.role === 'spring') continue; // one spring starts; further springs stay in the box (River II)
			const to = t.role === 'lake' ? lakes : t.role === 'fork' ? forks : riverTiles;
			for (let i = 0; i < copies; i++) to.push(t.index);
			continue;
		}
		if (t.role === 'start' && river && c.rulings['RIVER-R1'] === 'discard')
			copies = t.index === start ? 0 : copies - 1;
		for (let i = 0; i < copies; i++) land.push(t.index);
	}
	// keep one lake per source and per fork (River II)
	const keepLakes = lakes.slice(0, 1 + forks.length);
	s.piles = [];
	if (forks.length) s.piles.push({ tiles: forks, last: [], random: true });
	if (river) s.piles.push({ tiles: riverTiles, last: keepLakes, random: true });
	s.piles.push({ tiles: land, last: [], random: true });
	return start;
}

const problemsOf = perGame(setupProblems);

/** The pieces a game of these rules starts with (kind and owner, in supply). */
const piecesOf = perGame((c, players) => piecesWith(c, players));

/** The pieces a game starts with, `counts` per player overriding the expansions' (a figure type the rules lack is ignored). */
function piecesWith(
	c: Context,
	players: number,
	counts: Record<string, number> = {}
): { kind: string; owner: number }[] {
	const out: { kind: string; owner: number }[] = [];
	// a document may say how many each player gets (expansion figures[].perPlayer)
	const declared = c.source.expansions.flatMap((e) => e.figures ?? []);
	for (const [id, ft] of c.figures) {
		const per = counts[id] ?? declared.find((f) => f.id === id)?.perPlayer ?? ft.perPlayer;
		for (let p = 0; p < players; p++)
			for (let i = 0; i < per; i++) out.push({ kind: id, owner: p });
		for (let i = 0; i < (ft.neutral ?? 0); i++) out.push({ kind: id, owner: -1 });
	}
	return out;
}

/** Creates a game and runs it to the first decision. Returns the state and the events so far. */
export function startGame(setup: GameSetup): { state: GameState; events: GameEvent[] } {
	const c = contextFor(setup.expansions, setup.modules ?? [], setup.rulings);
	const unfit = [...setupInputProblems(setup), ...problemsOf(c, setup.players.length)];
	if (unfit.length) throw new Error(`the game cannot start: ${unfit.join('; ')}`);
	const s = stateRecord({
		version: 1,
		ctx: c.key,
		players: [...setup.players],
		seed: setup.seed,
		// the context's own (frozen) rulings: no copy per game, and a replay's context is found by identity
		rulings: c.rulings,
		rng: seedState(setup.seed),
		turn: 0,
		active: 0,
		phase: -1,
		pending: [],
		finished: false,
		scores: filled(setup.players.length, 0),
		tile: -1,
		placed: -1,
		acted: false,
		piles: [],
		outcomes: [...(setup.outcomes ?? [])],
		discarded: [],
		bx: [],
		by: [],
		bt: [],
		br: [],
		bseg: [],
		bnb: [],
		front: [],
		freq: [],
		fmask: [],
		parent: [],
		st: [],
		sl: [],
		open: [],
		snext: [],
		slast: [],
		ssize: [],
		figs: [],
		pieces: [],
		mod: {},
		log: [],
		redo: [],
		origin: {
			...(setup.drawOrder ? { drawOrder: [...setup.drawOrder] } : {}),
			...(setup.start ? { start: setup.start } : {}),
			...(setup.outcomes ? { outcomes: [...setup.outcomes] } : {}),
			...(setup.modules?.length ? { modules: [...setup.modules] } : {}),
			...(setup.free ? { free: true } : {}),
			...(setup.figures ? { figures: { ...setup.figures } } : {})
		}
	});
	const g = engineOf(s, c, setup.quiet === true);
	for (const p of setup.figures
		? piecesWith(c, s.players.length, setup.figures)
		: piecesOf(c, s.players.length))
		s.pieces.push({ kind: p.kind, owner: p.owner, seg: -1, tile: -1 });
	const start = buildPiles(g, setup);
	for (const h of c.hooks.setup) h(g);
	putTile(g, start, 0, 0, 0);
	// piles: tiles in each draw pile, in drawing order (river tiles before land tiles)
	const piles = s.piles.map((p) => p.tiles.length + p.last.length);
	emit(
		g,
		{ type: 'start', rules: ['BASE-1.1.1'], tile: c.tiles[start].key, x: 0, y: 0, piles },
		() => `The start tile ${c.tiles[start].key} lies at (0,0); ${piles.join(' + ')} tiles to draw.`
	);
	for (const h of c.hooks.placed) h(g, 0);
	advance(g);
	return { state: s, events: g.events };
}

export function createGame(setup: GameSetup): GameState {
	return startGame(setup).state;
}

// ------------------------------------------------------------------ flow
const noFilters: never[] = [];

/**
 * Legal placements of a tile on the current board, packed as front position × 4 + rotation: every
 * open cell (in s.front order) × rotation that fits, and that the modules' placement hooks allow
 * when they look at this tile.
 */
function allowedPlacements(g: Engine, tile: number, first = false): number[] {
	const s = g.s;
	const fit = g.c.fit;
	const filters = fit.filtered[tile] ? g.c.hooks.placement : noFilters;
	const K = fit.K;
	const k = fit.cls[tile];
	const rot = fit.rot;
	const fkey = boardIndex(g).fkey;
	const out: number[] = [];
	for (let i = 0; i < fkey.length; i++) {
		const m = rot[fkey[i] * K + k];
		if (m === 0) continue;
		const x = unpackX(s.front[i]);
		const y = unpackY(s.front[i]);
		for (let r = 0; r < 4; r++) {
			if (((m >> r) & 1) === 0) continue;
			let ok = true;
			for (let f = 0; f < filters.length && ok; f++)
				if (filters[f](g, tile, x, y, r, false)) ok = false;
			if (ok) {
				out.push(i * 4 + r);
				if (first) return out;
			}
		}
	}
	return out;
}

/** The placement move of a packed placement (front position × 4 + rotation). */
function placeMove(g: Engine, tile: number, p: number): PlaceMove {
	const cell = g.s.front[p >> 2];
	return {
		type: 'place',
		tile: g.c.tiles[tile].key,
		x: unpackX(cell),
		y: unpackY(cell),
		rotation: p & 3
	};
}

/** Legal placements of a tile on the current board as moves (the order of allowedPlacements). */
export function placementsOf(g: Engine, tile: number): PlaceMove[] {
	return mapped(allowedPlacements(g, tile), (p) => placeMove(g, tile, p));
}

/** The board index, its drawn-tile caches emptied when they belong to another draw. */
function drawnIndex(g: Engine): BoardIndex {
	const s = g.s;
	const ix = boardIndex(g);
	if (ix.movesAt !== s.log.length || ix.movesTile !== s.tile) {
		ix.moves = null;
		ix.allowed = null;
		ix.count = -1;
		ix.movesAt = s.log.length;
		ix.movesTile = s.tile;
	}
	return ix;
}

/** The drawn tile's placements that hooks filter, packed, found once per draw. */
function drawnAllowed(g: Engine): number[] {
	const ix = drawnIndex(g);
	return (ix.allowed ??= allowedPlacements(g, g.s.tile));
}

/** The drawn tile's placements as move objects, built once per draw when asked. */
function drawnPlacements(g: Engine): PlaceMove[] {
	const ix = drawnIndex(g);
	if (ix.moves === null) {
		const t = g.s.tile;
		ix.moves = mapped((ix.allowed ??= allowedPlacements(g, t)), (p) => placeMove(g, t, p));
	}
	return ix.moves;
}

/** Number of legal placements of tile t (the drawn one by default): from the board index, unless a hook filters this tile. */
function placementCount(g: Engine, t = g.s.tile): number {
	const fit = g.c.fit;
	if (t !== g.s.tile)
		return fit.filtered[t] ? allowedPlacements(g, t).length : fitCount(g, fit.cls[t]);
	const ix = drawnIndex(g);
	if (ix.count < 0) ix.count = fit.filtered[t] ? drawnAllowed(g).length : fitCount(g, fit.cls[t]);
	return ix.count;
}

/**
 * Whether the drawn tile fits somewhere. A silent engine (a replay, a playout) that has not counted
 * a filtered tile's placements yet stops at the first one: a replay never needs the count.
 */
function placeable(g: Engine): boolean {
	const t = g.s.tile;
	if (!g.silent || !g.c.fit.filtered[t]) return placementCount(g) > 0;
	const ix = drawnIndex(g);
	if (ix.count >= 0) return ix.count > 0;
	return ix.allowed !== null ? ix.allowed.length > 0 : allowedPlacements(g, t, true).length > 0;
}

/** The n-th legal placement of the drawn tile (the order of placementsOf), built without listing the others. */
function placementAt(g: Engine, n: number): PlaceMove {
	const s = g.s;
	const fit = g.c.fit;
	const ix = drawnIndex(g);
	if (ix.moves !== null) return ix.moves[n];
	return placeMove(
		g,
		s.tile,
		fit.filtered[s.tile] ? drawnAllowed(g)[n] : fitAt(g, fit.cls[s.tile], n)
	);
}

/**
 * Hands tile t, just taken from the pile, to the active player: a module may set it aside, a tile
 * that fits nowhere is discarded (BASE-1.3.6), otherwise it is drawn (its placements are counted
 * from the board index and built only when asked).
 */
function offerTile(g: Engine, t: number): 'aside' | 'discarded' | 'drawn' {
	const { s, c } = g;
	let aside = false;
	for (const h of c.hooks.drawn) if (h(g, t) === 'aside') aside = true;
	if (aside) return 'aside';
	s.tile = t;
	if (!placeable(g)) {
		s.tile = -1;
		s.discarded.push(t);
		emit(
			g,
			{ type: 'discard', rules: ['BASE-1.3.6'], player: s.active, tile: c.tiles[t].key },
			() =>
				`${playerName(g, s.active)} drew ${c.tiles[t].key}, which fits nowhere: it goes back to the box and another tile is drawn.`
		);
		return 'discarded';
	}
	if (g.silent) return 'drawn';
	const ev: GameEvent = {
		type: 'draw',
		rules: ['BASE-1.2.1'],
		player: s.active,
		tile: c.tiles[t].key,
		river: c.tiles[t].river,
		left: tilesLeft(s)
	};
	if (s.origin.free) ev.picked = true;
	emit(g, ev, () => {
		const options = placementCount(g);
		return `${playerName(g, s.active)} ${s.origin.free ? 'picks' : 'draws'} ${c.tiles[t].key} (${options} legal placement${options === 1 ? '' : 's'}, ${tilesLeft(s)} tile${tilesLeft(s) === 1 ? '' : 's'} left).`;
	});
	return 'drawn';
}

function drawTile(g: Engine): boolean {
	for (;;) {
		const t = takeTile(g.s);
		if (t < 0) return false;
		if (offerTile(g, t) === 'drawn') return true;
	}
}

// ------------------------------------------------------------------ free mode (the sandbox)
/** Free mode: one `pick` move per kind of tile the next draw may give that fits somewhere. */
function pickMoves(g: Engine, _step: Step, out: Move[]): void {
	for (const t of new Set(drawable(g.s)))
		if (placementCount(g, t) > 0) out.push({ type: 'pick', tile: g.c.tiles[t].key });
	out.sort((a, b) => String((a as PlaceMove).tile).localeCompare(String((b as PlaceMove).tile)));
}

/** Free mode: the active player takes the tile of their choice from the current pile instead of drawing. */
function pickMove(g: Engine, move: { tile?: unknown }, step: Step): Refusal | null {
	const { s, c } = g;
	const t = typeof move.tile === 'string' ? c.tileIndex.get(move.tile) : undefined;
	if (t === undefined)
		return {
			code: 'wrong-tile',
			message: `there is no tile '${String(move.tile)}' in this game`,
			rules: ['BASE-1.2.1']
		};
	const key = c.tiles[t].key;
	if (!drawable(s).includes(t)) {
		return s.piles.some((p) => p.tiles.includes(t) || p.last.includes(t))
			? {
					code: 'not-yet',
					message: `${key} comes later: the tiles of the current pile are drawn first (the river before the land, the lake last)`,
					rules: ['RIVER-3.1.1'],
					details: { tile: key }
				}
			: {
					code: 'none-left',
					message: `no copy of ${key} is left to draw`,
					rules: ['BASE-1.2.1'],
					details: { tile: key }
				};
	}
	if (placementCount(g, t) === 0)
		return {
			code: 'fits-nowhere',
			message: `${key} fits nowhere on the board now: drawn, it would go back to the box (BASE-1.3.6)`,
			rules: ['BASE-1.3.6'],
			details: { tile: key }
		};
	takeChosen(s, t);
	// set aside (a dragon before any volcano): pick again
	s.pending.push({ kind: offerTile(g, t) === 'drawn' ? 'place' : 'pick', player: step.player });
	return null;
}

const PICK_STEP: StepDef = {
	accepts: ['pick'],
	describe: 'pick the next tile (free mode)',
	moves: pickMoves
};

function scoreTurn(g: Engine): void {
	const s = g.s;
	const b = s.placed;
	if (b < 0) return;
	const roots = completedBorderRoots(g, b);
	for (const r of roots) {
		if (featureOf(g, r).k === K_RIVER) continue; // the river is never scored (RIVER-3.1.3)
		scoreFeature(g, r, 'complete');
	}
	for (const seg of completedInner(g, b)) scoreFeature(g, find(s, seg), 'complete');
}

/** The final scoring: every unfinished feature with figures, then the modules' (farmers, majorities); the game is over. */
export function finalScoring(g: Engine): void {
	const s = g.s;
	emit(
		g,
		{ type: 'finalScoring', rules: ['BASE-1.7'] },
		() => 'No tiles left: final scoring of every unfinished feature with figures.'
	);
	const done = new Set<number>();
	for (let i = 0; i < s.pieces.length; i++) {
		const p = s.pieces[i];
		if (p.seg < 0 || g.c.figures.get(p.kind)?.token) continue; // tokens trigger no scoring
		const root = find(s, p.seg);
		const f = featureOf(g, root);
		if (f.kind === 'field' || done.has(root)) continue;
		// pieces left on an already scored feature (a ruling kept them there) score nothing more
		if (f.inner ? s.bnb[s.st[root]] === 8 : s.open[root] === 0) continue;
		done.add(root);
		scoreFeature(g, root, 'final');
	}
	for (const h of g.c.hooks.finalScoring) h(g);
	s.finished = true;
	s.pending = [];
	const best = Math.max(...s.scores);
	const winners = s.players.flatMap((_, p) => (s.scores[p] === best ? [p] : []));
	emit(
		g,
		{ type: 'gameEnd', rules: ['BASE-1.7.3'], scores: [...s.scores], winners },
		() =>
			`Game over. ${s.players.map((n, p) => `${n} ${s.scores[p]}`).join(', ')}. ${winners.map((p) => playerName(g, p)).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}.`
	);
}

/** Runs the turn phases until a decision is pending or the game is over. */
export function advance(g: Engine): void {
	const s = g.s;
	const h = g.c.hooks;
	while (!s.finished && s.pending.length === 0) {
		const phase = s.phase + 1;
		s.phase = phase;
		switch (phase) {
			case 0:
				for (const f of h.turnStart) f(g);
				break;
			case 1:
				if (s.origin.free && tilesLeft(s) > 0) s.pending.push({ kind: 'pick', player: s.active });
				else if (drawTile(g)) s.pending.push({ kind: 'place', player: s.active });
				else if (h.noTile.some((f) => f(g)))
					break; // a town hall still to place keeps the game going (MM-HALL-8)
				else if (g.unscored) {
					// a trial (apply's `final: false`): the game ends here and the caller scores it (trial.ts)
					s.finished = true;
					s.pending = [];
				} else finalScoring(g);
				break;
			case 2:
				for (const f of h.placed) f(g, s.placed);
				break;
			case 3:
				s.pending.push({ kind: 'figure', player: s.active });
				break;
			case 4:
				for (const f of h.afterFigure) f(g);
				break;
			case 5:
				scoreTurn(g);
				break;
			case 6:
				for (const f of h.afterScore) f(g);
				break;
			default:
				s.active = (s.active + 1) % s.players.length;
				s.turn++;
				s.placed = -1;
				s.tile = -1;
				s.acted = false;
				s.phase = -1;
		}
	}
}

// ------------------------------------------------------------------ moves
/** Every option at the current step (empty when the game is over). Do not mutate the result. */
export function legalMoves(state: GameState): Move[] {
	if (state.finished || state.pending.length === 0) return [];
	if (state.pending[0].kind === 'place')
		return drawnPlacements(engineOf(state, contextOf(state), true));
	return legalMovesInto(state, []);
}

/**
 * legalMoves appended to the caller's array: a player that keeps no list of its own (randomLegalMove)
 * lists every step into one array. The move objects may be shared with other listings: never change one.
 */
export function legalMovesInto(state: GameState, out: Move[]): Move[] {
	if (state.finished || state.pending.length === 0) return out;
	const c = contextOf(state);
	const step = state.pending[0];
	const g = engineOf(state, c, true);
	if (step.kind === 'place') {
		const moves = drawnPlacements(g);
		for (let i = 0; i < moves.length; i++) out.push(moves[i]);
		return out;
	}
	c.steps.get(step.kind)?.moves(g, step, out);
	return out;
}

/**
 * How many moves legalMoves would list, without building them at the placement step (a bot or a
 * playout picks one with legalMoveAt).
 */
export function legalMoveCount(state: GameState): number {
	if (state.finished || state.pending.length === 0) return 0;
	if (state.pending[0].kind === 'place')
		return placementCount(engineOf(state, contextOf(state), true));
	return legalMoves(state).length;
}

/**
 * At the placement step, the placement ⌊w × the number of placements⌋ (w in [0, 1)) built alone: a
 * random player's pick in one engine (legalMoveAt(state, ⌊w × legalMoveCount(state)⌋)).
 */
export function placementPick(state: GameState, w: number): PlaceMove | undefined {
	const g = engineOf(state, contextOf(state), true);
	const n = placementCount(g);
	return n > 0 ? placementAt(g, Math.floor(w * n)) : undefined;
}

/** legalMoves(state)[n], built alone at the placement step. */
export function legalMoveAt(state: GameState, n: number): Move | undefined {
	if (state.finished || state.pending.length === 0 || n < 0) return undefined;
	if (state.pending[0].kind === 'place') {
		const g = engineOf(state, contextOf(state), true);
		return n < placementCount(g) ? placementAt(g, n) : undefined;
	}
	return legalMoves(state)[n];
}

function refuse(
	code: string,
	message: string,
	rules: string[],
	details?: Record<string, unknown>
): ApplyResult {
	return { ok: false, refusal: { code, message, rules, ...(details ? { details } : {}) } };
}

export interface ApplyOptions {
	/** Change the given state in place instead of returning a copy (simulation; the caller keeps no old state). */
	mutate?: boolean;
	/** Skip explanation text (events keep their data). */
	quiet?: boolean;
	/** false: build no events at all (bots, playouts); the result's events are empty. */
	events?: boolean;
	/** Internal: keep the redo stack (redo). */
	keepRedo?: boolean;
	/** false: a game that ends ends without its final scoring (a bot's trial: trial.ts scores it). */
	final?: boolean;
}

// Options for callers that apply move after move, every member in ApplyOptions' order: apply reads
// its options at every move, and options of many shapes make each read a lookup by name.
/** In place, quiet events (a simulated game). */
export const IN_PLACE: Readonly<ApplyOptions> = {
	mutate: true,
	quiet: true,
	events: true,
	keepRedo: false,
	final: true
};
/** In place, no events (a replay, a playout). */
export const IN_PLACE_SILENT: Readonly<ApplyOptions> = {
	mutate: true,
	quiet: true,
	events: false,
	keepRedo: false,
	final: true
};
/** In place, no events, no final scoring (a bot's trial, taken back after: trial.ts). */
export const TRIAL: Readonly<ApplyOptions> = {
	mutate: true,
	quiet: true,
	events: false,
	keepRedo: false,
	final: false
};

/** Applies a move: the next state and the events up to the next decision, or a refusal naming why. */
export function apply(state: GameState, move: Move, opts: ApplyOptions = {}): ApplyResult {
	const c = contextOf(state);
	// read once: moves come in many shapes, and every read of a member is a lookup by name
	const type = move && typeof move === 'object' ? move.type : undefined;
	if (typeof type !== 'string') return refuse('bad-move', 'a move is an object with a type', []);
	if (state.finished) return refuse('game-over', 'the game is over', ['BASE-1.7.3']);
	const step = state.pending[0];
	const def = c.steps.get(step.kind);
	const handler = c.moves.get(type);
	if (!def || !handler || !def.accepts.includes(type)) {
		return refuse(
			'wrong-step',
			`'${type}' is not possible now: ${playerName(engineOf(state, c, true), step.player)} must ${def?.describe ?? step.kind} (moves: ${def?.accepts.join(', ')})`,
			['BASE-1.2.1'],
			{ step: step.kind, player: step.player, accepts: def?.accepts ?? [] }
		);
	}
	const s = opts.mutate ? state : cloneState(state);
	const silent = opts.events === false;
	const g = engineOf(s, c, silent || opts.quiet === true, silent, opts.final === false);
	// the step leaves the queue (usually its only entry: a pop is cheaper than the shift builtin)
	if (s.pending.length === 1) s.pending.pop();
	else s.pending.shift();
	const r = handler(g, move, step);
	if (r) {
		s.pending.unshift(step);
		return { ok: false, refusal: r };
	}
	s.log.push(move);
	if (!opts.keepRedo && s.redo.length) s.redo = [];
	advance(g);
	return { ok: true, state: s, events: g.events };
}

// ------------------------------------------------------------------ undo / redo / replay
/** The setup that recreates this game from scratch (expansion documents from its context). */
export function setupOf(state: GameState): GameSetup {
	const c = contextOf(state);
	return {
		expansions: c.source.expansions,
		modules: state.origin.modules,
		players: state.players,
		seed: state.seed,
		rulings: state.rulings,
		drawOrder: state.origin.drawOrder,
		start: state.origin.start,
		outcomes: state.origin.outcomes,
		free: state.origin.free,
		figures: state.origin.figures
	};
}

/** Plays moves from a setup; stops at the first refusal and says at which index. */
export function replay(
	setup: GameSetup,
	moves: readonly Move[],
	opts: {
		quiet?: boolean;
		/** false: build no events after the start (the states are the same). */
		events?: boolean;
		onStep?: (index: number, move: Move, events: GameEvent[], state: GameState) => void;
	} = {}
): { state: GameState; events: GameEvent[]; error?: { index: number; refusal: Refusal } } {
	const started = startGame({ ...setup, quiet: opts.quiet ?? setup.quiet });
	let state = started.state;
	const events = [...started.events];
	opts.onStep?.(-1, { type: 'start' }, started.events, state);
	const applyOpts: ApplyOptions = {
		mutate: true,
		quiet: opts.quiet,
		events: opts.events,
		keepRedo: false,
		final: true
	}; // IN_PLACE's shape
	for (let i = 0; i < moves.length; i++) {
		const r = apply(state, moves[i], applyOpts);
		if (!r.ok) return { state, events, error: { index: i, refusal: r.refusal } };
		state = r.state;
		for (const e of r.events) events.push(e);
		opts.onStep?.(i, moves[i], r.events, state);
	}
	return { state, events };
}

/** Takes back the last move (rebuilt from the log); null when there is nothing to undo. */
export function undo(state: GameState): GameState | null {
	if (state.log.length === 0) return null;
	const last = state.log[state.log.length - 1];
	const r = replay(setupOf(state), state.log.slice(0, -1), { quiet: true, events: false });
	if (r.error)
		throw new Error(
			`undo: the log no longer replays (move ${r.error.index}: ${r.error.refusal.message})`
		);
	r.state.redo = [...state.redo, last];
	return r.state;
}

/** Re-applies the last undone move (with apply's options: events, in place); null when there is nothing to redo. */
export function redo(
	state: GameState,
	opts: Omit<ApplyOptions, 'keepRedo'> = {}
): ApplyResult | null {
	if (state.redo.length === 0) return null;
	const move = state.redo[state.redo.length - 1];
	const r = apply(state, move, { ...opts, keepRedo: true });
	if (r.ok) r.state.redo = state.redo.slice(0, -1);
	return r;
}

/** A deep copy of the state (arrays of numbers are sliced; module state is plain data), with its own board index. */
export function cloneState(s: GameState): GameState {
	const copy = stateRecord({
		...s,
		pending: mapped(s.pending, (p) =>
			p.data === undefined
				? { kind: p.kind, player: p.player }
				: { kind: p.kind, player: p.player, data: p.data }
		),
		scores: s.scores.slice(),
		piles: mapped(s.piles, (p) => ({
			tiles: p.tiles.slice(),
			last: p.last.slice(),
			random: p.random
		})),
		outcomes: s.outcomes.slice(),
		discarded: s.discarded.slice(),
		bx: s.bx.slice(),
		by: s.by.slice(),
		bt: s.bt.slice(),
		br: s.br.slice(),
		bseg: s.bseg.slice(),
		bnb: s.bnb.slice(),
		front: s.front.slice(),
		freq: s.freq.slice(),
		fmask: s.fmask.slice(),
		parent: s.parent.slice(),
		st: s.st.slice(),
		sl: s.sl.slice(),
		open: s.open.slice(),
		snext: s.snext.slice(),
		slast: s.slast.slice(),
		ssize: s.ssize.slice(),
		figs: mapped(s.figs, (a) => (a ? a.slice() : null)),
		pieces: mapped(s.pieces, (p) => ({ kind: p.kind, owner: p.owner, seg: p.seg, tile: p.tile })),
		// a JSON round trip gives objects the hidden classes of the modules' literals (a spread does not)
		mod: JSON.parse(JSON.stringify(s.mod)),
		log: s.log.slice(),
		redo: s.redo.slice()
	});
	copyIndex(s, copy);
	return copy;
}

/**
 * Takes state `s` back to `from`, a copy of it made earlier (cloneState, or copyState into a state
 * kept for the purpose) that has not changed since: `s` keeps its arrays, pieces and module objects
 * and takes `from`'s contents (a bot's trial applies moves to `s` in place, then takes them back: no
 * copy per trial). The board is copied only when a tile was placed since (only a placement changes
 * it; the path compression of a feature lookup changes no feature). `from` stays as it is.
 */
export function takeBack(s: GameState, from: GameState): void {
	copyState(s, from, s.bx.length !== from.bx.length ? PLACED : SAME);
}

/** copyState's board: copied whole, unchanged, or grown by placements since `from` (arrays only appended to are cut back). */
const WHOLE = 0;
const SAME = 1;
const PLACED = 2;

/**
 * Copies state `from` into state `to` in place (`to`'s arrays and objects reused; its board only when
 * `board`): the snapshot a trial is taken back to, kept in one state for many trials.
 */
export function copyState(to: GameState, from: GameState, board = WHOLE): void {
	to.rng = from.rng;
	to.turn = from.turn;
	to.active = from.active;
	to.phase = from.phase;
	to.finished = from.finished;
	to.tile = from.tile;
	to.placed = from.placed;
	to.acted = from.acted;
	const pending = to.pending;
	while (pending.length > 0) pending.pop();
	for (let i = 0; i < from.pending.length; i++) {
		const p = from.pending[i];
		pending.push(
			p.data === undefined
				? { kind: p.kind, player: p.player }
				: { kind: p.kind, player: p.player, data: p.data }
		);
	}
	copyNumbers(to.scores, from.scores);
	if (to.piles.length !== from.piles.length)
		to.piles = mapped(from.piles, (p) => ({
			tiles: p.tiles.slice(),
			last: p.last.slice(),
			random: p.random
		}));
	else
		for (let i = 0; i < from.piles.length; i++) {
			copyNumbers(to.piles[i].tiles, from.piles[i].tiles);
			copyNumbers(to.piles[i].last, from.piles[i].last);
			to.piles[i].random = from.piles[i].random;
		}
	copyNumbers(to.outcomes, from.outcomes);
	copyNumbers(to.discarded, from.discarded);
	if (board === PLACED) {
		// a tile's position, rotation and segments, a segment's tile and place on it never change
		cutBack(to.bx, from.bx.length);
		cutBack(to.by, from.by.length);
		cutBack(to.bt, from.bt.length);
		cutBack(to.br, from.br.length);
		cutBack(to.bseg, from.bseg.length);
		cutBack(to.st, from.st.length);
		cutBack(to.sl, from.sl.length);
	} else if (board === WHOLE) {
		copyNumbers(to.bx, from.bx);
		copyNumbers(to.by, from.by);
		copyNumbers(to.bt, from.bt);
		copyNumbers(to.br, from.br);
		copyNumbers(to.bseg, from.bseg);
		copyNumbers(to.st, from.st);
		copyNumbers(to.sl, from.sl);
	}
	if (board !== SAME) {
		copyNumbers(to.bnb, from.bnb);
		copyNumbers(to.front, from.front);
		copyNumbers(to.freq, from.freq);
		copyNumbers(to.fmask, from.fmask);
		copyNumbers(to.parent, from.parent);
		copyNumbers(to.open, from.open);
		copyNumbers(to.snext, from.snext);
		copyNumbers(to.slast, from.slast);
		copyNumbers(to.ssize, from.ssize);
	}
	const figs = to.figs;
	while (figs.length > from.figs.length) figs.pop();
	for (let i = 0; i < from.figs.length; i++) {
		const list = from.figs[i];
		if (i >= figs.length) figs.push(list === null ? null : list.slice());
		else if (list === null) figs[i] = null;
		else {
			const mine = figs[i];
			if (mine === null) figs[i] = list.slice();
			else copyNumbers(mine, list);
		}
	}
	if (to.pieces.length !== from.pieces.length)
		to.pieces = mapped(from.pieces, (p) => ({
			kind: p.kind,
			owner: p.owner,
			seg: p.seg,
			tile: p.tile
		}));
	else
		for (let i = 0; i < from.pieces.length; i++) {
			const p = to.pieces[i];
			const q = from.pieces[i];
			p.kind = q.kind;
			p.owner = q.owner;
			p.seg = q.seg;
			p.tile = q.tile;
		}
	to.mod = sameData(to.mod, from.mod) as GameState['mod'];
	copyMoves(to.log, from.log);
	copyMoves(to.redo, from.redo);
	restoreIndex(from, to, board !== SAME);
	tookBack();
}

/** Pops `a` down to n items. */
function cutBack(a: number[], n: number): void {
	while (a.length > n) a.pop();
}

/** `to` gets the moves of `from` (a log: mostly the same first moves). */
function copyMoves(to: Move[], from: readonly Move[]): void {
	const n = from.length;
	while (to.length > n) to.pop();
	const m = to.length;
	for (let i = 0; i < m; i++) to[i] = from[i];
	for (let i = m; i < n; i++) to.push(from[i]);
}

/**
 * Plain data `from` (module state) written into `to` where they have the same shape (objects with the
 * same keys, arrays), so that `to`'s objects keep their hidden classes; elsewhere a JSON copy of `from`
 * (as cloneState copies module state). Returns what `to` is to become.
 */
function sameData(to: unknown, from: unknown): unknown {
	if (from === null || typeof from !== 'object') return from;
	if (to === null || typeof to !== 'object' || Array.isArray(to) !== Array.isArray(from))
		return JSON.parse(JSON.stringify(from));
	if (Array.isArray(from)) {
		const a = to as unknown[];
		while (a.length > from.length) a.pop();
		for (let i = 0; i < a.length; i++) a[i] = sameData(a[i], from[i]);
		for (let i = a.length; i < from.length; i++) a.push(sameData(undefined, from[i]));
		return a;
	}
	const o = to as Record<string, unknown>;
	const f = from as Record<string, unknown>;
	let keys = 0;
	for (const k in f) {
		// a key `to` lacks is added here, and found below: then `to` is given up for a copy
		o[k] = sameData(o[k], f[k]);
		keys++;
	}
	for (const k in o) keys--;
	return keys === 0 ? o : JSON.parse(JSON.stringify(from));
}

/**
 * A state with its fields in one order, built by one object literal: every state the engine makes
 * (a new game, a copy) has the same hidden class, so the engine's reads of a state stay
 * monomorphic. (A copy made with a spread has another hidden class: games that met both, as the
 * checker's redo makes them, ran slower everywhere.)
 */
function stateRecord(f: GameState): GameState {
	return {
		version: f.version,
		ctx: f.ctx,
		players: f.players,
		seed: f.seed,
		rulings: f.rulings,
		rng: f.rng,
		turn: f.turn,
		active: f.active,
		phase: f.phase,
		pending: f.pending,
		finished: f.finished,
		scores: f.scores,
		tile: f.tile,
		placed: f.placed,
		acted: f.acted,
		piles: f.piles,
		outcomes: f.outcomes,
		discarded: f.discarded,
		bx: f.bx,
		by: f.by,
		bt: f.bt,
		br: f.br,
		bseg: f.bseg,
		bnb: f.bnb,
		front: f.front,
		freq: f.freq,
		fmask: f.fmask,
		parent: f.parent,
		st: f.st,
		sl: f.sl,
		open: f.open,
		snext: f.snext,
		slast: f.slast,
		ssize: f.ssize,
		figs: f.figs,
		pieces: f.pieces,
		mod: f.mod,
		log: f.log,
		redo: f.redo,
		origin: f.origin
	};
}
