// The interaction checker's games: seeded games of a mix with a policy per seat, the invariants
// checked after every move, replay and undo checked on a sample, and everything counted into an
// aggregate (report.ts). Pure (no I/O): the CLI's worker threads, the page's Web Workers and the
// tests run the same chunks, so the same seed gives the same report whatever the number of workers.
import {
	apply,
	checkState,
	cloneState,
	contextOf,
	legalMoves,
	pack,
	recordOf,
	sameMoves,
	sameState,
	seedState,
	setupOf,
	snapshot,
	startGame,
	tilesLeft,
	undo,
	redo,
	IN_PLACE,
	IN_PLACE_SILENT,
	type GameRecord,
	type Violation
} from '../engine/index.ts';
import { createBot, type Bot, type BotSpec } from '../bots/index.ts';
import type {
	Context,
	Expansion,
	GameEvent,
	GameSetup,
	GameState,
	Move,
	ScoreEvent
} from '../engine/index.ts';

/** What to check: everything a worker needs (plain data, cloned across worker boundaries). */
export interface CheckerConfig {
	/** The expansion documents of the game, closed over their dependencies (resolveGame). */
	expansions: Expansion[];
	/** Rule modules without a document (pig, abbot). */
	modules?: string[];
	players: string[];
	rulings?: Record<string, string>;
	/** The policy of each seat (default: random for every seat); any bot of the registry. */
	policies?: BotSpec[];
	games: number;
	seed: number;
	/** Check the invariants after every move (default true). */
	checkMoves?: boolean;
	/** Free mode (the sandbox's): players pick the next tile instead of drawing. */
	free?: boolean;
	/** Share of games (0–1) whose log is replayed and undone/redone at one point (default 1: all). */
	sample?: number;
}

/** Games per chunk: fixed, so chunk boundaries (and with them the report) never depend on the worker count. */
export const CHUNK = 20;

/** A violation or an engine error, with the record that reproduces it. */
export interface Finding extends Violation {
	game: number;
	seed: number;
	/** Moves played when it showed (the sandbox opens the record at this step). */
	step: number;
	record: GameRecord;
	/** The move that failed (engine errors, refused listed moves). */
	move?: Move;
}

export interface TileStats {
	drawn: number;
	placed: number;
	discarded: number;
	setAside: number;
	/** Features completed during play that contain this tile. */
	completed: number;
	/** Scored features (during play and at the end) that contain this tile, and their points. */
	scored: number;
	points: number;
}

export interface Aggregate {
	games: number;
	placements: number;
	moves: number;
	/** Games whose replay and undo were checked. */
	sampled: number;
	/** Kept findings (the first few per invariant) and the count of every finding per invariant. */
	findings: Finding[];
	findingCounts: Record<string, number>;
	tiles: Record<string, TileStats>;
	/** Per feature kind: scorings, completions during play, scorings at the end, points awarded. */
	features: Record<string, { scored: number; completed: number; final: number; points: number }>;
	/** Points awarded per expansion (a feature's points shared by its tiles' expansions). */
	expansions: Record<string, number>;
	/** Per expansion: the sum over games of the square of a game's points from its tiles (for the interval). */
	expansionSq: Record<string, number>;
	/** Points that came from events other than feature scorings (fairy, …), per event type. */
	otherPoints: Record<string, number>;
	rules: Record<string, number>;
	/** Per choice (move type, deploy:<figure>): steps it was offered at and times it was taken. */
	choices: Record<string, { available: number; chosen: number }>;
	/** Figures deployed onto the board, per kind. */
	figures: Record<string, number>;
	/** Per tile: the first game (and the moves played then) where it was drawn and fitted nowhere. */
	firstDiscard: Record<string, { game: number; step: number }>;
	seats: { sum: number[]; sumSq: number[]; wins: number[]; hist: Record<string, number>[] };
	/** Seat 1's score minus the mean of the other seats: sum and sum of squares (first-player advantage). */
	lead: { sum: number; sumSq: number };
	/** Placements per game. */
	length: { sum: number; sumSq: number; min: number; max: number; hist: Record<string, number> };
}

/** Findings kept with their record per invariant (the rest are counted). */
export const KEEP_FINDINGS = 10;

export const gameSeed = (seed: number, i: number): number =>
	(Math.imul(seed, 1_000_003) + i * 7919) >>> 0;

/** Whether game i's replay and undo are checked: a hash of its seed against the sample share. */
export function sampled(seed: number, sample: number): boolean {
	if (sample >= 1) return true;
	if (sample <= 0) return false;
	const h = Math.imul(seed ^ 0x27d4eb2d, 0x165667b1) >>> 0;
	return h / 0x1_0000_0000 < sample;
}

