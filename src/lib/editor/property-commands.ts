// Tile-edit commands that set one property: a feature's modifier, id, type or name (renamed in
// every reference), the cities a field borders, a bridge's crossings; the tile's icons, count and
// plain properties. Each returns a new tile (the input is never mutated). Pure.
import type { Feature, Tile } from '../formats/geometry.ts';
import type { Modifiers, TileCount } from '../formats/schema-types.ts';
import {
	FEATURE_TYPES,
	isBorderType,
	result,
	tidy,
	unchanged,
	withFeatures,
	type EditResult,
	type FeatureType
} from './tile-edit.ts';

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
