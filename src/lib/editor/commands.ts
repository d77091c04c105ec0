// Pure tile-edit commands: each takes a tile and returns a new tile (the input is never mutated),
// whether the change belongs in the undo history, and optionally the feature to select afterwards.
// The canvas, the feature panel and the keyboard all go through these.
import {
	HALVES,
	SIDES,
	cornerNeighbourSide,
	halfIndex,
	halvesOf,
	sideOf,
	type Feature,
	type Half,
	type Side,
	type Tile
} from '../formats/geometry.ts';
import { fieldRegions } from './field-regions.ts';
import type { Modifiers, TileCount } from '../formats/schema-types.ts';

export type FeatureType = Feature['type'];
export type InnerType = 'monastery' | 'garden' | 'stable';
export type Place = Side | Half;

export interface EditResult {
	tile: Tile;
	/** False for changes that are not worth an undo step (nothing changed, a selection). */
	undoable: boolean;
	/** The feature the editor should select after the command. */
	selected?: string | null;
}

export const FEATURE_TYPES: readonly FeatureType[] = [
	'city',
	'road',
	'river',
	'field',
	'monastery',
	'garden',
	'stable'
];
const PREFIX: Record<FeatureType, string> = {
	city: 'c',
	road: 'r',
	river: 'v',
	field: 'f',
	monastery: 'm',
	garden: 'g',
	stable: 's',
	quarter: 'q'
};

export const isBorderType = (t: FeatureType): t is 'road' | 'city' | 'river' =>
	t === 'road' || t === 'city' || t === 'river';
export const isInnerType = (t: FeatureType): t is InnerType =>
	t === 'monastery' || t === 'garden' || t === 'stable';
export const isSide = (p: string): p is Side => (SIDES as readonly string[]).includes(p);
export const isHalf = (p: string): p is Half => (HALVES as readonly string[]).includes(p);

const unchanged = (tile: Tile, selected?: string | null): EditResult => ({
	tile,
	undoable: false,
	selected
});

/** A deep copy through JSON: tiles are plain data. */
export const cloneTile = (tile: Tile): Tile => JSON.parse(JSON.stringify(tile)) as Tile;

const sameTile = (a: Tile, b: Tile): boolean => JSON.stringify(a) === JSON.stringify(b);

function result(before: Tile, after: Tile, selected?: string | null): EditResult {
	return { tile: after, undoable: !sameTile(before, after), selected };
}

/** The first unused id for a new feature of this type: c1, c2, … */
export function nextFeatureId(tile: Tile, type: FeatureType): string {
	const used = new Set((tile.features ?? []).map((f) => f.id));
	for (let n = 1; ; n++) {
		const id = `${PREFIX[type]}${n}`;
		if (!used.has(id)) return id;
	}
}

function withFeatures(tile: Tile, features: Feature[]): Tile {
	return { ...tile, features };
}

// Removes empty optional lists so the JSON the designer sees stays tidy.
function tidy(f: Feature): Feature {
	const out: Feature = { ...f };
	if (out.cities && out.cities.length === 0) delete out.cities;
	if (out.crosses && out.crosses.length === 0) delete out.crosses;
	if (out.modifiers && Object.keys(out.modifiers).length === 0) delete out.modifiers;
	if (out.sides && out.sides.length === 0 && isBorderType(out.type)) delete out.sides;
	return out;
}

const sortSides = (sides: Side[]): Side[] => SIDES.filter((s) => sides.includes(s));
const sortHalves = (halves: Half[]): Half[] => HALVES.filter((h) => halves.includes(h));

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

/** Sets (or with `undefined`, removes) a modifier on a feature: pennants, inn, cathedral, livestock… */
export function setModifier(
	tile: Tile,
	featureId: string,
	name: string,
	value: number | boolean | undefined
): EditResult {
	if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(name)) return unchanged(tile, featureId);
	const features = tile.features.map((f) => {
		if (f.id !== featureId) return f;
		const modifiers: Modifiers = { ...(f.modifiers ?? {}) };
		if (value === undefined || value === false || value === 0) delete modifiers[name];
		else modifiers[name] = value;
		return tidy({ ...f, modifiers });
	});
	return result(tile, withFeatures(tile, features), featureId);
}

/** Turns an icon (lute, mayor, volcano, dragon, …) on or off. */
export function toggleIcon(tile: Tile, icon: string): EditResult {
	if (!/^[a-z][a-z0-9-]*$/.test(icon)) return unchanged(tile);
	const icons = tile.icons ?? [];
	const next: Tile = {
		...tile,
		icons: icons.includes(icon) ? icons.filter((i) => i !== icon) : [...icons, icon]
	};
	if (next.icons!.length === 0) delete next.icons;
	return result(tile, next);
}

export function setCount(tile: Tile, count: TileCount): EditResult {
	return result(tile, { ...tile, count });
}

type TileProps = Omit<Tile, 'features' | 'count' | 'icons'>;
/** Sets a plain property of the tile (name, type, role, artwork, …); `undefined` removes it. */
export function setTileProperty<K extends keyof TileProps>(
	tile: Tile,
	key: K,
	value: TileProps[K] | undefined
): EditResult {
	const next: Tile = { ...tile };
	if (value === undefined || value === '' || value === false) delete next[key];
	else next[key] = value as Tile[K];
	return result(tile, next);
}

