// A city's drawn shape: its area and walls by the sides it touches, and the deck of a city bridge.
import type { Side } from '../formats/geometry.ts';
import { SIDES } from '../formats/geometry.ts';
import {
	add,
	CENTRE,
	circlePath,
	cyclicRuns,
	INWARD,
	lerp,
	MID,
	mul,
	PERIMETER,
	pt,
	sub,
	type Curve,
	type Pt
} from './tile-geometry.ts';

/** A city wall: a cubic curve from `a` to `b` through the tile. */
export interface Wall {
	a: Pt;
	c1: Pt;
	c2: Pt;
	b: Pt;
}
export interface CityShape {
	sides: Side[];
	path: string;
	walls: Wall[];
	anchor: Pt;
}
const wallPath = (w: Wall): string => `M${pt(w.a)}C${pt(w.c1)} ${pt(w.c2)} ${pt(w.b)}`;
export const wallsPath = (walls: Wall[]): string => walls.map(wallPath).join('');

/**
 * A city touching `sides`: a cap (one side), a diagonal (two adjacent), a band (two opposite), a
 * three-sided city, the full tile, or a small round city in the middle when it touches no side.
 */
export function cityShape(sides: Side[]): CityShape {
	const on = SIDES.map((s) => sides.includes(s));
	const count = on.filter(Boolean).length;
	if (count === 0) return { sides: [], path: circlePath(CENTRE, 17), walls: [], anchor: CENTRE };
	if (count === 4) return { sides: [...SIDES], path: 'M0 0H100V100H0Z', walls: [], anchor: CENTRE };
	// runs of consecutive city sides, clockwise
	const runs = cyclicRuns(on);
	let path = '';
	const walls: Wall[] = [];
	runs.forEach(([a, b], k) => {
		const [nextA] = runs[(k + 1) % runs.length];
		const start = PERIMETER[2 * a];
		path += (k === 0 ? 'M' : 'L') + pt(start);
		for (let s = a; ; s = (s + 1) & 3) {
			path += 'L' + pt(PERIMETER[(2 * s + 2) & 7]);
			if (s === b) break;
		}
		const from = PERIMETER[(2 * b + 2) & 7];
		const to = PERIMETER[2 * nextA];
		const gap = (nextA - b - 1 + 4) & 3;
		const w = wall(from, to, gap === 2 ? PERIMETER[(2 * b + 4) & 7] : null);
		walls.push(w);
		path += `C${pt(w.c1)} ${pt(w.c2)} ${pt(w.b)}`;
	});
	path += 'Z';
	const depth = count === 1 ? 13 : 16;
	const inner = SIDES.filter((_, i) => on[i]).map((s) => add(MID[s], mul(INWARD[s], depth)));
	const anchor: Pt = [
		inner.reduce((x, p) => x + p[0], 0) / inner.length,
		inner.reduce((y, p) => y + p[1], 0) / inner.length
	];
	return { sides: SIDES.filter((_, i) => on[i]), path, walls, anchor };
}
/** A wall between two corners: it leaves each corner at 45° (caps, bands); a diagonal is nearly straight. */
function wall(a: Pt, b: Pt, gapCorner: Pt | null): Wall {
	if (gapCorner) {
		const m = sub(CENTRE, gapCorner);
		const k = 5 / (Math.hypot(m[0], m[1]) || 1);
		return { a, c1: add(lerp(a, b, 1 / 3), mul(m, k)), c2: add(lerp(a, b, 2 / 3), mul(m, k)), b };
	}
	return { a, c1: lerp(a, CENTRE, 0.82), c2: lerp(b, CENTRE, 0.82), b };
}

/** The deck of a city bridge between its first two sides. */
export function bridgeDeck(sides: Side[]): Curve {
	return { p0: MID[sides[0]], p1: CENTRE, p2: MID[sides[1]] };
}
