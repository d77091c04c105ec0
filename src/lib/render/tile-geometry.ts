// The geometry of a tile's square in a 0..100 coordinate system (x east, y south): its points, the
// curves drawn on it and their SVG path data. Shared by the renderer and the editor's hit areas.
import type { Side } from '../formats/geometry.ts';

export type Pt = [number, number];
/** A quadratic Bézier curve; straight lines use their midpoint as control. */
export interface Curve {
	p0: Pt;
	p1: Pt;
	p2: Pt;
}

export const CENTRE: Pt = [50, 50];
export const ROAD_WIDTH = 9;
export const RIVER_WIDTH = 13;
/** Perimeter points P0..P7: half k runs from P[k] to P[k+1], clockwise from the north-west corner. */
export const PERIMETER: readonly Pt[] = [
	[0, 0],
	[50, 0],
	[100, 0],
	[100, 50],
	[100, 100],
	[50, 100],
	[0, 100],
	[0, 50]
];
export const MID: Record<Side, Pt> = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
export const INWARD: Record<Side, Pt> = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] };
/** Corner points for items (gardens, stables, icons) and the halves that meet there. */
export const CORNERS = {
	NW: { at: [17, 17] as Pt, sides: ['N', 'W'] as Side[] },
	NE: { at: [83, 17] as Pt, sides: ['N', 'E'] as Side[] },
	SE: { at: [83, 83] as Pt, sides: ['S', 'E'] as Side[] },
	SW: { at: [17, 83] as Pt, sides: ['S', 'W'] as Side[] }
};
export type CornerName = keyof typeof CORNERS;

// ---- small vector helpers
export const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
export const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
export const lerp = (a: Pt, b: Pt, t: number): Pt => [
	a[0] + (b[0] - a[0]) * t,
	a[1] + (b[1] - a[1]) * t
];
export const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const same = (a: Pt, b: Pt): boolean => dist(a, b) < 0.01;
export const fmt = (n: number): string => String(Math.round(n * 100) / 100);
export const pt = (p: Pt): string => `${fmt(p[0])} ${fmt(p[1])}`;

export function curveAt(c: Curve, t: number): Pt {
	const u = 1 - t;
	return [
		u * u * c.p0[0] + 2 * u * t * c.p1[0] + t * t * c.p2[0],
		u * u * c.p0[1] + 2 * u * t * c.p1[1] + t * t * c.p2[1]
	];
}
function curveTangent(c: Curve, t: number): Pt {
	const d = add(mul(sub(c.p1, c.p0), 2 * (1 - t)), mul(sub(c.p2, c.p1), 2 * t));
	const len = Math.hypot(d[0], d[1]) || 1;
	return [d[0] / len, d[1] / len];
}
/** The part of a curve between t0 and t1 (blossoming), for bridges. */
export function subCurve(c: Curve, t0: number, t1: number): Curve {
	const blossom = (a: number, b: number): Pt =>
		add(add(mul(c.p0, (1 - a) * (1 - b)), mul(c.p1, (1 - a) * b + a * (1 - b))), mul(c.p2, a * b));
	return { p0: blossom(t0, t0), p1: blossom(t0, t1), p2: blossom(t1, t1) };
}
export const curvePath = (c: Curve): string => `M${pt(c.p0)}Q${pt(c.p1)} ${pt(c.p2)}`;
/** The outline of a curve stroked with `width`, as a closed polygon path (hit areas, highlights). */
export function strokeOutline(c: Curve, width: number): string {
	const left: Pt[] = [];
	const right: Pt[] = [];
	for (let i = 0; i <= 12; i++) {
		const t = i / 12;
		const p = curveAt(c, t);
		const [tx, ty] = curveTangent(c, t);
		const n: Pt = [-ty * (width / 2), tx * (width / 2)];
		left.push(add(p, n));
		right.push(sub(p, n));
	}
	return 'M' + [...left, ...right.reverse()].map(pt).join('L') + 'Z';
}
export const circlePath = (c: Pt, r: number): string =>
	`M${pt([c[0] - r, c[1]])}a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(2 * r)} 0a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(-2 * r)} 0Z`;
export const rectPath = (c: Pt, r: number): string =>
	`M${pt([c[0] - r, c[1] - r])}h${fmt(2 * r)}v${fmt(2 * r)}h${fmt(-2 * r)}Z`;

/**
 * The runs of consecutive `true` entries of a ring (sides or halves, clockwise), each as its first
 * and last index; a run may wrap past the end. The ring must not be all `true`.
 */
export function cyclicRuns(on: readonly boolean[]): [number, number][] {
	const n = on.length;
	const runs: [number, number][] = [];
	for (let i = 0; i < n; i++) {
		if (!on[i] || on[(i + n - 1) % n]) continue;
		let j = i;
		while (on[(j + 1) % n]) j = (j + 1) % n;
		runs.push([i, j]);
	}
	return runs;
}
