// A JCloisterZone add-on: the tile-definition XML (defs > tiles > tile, one child element per
// feature; defs > sets > tile-set > ref), its artwork (jcz-artwork.ts: tile images and feature
// shapes, so the client can draw and play the tiles) and its jcz-addon.json manifest. Each tile
// design is one JCZ tile (garden variants are separate tiles, as in JCZ's own base set); counts are
// kept. What JCZ cannot express (new modifiers, icons, per-player and wildcard tiles, stables,
// figures, tokens, rule modules) is dropped and listed in the notes.
import { XMLBuilder } from 'fast-xml-parser';
import type { Expansion, Feature, Tile } from '../formats/schema-types.ts';
import type { Exporter, ExportFile } from './types.ts';
import { JCZ_ATTRIBUTES, JCZ_ICON_ELEMENTS, groupOf } from '../formats/jcz-vocabulary.ts';
import { buildJczArtwork, JCZ_TILE_SIZE, type JczTileOut } from './jcz-artwork.ts';

export const MINIMUM_JCZ_VERSION = '5.10.0';

/** The id prefix of the expansion's tiles in JCZ ('base' → 'BASE', so 'base/E' → 'BASE/E'). */
export const jczPrefix = (expansionId: string): string => expansionId.toUpperCase();
export const jczTileId = (expansionId: string, tileId: string): string => `${jczPrefix(expansionId)}/${tileId}`;

/** The manifest's integer version from a semantic version: 1.2.3 → 10203. */
export function integerVersion(version: string): number {
	const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	if (!m) return 1;
	return Math.max(1, Number(m[1]) * 10000 + Math.min(99, Number(m[2])) * 100 + Math.min(99, Number(m[3])));
}

type XmlNode = Record<string, unknown>;
const text = (t: string) => [{ '#text': t }];
const el = (name: string, children: XmlNode[] | { '#text': string }[] = [], attrs?: Record<string, string | number>): XmlNode => {
	const node: XmlNode = { [name]: children };
	if (attrs && Object.keys(attrs).length > 0)
		node[':@'] = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`@_${k}`, String(v)]));
	return node;
};

/** The XML elements of one tile's features (pushing the features written to `written`), with notes for what does not map. */
function tileElements(tile: Tile, where: string, notes: string[], written: Feature[]): XmlNode[] {
	const out: XmlNode[] = [];
	const byId = new Map(tile.features.map((f) => [f.id, f]));
	for (const f of tile.features) {
		const attrs: Record<string, string | number> = {};
		const mapping = f.type in JCZ_ATTRIBUTES ? JCZ_ATTRIBUTES[f.type as keyof typeof JCZ_ATTRIBUTES] : {};
		for (const [name, value] of Object.entries(f.modifiers ?? {})) {
			const entry = Object.entries(mapping).find(([, m]) => m.modifier === name);
			if (!entry) {
				notes.push(`${where}: modifier '${name}' of ${f.type} '${f.id}' has no JCloisterZone attribute: dropped`);
				continue;
			}
			const [attr, m] = entry;
			if (m.kind === 'int') {
				if (typeof value === 'number' && value > 0) attrs[attr] = value;
			} else if (value === true) attrs[attr] = 'true';
		}
		switch (f.type) {
			case 'road':
			case 'city':
			case 'river':
				if (!f.sides?.length) {
					notes.push(`${where}: ${f.type} '${f.id}' touches no side: JCloisterZone needs border places, dropped`);
					continue;
				}
				out.push(el(f.type, text(f.sides.join(' ')), attrs));
				written.push(f);
				break;
			case 'field': {
				if (!f.halves?.length) {
					notes.push(`${where}: field '${f.id}' is enclosed (no half-sides): not expressible in JCloisterZone, dropped`);
					continue;
				}
				// A city is named by one of its sides (each side belongs to one city).
				const cities: string[] = [];
				for (const cid of f.cities ?? []) {
					const c: Feature | undefined = byId.get(cid);
					if (c?.type === 'city' && c.sides?.length) cities.push(c.sides[0]);
					else notes.push(`${where}: field '${f.id}' lists city '${cid}', which has no side to name it by: left out`);
				}
				out.push(el('field', text(f.halves.join(' ')), cities.length ? { city: cities.join(' '), ...attrs } : attrs));
				written.push(f);
				break;
			}
			case 'monastery':
			case 'garden':
				out.push(el(f.type, [], attrs));
				written.push(f);
				break;
			case 'stable':
				notes.push(`${where}: stable '${f.id}' (Inn and Stable Owners) has no JCloisterZone element: dropped`);
				break;
		}
		if (f.crosses?.length && (f.type === 'road' || f.type === 'city' || f.type === 'river'))
			notes.push(`${where}: ${f.type} '${f.id}' crosses ${f.crosses.join(', ')} by a bridge: written as separate features`);
	}
	for (const icon of tile.icons ?? []) {
		if (icon in JCZ_ICON_ELEMENTS) out.push(el(JCZ_ICON_ELEMENTS[icon as keyof typeof JCZ_ICON_ELEMENTS]));
		else if (icon === 'princess' && tile.features.some((f) => f.modifiers?.princess === true)) continue;
		else notes.push(`${where}: icon '${icon}' has no JCloisterZone equivalent: dropped`);
	}
	return out;
}

