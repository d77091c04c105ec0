// Tile layout: where each feature of a tile is drawn (city shapes, road and river curves, inner
// features, icons' corners). Shared by the SVG renderer and the editor's hit areas, so both use the
// same geometry. Everything here tolerates half-broken tiles (see normalizeTile).
import type { Side } from '../formats/geometry.ts';
import { HALVES, oppositeSide } from '../formats/geometry.ts';
import { cityShape, type CityShape } from './city-shape.ts';
import { normalizeTile, type NFeature, type NTile } from './tile-normalize.ts';
import {
	add,
	CENTRE,
	CORNERS,
	dist,
	INWARD,
	lerp,
	MID,
	mul,
	PERIMETER,
	sub,
	type CornerName,
	type Curve,
	type Pt
} from './tile-geometry.ts';

/** A stub from a side's midpoint to `target`, leaving the border at a right angle. */
function stub(side: Side, target: Pt): Curve {
	const m = MID[side];
	return { p0: m, p1: add(m, mul(INWARD[side], dist(m, target) / 2)), p2: target };
}

export interface LinearShape {
	curves: Curve[];
	/** Where the feature ends inside the tile when it is a stub: 'monastery', 'junction', 'city', 'house', 'pool'. */
	end?: string;
}

export interface Placement {
	feature: NFeature;
	at: Pt;
	/** Half the size of the drawn item. */
	r: number;
}

export interface TileLayout {
	tile: NTile;
	cities: Map<string, CityShape>;
	linear: Map<string, LinearShape>;
	/** Inner features (monastery, garden, stable, unknown types) with their positions. */
	inner: Placement[];
	/** Whether a junction square is drawn at the centre. */
	junction: boolean;
	/** Corners still free for icons, in preference order. */
	freeCorners: CornerName[];
	centreFree: boolean;
	/** Where a volcano icon is drawn large (in the middle, or in the largest field), if anywhere. */
	volcano?: { at: Pt; scale: number };
	/** Fields enclosed inside the tile (no half-sides), by id: see enclosedFields. */
	enclosed: Map<string, EnclosedField>;
}

/** A field enclosed inside the tile: a round patch at `at`, drawn over a city that covers it when `patch`. */
export interface EnclosedField {
	at: Pt;
	r: number;
	patch: boolean;
}

export const isLinear = (f: NFeature) => f.type === 'road' || f.type === 'river';

export function layoutTile(input: unknown): TileLayout {
	const tile = normalizeTile(input);
	const cities = new Map<string, CityShape>();
	for (const f of tile.features) if (f.type === 'city') cities.set(f.id, cityShape(f.sides));
	const monastery = tile.features.some((f) => f.type === 'monastery');
	// a city over the centre (band, diagonal, three sides, full, middle) swallows the road stubs
	const centreCity = tile.features.some((f) => f.type === 'city' && f.sides.length !== 1);
	const roadStubs = tile.features.filter((f) => f.type === 'road' && f.sides.length === 1);
	const junction = !monastery && !centreCity && roadStubs.length >= 2;
	const firstCity = [...cities.values()].sort(
		(x, y) => Number(y.walls.length > 0) - Number(x.walls.length > 0)
	)[0];

	const linear = new Map<string, LinearShape>();
	for (const f of tile.features) {
		if (!isLinear(f)) continue;
		const s = f.sides;
		if (s.length === 2) {
			linear.set(f.id, { curves: [{ p0: MID[s[0]], p1: CENTRE, p2: MID[s[1]] }] });
		} else if (s.length === 1) {
			let end = 'pool';
			let target: Pt = CENTRE;
			if (f.type === 'road') {
				if (monastery) end = 'monastery';
				else if (junction) end = 'junction';
				else if (centreCity) end = 'city';
				else if (firstCity) {
					end = 'city';
					target = firstCity.anchor;
				} else end = 'house';
			}
			linear.set(f.id, { curves: [stub(s[0], target)], end });
		} else if (s.length > 2) {
			linear.set(f.id, { curves: s.map((side) => stub(side, CENTRE)) });
		}
	}

	// inner features: the first monastery in the centre, the rest in free corners
	const cityOn = new Set(tile.features.filter((f) => f.type === 'city').flatMap((f) => f.sides));
	const centreTaken =
		monastery ||
		tile.features.some((f) => isLinear(f) && f.sides.length > 0) ||
		tile.features.some((f) => f.type === 'city' && f.sides.length !== 1);
	let centreFree = !centreTaken;
	const cornerOrder: CornerName[] = ['SW', 'SE', 'NE', 'NW'];
	const free = cornerOrder.filter((c) => !CORNERS[c].sides.some((s) => cityOn.has(s)));
	const spare = cornerOrder.filter((c) => !free.includes(c));
	// without a free corner, an item goes in the middle of the largest field
	const fields = tile.features
		.filter((f) => f.type === 'field')
		.sort((x, y) => y.halves.length - x.halves.length);
	const takeCorner = (): Pt => {
		const c = free.shift();
		if (c) return CORNERS[c].at;
		if (fields.length) return fieldAnchor(fields.shift()!);
		const s = spare.shift();
		return s ? CORNERS[s].at : CENTRE;
	};
	const inner: Placement[] = [];
	let monasteryPlaced = false;
	for (const f of tile.features) {
		if (f.type === 'monastery' && !monasteryPlaced) {
			monasteryPlaced = true;
			inner.push({ feature: f, at: CENTRE, r: 18 });
		}
	}
	for (const f of tile.features) {
		if (f.type === 'monastery' && inner.some((p) => p.feature === f)) continue;
		if (f.type === 'stable' && centreFree) {
			centreFree = false;
			inner.push({ feature: f, at: CENTRE, r: 15 });
		} else if (f.type === 'monastery' || f.type === 'garden' || f.type === 'stable') {
			inner.push({ feature: f, at: takeCorner(), r: f.type === 'monastery' ? 12 : 11 });
		} else if (!['road', 'river', 'city', 'field', 'quarter'].includes(f.type)) {
			inner.push({ feature: f, at: takeCorner(), r: 8 });
		}
	}
	const freeCorners = (['NE', 'NW', 'SE', 'SW'] as CornerName[]).filter((c) =>
		[...free, ...spare].includes(c)
	);
	let volcano: TileLayout['volcano'];
	if (tile.icons.includes('volcano')) {
		// a lone dead-end road ends at the volcano instead of a house
		const stubs = [...linear.values()];
		if (
			!centreFree &&
			stubs.length === 1 &&
			stubs[0].end === 'house' &&
			!inner.some((p) => p.at === CENTRE)
		) {
			stubs[0].end = 'volcano';
			centreFree = true;
		}
		if (centreFree) {
			const anchors = [...cities.values()].map((c) => sub(c.anchor, CENTRE));
			const away: Pt = anchors.length
				? mul(
						anchors.reduce((s, p) => add(s, p), [0, 0] as Pt),
						-0.3 / anchors.length
					)
				: [0, 4];
			volcano = { at: add(CENTRE, away), scale: anchors.length ? 0.85 : 1 };
			centreFree = false;
		} else {
			const big = tile.features
				.filter((f) => f.type === 'field')
				.sort((x, y) => y.halves.length - x.halves.length)[0];
			if (big && big.halves.length >= 4 && !centreCity)
				volcano = { at: fieldAnchor(big), scale: 0.5 };
		}
	}
	const enclosed = enclosedFields(tile, cities);
	return { tile, cities, linear, inner, junction, freeCorners, centreFree, volcano, enclosed };
}

