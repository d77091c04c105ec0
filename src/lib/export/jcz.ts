// A JCloisterZone add-on: one folder (the add-on's id) holding the jcz-addon.json manifest, the
// tile-definition XML (defs > tiles > tile, one child element per feature; defs > sets > tile-set
// > ref; defs > expansion, which makes the client offer the set in its game setup), its artwork
// (jcz-artwork.ts: tile images and feature shapes, so the client can draw and play the tiles) and
// NOTES.txt. Every id is namespaced (`cel-<id>` add-on, `CEL_<ID>` expansion, `cel/<id>` tile set,
// `CEL-<ID>/<tile>` tiles) so none equals one of JCZ's. Each tile design is one JCZ tile (garden
// variants are separate tiles, as in JCZ's own base set); counts are kept. Features are written
// in an order JCZ's engine can read (a field after the cities it names). What JCZ cannot express
// (new modifiers, icons, per-player and wildcard tiles, stables, figures, tokens, rule modules) is
// dropped and listed in the notes. Facts: docs/export.md (jcz).
import { XMLBuilder } from 'fast-xml-parser';
import type { Expansion, Feature, Tile } from '../formats/schema-types.ts';
import type { Exporter, ExportFile } from './types.ts';
import {
	JCZ_ATTRIBUTES,
	JCZ_CLIENT_FIGURES,
	JCZ_ICON_ELEMENTS,
	adjacencyDrawnByHand,
	groupOf,
	impliedCrossings,
	wagonMoves
} from '../formats/jcz-vocabulary.ts';
import { buildJczArtwork, JCZ_TILE_SIZE, type JczTileOut } from './jcz-artwork.ts';
import { looksInPlay } from '../render/looks.ts';
import { jczAttributeValue, jczDataRules } from './jcz-scripts.ts';

export const MINIMUM_JCZ_VERSION = '5.10.0';

/** The ids of an expansion's add-on, each in a namespace of its own so none equals one of JCZ's. */
export function jczIds(expansionId: string) {
	const upper = expansionId.toUpperCase();
	return {
		/** The add-on's folder, the archive's one root folder: its name is the add-on's id in the client. */
		addon: `cel-${expansionId}`,
		/** The `<expansion id>` the client registers (its own are BASIC, RIVER, INNS_AND_CATHEDRALS, …). */
		expansion: `CEL_${upper.replace(/-/g, '_')}`,
		/** The tile set, without an edition: the client asks for `<ref>` before `<ref>:<edition>`. */
		tileSet: `cel/${expansionId}`,
		/** The tiles' id prefix (JCZ's are BA, IC, RI.1, …). */
		prefix: `CEL-${upper}`
	};
}
export const jczPrefix = (expansionId: string): string => jczIds(expansionId).prefix;
export const jczTileId = (expansionId: string, tileId: string): string =>
	`${jczPrefix(expansionId)}/${tileId}`;

/**
 * The manifest's integer version from a semantic version, small and growing (the client shows it
 * as "v<number>"): 1.2.3 → 123, 1.0.0 → 100; a patch above 9 counts as 9, minor and patch together at most 99.
 */
export function integerVersion(version: string): number {
	const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	if (!m) return 1;
	return Math.max(
		1,
		Number(m[1]) * 100 + Math.min(99, Number(m[2]) * 10 + Math.min(9, Number(m[3])))
	);
}

/**
 * The client's game elements the expansion's content needs (its `<expansion>`'s `<implies
 * element>`: the client switches them on when the expansion is chosen): inns, cathedrals, the
 * large meeple, the abbot with gardens, the dragon and fairy with volcano or dragon tiles.
 */
export function impliedElements(expansion: Expansion): string[] {
	const features = expansion.tiles.flatMap((t) => t.features);
	const icons = new Set(expansion.tiles.flatMap((t) => t.icons ?? []));
	const figures = new Set((expansion.figures ?? []).map((f) => f.id));
	const out: string[] = [];
	if (figures.has('large')) out.push('big-follower');
	if (features.some((f) => f.modifiers?.inn)) out.push('inn');
	if (features.some((f) => f.modifiers?.cathedral)) out.push('cathedral');
	if (figures.has('abbot') || features.some((f) => f.type === 'garden'))
		out.push('abbot', 'garden');
	if (icons.has('volcano') || icons.has('dragon')) out.push('dragon', 'fairy');
	return out;
}

type XmlNode = Record<string, unknown>;
const text = (t: string) => [{ '#text': t }];
const el = (
	name: string,
	children: XmlNode[] | { '#text': string }[] = [],
	attrs?: Record<string, string | number>
): XmlNode => {
	const node: XmlNode = { [name]: children };
	if (attrs && Object.keys(attrs).length > 0)
		node[':@'] = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`@_${k}`, String(v)]));
	return node;
};

