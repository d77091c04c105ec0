// Pure tile-edit commands: each takes a tile and returns a new tile (the input is never mutated),
// whether the change belongs in the undo history, and optionally the feature to select afterwards.
// The canvas, the feature panel and the keyboard all go through these. Here: giving places to
// features, creating, deleting, merging and splitting them, and painting a stroke; the property
// setters are in property-commands.ts, adjacency in adjacency.ts, what they share in tile-edit.ts
// (all re-exported from here).
import {
	HALVES,
	halfIndex,
	halvesOf,
	sideOf,
	type Feature,
	type Half,
	type Tile
} from '../formats/geometry.ts';
import { fieldRegions } from './field-regions.ts';
import type { Modifiers } from '../formats/schema-types.ts';
import {
	isBorderType,
	isHalf,
	isInnerType,
	isSide,
	nextFeatureId,
	result,
	sortHalves,
	sortSides,
	tidy,
	unchanged,
	withFeatures,
	type EditResult,
	type FeatureType,
	type InnerType,
	type Place
} from './tile-edit.ts';
import { suggestAdjacency, withCityNeighbours } from './adjacency.ts';

export * from './tile-edit.ts';
export * from './property-commands.ts';
export { suggestAdjacency, applySuggestedAdjacency } from './adjacency.ts';

/**
 * Gives the places to a feature: a road, city or river takes whole sides (a half stands for its
 * side), a field takes halves (a side stands for both its halves). Places leave the features that
 * held them; a city side also takes its halves away from the fields (a city side has no field
 * halves), a field half takes its side away from a city. With `toggle`, places the feature already
 * holds all of are removed from it instead.
 */
export function assignPlaces(
	tile: Tile,
	featureId: string,
	places: readonly Place[],
	mode: 'add' | 'toggle' = 'add'
): EditResult {
	const target = tile.features.find((f) => f.id === featureId);
	if (!target || isInnerType(target.type) || places.length === 0) return unchanged(tile, featureId);
	if (isBorderType(target.type)) {
		const sides = [...new Set(places.map((p) => (isSide(p) ? p : sideOf(p))))];
		const held = target.sides ?? [];
		if (mode === 'toggle' && sides.every((s) => held.includes(s))) {
			const features = tile.features.map((f) =>
				f.id === featureId ? tidy({ ...f, sides: held.filter((s) => !sides.includes(s)) }) : f
			);
			return result(tile, withFeatures(tile, features), featureId);
		}
		const lostHalves = target.type === 'city' ? sides.flatMap((s) => halvesOf(s)) : [];
		const features = tile.features.map((f) => {
			if (f.id === featureId) return tidy({ ...f, sides: sortSides([...held, ...sides]) });
			// Two border features may share a side only when one crosses the other (a bridge).
			if (isBorderType(f.type) && f.sides?.some((s) => sides.includes(s)) && !crosses(target, f)) {
				return tidy({ ...f, sides: f.sides.filter((s) => !sides.includes(s)) });
			}
			if (
				f.type === 'field' &&
				lostHalves.length &&
				f.halves?.some((h) => lostHalves.includes(h))
			) {
				return { ...f, halves: f.halves.filter((h) => !lostHalves.includes(h)) };
			}
			return f;
		});
		const next = withFeatures(tile, features);
		return result(tile, target.type === 'city' ? withCityNeighbours(next) : next, featureId);
	}
	// A field.
	const halves = [...new Set(places.flatMap((p) => (isHalf(p) ? [p] : halvesOf(p))))];
	const held = target.halves ?? [];
	if (mode === 'toggle' && halves.every((h) => held.includes(h))) {
		const features = tile.features.map((f) =>
			f.id === featureId ? { ...f, halves: held.filter((h) => !halves.includes(h)) } : f
		);
		return result(tile, withFeatures(tile, features), featureId);
	}
	const sidesTaken = [...new Set(halves.map(sideOf))];
	const features = tile.features.map((f) => {
		if (f.id === featureId) return { ...f, halves: sortHalves([...held, ...halves]) };
		if (f.type === 'field' && f.halves?.some((h) => halves.includes(h))) {
			return { ...f, halves: f.halves.filter((h) => !halves.includes(h)) };
		}
		if (f.type === 'city' && f.sides?.some((s) => sidesTaken.includes(s))) {
			return tidy({ ...f, sides: f.sides.filter((s) => !sidesTaken.includes(s)) });
		}
		return f;
	});
	return result(
		tile,
		target.type === 'field'
			? withCityNeighbours(withFeatures(tile, features))
			: withFeatures(tile, features),
		featureId
	);
}