/**
 * Where each enclosed field lies: between the cities it borders (the mean of their anchors), fields
 * that would fall together spread apart — across a city bridge, clear of its deck (two crossing
 * cities with a field on either side). A city band, three-sided or full city (not a bridge) covers
 * the middle: over it the field is drawn as a patch; between caps and corners the gap is the field.
 */
function enclosedFields(tile: NTile, cities: Map<string, CityShape>): Map<string, EnclosedField> {
	const out = new Map<string, EnclosedField>();
	const fields = tile.features.filter((f) => f.type === 'field');
	const inside = fields.filter((f) => f.halves.length === 0);
	if (fields.length < 2 || inside.length === 0) return out;
	const bridge = tile.features.find(
		(f) => f.type === 'city' && f.sides.length === 2 && f.crosses.some((id) => cities.has(id))
	);
	const covered = tile.features.some((f) => {
		if (f.type !== 'city' || f.crosses.some((id) => cities.has(id))) return false;
		const [a, b] = f.sides;
		return f.sides.length >= 3 || (f.sides.length === 2 && a === oppositeSide(b));
	});
	// spread across a bridge (west to east over a north–south deck), else north to south
	const axis: Pt = bridge && INWARD[bridge.sides[0]][0] === 0 ? [1, 0] : [0, 1];
	const spots = inside.map((f) => {
		const anchors = f.cities.flatMap((id) => {
			const c = cities.get(id);
			return c ? [c.anchor] : [];
		});
		return anchors.length
			? mul(
					anchors.reduce((s, p) => add(s, p), [0, 0] as Pt),
					1 / anchors.length
				)
			: CENTRE;
	});
	inside.forEach((f, i) => {
		const same = spots.flatMap((p, j) => (dist(p, spots[i]) < 1 ? [j] : []));
		const k = same.indexOf(i);
		const offset = same.length > 1 ? (k - (same.length - 1) / 2) * (44 / (same.length - 1)) : 0;
		out.set(f.id, {
			at: add(spots[i], mul(axis, offset)),
			r: same.length > 1 ? 9 : 10,
			patch: covered
		});
	});
	return out;
}

/** A point inside the field, near the middle of the border it touches. */
export function fieldAnchor(f: NFeature): Pt {
	if (f.halves.length === 0) return CENTRE;
	const pts = f.halves.map((h) => {
		const i = HALVES.indexOf(h);
		const m = lerp(PERIMETER[i], PERIMETER[(i + 1) & 7], 0.5);
		return lerp(m, CENTRE, 0.25);
	});
	return [
		pts.reduce((x, p) => x + p[0], 0) / pts.length,
		pts.reduce((y, p) => y + p[1], 0) / pts.length
	];
}
