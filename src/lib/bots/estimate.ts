// What the greedy and MCTS bots share: hidden information kept hidden (a determinization samples the
// tiles still to draw from the bot's own PRNG) and the value of a position ("if the game ended now").
// Pure: only the state, legalMoves / apply and the engine's own final scoring.
import {
	cloneState,
	copyState,
	nextRandom,
	seedState,
	takeBack,
	type GameState
} from '../engine/index.ts';

/** The player who answers the current step. */
export function moverOf(state: GameState): number {
	return state.pending[0]?.player ?? state.active;
}

/**
 * A copy of the state with the bag's order hidden: the game's PRNG (which decides every random draw
 * and coin) is replaced by one from the bot's PRNG, and fixed piles (a record's draw order) are
 * shuffled with it. The tiles left are the same; their order is a sample. Returns the next bot PRNG state.
 */
export function determinize(state: GameState, rng: number): [GameState, number] {
	const d = cloneState(state);
	return [d, hide(d, rng)];
}

/**
 * determinize again into `d`, a determinization of `state` changed since only by moves applied to it
 * in place (taken back: no new copy per simulation, and of the board only what the moves changed).
 */
export function determinizeAgain(d: GameState, state: GameState, rng: number): number {
	takeBack(d, state);
	return hide(d, rng);
}

/** determinize into `d`, a state kept for the purpose: the whole of `state` copied into it. */
export function determinizeInto(d: GameState, state: GameState, rng: number): number {
	copyState(d, state);
	return hide(d, rng);
}

/** Hides the order of d's tiles (determinize); returns the next bot PRNG state. */
function hide(d: GameState, rng: number): number {
	let r = rng;
	let v: number;
	[r, v] = nextRandom(r);
	d.rng = seedState(Math.floor(v * 0x7fffffff));
	for (const pile of d.piles) {
		if (pile.random) continue;
		const t = pile.tiles;
		for (let i = t.length - 1; i > 0; i--) {
			[r, v] = nextRandom(r);
			const j = Math.floor(v * (i + 1));
			[t[i], t[j]] = [t[j], t[i]];
		}
	}
	return r;
}

/** Ends the game after the tile in hand: empties the piles, so that the engine's final scoring runs when this turn ends. */
export function lastTurn(state: GameState): void {
	for (const pile of state.piles) {
		pile.tiles.length = 0;
		pile.last.length = 0;
	}
}

/** Points a figure kept in supply is worth to the estimate (it can still score), by tiles left in the game. */
export const RESERVE_POINTS = 1.5;

/**
 * The value of a position for each player, the estimate both bots use: the scores (after the engine's
 * final scoring when the state is a game ended early by `lastTurn`, so open features with figures count
 * as at the end: a road or city 1 per tile, a monastery 1 per tile around it, fields by their farmers),
 * plus RESERVE_POINTS per follower-like figure still in supply, scaled by the share of the game left at
 * `left` (figures in hand are worth nothing when the game is over), minus the best opponent's.
 */
export function margins(state: GameState, reserveShare: number): number[] {
	const n = state.players.length;
	const v = state.scores.slice();
	if (reserveShare > 0)
		for (const p of state.pieces)
			if (p.seg === -1 && p.owner >= 0 && p.owner < n && p.kind === 'follower')
				v[p.owner] += RESERVE_POINTS * reserveShare;
	const out: number[] = [];
	for (let p = 0; p < n; p++) {
		let best = -Infinity;
		for (let q = 0; q < n; q++) if (q !== p && v[q] > best) best = v[q];
		out.push(n === 1 ? v[p] : v[p] - best);
	}
	return out;
}

/** margins(state, reserveShare)[me], without the arrays (the same sums in the same order). */
export function marginOf(state: GameState, reserveShare: number, me: number): number {
	const n = state.players.length;
	let mine = 0;
	let best = -Infinity;
	for (let q = 0; q < n; q++) {
		let v = state.scores[q];
		if (reserveShare > 0)
			for (const p of state.pieces)
				if (p.seg === -1 && p.owner === q && p.kind === 'follower')
					v += RESERVE_POINTS * reserveShare;
		if (q === me) mine = v;
		else if (v > best) best = v;
	}
	return n === 1 ? mine : mine - best;
}

/** Tiles still to draw. */
export function tilesLeftIn(state: GameState): number {
	let n = 0;
	for (const p of state.piles) n += p.tiles.length + p.last.length;
	return n;
}

/** A win-chance-like reward in [0, 1] from a score margin (logistic; 8 points ≈ 73 %). */
export function rewardOf(margin: number): number {
	return 1 / (1 + Math.exp(-margin / 8));
}
