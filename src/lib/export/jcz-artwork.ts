// The artwork of the JCloisterZone add-on, so its client can draw the tiles: a folder named in the
// manifest's `artworks`, holding artwork.json (tile size 900, the files below), shapes.json (per
// feature a clip path — the clickable area — and the point where a meeple stands: jcz-areas.ts,
// from the renderer's feature areas, disjoint), tiles.json (per JCZ tile its image and a map from
// `<FeatureClass>/<Location>` to a shape id) and one 900 px PNG per tile: the designer's artwork
// when the tile has one (a data: URL), else the renderer's drawing. Node only (resvg rasterises).
import type { Feature, Tile } from '../formats/schema-types.ts';
import type { ExportFile } from './types.ts';
import { JCZ_FEATURE_CLASS, jczLocations } from '../formats/jcz-vocabulary.ts';
import { renderTileSvg } from '../render/tile-svg.ts';
import { safeArtworkUrl } from '../render/svg-sanitize.ts';
import { jczAreas, polygonsPath } from './jcz-areas.ts';
import type { Looks } from '../render/looks.ts';
import { loadRasteriser } from './png.ts';

/** JCloisterZone's tile size: shapes and points are in 0..900. */
export const JCZ_TILE_SIZE = 900;
const SCALE = JCZ_TILE_SIZE / 100;

/** A tile as written to the XML: its JCZ id and the features that have an element there. */
export interface JczTileOut {
	tile: Tile;
	id: string;
	features: Feature[];
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/;

/** A file name for a tile's image: ids are safe by the schema, but keep them file-system safe anyway. */
const imageName = (tileId: string) => `${tileId.replace(/[^A-Za-z0-9_.-]/g, '_')}.png`;

/** The artwork folder's files, for the tiles the XML holds (their icons and modifiers drawn by `looks`). */
export async function buildJczArtwork(
	folder: string,
	title: string,
	tiles: readonly JczTileOut[],
	notes: string[],
	looks: Looks = {}
): Promise<ExportFile[]> {
	const raster = await loadRasteriser(JCZ_TILE_SIZE);
	const files: ExportFile[] = [];
	const shapes: Record<string, { clip: string; point: [number, number] }> = {};
	const tileEntries: Record<string, { image: string; features: Record<string, string> }> = {};
	const names = new Set<string>();
	for (const { tile, id, features } of tiles) {
		let name = imageName(tile.id);
		for (let n = 2; names.has(name.toLowerCase()); n++) name = imageName(`${tile.id}-${n}`);
		names.add(name.toLowerCase());
		const art = tile.artwork;
		const safe = art && DATA_IMAGE.test(art) ? safeArtworkUrl(art) : undefined;
		let svg: string;
		if (art && safe) {
			// the designer's own picture, stretched to the tile
			svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${JCZ_TILE_SIZE}" height="${JCZ_TILE_SIZE}" viewBox="0 0 ${JCZ_TILE_SIZE} ${JCZ_TILE_SIZE}"><image href="${safe.replace(/"/g, '%22')}" width="${JCZ_TILE_SIZE}" height="${JCZ_TILE_SIZE}" preserveAspectRatio="none"/></svg>`;
		} else {
			if (art)
				notes.push(
					`tile ${id}: its artwork '${art.slice(0, 80)}' is not an embedded image (data: URL); the add-on shows the drawing of its features`
				);
			svg = renderTileSvg(tile, { size: JCZ_TILE_SIZE, idPrefix: `${name}-`, looks });
		}
		files.push({ path: `${folder}/images/${name}`, data: raster(svg), type: 'image/png' });

		const areas = new Map(jczAreas(tile).map((a) => [a.featureId, a]));
		const locations = jczLocations(features);
		const map: Record<string, string> = {};
		features.forEach((f, i) => {
			const area = areas.get(f.id);
			if (!area?.polygons.length) {
				notes.push(
					`tile ${id}: ${f.type} '${f.id}' has no drawn area of its own (none, or all under the features drawn over it): no clickable shape in the artwork`
				);
				return;
			}
			const shapeId = `${id}.${f.id}`;
			shapes[shapeId] = {
				clip: polygonsPath(area.polygons, SCALE),
				point: [Math.round(area.point[0] * SCALE), Math.round(area.point[1] * SCALE)]
			};
			map[`${JCZ_FEATURE_CLASS[f.type] ?? f.type}/${locations[i]}`] = shapeId;
		});
		tileEntries[id] = { image: `images/${name}`, features: map };
	}
	const artwork = {
		title,
		description: `${title}: tile images and feature shapes exported by Carcassonne Expansion Lab.`,
		perspective: 'rotate',
		tileSize: JCZ_TILE_SIZE,
		featuresInclude: ['shapes.json'],
		tilesInclude: ['tiles.json']
	};
	const json = (path: string, value: unknown): ExportFile => ({
		path: `${folder}/${path}`,
		data: JSON.stringify(value, null, '\t') + '\n',
		type: 'application/json'
	});
	return [
		json('artwork.json', artwork),
		json('shapes.json', shapes),
		json('tiles.json', tileEntries),
		...files
	];
}
