// Per feature of a tile, the area it covers and where its figure goes (the editor's and the
// sandbox's hit areas and highlights), in drawing order.
import { bridgeDeck, cityShape } from './city-shape.ts';
import { fieldPath } from './field-shape.ts';
import { fieldAnchor, isLinear, layoutTile, type TileLayout } from './layout.ts';
import type { NFeature } from './tile-normalize.ts';
import {
	curveAt,
	rectPath,
	RIVER_WIDTH,
	ROAD_WIDTH,
	strokeOutline,
	type Pt
} from './tile-geometry.ts';

export interface FeatureShape {
	featureId: string;
	type: string;
	/** SVG path data in the tile's 0..100 coordinates (unrotated). */
	path: string;
	/** Where a figure or label for this feature goes. */
	anchor: { x: number; y: number };
}

/**
 * Per feature, the area it covers, in drawing order (fields first, then cities, rivers, roads, inner
 * features): where shapes overlap, the later one is on top, as in the drawing.
 */
export function featureShapes(
	input: unknown,
	layout: TileLayout = layoutTile(input)
): FeatureShape[] {
	const out: FeatureShape[] = [];
	const a = (p: Pt) => ({ x: Math.round(p[0] * 100) / 100, y: Math.round(p[1] * 100) / 100 });
	const { tile } = layout;
	const rank = (f: NFeature) =>
		f.type === 'field'
			? f.halves.length || tile.features.filter((g) => g.type === 'field').length === 1
				? 0
				: 2
			: f.type === 'quarter'
				? 0.5
				: f.type === 'city'
					? 1
					: f.type === 'river'
						? 3
						: f.type === 'road'
							? 4
							: 5;
	const ids = new Set(tile.features.map((f) => f.id));
	const crossing = (f: NFeature) =>
		f.type !== 'field' && f.crosses.some((id) => id !== f.id && ids.has(id));
	// features that cross others are drawn on top, as bridges: so are their areas
	const ordered = [...tile.features].sort(
		(x, y) => rank(x) + 10 * Number(crossing(x)) - rank(y) - 10 * Number(crossing(y))
	);
	for (const f of ordered) {
		// a quarter of The Count's city holds half-sides as a field does: its area is drawn the same way
		if (f.type === 'field' || f.type === 'quarter')
			out.push({
				featureId: f.id,
				type: f.type,
				path: fieldPath(f, layout),
				anchor: a(layout.enclosed.get(f.id)?.at ?? fieldAnchor(f))
			});
		else if (f.type === 'city') {
			const c = layout.cities.get(f.id)!;
			const bridge = crossing(f) && f.sides.length >= 2;
			// a city crossing another feature is drawn as its caps joined by a bridge: its area is just that
			const path = bridge
				? f.sides.map((s) => cityShape([s]).path).join('') + strokeOutline(bridgeDeck(f.sides), 16)
				: c.path;
			out.push({
				featureId: f.id,
				type: f.type,
				path,
				anchor: a(bridge ? curveAt(bridgeDeck(f.sides), 0.5) : c.anchor)
			});
		} else if (isLinear(f)) {
			const l = layout.linear.get(f.id);
			if (!l) continue;
			const width = f.type === 'river' ? RIVER_WIDTH : ROAD_WIDTH;
			const path = l.curves.map((c) => strokeOutline(c, width + 3)).join('');
			const c0 = l.curves[0];
			out.push({ featureId: f.id, type: f.type, path, anchor: a(curveAt(c0, l.end ? 0.4 : 0.5)) });
		} else {
			const p = layout.inner.find((i) => i.feature === f);
			if (!p) continue;
			out.push({ featureId: f.id, type: f.type, path: rectPath(p.at, p.r), anchor: a(p.at) });
		}
	}
	return out;
}