/** The tile-definition XML and what it had to leave out. */
export function buildJczXml(expansion: Expansion): { xml: string; notes: string[]; tiles: number; copies: number; written: JczTileOut[] } {
	const notes: string[] = [];
	const written: JczTileOut[] = [];
	const tiles: XmlNode[] = [];
	const refs: XmlNode[] = [];
	let copies = 0;
	for (const tile of expansion.tiles) {
		const where = `tile ${expansion.id}/${tile.id}`;
		if (tile.wildcard) {
			notes.push(`${where}: a wildcard tile (matches any neighbour) cannot be expressed in JCloisterZone: left out`);
			continue;
		}
		if (typeof tile.count !== 'number') {
			notes.push(`${where}: per-player counts (${tile.count.perPlayer} per player) have no JCloisterZone equivalent: left out`);
			continue;
		}
		if (tile.role === 'start') notes.push(`${where}: is the start tile here; JCloisterZone picks the start tile in its game setup`);
		const id = jczTileId(expansion.id, tile.id);
		const group = groupOf(tile);
		const features: Feature[] = [];
		tiles.push(el('tile', tileElements(tile, where, notes, features), group ? { id, group } : { id }));
		written.push({ tile, id, features });
		refs.push(el('ref', [], { count: tile.count, tile: id }));
		copies += tile.count;
	}
	const builder = new XMLBuilder({
		ignoreAttributes: false,
		attributeNamePrefix: '@_',
		preserveOrder: true,
		format: true,
		indentBy: '\t',
		suppressEmptyNode: true
	});
	const comment = ` ${expansion.name} ${expansion.version}: exported by Carcassonne Expansion Lab `.replace(/--/g, '- -');
	const body = builder.build([
		el('defs', [el('tiles', tiles), el('sets', [el('tile-set', refs, { id: `${expansion.id}:1` })])])
	]) as string;
	const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<!--${comment}-->\n${body.trim()}\n`;
	return { xml, notes, tiles: tiles.length, copies, written };
}

/** The artwork folder inside the add-on (its id in JCloisterZone). */
export const artworkFolder = (expansionId: string): string => `${expansionId}-artwork`;

export const exporter: Exporter = async (expansion) => {
	const { xml, notes, written } = buildJczXml(expansion);
	const xmlPath = `${expansion.id}.xml`;
	if (expansion.rules && expansion.rules !== 'base')
		notes.push(`rules '${expansion.rules}': JCloisterZone plays the tiles by its own rules; this engine's rule module does not travel with the add-on`);
	for (const f of expansion.figures ?? []) notes.push(`figure '${f.id}' (${f.name}): figures are not part of a tile add-on: dropped`);
	for (const t of expansion.tokens ?? []) notes.push(`token '${t.id}': tokens are not part of a tile add-on: dropped`);
	if (expansion.parameters && Object.keys(expansion.parameters).length)
		notes.push(`parameters (${Object.keys(expansion.parameters).join(', ')}): not expressible in the add-on: dropped`);
	const folder = artworkFolder(expansion.id);
	const artwork = await buildJczArtwork(folder, expansion.name, written, notes);
	notes.push(
		`artwork: ${folder}/ holds one ${JCZ_TILE_SIZE} px image per tile (the designer's artwork where the tile has one as a data: URL, else this program's drawing) ` +
			'and per feature a clickable shape and a meeple point (this program\'s drawing of the feature areas). ' +
			'Our best reading of the JCloisterZone client, not checked in it: artwork.json with tileSize, featuresInclude (shapes.json) and tilesInclude (tiles.json); ' +
			'a tile\'s whole picture as its "image"; locations named like JCloisterZone\'s (N, NE, WE, _N for three sides, NWSE; fields NL.NR…; I for an inner feature); ' +
			'feature classes Road, City, River, Field, Monastery, Garden'
	);
	const manifest = {
		title: expansion.name,
		version: integerVersion(expansion.version),
		minimumJczVersion: MINIMUM_JCZ_VERSION,
		description: `${expansion.name} ${expansion.version}, exported by Carcassonne Expansion Lab (tiles and artwork).`,
		expansions: [xmlPath],
		artworks: [folder]
	};
	const files: ExportFile[] = [
		{ path: 'jcz-addon.json', data: JSON.stringify(manifest, null, '\t') + '\n', type: 'application/json' },
		{ path: xmlPath, data: xml, type: 'application/xml' },
		...artwork,
		{ path: 'NOTES.txt', data: notes.map((n) => `- ${n}`).join('\n') + '\n', type: 'text/plain' }
	];
	return { files, notes };
};
