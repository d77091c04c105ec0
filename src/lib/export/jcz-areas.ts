// The clickable areas and meeple points of a tile for JCloisterZone's artwork (shapes.json): the
// renderer's feature areas (featureShapes, drawn in order, a later one on top) made disjoint, each
// area minus every area above it — a field without the monastery, garden, roads and enclosed fields
// on it, a city without the enclosed field it surrounds — and a point well inside what is left of
// each, so no two features share a point and no area covers another feature's point (the client
// draws every field's area under the others, whatever the tile). The areas are polygons (curves
// flattened), written as plain path data: one ring per outline, holes wound the other way, so
// SVG's default nonzero rule leaves them open, as the client's own clip paths are read.
import polygonClipping, { type MultiPolygon, type Pair, type Ring } from 'polygon-clipping';
import polylabel from 'polylabel';
import svgpath from 'svgpath';
import type { Tile } from '../formats/schema-types.ts';
import { featureShapes } from '../render/tile-svg.ts';

/** Segments per curve when a curve becomes a polyline (a quarter circle of a 900 px tile: ~1 px off). */
const CURVE_STEPS = 16;
/** A feature's own point is kept when it lies this far inside its area (tile units, 0..100)… */
const KEEP_DEPTH = 4;

export interface JczArea {
	featureId: string;
	/** The area as polygons in tile units (0..100, unrotated); empty when wholly covered. */
	polygons: MultiPolygon;
	/** Where the meeple stands, inside the area. */
	point: Pair;
}

/** The closed outlines of SVG path data, curves and arcs flattened to polylines. */
export function pathRings(d: string): Ring[] {
	const rings: Ring[] = [];
	let ring: Ring = [];
	const close = () => {
		if (ring.length >= 3) rings.push(ring);
		ring = [];
	};
	svgpath(d)
		.abs()
		.unarc()
		.unshort()
		.iterate((s, _i, x, y) => {
			const bezier = (c: number[]) => {
				for (let k = 1; k <= CURVE_STEPS; k++) {
					const t = k / CURVE_STEPS;
					const u = 1 - t;
					ring.push(
						c.length === 4
							? [
									u * u * x + 2 * u * t * c[0] + t * t * c[2],
									u * u * y + 2 * u * t * c[1] + t * t * c[3]
								]
							: [
									u * u * u * x + 3 * u * u * t * c[0] + 3 * u * t * t * c[2] + t * t * t * c[4],
									u * u * u * y + 3 * u * u * t * c[1] + 3 * u * t * t * c[3] + t * t * t * c[5]
								]
					);
				}
			};
			switch (s[0]) {
				case 'M':
					close();
					ring.push([s[1], s[2]]);
					break;
				case 'L':
					ring.push([s[1], s[2]]);
					break;
				case 'H':
					ring.push([s[1], y]);
					break;
				case 'V':
					ring.push([x, s[1]]);
					break;
				case 'Q':
				case 'C':
					bezier(s.slice(1) as number[]);
					break;
				case 'Z':
				case 'z':
					close();
			}
		});
	close();
	return rings;
}

/** The union of a path's outlines (a road of three stubs, a city's caps and bridge deck). */
const areaOf = (d: string): MultiPolygon => {
	const rings = pathRings(d).map((r): Ring[] => [r]);
	try {
		return rings.length ? polygonClipping.union(rings[0], ...rings.slice(1)) : [];
	} catch {
		return rings;
	}
};

/** `a` without `b`; the polygon library's rare failure on a degenerate outline leaves `a` whole. */
function difference(a: MultiPolygon, b: MultiPolygon[]): MultiPolygon {
	try {
		return polygonClipping.difference(a, ...b);
	} catch {
		return a;
	}
}

/** Nonzero winding: inside when the rings wind around the point (holes wind the other way). */
export function contains(polygons: MultiPolygon, [px, py]: Pair): boolean {
	let winding = 0;
	for (const ring of polygons.flat()) {
		for (let i = 0; i < ring.length; i++) {
			const [x1, y1] = ring[i];
			const [x2, y2] = ring[(i + 1) % ring.length];
			const side = (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1);
			if (y1 <= py && y2 > py && side > 0) winding++;
			else if (y1 > py && y2 <= py && side < 0) winding--;
		}
	}
	return winding !== 0;
}

/** Distance from a point to the nearest outline of the polygons. */
function edgeDistance(polygons: MultiPolygon, [px, py]: Pair): number {
	let best = Infinity;
	for (const ring of polygons.flat()) {
		for (let i = 0; i < ring.length; i++) {
			const [x1, y1] = ring[i];
			const [x2, y2] = ring[(i + 1) % ring.length];
			const dx = x2 - x1;
			const dy = y2 - y1;
			const t = Math.max(
				0,
				Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy || 1))
			);
			best = Math.min(best, Math.hypot(px - x1 - t * dx, py - y1 - t * dy));
		}
	}
	return best;
}

const polygonArea = (p: Ring[]): number =>
	p.reduce(
		(sum, ring, k) =>
			sum +
			(k === 0 ? 1 : -1) *
				Math.abs(
					ring.reduce((a, [x, y], i) => {
						const [x2, y2] = ring[(i + 1) % ring.length];
						return a + x * y2 - x2 * y;
					}, 0) / 2
				),
		0
	);

/**
 * Per feature of the tile (in the renderer's drawing order) its area without the areas drawn above
 * it, and a point inside: the renderer's anchor when it lies well inside, else the point of the
 * largest piece farthest from its outline.
 */
export function jczAreas(tile: Tile): JczArea[] {
	const shapes = featureShapes(tile);
	const own = shapes.map((s) => areaOf(s.path));
	return shapes.map((s, i) => {
		const above = own.slice(i + 1).filter((a) => a.length);
		const polygons = above.length && own[i].length ? difference(own[i], above) : own[i];
		const anchor: Pair = [s.anchor.x, s.anchor.y];
		if (!polygons.length) return { featureId: s.featureId, polygons, point: anchor };
		const largest = polygons.reduce((a, b) => (polygonArea(b) > polygonArea(a) ? b : a));
		const pole = polylabel(largest, 0.5);
		const keep =
			contains(polygons, anchor) &&
			edgeDistance(polygons, anchor) >= Math.min(KEEP_DEPTH, pole.distance / 2);
		return { featureId: s.featureId, polygons, point: keep ? anchor : [pole[0], pole[1]] };
	});
}

/** Polygons as path data, scaled by `factor` and rounded to `decimals`. */
export function polygonsPath(polygons: MultiPolygon, factor: number, decimals = 1): string {
	const r = (n: number) => String(Math.round(n * factor * 10 ** decimals) / 10 ** decimals);
	return polygons
		.flat()
		.map((ring) => {
			const pts =
				ring.length > 1 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1]
					? ring.slice(0, -1)
					: ring;
			return `M${pts.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z`;
		})
		.join('');
}
