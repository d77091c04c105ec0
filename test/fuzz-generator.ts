// What the fuzz tests share: seeded choices (the engine's mulberry32: next() in [0, 1), int(n),
// pick(list)) and a game of random listed moves.
import { nextRandom, seedState } from '../src/lib/engine/rng.ts';
import { apply, legalMoves, startGame } from '../src/lib/engine/index.ts';
import { randomMove } from '../src/lib/engine/random.ts';
import type { Expansion, GameState } from '../src/lib/engine/types.ts';

export function generator(seed: number) {
	let s = seedState(seed);
	const next = () => {
		const [n, v] = nextRandom(s);
		s = n;
		return v;
	};
	const int = (n: number) => Math.floor(next() * n);
	const pick = <T>(list: readonly T[]): T => list[int(list.length)];
	return { next, int, pick };
}
export type Gen = ReturnType<typeof generator>;

/**
 * Starts a game of the expansions and plays `moves` random listed moves (in place, quiet); what went
 * wrong, or undefined. `checker`, given the started game, returns the check of each state after
 * its move (an invariant), which says what is wrong.
 */
export function playRandomMoves(
	expansions: Expansion[],
	seed: number,
	players: number,
	moves: number,
	checker?: (start: GameState) => (state: GameState) => string | undefined
): { state?: GameState; failure?: string } {
	let state: GameState;
	try {
		state = startGame({
			expansions,
			players: Array.from({ length: players }, (_, i) => `P${i}`),
			seed,
			quiet: true
		}).state;
	} catch (e) {
		return { failure: `accepted but cannot start: ${e instanceof Error ? e.message : String(e)}` };
	}
	const after = checker?.(state);
	let rng = seedState(seed);
	for (let n = 0; n < moves && !state.finished; n++) {
		const options = legalMoves(state);
		if (options.length === 0) return { failure: `no legal move after ${n} moves` };
		const [move, next] = randomMove(options, rng);
		rng = next;
		const r = apply(state, move, { mutate: true, quiet: true });
		if (!r.ok)
			return { failure: `listed move ${JSON.stringify(move)} refused: ${r.refusal.message}` };
		const wrong = after?.(state);
		if (wrong) return { failure: wrong };
	}
	return { state };
}