const ORDER: Record<Feature['type'], number> = {
	city: 0,
	road: 1,
	river: 2,
	monastery: 3,
	garden: 4,
	stable: 5,
	field: 6,
	quarter: 7
};

/**
 * The features in the order they are written: cities first (a field's `city` attribute can only
 * name a city already read), fields last; of two features of one kind that cross, the one passing
 * over first (that is how an import tells which is on top). Otherwise the document's order.
 */
export function writeOrder(features: readonly Feature[]): Feature[] {
	const index = new Map(features.map((f, i) => [f.id, i]));
	const over = (a: Feature, b: Feature) =>
		a.type === b.type && (a.crosses?.includes(b.id) ?? false);
	return [...features].sort(
		(a, b) =>
			ORDER[a.type] - ORDER[b.type] ||
			(over(a, b) ? -1 : over(b, a) ? 1 : index.get(a.id)! - index.get(b.id)!)
	);
}

/** Crossings as 'over>under' pairs. */
const pairsOf = (entries: Iterable<readonly [string, readonly string[] | undefined]>) =>
	new Set(
		[...entries].flatMap(([over, unders]) => (unders ?? []).map((under) => `${over}>${under}`))
	);

/** The XML elements of one tile's features (pushing the features written to `written`), with notes for what does not map. */
function tileElements(
	tile: Tile,
	where: string,
	notes: string[],
	written: Feature[],
	dataAttributes: ReturnType<typeof jczDataRules>['attributes']
): XmlNode[] {
	const byId = new Map(tile.features.map((f) => [f.id, f]));
	const kept: Feature[] = [];
	for (const f of writeOrder(tile.features)) {
		if ((f.type === 'road' || f.type === 'city' || f.type === 'river') && !f.sides?.length) {
			notes.push(
				`${where}: ${f.type} '${f.id}' touches no side: JCloisterZone needs border places, dropped`
			);
			continue;
		}
		if (f.type === 'stable') {
			notes.push(
				`${where}: stable '${f.id}' (Inn and Stable Owners) has no JCloisterZone element: dropped`
			);
			continue;
		}
		// A quarter of The Count's city is written as JCZ's own count.xml has it: its half-sides in
		// no element.
		if (f.type === 'quarter') {
			notes.push(
				`${where}: quarter '${f.id}' (The Count's city of Carcassonne) has no JCloisterZone element: its half-sides ${(f.halves ?? []).join(' ')} are left to none, as in JCloisterZone's own count.xml (an import reads such half-sides as a quarter only on The Count's own tiles, CO/…)`
			);
			continue;
		}
		kept.push(f);
	}
	const keptIds = new Set(kept.map((f) => f.id));
	// Roads a city passes over: JCZ marks them as tunnels (its Princess & Dragon and Abbey & Mayor tiles).
	const tunnels = new Set(
		kept.flatMap((f) =>
			f.type === 'city' ? (f.crosses ?? []).filter((c) => byId.get(c)?.type === 'road') : []
		)
	);
	// Crossings are not written: they follow from the places. Say where a reader would take them otherwise.
	const implied = pairsOf(impliedCrossings(kept, tunnels));
	const declared = pairsOf(
		kept.map((f) => [f.id, f.crosses?.filter((c) => keptIds.has(c))] as const)
	);
	for (const p of declared)
		if (!implied.has(p)) {
			const [a, b] = p.split('>');
			notes.push(
				implied.has(`${b}>${a}`)
					? `${where}: ${byId.get(a)!.type} '${a}' passes over '${b}'; JCloisterZone writes no crossing, so its tiles (and an import) have '${b}' over '${a}'`
					: `${where}: ${byId.get(a)!.type} '${a}' crosses '${b}', which its places do not imply: JCloisterZone has no element for it, dropped`
			);
		}
	for (const p of implied)
		if (!declared.has(p) && !declared.has(p.split('>').reverse().join('>')))
			notes.push(
				`${where}: '${p.split('>')[0]}' and '${p.split('>')[1]}' cross by their places; JCloisterZone reads them as crossing`
			);
	if (tile.handDrawnAdjacency && !adjacencyDrawnByHand(kept))
		notes.push(
			`${where}: is marked as drawn by hand, but its adjacency is what the geometry gives; JCloisterZone keeps no such mark`
		);

	// Wagon moves (Abbey & Mayor): a label per group of features the wagon may move between.
	const moves = new Map<string, string[]>();
	wagonMoves(kept).forEach((group, k) => {
		const label = String.fromCharCode(97 + k);
		for (const id of group) moves.set(id, [...(moves.get(id) ?? []), label]);
	});

	const out: XmlNode[] = [];
	let enclosed = 0;
	for (const f of kept) {
		const attrs: Record<string, string | number> = {};
		const mapping =
			f.type in JCZ_ATTRIBUTES ? JCZ_ATTRIBUTES[f.type as keyof typeof JCZ_ATTRIBUTES] : {};
		for (const [name, value] of Object.entries(f.modifiers ?? {})) {
			const entry = Object.entries(mapping).find(([, m]) => m.modifier === name);
			// a modifier of the expansion's data rules: an attribute named like its JCZ selector's modifier
			const data = entry ? undefined : dataAttributes.get(f.type)?.get(name);
			if (data) {
				const v = jczAttributeValue(data, value);
				if (v !== undefined) attrs[name] = v;
				continue;
			}
			if (!entry) {
				notes.push(
					`${where}: modifier '${name}' of ${f.type} '${f.id}' has no JCloisterZone attribute: dropped`
				);
				continue;
			}
			const [attr, m] = entry;
			if (m.kind === 'int') {
				if (typeof value === 'number' && value > 0) attrs[attr] = value;
			} else if (value === true) attrs[attr] = 'true';
		}
		if (tunnels.has(f.id)) attrs.tunnel = 'true';
		if (moves.has(f.id)) attrs['wagon-move'] = moves.get(f.id)!.join(' ');
		// a second city on a side (Hills & Sheep): JCZ's multi-edge
		if (f.type === 'city' && f.sharesSide) attrs['multi-edge'] = f.sharesSide;
		if (f.type === 'field') {
			// A city is named by one of its sides (each side belongs to one city).
			const cities: string[] = [];
			for (const cid of f.cities ?? []) {
				const c: Feature | undefined = byId.get(cid);
				if (c?.type === 'city' && c.sides?.length) cities.push(c.sides[0]);
				else
					notes.push(
						`${where}: field '${f.id}' lists city '${cid}', which has no side to name it by: left out`
					);
			}
			// An enclosed field stands on an inner place, I, II, …, as in JCZ's own tiles.
			const places = f.halves?.length ? f.halves.join(' ') : 'I'.repeat(++enclosed);
			out.push(
				el('field', text(places), cities.length ? { city: cities.join(' '), ...attrs } : attrs)
			);
		} else if (f.type === 'monastery' || f.type === 'garden') out.push(el(f.type, [], attrs));
		else out.push(el(f.type, text(f.sides!.join(' ')), attrs));
		written.push(f);
	}
	for (const icon of tile.icons ?? []) {
		if (icon in JCZ_ICON_ELEMENTS)
			out.push(el(JCZ_ICON_ELEMENTS[icon as keyof typeof JCZ_ICON_ELEMENTS]));
		else if (icon === 'princess' && tile.features.some((f) => f.modifiers?.princess === true))
			continue;
		else notes.push(`${where}: icon '${icon}' has no JCloisterZone equivalent: dropped`);
	}
	return out;
}