export function emptyAggregate(players: number): Aggregate {
	return {
		games: 0,
		placements: 0,
		moves: 0,
		sampled: 0,
		findings: [],
		findingCounts: {},
		tiles: {},
		features: {},
		expansions: {},
		expansionSq: {},
		otherPoints: {},
		rules: {},
		choices: {},
		figures: {},
		firstDiscard: {},
		seats: {
			sum: Array(players).fill(0),
			sumSq: Array(players).fill(0),
			wins: Array(players).fill(0),
			hist: Array.from({ length: players }, () => ({}))
		},
		lead: { sum: 0, sumSq: 0 },
		length: { sum: 0, sumSq: 0, min: Infinity, max: 0, hist: {} }
	};
}

const add = (r: Record<string, number>, k: string, n = 1) => {
	r[k] = (r[k] ?? 0) + n;
};
const tileOf = (agg: Aggregate, key: string): TileStats =>
	(agg.tiles[key] ??= {
		drawn: 0,
		placed: 0,
		discarded: 0,
		setAside: 0,
		completed: 0,
		scored: 0,
		points: 0
	});

/** Plays games [from, to) of the configuration into one aggregate. */
export function runGames(cfg: CheckerConfig, from: number, to: number): Aggregate {
	const agg = emptyAggregate(cfg.players.length);
	for (let i = from; i < to; i++) playGame(cfg, i, agg);
	return agg;
}

/** How many chunks a run has. */
export const chunkCount = (games: number): number => Math.ceil(games / CHUNK);
/** Chunk k of a run: its [from, to) range of games, made when it is handed out (a run keeps no list of them). */
export const chunkAt = (games: number, k: number): [number, number] => [
	k * CHUNK,
	Math.min(games, (k + 1) * CHUNK)
];

/** The chunks of a run, in order: [from, to) game ranges of CHUNK games. */
export function chunksOf(games: number): [number, number][] {
	return Array.from({ length: chunkCount(games) }, (_, k) => chunkAt(games, k));
}

/** The policy of seat p: its own, else the last one named (it fills the other seats), else random. */
export function seatPolicy(cfg: Pick<CheckerConfig, 'policies'>, p: number): BotSpec {
	const specs = cfg.policies ?? [];
	return specs[p] ?? specs[specs.length - 1] ?? { bot: 'random' };
}

/** Distinct policies get distinct bots (seats with the same policy share one), seeded from the game. */
function seatBots(cfg: CheckerConfig, seed: number): Bot[] {
	const byKey = new Map<string, Bot>();
	return cfg.players.map((_, p) => {
		const spec = seatPolicy(cfg, p);
		const key = JSON.stringify(spec);
		let bot = byKey.get(key);
		if (!bot) {
			// the first policy's seed is the one the simulator always used: an all-random run plays the same games
			bot = createBot(
				spec,
				seedState(((seed ^ 0x5bd1e995) + Math.imul(byKey.size, 0x9e3779b9)) >>> 0)
			);
			byKey.set(key, bot);
		}
		return bot;
	});
}

/**
 * Moves one turn may take, generously: a pick, a placement, a figure step, up to 20 dragon steps,
 * the messengers' and the coin's steps. A game within that for every turn it can have ends.
 */
const MOVES_PER_TURN = 64;
/** The moves a game can need at most, from its own size: a turn per tile to draw and one per player (a town hall), each within MOVES_PER_TURN. */
const movesBound = (s: GameState): number => (tilesLeft(s) + s.players.length + 1) * MOVES_PER_TURN;
/** Moves between the invariant checks that walk every segment of the board (figures-on-roots). */
const SCAN_EVERY = 8;

/** The record of game i of a run (any game is reproducible from the configuration and its number). */
export function recordOfGame(cfg: CheckerConfig, i: number): GameRecord {
	return recordOf(playGame(cfg, i, emptyAggregate(cfg.players.length)));
}

