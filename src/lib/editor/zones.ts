// The clickable places of the tile editor, in the tile's 0..100 coordinates (y down): an outer
// ring of 8 half-sides (for fields), an inner ring of 4 sides (for roads, cities, rivers) and the
// centre (inner features). Pure geometry, shared by the canvas and the browser tests; the perimeter
// points (corners and side middles, clockwise from the north-west corner) are the renderer's.
import { HALVES, SIDES, type Half, type Side } from '../formats/geometry.ts';
import { PERIMETER, type Pt } from '../render/layout.ts';

export type { Pt };
/** Depth of the half-side ring and of the side ring, from the border towards the centre. */
export const HALF_DEPTH = 14;
export const SIDE_DEPTH = 34;

const toward = (p: Pt, depth: number): Pt => {
	// corners move diagonally, middles straight in: both end up `depth` from their borders
	const dx = p[0] === 0 ? depth : p[0] === 100 ? -depth : 0;
	const dy = p[1] === 0 ? depth : p[1] === 100 ? -depth : 0;
	return [p[0] + dx, p[1] + dy];
};

/** Polygon of a half-side's zone. */
export function halfZone(half: Half): Pt[] {
	const i = HALVES.indexOf(half);
	const a = PERIMETER[i];
	const b = PERIMETER[(i + 1) & 7];
	return [a, b, toward(b, HALF_DEPTH), toward(a, HALF_DEPTH)];
}

/** Polygon of a side's zone: the band inside its two halves. */
export function sideZone(side: Side): Pt[] {
	const j = SIDES.indexOf(side) * 2;
	const a = PERIMETER[j];
	const b = PERIMETER[(j + 2) & 7];
	return [toward(a, HALF_DEPTH), toward(b, HALF_DEPTH), toward(b, SIDE_DEPTH), toward(a, SIDE_DEPTH)];
}

/** Where inner features stand: spread round the centre. */
export function innerSpot(n: number, of: number): Pt {
	if (of <= 1) return [50, 50];
	const angle = (2 * Math.PI * n) / of - Math.PI / 2;
	return [50 + 9 * Math.cos(angle), 50 + 9 * Math.sin(angle)];
}

/** A point well inside a place's zone (its centroid). */
export function zoneCentre(place: Side | Half): Pt {
	const poly = (SIDES as readonly string[]).includes(place) ? sideZone(place as Side) : halfZone(place as Half);
	return [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];
}
