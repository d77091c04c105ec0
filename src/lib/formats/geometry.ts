// Tile geometry shared by the validator, the renderer, the engine and the editor.
// Places on the tile border: sides N E S W and half-sides NL NR EL ER SL SR WL WR
// (L/R as seen from the centre looking out). Clockwise from the north-west corner the halves
// run NL NR EL ER SL SR WL WR, so a clockwise quarter turn is "+1 side" and "+2 halves".
import type { Feature, Half, Side, Tile } from './schema-types.ts';

export type { Feature, Half, Side, Tile };
export type EdgeType = 'road' | 'city' | 'river' | 'field';
export type BorderFeatureType = 'road' | 'city' | 'river';

export const SIDES: readonly Side[] = ['N', 'E', 'S', 'W'];
export const HALVES: readonly Half[] = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
export const BORDER_TYPES: readonly BorderFeatureType[] = ['road', 'city', 'river'];
export const INNER_TYPES = ['monastery', 'garden', 'stable'] as const;

/** Side index 0..3 (N E S W). */
export const sideIndex = (s: Side): number => SIDES.indexOf(s);
/** Half index 0..7 (NL NR EL ER SL SR WL WR). */
export const halfIndex = (h: Half): number => HALVES.indexOf(h);

/** The side after `rotation` clockwise quarter turns. */
export function rotateSide(side: Side, rotation: number): Side {
	return SIDES[(sideIndex(side) + rotation) & 3];
}
export function rotateHalf(half: Half, rotation: number): Half {
	return HALVES[(halfIndex(half) + 2 * rotation) & 7];
}
export function oppositeSide(side: Side): Side {
	return SIDES[(sideIndex(side) + 2) & 3];
}
/** The two halves of a side, left then right. */
export function halvesOf(side: Side): [Half, Half] {
	const i = sideIndex(side) * 2;
	return [HALVES[i], HALVES[i + 1]];
}
export function sideOf(half: Half): Side {
	return SIDES[halfIndex(half) >> 1];
}
/** The half facing this one across the edge with the neighbour (NL faces the neighbour's SR). */
export function facingHalf(half: Half): Half {
	const i = halfIndex(half);
	// NL(0) <-> SR(5), NR(1) <-> SL(4), EL(2) <-> WR(7), ER(3) <-> WL(6)
	return HALVES[(i & 1 ? i + 3 : i + 5) & 7];
}
/**
 * The other side that meets this half at its corner: NL lies at the north-west corner, next to W;
 * NR at the north-east corner, next to E.
 */
export function cornerNeighbourSide(half: Half): Side {
	const i = halfIndex(half);
	return SIDES[((i >> 1) + (i & 1 ? 1 : 3)) & 3];
}
/** Corner names for messages: the corner a half touches. */
export function cornerName(half: Half): string {
	const a = sideOf(half);
	const b = cornerNeighbourSide(half);
	const ns = a === 'N' || a === 'S' ? a : b;
	const ew = a === 'E' || a === 'W' ? a : b;
	return `${ns === 'N' ? 'north' : 'south'}-${ew === 'E' ? 'east' : 'west'}`;
}
export const SIDE_NAMES: Record<Side, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };
/** A half-side in words. */
export const HALF_WORDS: Record<Half, string> = {
	NL: 'the west half of the north side',
	NR: 'the east half of the north side',
	EL: 'the north half of the east side',
	ER: 'the south half of the east side',
	SL: 'the east half of the south side',
	SR: 'the west half of the south side',
	WL: 'the south half of the west side',
	WR: 'the north half of the west side'
};

/** Board offset of the neighbour across a side (y grows to the south). */
export const SIDE_DELTA: Record<Side, readonly [number, number]> = {
	N: [0, -1],
	E: [1, 0],
	S: [0, 1],
	W: [-1, 0]
};

/**
 * The edge type of each side (N E S W, unrotated), derived from the features: the side of a road,
 * city or river has that type, any other side is field. Undefined behaviour for invalid tiles is
 * avoided: the first border feature wins, and entries that are not features or sides are skipped.
 */
export function edgeTypes(tile: Pick<Tile, 'features'>): [EdgeType, EdgeType, EdgeType, EdgeType] {
	const edges: [EdgeType, EdgeType, EdgeType, EdgeType] = ['field', 'field', 'field', 'field'];
	const set = [false, false, false, false];
	for (const f of tile.features ?? []) {
		if (
			(f?.type !== 'road' && f?.type !== 'city' && f?.type !== 'river') ||
			!Array.isArray(f.sides)
		)
			continue;
		for (const s of f.sides) {
			const i = sideIndex(s);
			if (i >= 0 && !set[i]) {
				edges[i] = f.type;
				set[i] = true;
			}
		}
	}
	return edges;
}

/** Edge types after rotation: result[i] is the type on board side SIDES[i]. */
export function rotatedEdges(edges: readonly EdgeType[], rotation: number): EdgeType[] {
	const r = rotation & 3;
	return [0, 1, 2, 3].map((i) => edges[(i - r + 4) & 3]);
}

export function isRiverTile(tile: Pick<Tile, 'features'>): boolean {
	return (tile.features ?? []).some((f) => f.type === 'river');
}

/** Number of physical copies of a tile in a game with `players` players. */
export function copiesOf(tile: Pick<Tile, 'count'>, players: number): number {
	return typeof tile.count === 'number' ? tile.count : tile.count.perPlayer * players;
}
