// The fuzz tests' seeded choices (the engine's mulberry32): next() in [0, 1), int(n), pick(list).
import { nextRandom, seedState } from '../src/lib/engine/rng.ts';

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
