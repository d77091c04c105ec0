// Which cities a field borders, as the geometry says: the suggestion, the lists a drawing adds to
// by itself (hand-drawn tiles keep theirs) and the suggestion applied on request. Pure.
import { cornerNeighbourSide, halfIndex, type Side, type Tile } from '../formats/geometry.ts';
import { result, tidy, withFeatures, type EditResult } from './tile-edit.ts';

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
export function withCityNeighbours(tile: Tile): Tile {
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
