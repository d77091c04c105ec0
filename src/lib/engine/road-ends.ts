// Where a road ends on a tile, read from the tile's geometry: at a city gate, at a crossroads
// (village, junction, monastery) or nowhere to go on. A figure that rides on along a road (data
// steps of type 'act' with the reach 'road-end', data-act.ts) goes on from there.
import { SIDES } from '../formats/geometry.ts';
import type { CTile } from './types.ts';

const single = (t: CTile, i: number) => t.features[i].kind === 'road' && t.features[i].sides === 1;

/**
 * Where a road ending on tile `t` (local feature `i`, one side) ends, from the tile's geometry: at
 * the tile's city when it is the only road ending on a tile with a city (a city gate), or when a
 * city running from side to side separates it from the other roads ending there (roads from north
 * and south into a city band); otherwise, with two or more roads ending on the tile, at a
 * crossroads (village, junction, monastery); else nowhere to ride on (a farmstead, a lone monastery).
 */
export function roadEnd(t: CTile, i: number): RoadEnd {
	let ends = roadEnds.get(t);
	if (!ends) roadEnds.set(t, (ends = []));
	if (!(i in ends)) ends[i] = findRoadEnd(t, i);
	return ends[i];
}
export type RoadEnd = { readonly city: number } | { readonly roads: readonly number[] } | null;
/** Per compiled tile, roadEnd of each local feature asked so far (the geometry never changes). */
const roadEnds = new WeakMap<CTile, RoadEnd[]>();

function findRoadEnd(t: CTile, i: number): RoadEnd {
	const cities = t.features.flatMap((f, j) => (f.kind === 'city' ? [j] : []));
	const singles = t.features.flatMap((_, j) => (single(t, j) ? [j] : []));
	if (singles.length === 1) return cities.length ? { city: cities[0] } : null;
	const side = (j: number) => SIDES.indexOf((t.def.features[j].sides ?? [])[0]);
	const mine = side(i);
	for (const c of cities) {
		const cs = (t.def.features[c].sides ?? []).map((x) => SIDES.indexOf(x));
		// a band across the tile (both sides of one axis) separates the roads on the other axis
		const band = (cs.includes(1) && cs.includes(3)) || (cs.includes(0) && cs.includes(2));
		if (band && !cs.includes(mine)) return { city: c };
	}
	return { roads: singles.filter((j) => j !== i) };
}
