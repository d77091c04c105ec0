// Tile pictures for the board and the side panels: the renderer's SVG as a data: URL, made once per
// tile definition and rotation (the editor and the exports draw with the same renderer). Cached by
// the definition object, so a changed draft is drawn anew.
import { featureShapes, renderTileSvg, type FeatureShape } from '../render/tile-svg.ts';
import type { Expansion, Tile } from '../engine/index.ts';
import { looksOf, type Looks } from '../render/looks.ts';
import { useSilhouettes } from './palette.ts';

const urls = new WeakMap<Tile, Map<string, string>>();
const shapes = new WeakMap<Tile, Map<string, FeatureShape>>();

let looks: Looks = {};
/**
 * The looks of the expansions in play (every one's icons and modifiers, its figures' and tokens'
 * silhouettes), for the drawings from now on.
 */
export function useLooks(expansions: readonly Expansion[]): void {
	looks = looksOf(undefined, expansions);
	useSilhouettes(expansions);
}

/** The looks in play. */
export const looksInPlay = (): Looks => looks;

/** The drawing of tile `def` turned `rotation` quarter turns, with the looks in play. */
export function tileSvg(def: Tile, size: number, rotation = 0): string {
	return renderTileSvg(def, { size, rotation, looks });
}

/** The drawing of tile `def` turned `rotation` quarter turns, as a data: URL. */
export function tileImageUrl(def: Tile, rotation = 0, size = 160): string {
	let m = urls.get(def);
	if (!m) urls.set(def, (m = new Map()));
	const k = `${rotation}|${size}`;
	let url = m.get(k);
	if (!url) {
		url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(tileSvg(def, size, rotation))}`;
		m.set(k, url);
	}
	return url;
}

/** The tile's feature areas and anchors (unrotated, 0..100), by feature id. */
export function tileShapes(def: Tile): Map<string, FeatureShape> {
	let m = shapes.get(def);
	if (!m) shapes.set(def, (m = new Map(featureShapes(def).map((s) => [s.featureId, s]))));
	return m;
}

/** A point of the unrotated tile (0..100) after `rotation` clockwise quarter turns. */
export function rotatePoint(x: number, y: number, rotation: number): { x: number; y: number } {
	switch (((rotation % 4) + 4) % 4) {
		case 1:
			return { x: 100 - y, y: x };
		case 2:
			return { x: 100 - x, y: 100 - y };
		case 3:
			return { x: y, y: 100 - x };
		default:
			return { x, y };
	}
}
