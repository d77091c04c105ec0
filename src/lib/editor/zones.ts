// The clickable places of the tile editor, in the tile's 0..100 coordinates (y down): an outer
// ring of 8 half-sides (for fields) and an inner ring of 4 sides (for roads, cities, rivers); inner
// features are hit where the renderer draws them (layoutTile). Pure geometry, shared by the canvas
// and the browser tests; the perimeter points (corners and side middles, clockwise from the
// north-west corner) are the renderer's.
import {
	HALF_WORDS,
	HALVES,
	SIDES,
	SIDE_NAMES,
	type Half,
	type Side
} from '../formats/geometry.ts';
import { PERIMETER, type Pt } from '../render/tile-geometry.ts';

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
	return [
		toward(a, HALF_DEPTH),
		toward(b, HALF_DEPTH),
		toward(b, SIDE_DEPTH),
		toward(a, SIDE_DEPTH)
	];
}

/** A place in words: 'the north side', 'the west half of the north side'. */
export function placeWords(place: Side | Half): string {
	return (SIDES as readonly string[]).includes(place)
		? `the ${SIDE_NAMES[place as Side]} side`
		: HALF_WORDS[place as Half];
}

/** A point well inside a place's zone (its centroid). */
export function zoneCentre(place: Side | Half): Pt {
	const poly = (SIDES as readonly string[]).includes(place)
		? sideZone(place as Side)
		: halfZone(place as Half);
	return [
		poly.reduce((s, p) => s + p[0], 0) / poly.length,
		poly.reduce((s, p) => s + p[1], 0) / poly.length
	];
}