const crosses = (a: Feature, b: Feature): boolean =>
	!!(a.crosses?.includes(b.id) || b.crosses?.includes(a.id));

/** Removes the places from whatever feature holds them. */
export function clearPlaces(tile: Tile, places: readonly Place[]): EditResult {
	const sides = places.filter(isSide);
	const halves = places.filter(isHalf);
	const features = tile.features.map((f) => {
		if (isBorderType(f.type) && f.sides?.some((s) => sides.includes(s)))
			return tidy({ ...f, sides: f.sides.filter((s) => !sides.includes(s)) });
		if (f.type === 'field' && f.halves?.some((h) => halves.includes(h)))
			return { ...f, halves: f.halves.filter((h) => !halves.includes(h)) };
		return f;
	});
	return result(tile, withFeatures(tile, features));
}

/** Adds a feature of this type (with the given places), selected afterwards. */
export function createFeature(
	tile: Tile,
	type: FeatureType,
	places: readonly Place[] = []
): EditResult {
	const id = nextFeatureId(tile, type);
	const feature: Feature = { id, type };
	if (isBorderType(type)) feature.sides = [];
	if (type === 'field') feature.halves = [];
	let next = withFeatures(tile, [...tile.features, feature]);
	if (places.length) next = assignPlaces(next, id, places).tile;
	const tidied = next.features.map((f) =>
		f.id === id && isBorderType(type) && !f.sides ? { ...f, sides: [] } : f
	);
	return { tile: withFeatures(next, tidied), undoable: true, selected: id };
}

/** Adds a monastery, garden or stable: features that touch no border. */
export const addInnerFeature = (tile: Tile, type: InnerType): EditResult =>
	createFeature(tile, type);

/** Removes a feature and every reference to it (fields' cities, bridges). */
export function deleteFeature(tile: Tile, featureId: string): EditResult {
	if (!tile.features.some((f) => f.id === featureId)) return unchanged(tile);
	const features = tile.features
		.filter((f) => f.id !== featureId)
		.map((f) =>
			tidy({
				...f,
				...(f.cities ? { cities: f.cities.filter((c) => c !== featureId) } : {}),
				...(f.crosses ? { crosses: f.crosses.filter((c) => c !== featureId) } : {})
			})
		);
	return result(tile, withFeatures(tile, features), null);
}

function mergeModifiers(a: Modifiers | undefined, b: Modifiers | undefined): Modifiers | undefined {
	if (!a) return b && { ...b };
	if (!b) return { ...a };
	const out: Modifiers = { ...a };
	for (const [k, v] of Object.entries(b)) {
		const old = out[k];
		if (typeof v === 'number' && typeof old === 'number') out[k] = old + v;
		else if (typeof v === 'boolean' && typeof old === 'boolean') out[k] = old || v;
		else if (old === undefined) out[k] = v;
	}
	return out;
}

/**
 * Merges features of one type into the first: places, cities and bridges are united, numeric
 * modifiers (pennants) added up, flags or-ed; references to the merged ones now point to the first.
 */
export function mergeFeatures(tile: Tile, ids: readonly string[]): EditResult {
	const parts = ids
		.map((id) => tile.features.find((f) => f.id === id))
		.filter((f): f is Feature => !!f);
	if (parts.length < 2 || parts.some((f) => f.type !== parts[0].type))
		return unchanged(tile, ids[0]);
	const [keep, ...rest] = parts;
	const gone = new Set(rest.map((f) => f.id));
	let merged: Feature = { ...keep };
	for (const f of rest) {
		if (f.sides) merged.sides = sortSides([...(merged.sides ?? []), ...f.sides]);
		if (f.halves) merged.halves = sortHalves([...(merged.halves ?? []), ...f.halves]);
		if (f.cities) merged.cities = [...new Set([...(merged.cities ?? []), ...f.cities])];
		if (f.crosses) merged.crosses = [...new Set([...(merged.crosses ?? []), ...f.crosses])];
		merged.modifiers = mergeModifiers(merged.modifiers, f.modifiers);
	}
	const renameRef = (list: string[] | undefined, self: string) =>
		list && [...new Set(list.map((c) => (gone.has(c) ? keep.id : c)))].filter((c) => c !== self);
	merged = tidy({
		...merged,
		cities: renameRef(merged.cities, keep.id),
		crosses: renameRef(merged.crosses, keep.id)
	});
	const features = tile.features
		.filter((f) => !gone.has(f.id))
		.map((f) =>
			f.id === keep.id
				? merged
				: tidy({ ...f, cities: renameRef(f.cities, f.id), crosses: renameRef(f.crosses, f.id) })
		);
	return result(tile, withFeatures(tile, features), keep.id);
}

