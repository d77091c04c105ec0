// The greedy bot: ranks the drawn tile's placements at a glance (engine/glance.ts), weighs every way
// to play the rest of its turn after the best one (figure, every choice step the engine lists) and
// takes the one with the best value "if the game ended after this turn" (estimate.ts: points scored
// now, plus open features with figures valued by the engine's own final scoring, plus figures kept
// in supply, minus the best opponent's), then plays that turn as weighed. Choices of other players
// inside the turn (the dragon's moves) are assumed to be the worst for it. greedy-exact weighs every
// placement and every step of the turn again (the bot before the glance, its choices kept).
import {
	apply,
	cloneState,
	copyState,
	copyStateButBoard,
	finalBase,
	finishTrial,
	glances,
	legalMoveCount,
	legalMoves,
	takeBack,
	TRIAL,
	type FinalBase,
	type GameState,
	type Move,
	type PlaceMove
} from '../engine/index.ts';
import {
	determinize,
	determinizeInto,
	lastTurn,
	marginOf,
	moverOf,
	RESERVE_POINTS,
	tilesLeftIn
} from './estimate.ts';
import type { Alternative, Bot, BotFactory } from './types.ts';

/** Positions weighed per decision at most; beyond it, deeper steps take their first listed move. */
export const LEAF_BUDGET = 1500;
/** A follower in supply counts fully while this many tiles are left, less and less after. */
const RESERVE_HORIZON = 30;

export function reserveShare(state: GameState): number {
	return Math.min(1, tilesLeftIn(state) / RESERVE_HORIZON);
}

interface Search {
	me: number;
	turn: number;
	share: number;
	leaves: number;
	/** The final scoring of the state the turn starts from, by feature (trial.ts): a leaf scores only what it touched. Found when a leaf first needs it. */
	base: FinalBase | null | undefined;
	/**
	 * Per depth of the turn's steps: the state its trials are taken back to (one copy, written again at
	 * each node). pool[0] is whole; deeper ones hold all but the board (their moves place no tile).
	 */
	pool: GameState[];
	/** The moves from pool[0] to the current node (replayed when a deeper step placed a tile). */
	path: Move[];
	/** Placements weighed with trials at a placement step: the best by glances (0: all). */
	keep: number;
	/** The state finalBase scores (a copy of pool[0]; its award hooks write the modules' scratch records), kept when the pool is. */
	spare: GameState[];
	/** Per depth: the best way found to go on from the node at that depth (its moves, in order). */
	lines: (readonly Move[])[];
	/** Writes the turn's start into pool[0] when it is not there yet (null: it is). */
	restart: ((into: GameState) => void) | null;
}

/** The state the turn starts from (pool[0]), written there first when the weighing left it for later. */
function startOf(k: Search): GameState {
	if (k.restart !== null) {
		k.restart(k.pool[0]);
		k.restart = null;
	}
	return k.pool[0];
}

const NO_LINE: readonly Move[] = [];

/**
 * The moves to weigh: all, or at a placement step with k.keep > 0 the k.keep best placements at a
 * glance (engine/glance.ts), in list order.
 */
function toWeigh(s: GameState, k: Search, moves: Move[]): Move[] {
	if (k.keep <= 0 || moves.length <= k.keep || s.pending[0]?.kind !== 'place') return moves;
	const seen = glances(s, moves as PlaceMove[], k.me, RESERVE_POINTS * k.share);
	if (k.keep === 1) {
		// the first best
		let best = 0;
		for (let i = 1; i < seen.length; i++) if (seen[i] > seen[best]) best = i;
		return [moves[best]];
	}
	const order = seen.map((_, i) => i).sort((a, b) => seen[b] - seen[a] || a - b);
	return order
		.slice(0, k.keep)
		.sort((a, b) => a - b)
		.map((i) => moves[i]);
}

/** The value of a way to play the turn that ended the game (early, lastTurn): its final scoring (trial.ts), then the estimate. */
function leafValue(s: GameState, k: Search): number {
	k.leaves++;
	// the state the turn starts from, kept as it is (pool[0]), copied: finalBase's award hooks write the modules' scratch records
	if (s.finished) finishTrial(s, k.base === undefined ? (k.base = finalBase(spareOf(k))) : k.base);
	return marginOf(s, k.share, k.me);
}