/** The tile-definition XML and what it had to leave out. */
export function buildJczXml(expansion: Expansion): {
	xml: string;
	notes: string[];
	tiles: number;
	copies: number;
	written: JczTileOut[];
} {
	const ids = jczIds(expansion.id);
	const notes: string[] = [];
	const written: JczTileOut[] = [];
	const tiles: XmlNode[] = [];
	const refs: XmlNode[] = [];
	let copies = 0;
	const data = jczDataRules(expansion);
	for (const tile of expansion.tiles) {
		const where = `tile ${expansion.id}/${tile.id}`;
		if (tile.wildcard) {
			notes.push(
				`${where}: a wildcard tile (matches any neighbour) cannot be expressed in JCloisterZone: left out`
			);
			continue;
		}
		if (typeof tile.count !== 'number') {
			notes.push(
				`${where}: per-player counts (${tile.count.perPlayer} per player) have no JCloisterZone equivalent: left out`
			);
			continue;
		}
		if (tile.role === 'start')
			notes.push(
				`${where}: is the start tile here; JCloisterZone always starts from its own base tile BA/RCr (so its base game must be chosen too), ` +
					'or from its own spring RI/s when its River is chosen: this tile is an ordinary tile of the set there'
			);
		if (tile.role === 'spring' || tile.role === 'lake' || tile.role === 'fork')
			notes.push(
				`${where}: the ${tile.role} keeps its JCloisterZone group, but the client orders river tiles (and starts from its own spring RI/s) only when its own River is chosen; ` +
					'otherwise this is a river tile drawn with the others'
			);
		const id = jczTileId(expansion.id, tile.id);
		const group = groupOf(tile);
		const features: Feature[] = [];
		tiles.push(
			el(
				'tile',
				tileElements(tile, where, notes, features, data.attributes),
				group ? { id, group } : { id }
			)
		);
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
		suppressEmptyNode: true,
		cdataPropName: '#cdata'
	});
	const comment =
		` ${expansion.name} ${expansion.version}: exported by Carcassonne Expansion Lab `.replace(
			/--/g,
			'- -'
		);
	const about = [
		el('title', text(expansion.name)),
		...(expansion.description ? [el('description', text(expansion.description))] : []),
		el('ref', [], { 'tile-set': ids.tileSet }),
		...impliedElements(expansion).map((element) => el('implies', [], { element }))
	];
	notes.push(...data.notes);
	// JCZ reads every <modifier> of the file before its tiles; its scoring is a function body (GraalJS)
	const modifiers = data.modifiers.map((m) =>
		el('modifier', [el('scoring', [{ '#cdata': text(m.script.replace(/\]\]>/g, ']] >')) }])], {
			type: m.type,
			selector: m.selector
		})
	);
	const body = builder.build([
		el('defs', [
			...modifiers,
			el('tiles', tiles),
			el('sets', [el('tile-set', refs, { id: ids.tileSet })]),
			el('expansion', about, { id: ids.expansion })
		])
	]) as string;
	const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<!--${comment}-->\n${body.trim()}\n`;
	return { xml, notes, tiles: tiles.length, copies, written };
}

/** The artwork folder inside the add-on (its id in JCloisterZone is `<add-on>/<folder>`). */
export const artworkFolder = (expansionId: string): string => `${expansionId}-artwork`;

export const exporter: Exporter = async (expansion, options = {}) => {
	const ids = jczIds(expansion.id);
	const { xml, notes, written } = buildJczXml(expansion);
	const xmlPath = `${expansion.id}.xml`;
	if (expansion.rules && expansion.rules !== 'base')
		notes.push(
			`rules '${expansion.rules}': JCloisterZone plays the tiles by its own rules; this engine's rule module does not travel with the add-on`
		);
	for (const f of expansion.figures ?? [])
		notes.push(
			JCZ_CLIENT_FIGURES[f.id]
				? `figure '${f.id}' (${f.name}): the client's own ${JCZ_CLIENT_FIGURES[f.id]}, switched on with the expansion (<implies element="${JCZ_CLIENT_FIGURES[f.id]}"/>), played by the client's rules`
				: `figure '${f.id}' (${f.name}): figures are not part of a tile add-on: dropped`
		);
	const implied = impliedElements(expansion);
	if (implied.length)
		notes.push(
			`implies: choosing the expansion in the client's game setup switches on ${implied.join(', ')}`
		);
	for (const t of expansion.tokens ?? [])
		notes.push(`token '${t.id}': tokens are not part of a tile add-on: dropped`);
	if (expansion.parameters && Object.keys(expansion.parameters).length)
		notes.push(
			`parameters (${Object.keys(expansion.parameters).join(', ')}): not expressible in the add-on: dropped`
		);
	const folder = artworkFolder(expansion.id);
	const artwork = await buildJczArtwork(
		folder,
		expansion.name,
		written,
		notes,
		looksInPlay(expansion, (id) => options.available?.get(id))
	);
	notes.push(
		`add-on: the folder ${ids.addon}/ (the .jca's one root folder) is the add-on's id in JCloisterZone; it declares the expansion ${ids.expansion} ` +
			`("${expansion.name}") with the tile set ${ids.tileSet}, offered in the client's game setup. Install the .jca (carcassonne-lab export ${expansion.id} --format jcz --archive): ` +
			"a folder copied into the client's add-ons folder shows no tiles until its artwork is enabled in the client's appearance settings (only a .jca install enables it); " +
			`to upgrade, remove the old add-on first. The client shows the version as v${integerVersion(expansion.version)} (${expansion.version})`
	);
	notes.push(
		`artwork: ${folder}/ holds one ${JCZ_TILE_SIZE} px image per tile (the designer's artwork where the tile has one as a data: URL, else this program's drawing) ` +
			"and per feature a clickable shape and a meeple point (this program's drawing of the feature areas): the shapes do not overlap " +
			'(a field without the monastery, garden and roads on it, a city without the field inside it) and each point lies in its own shape only. ' +
			"Read by the client's add-on, tile and artwork loaders (JCloisterZone-Client 0f66860, FanCloisterZone): artwork.json with tileSize, featuresInclude (shapes.json) and tilesInclude (tiles.json); " +
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
	const inAddon = (f: ExportFile): ExportFile => ({ ...f, path: `${ids.addon}/${f.path}` });
	const files: ExportFile[] = [
		{
			path: 'jcz-addon.json',
			data: JSON.stringify(manifest, null, '\t') + '\n',
			type: 'application/json'
		},
		{ path: xmlPath, data: xml, type: 'application/xml' },
		...artwork,
		{ path: 'NOTES.txt', data: notes.map((n) => `- ${n}`).join('\n') + '\n', type: 'text/plain' }
	].map(inAddon);
	return { files, notes };
};
