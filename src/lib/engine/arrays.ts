// Arrays the engine builds during a game, in one elements kind from the first game on.
//
// V8's Array.prototype.map returns a packed array when its caller runs unoptimized and a holey one
// once the caller is optimized (map is then inlined), and new Array(n).fill(v) is always holey. A
// game's arrays (scores, a copy's pieces and piles, the moves listed, an event's tiles) then came in
// two kinds: every function that met the second kind was thrown away and compiled again during a
// worker's first games, a few of them over and over (a compiled loop entered again at each call,
// failing its check on the new kind each time), and read holes from then on. The helpers below
// build with pushes into an array literal, whose allocation site keeps the kind its arrays end up with.

/** `a.map(f)`, packed. */
export function mapped<T, U>(a: readonly T[], f: (x: T, i: number) => U): U[] {
	const out: U[] = [];
	for (let i = 0; i < a.length; i++) out.push(f(a[i], i));
	return out;
}

/** n copies of the number v, packed (an array of numbers: its own allocation site, not mapped's of objects). */
export function numbers(n: number, v: number): number[] {
	const out: number[] = [];
	for (let i = 0; i < n; i++) out.push(v);
	return out;
}