/** A copy of the state the turn starts from (pool[0]) for finalBase: written into the spare state kept for it. */
function spareOf(k: Search): GameState {
	if (k.spare.length === 0) k.spare.push(cloneState(startOf(k)));
	else copyState(k.spare[0], startOf(k));
	return k.spare[0];
}

/** `s` is changed by the moves tried, and taken back to where it was after each. */
function valueAfter(s: GameState, k: Search, depth: number): number {
	k.lines[depth] = NO_LINE;
	if (s.finished || s.turn !== k.turn) return leafValue(s, k);
	// the tile in hand is this turn's last: the game ends after it (the engine's final scoring)
	if (s.tile >= 0 && tilesLeftIn(s) > 0) lastTurn(s);
	let moves = toWeigh(s, k, legalMoves(s));
	if (moves.length === 0) return leafValue(s, k);
	if (k.leaves > LEAF_BUDGET) moves = moves.slice(0, 1);
	const mine = moverOf(s) === k.me;
	let best = mine ? -Infinity : Infinity;
	// the snapshot without the board: a step after the placement seldom places a tile (M&M's town hall)
	let before = k.pool[depth];
	if (before === undefined) k.pool.push((before = cloneState(s)));
	else copyStateButBoard(before, s);
	const tiles = s.boardX.length;
	for (const m of moves) {
		if (apply(s, m, TRIAL).ok) {
			k.path.push(m);
			const v = valueAfter(s, k, depth + 1);
			k.path.pop();
			if (mine ? v > best : v < best) {
				best = v;
				k.lines[depth] = [m, ...k.lines[depth + 1]];
			}
		}
		if (s.boardX.length === tiles) copyStateButBoard(s, before);
		else backTo(s, k);
	}
	return Number.isFinite(best) ? best : marginOf(s, k.share, k.me);
}

/** A step placed a tile: `s` back to the turn's start (whole board) and the path to the node replayed. */
function backTo(s: GameState, k: Search): void {
	takeBack(s, startOf(k));
	for (const m of k.path)
		if (!apply(s, m, TRIAL).ok) throw new Error('greedy: a move of the path was refused again');
}

interface Weighed extends Alternative {
	/** The moves after `move` of the best way found to play the rest of the turn. */
	line: readonly Move[];
}

/**
 * Every move at the current step with the value of the best way to go on with this turn, best first
 * (list order among equals). `d` is a determinized state (estimate.ts), which this changes (its
 * piles are emptied once the tile is in hand); the real one is never read for what is hidden.
 */
export function weighTurn(d: GameState, share: number, keep = 0): Alternative[] {
	return weighLines(d, share, keep, { pool: [], spare: [], base: null }).map((w) => ({
		move: w.move,
		value: w.value
	}));
}

/** What a bot keeps from one weighing to the next (written again, not made anew). */
interface Kept {
	/** The states a weighing takes its trials back to (Search.pool). */
	pool: GameState[];
	/** The state the lazy finalBase scores (Search.spare). */
	spare: GameState[];
	/** The final scoring by feature of the last weighing's start, of which the next reuses what no move touched since. */
	base: FinalBase | null;
}

/**
 * weighTurn with, for each move, the best way found to go on with the turn after it. `kept`: what an
 * earlier weighing of the same bot left (the states it took its trials back to, its final scoring).
 */