/** Sets a feature's id, type or name; the id is renamed in every reference. */
export function setFeatureProperty(
	tile: Tile,
	featureId: string,
	key: 'id' | 'type' | 'name',
	value: string
): EditResult {
	const f = tile.features.find((x) => x.id === featureId);
	if (!f) return unchanged(tile);
	if (key === 'id') {
		if (!/^[a-z][a-z0-9_-]*$/.test(value) || tile.features.some((x) => x.id === value))
			return unchanged(tile, featureId);
		const ren = (l?: string[]) => l?.map((c) => (c === featureId ? value : c));
		const features = tile.features.map((x) => {
			const y = {
				...x,
				...(x.cities ? { cities: ren(x.cities) } : {}),
				...(x.crosses ? { crosses: ren(x.crosses) } : {})
			};
			return x.id === featureId ? { ...y, id: value } : y;
		});
		return result(tile, withFeatures(tile, features), value);
	}
	if (key === 'type') {
		if (!(FEATURE_TYPES as readonly string[]).includes(value)) return unchanged(tile, featureId);
		const type = value as FeatureType;
		const features = tile.features.map((x) => {
			if (x.id !== featureId) return x;
			const y: Feature = { ...x, type };
			if (!isBorderType(type)) delete y.sides;
			else y.sides ??= [];
			if (type !== 'field') {
				delete y.halves;
				delete y.cities;
			} else y.halves ??= [];
			return y;
		});
		return result(tile, withFeatures(tile, features), featureId);
	}
	const features = tile.features.map((x) => {
		if (x.id !== featureId) return x;
		const y: Feature = { ...x, name: value };
		if (!value) delete y.name;
		return y;
	});
	return result(tile, withFeatures(tile, features), featureId);
}

/** Sets the cities a field borders. */
export function setFieldCities(tile: Tile, fieldId: string, cities: readonly string[]): EditResult {
	const features = tile.features.map((f) =>
		f.id === fieldId && f.type === 'field' ? tidy({ ...f, cities: [...cities] }) : f
	);
	return result(tile, withFeatures(tile, features), fieldId);
}

/** Sets the features a road, city or river crosses (a bridge over them); an empty list removes it. */
export function setFeatureCrosses(
	tile: Tile,
	featureId: string,
	crosses: readonly string[]
): EditResult {
	const features = tile.features.map((f) =>
		f.id === featureId && isBorderType(f.type) ? tidy({ ...f, crosses: [...crosses] }) : f
	);
	return result(tile, withFeatures(tile, features), featureId);
}

/**
 * The cities each field borders according to the geometry: a field holding the half next to a
 * city side (at the corner) borders that city. Hand-drawn tiles may differ; this is a suggestion.
 */
export function suggestAdjacency(tile: Tile): Map<string, string[]> {
	const cityOfSide = new Map<Side, string>();
	for (const f of tile.features)
		if (f.type === 'city')
			for (const s of f.sides ?? []) if (!cityOfSide.has(s)) cityOfSide.set(s, f.id);
	const out = new Map<string, string[]>();
	for (const f of tile.features) {
		if (f.type !== 'field') continue;
		const cities = new Set<string>();
		for (const h of [...(f.halves ?? [])].sort((a, b) => halfIndex(a) - halfIndex(b))) {
			const c = cityOfSide.get(cornerNeighbourSide(h));
			if (c) cities.add(c);
		}
		out.set(f.id, [...cities]);
	}
	return out;
}

/**
 * After a city or a field is drawn: each field gains the cities the geometry says it borders (none is taken
 * away). Tiles marked `handDrawnAdjacency` keep their lists as drawn.
 */
function withCityNeighbours(tile: Tile): Tile {
	if (tile.handDrawnAdjacency) return tile;
	const suggestion = suggestAdjacency(tile);
	const features = tile.features.map((f) => {
		const add = (suggestion.get(f.id) ?? []).filter((c) => !(f.cities ?? []).includes(c));
		return f.type === 'field' && add.length
			? tidy({ ...f, cities: [...(f.cities ?? []), ...add] })
			: f;
	});
	return withFeatures(tile, features);
}

/** Applies the geometry's suggestion to one field, or to every field. */
export function applySuggestedAdjacency(tile: Tile, fieldId?: string): EditResult {
	const suggestion = suggestAdjacency(tile);
	const features = tile.features.map((f) => {
		if (f.type !== 'field' || (fieldId && f.id !== fieldId)) return f;
		return tidy({ ...f, cities: suggestion.get(f.id) ?? [] });
	});
	return result(tile, withFeatures(tile, features), fieldId);
}

/** Which feature holds a place (the first one, for bridges). */
export function featureAt(tile: Tile, place: Place): Feature | undefined {
	if (isSide(place))
		return tile.features.find((f) => isBorderType(f.type) && f.sides?.includes(place));
	return tile.features.find(
		(f) => (f.type === 'field' || f.type === 'quarter') && f.halves?.includes(place)
	);
}

/** A new, empty tile: one field all round. */
export function blankTile(id: string): Tile {
	return { id, count: 1, features: [{ id: 'f1', type: 'field', halves: [...HALVES] }] };
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
