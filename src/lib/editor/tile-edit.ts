// What every tile-edit command shares: the feature types and places, the result of an edit (the
// new tile, whether it is worth an undo step, what to select), new ids, tidy features, and a few
// reads of a tile (the feature at a place, a blank tile). Pure.
import {
	HALVES,
	SIDES,
	type Feature,
	type Half,
	type Side,
	type Tile
} from '../formats/geometry.ts';

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
export const PREFIX: Record<FeatureType, string> = {
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

export const unchanged = (tile: Tile, selected?: string | null): EditResult => ({
	tile,
	undoable: false,
	selected
});

/** A deep copy through JSON: tiles are plain data. */
export const cloneTile = (tile: Tile): Tile => JSON.parse(JSON.stringify(tile)) as Tile;

export const sameTile = (a: Tile, b: Tile): boolean => JSON.stringify(a) === JSON.stringify(b);

export function result(before: Tile, after: Tile, selected?: string | null): EditResult {
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

export function withFeatures(tile: Tile, features: Feature[]): Tile {
	return { ...tile, features };
}

// Removes empty optional lists so the JSON the designer sees stays tidy.
export function tidy(f: Feature): Feature {
	const out: Feature = { ...f };
	if (out.cities && out.cities.length === 0) delete out.cities;
	if (out.crosses && out.crosses.length === 0) delete out.crosses;
	if (out.modifiers && Object.keys(out.modifiers).length === 0) delete out.modifiers;
	if (out.sides && out.sides.length === 0 && isBorderType(out.type)) delete out.sides;
	return out;
}

export const sortSides = (sides: Side[]): Side[] => SIDES.filter((s) => sides.includes(s));
export const sortHalves = (halves: Half[]): Half[] => HALVES.filter((h) => halves.includes(h));

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
