// A small seeded PRNG (mulberry32) whose whole state is one uint32 kept in the game state,
// so shuffles and coin flips replay exactly.

/** Advances the state; returns [next state, value in [0,1)]. */
export function nextRandom(state: number): [number, number] {
	return [randomStep(state), randomValue(state)];
}

/** The state after `state` (the first of nextRandom's pair, without the pair). */
export const randomStep = (state: number): number => (state + 0x6d2b79f5) >>> 0;

/** The value in [0,1) that advancing `state` gives (the second of nextRandom's pair, without the pair). */
export function randomValue(state: number): number {
	let t = (state + 0x6d2b79f5) | 0;
	t = Math.imul(t ^ (t >>> 15), t | 1);
	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Turns any integer seed into a well-mixed initial state. */
export function seedState(seed: number): number {
	let h = (seed >>> 0) ^ 0x9e3779b9;
	h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
	h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
	return (h ^ (h >>> 16)) >>> 0;
}

/** A 53-bit content hash (cyrb53) as hex: used for expansion content hashes and context keys. */
export function hashText(text: string, seed = 0): string {
	let h1 = 0xdeadbeef ^ seed;
	let h2 = 0x41c6ce57 ^ seed;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
