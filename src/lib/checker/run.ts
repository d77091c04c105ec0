// The interaction checker's games: seeded games of a mix with a policy per seat, the invariants
// checked after every move, replay and undo checked on a sample, and everything counted into an
// aggregate (report.ts). Pure (no I/O): the CLI's worker threads, the page's Web Workers and the
// tests run the same chunks, so the same seed gives the same report whatever the number of workers.
import {
	apply,
	checkState,
	contextOf,
	legalMoves,
	recordOf,
	seedState,
	snapshot,
	startGame,
	tilesLeft,
	IN_PLACE,
	type Expansion,
	type GameEvent,
	type GameRecord,
	type GameSetup,
	type GameState,
	type Move,
	type Violation
} from '../engine/index.ts';
import { createBot, type Bot, type BotSpec } from '../bots/index.ts';
import { emptyAggregate, KEEP_FINDINGS, type Aggregate } from './aggregate.ts';
import {
	add,
	choiceKey,
	countEvents,
	countSeats,
	type GameCount,
	type PlacedTile
} from './counts.ts';
import { checkReplay } from './replay-check.ts';

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

export const gameSeed = (seed: number, i: number): number =>
	(Math.imul(seed, 1_000_003) + i * 7919) >>> 0;

/** Whether game i's replay and undo are checked: a hash of its seed against the sample share. */
export function sampled(seed: number, sample: number): boolean {
	if (sample >= 1) return true;
	if (sample <= 0) return false;
	const h = Math.imul(seed ^ 0x27d4eb2d, 0x165667b1) >>> 0;
	return h / 0x1_0000_0000 < sample;
}

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
	const found = finderOf(agg, i, seed);
	const started = startGame(gameSetup(cfg, seed));
	// each expansion's points before this game: its points in this game are the difference
	const before = { ...agg.expansions };
	const creditBefore = { ...agg.credit };
	const state = started.state;
	// packed cell → its tile, for the tiles of scored features; the tile drawn and not yet placed
	const g: GameCount = { at: new Map<number, PlacedTile>(), drawn: null };
	const c = contextOf(state);
	const count = (events: GameEvent[], step: number) => countEvents(agg, c, events, g, i, step);
	count(started.events, 0);
	const check = sampled(seed, cfg.sample ?? 1);
	// undo/redo is checked at one move of the game (in the replay)
	const undoAt = 1 + (seed % 97);
	const played = playMoves(cfg, state, agg, seed, found, count);
	if (state.finished && check) {
		agg.sampled++;
		checkReplay(state, undoAt, (v) => found(state, v));
	}
	countGame(agg, state, played, before, creditBefore);
	return state;
}

type Found = (state: GameState, v: Violation, move?: Move) => void;

/** The setup of a checker's game with its seed (quiet: no event texts). */
function gameSetup(cfg: CheckerConfig, seed: number): GameSetup {
	return {
		expansions: cfg.expansions,
		modules: cfg.modules,
		players: cfg.players,
		rulings: cfg.rulings,
		free: cfg.free,
		seed,
		quiet: true
	};
}

/** Counts a violation of game i, and keeps the first KEEP_FINDINGS of each invariant with the game's record. */
function finderOf(agg: Aggregate, i: number, seed: number): Found {
	return (state, v, move) => {
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
}

/** Plays the game to its end (or its first violation that stops it), counting choices and events and checking every move. */
function playMoves(
	cfg: CheckerConfig,
	state: GameState,
	agg: Aggregate,
	seed: number,
	found: Found,
	count: (events: GameEvent[], step: number) => void
): { moves: number; placements: number } {
	const bots = seatBots(cfg, seed);
	const checkMoves = cfg.checkMoves !== false;
	const snap = snapshot(state);
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
			found(state, applyThrew(move, e), move);
			break;
		}
		if (!r.ok) {
			found(state, applyRefused(move, r.refusal.message), move);
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
	return { moves, placements };
}

const applyThrew = (move: Move, e: unknown): Violation => ({
	invariant: 'engine-error',
	message: `apply threw on ${JSON.stringify(move)}: ${errorText(e)}`
});

const applyRefused = (move: Move, refusal: string): Violation => ({
	invariant: 'listed-moves-legal',
	message: `the policy chose ${JSON.stringify(move)} but apply refused it: ${refusal}`
});

/** Counts a played game into the aggregate: its moves and length, seats' scores, the squares of each expansion's and source's points. */
function countGame(
	agg: Aggregate,
	state: GameState,
	played: { moves: number; placements: number },
	before: Record<string, number>,
	creditBefore: Record<string, number>
): void {
	const { moves, placements } = played;
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
	for (const k in agg.credit) {
		const d = agg.credit[k] - (creditBefore[k] ?? 0);
		agg.creditSq[k] = (agg.creditSq[k] ?? 0) + d * d;
	}
}

function errorText(e: unknown): string {
	return e instanceof Error ? e.message : String(e);
}
