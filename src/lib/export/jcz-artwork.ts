// The artwork of the JCloisterZone add-on, so its client can draw the tiles: a folder named in the
// manifest's `artworks`, holding artwork.json (tile size 900, the files below), shapes.json (per
// feature a clip path — the clickable area — and the point where a meeple stands, from the
// renderer's feature areas), tiles.json (per JCZ tile its image and a map from
// `<FeatureClass>/<Location>` to a shape id) and one 900 px PNG per tile: the designer's artwork
// when the tile has one (a data: URL), else the renderer's drawing. Node only (resvg rasterises).
import type { Feature, Tile } from '../formats/schema-types.ts';
import type { ExportFile } from './types.ts';
import { HALVES, SIDES } from '../formats/geometry.ts';
import { featureShapes, renderTileSvg } from '../render/tile-svg.ts';
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

export const JCZ_FEATURE_CLASS: Record<Feature['type'], string> = {
	road: 'Road',
	city: 'City',
	river: 'River',
	field: 'Field',
	monastery: 'Monastery',
	garden: 'Garden',
	stable: 'Stable',
	// not written: JCZ leaves a quarter's half-sides to no feature
	quarter: 'Quarter'
};

// JCloisterZone's names for a set of sides (its Location constants), by mask N=1 E=2 S=4 W=8: every
// non-empty set has one; a set of three is named after the side it lacks (_N = E, S and W).
const SIDE_SET_NAMES = [
	'',
	'N',
	'E',
	'NE',
	'S',
	'NS',
	'SE',
	'_W',
	'W',
	'NW',
	'WE',
	'_S',
	'SW',
	'_E',
	'_N',
	'NWSE'
];

/**
 * The JCZ location of each feature: the side set's name for roads, cities and rivers, the
 * half-sides joined by '.' in border order for fields, I, II, … for inner features of one class
 * (an enclosed field among them, as the XML writes it).
 */
export function jczLocations(features: readonly Feature[]): string[] {
	const inner = new Map<string, number>();
	return features.map((f) => {
		if (f.type === 'field' && f.halves?.length)
			return HALVES.filter((h) => f.halves?.includes(h)).join('.');
		if (f.type === 'road' || f.type === 'city' || f.type === 'river') {
			const mask = SIDES.reduce((m, s, i) => (f.sides?.includes(s) ? m | (1 << i) : m), 0);
			return SIDE_SET_NAMES[mask];
		}
		const n = (inner.get(f.type) ?? 0) + 1;
		inner.set(f.type, n);
		return 'I'.repeat(n);
	});
}

const ARC_FLAGS = new Set([3, 4]);
const ARITY: Record<string, number> = {
	m: 2,
	l: 2,
	h: 1,
	v: 1,
	c: 6,
	s: 4,
	q: 4,
	t: 2,
	a: 7,
	z: 0
};

/**
 * SVG path data scaled by `factor` about the origin (relative commands included; an arc's angle and
 * flags stay as they are). Numbers are rounded to two decimals.
 */
export function scalePath(d: string, factor: number): string {
	const out: string[] = [];
	const tokens = d.match(/[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
	let cmd = '';
	let k = 0;
	const round = (n: number) => String(Math.round(n * 100) / 100);
	for (const t of tokens) {
		if (/^[A-Za-z]$/.test(t)) {
			cmd = t.toLowerCase();
			k = 0;
			out.push(t);
			continue;
		}
		const arity = ARITY[cmd] ?? 2;
		const index = arity > 0 ? k % arity : 0;
		k++;
		const value = Number(t);
		const keep = cmd === 'a' && (index === 2 || ARC_FLAGS.has(index));
		out.push(
			(out.length && !/^[A-Za-z]$/.test(out[out.length - 1]) ? ' ' : '') +
				(keep ? t : round(value * factor))
		);
	}
	return out.join('');
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
		let svg: string;
		if (art && DATA_IMAGE.test(art)) {
			// the designer's own picture, stretched to the tile
			svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${JCZ_TILE_SIZE}" height="${JCZ_TILE_SIZE}" viewBox="0 0 ${JCZ_TILE_SIZE} ${JCZ_TILE_SIZE}"><image href="${art.replace(/"/g, '%22')}" width="${JCZ_TILE_SIZE}" height="${JCZ_TILE_SIZE}" preserveAspectRatio="none"/></svg>`;
		} else {
			if (art)
				notes.push(
					`tile ${id}: its artwork '${art.slice(0, 80)}' is not an embedded image (data: URL); the add-on shows the drawing of its features`
				);
			svg = renderTileSvg(tile, { size: JCZ_TILE_SIZE, idPrefix: `${name}-`, looks });
		}
		files.push({ path: `${folder}/images/${name}`, data: raster(svg), type: 'image/png' });

		const areas = new Map(featureShapes(tile).map((s) => [s.featureId, s]));
		const locations = jczLocations(features);
		const map: Record<string, string> = {};
		features.forEach((f, i) => {
			const area = areas.get(f.id);
			if (!area) {
				notes.push(
					`tile ${id}: ${f.type} '${f.id}' has no drawn area: no clickable shape in the artwork`
				);
				return;
			}
			const shapeId = `${id}.${f.id}`;
			shapes[shapeId] = {
				clip: scalePath(area.path, SCALE),
				point: [Math.round(area.anchor.x * SCALE), Math.round(area.anchor.y * SCALE)]
			};
			map[`${JCZ_FEATURE_CLASS[f.type]}/${locations[i]}`] = shapeId;
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
