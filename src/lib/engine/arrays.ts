// Arrays the engine builds during a game, in one elements kind from the first game on.
//
// V8's Array.prototype.map returns a packed array when its caller runs unoptimized and a holey one
// once the caller is optimized (map is then inlined), and new Array(n).fill(v) is always holey. A
// game's arrays (scores, a copy's pieces and piles, the moves listed, an event's tiles) then came in
// two kinds, and every function that met the second kind was thrown away and compiled again during a
// worker's first games (and read holes from then on).

/** `a.map(f)`, packed: pushes into an array literal, whose allocation site keeps the kind its arrays end up with. */
export function mapped<T, U>(a: readonly T[], f: (x: T, i: number) => U): U[] {
	const out: U[] = [];
	for (let i = 0; i < a.length; i++) out.push(f(a[i], i));
	return out;
}

/** Templates of filled arrays, by value and length (at most TEMPLATES of them). */
const templates = new Map<number, Map<number, number[]>>();
const TEMPLATES = 64;
let templateCount = 0;

/** A new array of n copies of the number v, packed: a copy of a template kept per value and length. */
export function filled(n: number, v: number): number[] {
	let byLength = templates.get(v);
	if (byLength === undefined) templates.set(v, (byLength = new Map()));
	let t = byLength.get(n);
	if (t === undefined) {
		t = [];
		for (let i = 0; i < n; i++) t.push(v);
		if (templateCount < TEMPLATES) {
			byLength.set(n, t);
			templateCount++;
		}
	}
	return t.slice();
}

/** `to` gets the numbers of `from` in place (pops and pushes: setting the length is a builtin call). */
export function copyNumbers(to: number[], from: readonly number[]): void {
	const n = from.length;
	while (to.length > n) to.pop();
	const m = to.length;
	for (let i = 0; i < m; i++) to[i] = from[i];
	for (let i = m; i < n; i++) to.push(from[i]);
}