function weighLines(
	d: GameState,
	share: number,
	keep: number,
	kept: Kept,
	again?: (into: GameState) => void
): Weighed[] {
	const pool = kept.pool;
	// the game ends after this turn: with the tile in hand, and (but for the exact bot, whose choices
	// stay as they were) in the steps after its placement, so that they see the final scoring too
	const ends = d.tile >= 0 || (keep > 0 && d.placed >= 0);
	if (ends) lastTurn(d);
	const k: Search = {
		me: moverOf(d),
		turn: d.turn,
		share,
		leaves: 0,
		base: undefined,
		pool,
		spare: kept.spare,
		path: [],
		keep,
		lines: [],
		restart: null
	};
	const moves = toWeigh(d, k, legalMoves(d));
	// the turn's start, copied now when the trials are taken back to it; with one move weighed by a bot
	// that can write it again (`again`), only if a step places a tile (backTo) or a leaf needs finalBase
	let before = pool[0];
	if (before === undefined) pool.push((before = cloneState(d)));
	else if (moves.length === 1 && again)
		k.restart = (into) => {
			again(into);
			if (ends) lastTurn(into);
		};
	else copyState(before, d);
	if (ends) {
		// every leaf will need the final scoring of the turn's start: found on d before any move (not on
		// a copy made for it), then d's modules' scratch records (written by the award hooks) taken back
		const modules = k.restart === null ? null : JSON.stringify(d.moduleState);
		k.base = kept.base = finalBase(d, kept.base);
		if (modules === null) copyStateButBoard(d, before);
		else d.moduleState = JSON.parse(modules);
	}
	const out: Weighed[] = [];
	for (let i = 0; i < moves.length; i++) {
		const move = moves[i];
		if (apply(d, move, TRIAL).ok) {
			k.path.push(move);
			const value = valueAfter(d, k, 1);
			out.push({ move, value, line: k.lines[1] });
			k.path.pop();
		}
		// the greedy bot (keep > 0) copies the next decision's state into d afresh: its last trial is not taken back
		if (keep === 0 || i < moves.length - 1) takeBack(d, startOf(k));
	}
	return out.sort((a, b) => b.value - a.value);
}

/** Placements weighed with trials per placement step: the best at a glance (options.keep changes it; 0 weighs all). */
export const GREEDY_KEEP = 1;

export const greedyBot: BotFactory = (seed, spec) =>
	greedyWith(seed, spec?.options?.keep ?? GREEDY_KEEP);

/** The greedy bot as it was before the glance: every placement weighed with trials. */
export const exactGreedyBot: BotFactory = (seed) => greedyWith(seed, 0);

function greedyWith(seed: number, keep: number): Bot {
	let rng = seed >>> 0;
	// the rest of the turn as weighed at its last decision: played on while the game follows it
	let plan: { at: number; last: string; moves: readonly Move[]; value: number } | null = null;
	// the states of its weighings, written again at each decision (no copies made anew)
	const kept: Kept = { pool: [], spare: [], base: null };
	let d: GameState | null = null;
	return {
		id: keep > 0 ? 'greedy' : 'greedy-exact',
		decide(state, listed) {
			if (legalMoveCount(state) === 1) return { move: legalMoves(state)[0], alternatives: [] };
			const planned =
				plan && plan.at === state.log.length && JSON.stringify(state.log[plan.at - 1]) === plan.last
					? plan
					: null;
			plan = null;
			if (planned && planned.moves.length > 0) {
				const key = JSON.stringify(planned.moves[0]);
				const move = (listed ?? legalMoves(state)).find((m) => JSON.stringify(m) === key);
				if (move) {
					plan = { ...planned, at: planned.at + 1, last: key, moves: planned.moves.slice(1) };
					return { move, alternatives: [{ move, value: round(planned.value) }] };
				}
			}
			const hidden = rng;
			if (d === null) [d, rng] = determinize(state, hidden);
			else rng = determinizeInto(d, state, hidden);
			// the greedy bot's one placement leaves the copy of the turn's start for when it is needed: d written again
			const again =
				keep > 0 ? (into: GameState) => void determinizeInto(into, state, hidden) : undefined;
			const weighed = weighLines(d, reserveShare(state), keep, kept, again);
			const best = weighed[0];
			const move: Move = best?.move ?? legalMoves(state)[0];
			// the exact bot weighs every step again (its choices as before the plan)
			if (best && keep > 0)
				plan = {
					at: state.log.length + 1,
					last: JSON.stringify(move),
					moves: best.line,
					value: best.value
				};
			return {
				move,
				alternatives: weighed.slice(0, 3).map((a) => ({ move: a.move, value: round(a.value) }))
			};
		}
	};
}

export function round(v: number): number {
	return Math.round(v * 100) / 100;
}