function playGame(cfg: CheckerConfig, i: number, agg: Aggregate): GameState {
	const seed = gameSeed(cfg.seed, i);
	const setup: GameSetup = {
		expansions: cfg.expansions,
		modules: cfg.modules,
		players: cfg.players,
		rulings: cfg.rulings,
		free: cfg.free,
		seed,
		quiet: true
	};
	const found = (state: GameState, v: Violation, move?: Move) => {
		const n = (agg.findingCounts[v.invariant] ?? 0) + 1;
		agg.findingCounts[v.invariant] = n;
		if (n <= KEEP_FINDINGS)
			agg.findings.push({
				...v,
				game: i,
				seed,
				step: state.log.length,
				record: recordOf(state),
				...(move ? { move } : {})
			});
	};
	const started = startGame(setup);
	// each expansion's points before this game: its points in this game are the difference
	const before = { ...agg.expansions };
	const state = started.state;
	const at = new Map<number, PlacedTile>(); // packed cell → its tile, for the tiles of scored features
	const c = contextOf(state);
	const count = (events: GameEvent[], step: number) => countEvents(agg, c, events, at, i, step);
	count(started.events, 0);
	const bots = seatBots(cfg, seed);
	const checkMoves = cfg.checkMoves !== false;
	const snap = snapshot(state);
	const check = sampled(seed, cfg.sample ?? 1);
	// undo/redo is checked at one move of the game (in the replay)
	const undoAt = 1 + (seed % 97);
	const maxMoves = movesBound(state);
	let moves = 0;
	let placements = 0;
	const offered: string[] = []; // the choices of this step, each once, in listing order
	while (!state.finished) {
		if (moves >= maxMoves) {
			found(state, {
				invariant: 'game-ends',
				message: `no end after ${maxMoves} moves (${MOVES_PER_TURN} a turn for each tile to draw and each player)`
			});
			break;
		}
		const step = state.pending[0];
		let move: Move;
		try {
			offered.length = 0;
			// listed once: the choices offered, then the policy picks among the same moves
			const listed = step?.kind === 'place' ? undefined : legalMoves(state);
			if (!listed) offered.push('place');
			else {
				// a listing holds a few choices, the moves of one choice mostly side by side
				let last = '';
				for (const m of listed) {
					const k = choiceKey(m);
					if (k !== last && !offered.includes((last = k))) offered.push(k);
				}
			}
			if (offered.length === 0) {
				found(state, { invariant: 'game-ends', message: 'no legal move but the game is not over' });
				break;
			}
			for (const k of offered) (agg.choices[k] ??= { available: 0, chosen: 0 }).available++;
			move = bots[step?.player ?? state.active].decide(state, listed).move;
		} catch (e) {
			found(state, {
				invariant: 'engine-error',
				message: `listing or choosing a move threw: ${errorText(e)}`
			});
			break;
		}
		let r;
		try {
			r = apply(state, move, IN_PLACE);
		} catch (e) {
			found(
				state,
				{
					invariant: 'engine-error',
					message: `apply threw on ${JSON.stringify(move)}: ${errorText(e)}`
				},
				move
			);
			break;
		}
		if (!r.ok) {
			found(
				state,
				{
					invariant: 'listed-moves-legal',
					message: `the policy chose ${JSON.stringify(move)} but apply refused it: ${r.refusal.message}`
				},
				move
			);
			break;
		}
		moves++;
		const chosen = choiceKey(move);
		if (chosen === 'place') placements++;
		(agg.choices[chosen] ??= { available: 0, chosen: 0 }).chosen++;
		count(r.events, moves);
		// every figure after every move; every segment's list every few moves and at the end
		if (checkMoves)
			for (const v of checkState(state, snap, snap, state.finished || moves % SCAN_EVERY === 0))
				found(state, v);
	}
	if (state.finished && check) {
		agg.sampled++;
		checkReplay(state, undoAt, (v) => found(state, v));
	}
	agg.games++;
	agg.moves += moves;
	agg.placements += placements;
	const L = agg.length;
	L.sum += placements;
	L.sumSq += placements * placements;
	if (placements < L.min) L.min = placements;
	if (placements > L.max) L.max = placements;
	add(L.hist, String(placements));
	countSeats(agg, state.scores);
	for (const k in agg.expansions) {
		const d = agg.expansions[k] - (before[k] ?? 0);
		agg.expansionSq[k] = (agg.expansionSq[k] ?? 0) + d * d;
	}
	return state;
}

/**
 * The final scores into the seats' sums, wins (shared on a tie) and histograms, and seat 1's lead.
 * Plain loops: a game's scores array is not always of the same elements kind, and a builtin with a
 * callback (filter, forEach) inlined for one kind made the optimized game loop fall back every game.
 */
function countSeats(agg: Aggregate, scores: number[]): void {
	const n = scores.length;
	let best = -Infinity;
	let total = 0;
	for (let p = 0; p < n; p++) {
		if (scores[p] > best) best = scores[p];
		total += scores[p];
	}
	let winners = 0;
	for (let p = 0; p < n; p++) if (scores[p] === best) winners++;
	for (let p = 0; p < n; p++) {
		const v = scores[p];
		agg.seats.sum[p] += v;
		agg.seats.sumSq[p] += v * v;
		if (v === best) agg.seats.wins[p] += 1 / winners;
		add(agg.seats.hist[p], String(v));
	}
	if (n > 1) {
		const d = scores[0] - (total - scores[0]) / (n - 1);
		agg.lead.sum += d;
		agg.lead.sumSq += d * d;
	}
}