/** Groups halves into runs that are contiguous along the border (clockwise, wrapping round). */
export function halfRuns(halves: readonly Half[]): Half[][] {
	const has = HALVES.map((h) => halves.includes(h));
	if (has.every(Boolean)) return [[...HALVES]];
	const start = has.findIndex((x, i) => !x && has[(i + 1) % 8]);
	const runs: Half[][] = [];
	if (start < 0) return runs;
	let run: Half[] = [];
	for (let k = 1; k <= 8; k++) {
		const i = (start + k) % 8;
		if (has[i]) run.push(HALVES[i]);
		else if (run.length) {
			runs.push(run);
			run = [];
		}
	}
	if (run.length) runs.push(run);
	return runs.sort((a, b) => halfIndex(a[0]) - halfIndex(b[0]));
}

/**
 * Splits a feature: the given places move to a new feature of the same type; without places a
 * road, city or river splits into one feature per side, a field into its separate stretches of
 * border (or one per half when it is a single stretch). The new fields keep the cities list.
 */
export function splitFeature(tile: Tile, featureId: string, places?: readonly Place[]): EditResult {
	const f = tile.features.find((x) => x.id === featureId);
	if (!f || isInnerType(f.type)) return unchanged(tile, featureId);
	let groups: Place[][];
	const own: Place[] = isBorderType(f.type) ? [...(f.sides ?? [])] : [...(f.halves ?? [])];
	if (places && places.length) {
		const moving = places.filter((p) => own.includes(p));
		if (moving.length === 0 || moving.length === own.length) return unchanged(tile, featureId);
		groups = [own.filter((p) => !moving.includes(p)), moving];
	} else if (isBorderType(f.type)) {
		groups = own.map((s) => [s]);
	} else {
		// along the roads, rivers and cities that divide it; a field nothing divides by its stretches of border, else by half
		const regions = fieldRegions(tile, f.halves ?? []);
		const runs = halfRuns(f.halves ?? []);
		groups = regions.length > 1 ? regions : runs.length > 1 ? runs : own.map((h) => [h]);
	}
	if (groups.length < 2) return unchanged(tile, featureId);
	const key = isBorderType(f.type) ? 'sides' : 'halves';
	const newOnes: Feature[] = [];
	for (const group of groups.slice(1)) {
		const id = nextFeatureId(withFeatures(tile, [...tile.features, ...newOnes]), f.type);
		// Modifiers (pennants, an inn) stay with the original: they are printed once.
		const copy: Feature = tidy({ ...f, id, [key]: group });
		delete copy.modifiers;
		delete copy.name;
		newOnes.push(copy);
	}
	const features = tile.features.flatMap((x) =>
		x.id === featureId ? [{ ...x, [key]: groups[0] } as Feature, ...newOnes] : [x]
	);
	const next = withFeatures(tile, features);
	if (f.type !== 'field' || tile.handDrawnAdjacency) return result(tile, next, featureId);
	// each piece of a field borders the cities the geometry says
	const pieces = new Set([featureId, ...newOnes.map((x) => x.id)]);
	const suggestion = suggestAdjacency(next);
	return result(
		tile,
		withFeatures(
			next,
			next.features.map((x) =>
				pieces.has(x.id) ? tidy({ ...x, cities: suggestion.get(x.id) ?? [] }) : x
			)
		),
		featureId
	);
}

/**
 * A stroke over several places, as a painter would: when the feature held the first place the
 * stroke takes every place crossed away from it, otherwise it gives every place crossed to it.
 * `start` is the tile before the stroke, so the whole stroke is one edit.
 */
export function paintPlaces(start: Tile, featureId: string, places: readonly Place[]): EditResult {
	const f = start.features.find((x) => x.id === featureId);
	if (!f || places.length === 0) return unchanged(start, featureId);
	const holds = (p: Place) => {
		if (isBorderType(f.type)) return (f.sides ?? []).includes(isSide(p) ? p : sideOf(p));
		if (f.type === 'field')
			return (isHalf(p) ? [p] : halvesOf(p)).every((h) => (f.halves ?? []).includes(h));
		return false;
	};
	if (!holds(places[0])) return assignPlaces(start, featureId, places, 'add');
	let tile = start;
	for (const p of places) if (holds(p)) tile = assignPlaces(tile, featureId, [p], 'toggle').tile;
	return result(start, tile, featureId);
}