/**
 * Replays the log from the setup (without events, as bots play: the states are the same) and
 * compares the final state with the live one; on the way, undoes and redoes one move: undo must
 * give the replay's state before that move, redo the one after (compared whole, as the final states are).
 */
export function checkReplay(state: GameState, undoAt: number, found: (v: Violation) => void): void {
	// the comparisons leave the logs out; each log is compared with the live one move by move
	const log = state.log;
	const s = startGame({ ...setupOf(state), quiet: true }).state;
	for (let i = 0; i < log.length; i++) {
		// at the undo move, the replay's state before it: what undoing it must give
		const prior = i === undoAt ? cloneState(s) : null;
		const r = apply(s, log[i], IN_PLACE_SILENT);
		if (!r.ok) {
			found({
				invariant: 'replay-reproduces',
				message: `replay refused move ${i}: ${r.refusal.message}`
			});
			return;
		}
		if (prior) {
			// s has undoAt + 1 moves: undo must give prior, redo s again
			const back = undo(s);
			if (!back || !sameState(back, prior) || !sameMoves(back.log, log, undoAt))
				found({
					invariant: 'undo-redo-identity',
					message: `undo of move ${undoAt} does not give the state before it`
				});
			else {
				const fwd = redo(back, IN_PLACE_SILENT);
				if (
					!fwd ||
					!fwd.ok ||
					!sameState(fwd.state, s) ||
					!sameMoves(fwd.state.log, log, undoAt + 1)
				)
					found({
						invariant: 'undo-redo-identity',
						message: `undo then redo at move ${undoAt} changed the state`
					});
			}
		}
	}
	if (!sameState(s, state) || !sameMoves(s.log, log))
		found({ invariant: 'replay-reproduces', message: 'replaying the log gives a different state' });
}

function errorText(e: unknown): string {
	return e instanceof Error ? e.message : String(e);
}

/** A choice's name in the report: the move type, with the figure for a deployment. */
export function choiceKey(m: Move): string {
	// each member read once: moves come in many shapes, and every read is a lookup by name
	const type = m.type;
	if (type !== 'deploy') return type;
	const figure = m.figure;
	return typeof figure === 'string' ? (deployKeys[figure] ??= `deploy:${figure}`) : type;
}
const deployKeys: Record<string, string> = {};

/** A tile on the board of the game being counted: its statistics in the aggregate, and its expansion. */
interface PlacedTile {
	stats: TileStats;
	expansion: string;
}

/** Counts a move's events (game i, `step` moves played after it). */
function countEvents(
	agg: Aggregate,
	c: Context,
	events: GameEvent[],
	at: Map<number, PlacedTile>,
	game: number,
	step: number
): void {
	for (const e of events) {
		for (const r of e.rules) agg.rules[r] = (agg.rules[r] ?? 0) + 1;
		switch (e.type) {
			case 'start':
			case 'place': {
				const stats = tileOf(agg, e.tile as string);
				stats.placed++;
				at.set(pack(e.x as number, e.y as number), {
					stats,
					expansion: c.tiles[c.tileIndex.get(e.tile as string)!].expansion
				});
				break;
			}
			case 'draw':
				tileOf(agg, e.tile as string).drawn++;
				break;
			case 'discard': {
				// a tile that fits nowhere is drawn and discarded (no draw event)
				const t = tileOf(agg, e.tile as string);
				t.drawn++;
				t.discarded++;
				agg.firstDiscard[e.tile as string] ??= { game, step };
				break;
			}
			case 'setAside':
				tileOf(agg, e.tile as string).setAside++;
				break;
			case 'deploy':
				add(agg.figures, e.figure as string);
				break;
			case 'score':
				countScore(agg, e as ScoreEvent, at);
				break;
			default:
				if (typeof e.points === 'number' && e.points) add(agg.otherPoints, e.type, e.points);
		}
	}
}

function countScore(agg: Aggregate, se: ScoreEvent, at: Map<number, PlacedTile>): void {
	const f = (agg.features[se.feature.kind] ??= { scored: 0, completed: 0, final: 0, points: 0 });
	f.scored++;
	const completed = !se.final && se.feature.complete;
	if (completed) f.completed++;
	else if (se.final) f.final++;
	let awarded = 0;
	for (const a of se.awards) awarded += a.points;
	f.points += awarded;
	const tiles = se.feature.tiles;
	for (const p of tiles) {
		const placed = at.get(pack(p.x, p.y));
		if (!placed) continue;
		const t = placed.stats;
		t.scored++;
		t.points += se.points;
		if (completed) t.completed++;
		if (awarded) add(agg.expansions, placed.expansion, awarded / tiles.length);
	}
}
