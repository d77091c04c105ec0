// Import of a JCloisterZone tile-definition XML file into our expansion format. Pure (no I/O).
// Parsed with fast-xml-parser with entity processing off; a DOCTYPE (and any entity it declares) is
// removed before parsing and never expanded, so nothing external is read and nothing multiplies.
// Read as JCZ reads it: tiles anywhere in the file (JCZ's engine takes every <tile>), counts summed
// over the chosen tile sets, capped by a tile's `max` and cut by a set's <remove>; an enclosed field
// on an inner place (I, II); crossings (which JCZ leaves to the places) stated as `crosses`; a tile
// whose adjacency is not what the geometry gives marked `handDrawnAdjacency`. Everything that does
// not map is reported instead of guessed.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Expansion, Feature, Half, Side, Tile } from '../schema-types.ts';
import { HALVES, SIDES, halvesOf } from '../geometry.ts';
import {
	JCZ_ATTRIBUTES,
	JCZ_BORDER_ELEMENTS,
	JCZ_GROUP_ROLES,
	JCZ_ICON_ELEMENTS,
	JCZ_INNER_FEATURES,
	adjacencyDrawnByHand,
	impliedCrossings,
	wagonMoves
} from '../jcz-vocabulary.ts';

export interface JczImportOptions {
	/** Id of the new expansion (default: from the tile-set names, else 'imported'). */
	id?: string;
	/** Display name (default: derived from the id). */
	name?: string;
	/** Which tile set to count, e.g. 'basic:2' (default: the highest edition of every set name). */
	tileSet?: string;
}

export type JczImportResult =
	/** `tileSets`: the tile sets counted. */
	| { ok: true; expansion: Expansion; report: string[]; tileSets: string[] }
	| { ok: false; error: string; line?: number; column?: number; report: string[] };

type Node = Record<string, unknown>;

/** Blanks out a DOCTYPE declaration (with its internal subset), keeping line numbers. */
export function stripDoctype(xml: string): { xml: string; found: boolean } {
	const start = xml.search(/<!DOCTYPE/i);
	if (start < 0) return { xml, found: false };
	let i = start + 9;
	let depth = 0;
	let quote: string | null = null;
	for (; i < xml.length; i++) {
		const c = xml[i];
		if (quote) {
			if (c === quote) quote = null;
		} else if (c === '"' || c === "'") quote = c;
		else if (c === '[') depth++;
		else if (c === ']') depth--;
		else if (c === '>' && depth <= 0) break;
	}
	const blank = xml.slice(start, i + 1).replace(/[^\n]/g, ' ');
	return { xml: xml.slice(0, start) + blank + xml.slice(i + 1), found: true };
}

const nameOf = (n: Node): string | undefined => Object.keys(n).find((k) => k !== ':@');
const childrenOf = (n: Node): Node[] => {
	const k = nameOf(n);
	const c = k ? n[k] : undefined;
	return Array.isArray(c) ? (c as Node[]) : [];
};
/** The five XML entities and character references, decoded (entity processing is off in the parser). */
const decode = (t: string): string =>
	t.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (all, e: string) => {
		if (e[0] !== '#')
			return ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[e];
		const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
		return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
	});
const attrsOf = (n: Node): Record<string, string> =>
	Object.fromEntries(
		Object.entries((n[':@'] as Record<string, string> | undefined) ?? {}).map(([k, v]) => [
			k,
			decode(String(v))
		])
	);
const textOf = (n: Node): string =>
	decode(
		childrenOf(n)
			.map((c) =>
				typeof c['#text'] === 'string' || typeof c['#text'] === 'number' ? String(c['#text']) : ''
			)
			.join(' ')
			.trim()
	);
const elements = (nodes: Node[], name?: string): Node[] =>
	nodes.filter((n) => {
		const k = nameOf(n);
		return (
			k !== undefined &&
			k !== '#text' &&
			k !== '#comment' &&
			!k.startsWith('?') &&
			(name === undefined || k === name)
		);
	});

/** A tile id of ours from a JCZ id ('BA/Cc+G' → 'Cc_G'), unique within the expansion. */
function ourTileId(jczId: string, taken: Set<string>): string {
	const code = jczId.includes('/') ? jczId.slice(jczId.lastIndexOf('/') + 1) : jczId;
	let id = code.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[^A-Za-z0-9]+/, '') || 'tile';
	id = id.slice(0, 60);
	let unique = id;
	for (let k = 2; taken.has(unique); k++) unique = `${id}-${k}`;
	taken.add(unique);
	return unique;
}

const parseBool = (v: string) => v === 'true' || v === '1' || v === 'yes';

export function importJczXml(source: string, options: JczImportOptions = {}): JczImportResult {
	const report: string[] = [];
	const stripped = stripDoctype(source);
	if (stripped.found)
		report.push(
			'the DOCTYPE declaration was ignored: entities are not expanded and nothing external is read'
		);
	const valid = XMLValidator.validate(stripped.xml);
	if (valid !== true)
		return {
			ok: false,
			error: `Malformed XML: ${valid.err.msg}`,
			line: valid.err.line,
			column: valid.err.col,
			report
		};
	const parser = new XMLParser({
		ignoreAttributes: false,
		attributeNamePrefix: '',
		preserveOrder: true,
		processEntities: false,
		htmlEntities: false,
		parseTagValue: false,
		parseAttributeValue: false,
		trimValues: true,
		commentPropName: '#comment'
	});
	let doc: Node[];
	try {
		doc = parser.parse(stripped.xml) as Node[];
	} catch (e) {
		return {
			ok: false,
			error: `Malformed XML: ${e instanceof Error ? e.message : String(e)}`,
			report
		};
	}
	const root = elements(doc).find((n) => nameOf(n) === 'defs' || nameOf(n) === 'pack');
	if (!root)
		return {
			ok: false,
			error: "Not a JCloisterZone tile-definition file: the root element must be 'defs'",
			report
		};
	// <pack>: the engine's old test packs, tiles with a `count` each and no tile sets.
	const pack = nameOf(root) === 'pack';
	if (/&[A-Za-z_][\w.-]*;/.test(stripped.xml.replace(/&(amp|lt|gt|quot|apos);/g, '')))
		report.push('entity references other than the five XML ones were left unexpanded');

	// Every <tile> in the file, wherever it sits (festival.xml keeps them directly under <defs>).
	const tileNodes: Node[] = [];
	const expansionNodes: Node[] = [];
	const modifierNodes: Node[] = [];
	const walk = (nodes: Node[], path: string) => {
		for (const n of elements(nodes)) {
			const k = nameOf(n)!;
			if (k === 'tile') tileNodes.push(n);
			else if (k === 'tiles') walk(childrenOf(n), `${path}/tiles`);
			else if (k === 'expansion') expansionNodes.push(n);
			else if (k === 'modifier') modifierNodes.push(n);
			else if (k !== 'sets') report.push(`element '${k}' under '${path}' not mapped`);
		}
	};
	walk(childrenOf(root), nameOf(root)!);
	const declared = scriptedModifiers(modifierNodes, report);

	const tiles: Tile[] = [];
	const byJczId = new Map<string, Tile>();
	const max = new Map<string, number>();
	const packCounts = new Map<string, number>();
	const taken = new Set<string>();
	for (const t of tileNodes) {
		const attrs = attrsOf(t);
		const jczId = attrs.id;
		if (!jczId) {
			report.push('a tile without an id was skipped');
			continue;
		}
		if (byJczId.has(jczId)) {
			report.push(`tile ${jczId}: defined twice, the second definition was skipped`);
			continue;
		}
		const tile = importTile(t, jczId, ourTileId(jczId, taken), report, pack, declared);
		if (attrs.max !== undefined) {
			const m = Number(attrs.max);
			if (Number.isInteger(m) && m >= 0) max.set(jczId, m);
			else report.push(`tile ${jczId}: max '${attrs.max}' is not a whole number: ignored`);
		}
		if (pack) {
			const n = Number(attrs.count ?? '1');
			if (Number.isInteger(n) && n >= 0) packCounts.set(jczId, n);
			else report.push(`tile ${jczId}: count '${attrs.count}' is not a whole number: counted once`);
		}
		byJczId.set(jczId, tile);
		tiles.push(tile);
	}

	// Counts from the tile sets: the chosen one, or the highest edition of each set name; a tile's
	// `max` caps its count, a chosen set's <remove> takes a tile out (JCZ's River II removes River I's lake).
	const sets = elements(childrenOf(root), 'sets').flatMap((s) => elements(childrenOf(s)));
	for (const s of sets)
		if (nameOf(s) !== 'tile-set') report.push(`element '${nameOf(s)}' under 'sets' not mapped`);
	const tileSets = sets.filter((s) => nameOf(s) === 'tile-set');
	const chosen = pack ? [] : chooseTileSets(tileSets, options.tileSet, report);
	const counts = new Map<string, number>(packCounts);
	const removed = new Set<string>();
	for (const s of chosen) {
		const setId = attrsOf(s).id ?? '?';
		for (const r of elements(childrenOf(s))) {
			const kind = nameOf(r);
			const a = attrsOf(r);
			if (kind === 'remove') {
				if (a.tile) removed.add(a.tile);
				continue;
			}
			if (kind === 'requires') {
				report.push(
					`tile-set ${setId}: requires ${Object.entries(a)
						.map(([k, v]) => `${k} ${v}`)
						.join(', ')} in JCloisterZone: not mapped (add the dependency by hand)`
				);
				continue;
			}
			if (kind !== 'ref') {
				report.push(`tile-set ${setId}: element '${kind}' not mapped`);
				continue;
			}
			const count = Number(a.count ?? '1');
			if (!a.tile || !byJczId.has(a.tile)) {
				report.push(`tile-set ${setId}: ref to unknown tile '${a.tile ?? ''}' skipped`);
				continue;
			}
			if (!Number.isInteger(count) || count < 0) {
				report.push(
					`tile-set ${setId}: count '${a.count}' of ${a.tile} is not a whole number: skipped`
				);
				continue;
			}
			counts.set(a.tile, (counts.get(a.tile) ?? 0) + count);
		}
	}
	const kept: Tile[] = [];
	for (const [jczId, tile] of byJczId) {
		let n = counts.get(jczId) ?? 0;
		if (removed.has(jczId) && n > 0) {
			report.push(`tile ${jczId}: removed by a chosen tile set: left out`);
			continue;
		}
		const cap = max.get(jczId);
		if (cap !== undefined && n > cap) n = cap;
		if (n < 1) {
			report.push(`tile ${jczId}: in no chosen tile set (or count 0): left out`);
			continue;
		}
		tile.count = n;
		kept.push(tile);
	}

	// <expansion>: what the client shows in its game setup (an add-on's name and description).
	let title: string | undefined;
	let about: string | undefined;
	for (const e of expansionNodes) {
		for (const c of elements(childrenOf(e))) {
			const k = nameOf(c);
			if (k === 'title') title ??= textOf(c) || undefined;
			else if (k === 'description') about ??= textOf(c) || undefined;
			// the client's game elements the expansion switches on: our rules come from the modules its dependencies enable
			else if (k !== 'ref' && k !== 'implies' && k !== 'enforces')
				report.push(`expansion ${attrsOf(e).id ?? '?'}: element '${k}' not mapped`);
		}
	}

	const setNames = [
		...new Set(chosen.map((s) => (attrsOf(s).id ?? '').split(':')[0]).filter(Boolean))
	];
	const guessedId =
		(setNames.join('-') || 'imported')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '') || 'imported';
	const id = options.id ?? guessedId;
	const chosenIds = chosen.map((s) => attrsOf(s).id ?? '?');
	const expansion: Expansion = {
		id,
		name: options.name ?? title ?? `${id} (imported from JCloisterZone)`,
		version: '1.0.0',
		description:
			about ??
			`Imported from a JCloisterZone tile-definition file${chosen.length ? ` (tile sets ${chosenIds.join(', ')})` : ''}. Check the report of what was not mapped.`,
		tiles: kept
	};
	return { ok: true, expansion, report, tileSets: chosenIds };
}

function chooseTileSets(tileSets: Node[], wanted: string | undefined, report: string[]): Node[] {
	if (wanted !== undefined) {
		const s = tileSets.filter((t) => attrsOf(t).id === wanted);
		if (s.length === 0)
			report.push(
				`tile-set '${wanted}' not found (have: ${tileSets.map((t) => attrsOf(t).id).join(', ')})`
			);
		return s;
	}
	const best = new Map<string, { node: Node; edition: number }>();
	for (const t of tileSets) {
		const [name, ed] = (attrsOf(t).id ?? '').split(':');
		const edition = Number(ed ?? '0') || 0;
		const cur = best.get(name);
		if (!cur || edition > cur.edition) best.set(name, { node: t, edition });
	}
	const chosen = [...best.values()].map((b) => b.node);
	for (const t of tileSets)
		if (!chosen.includes(t))
			report.push(
				`tile-set ${attrsOf(t).id}: an older edition, not counted (choose it with the tileSet option)`
			);
	return chosen;
}

const INNER_PLACES = ['I', 'II', 'III', 'IV'];
/** The id prefix of The Count of Carcassonne's tiles in JCloisterZone (count.xml: CO/1 … CO/12). */
const COUNT_PREFIX = 'CO/';

/** Feature kind → attribute → our modifier, for the modifiers a file declares itself. */
type Declared = Map<string, Record<string, { modifier: string; kind: 'int' | 'bool' }>>;

/**
 * JCZ's scripted modifiers (`<modifier type="+|any|all" selector="city[wine]">`, as our export
 * writes them for data rules): the features' attributes of that name come back as modifiers (`+` a
 * count, `any`/`all` a flag); the scoring script is not read back into rules, and the report says so.
 */
function scriptedModifiers(nodes: Node[], report: string[]): Declared {
	const declared: Declared = new Map();
	for (const n of nodes) {
		const a = attrsOf(n);
		const sel = /^(road|city|field)\[([A-Za-z_][\w-]*)\]$/.exec(a.selector ?? '');
		const kind = a.type === '+' ? 'int' : a.type === 'any' || a.type === 'all' ? 'bool' : undefined;
		if (!sel || !kind) {
			report.push(`modifier '${a.selector ?? ''}' (type '${a.type ?? ''}') not mapped`);
			continue;
		}
		const [, type, name] = sel;
		declared.set(type, { ...declared.get(type), [name]: { modifier: name, kind } });
		report.push(
			`modifier ${a.selector}: its values on the features are kept, its scoring script is not read (write it as a value rule in dataRules)`
		);
	}
	return declared;
}

function importTile(
	t: Node,
	jczId: string,
	id: string,
	report: string[],
	pack: boolean,
	declared: Declared
): Tile {
	const where = `tile ${jczId}`;
	const attrs = attrsOf(t);
	const tile: Tile = { id, name: jczId, jcz: { id: jczId, rotation: 0 }, count: 1, features: [] };
	for (const a of Object.keys(attrs)) {
		if (a === 'id' || a === 'max' || (pack && a === 'count')) continue;
		if (a === 'group') {
			if (!(attrs.group in JCZ_GROUP_ROLES))
				report.push(`${where}: group '${attrs.group}' not mapped`);
			else {
				const role = JCZ_GROUP_ROLES[attrs.group];
				if (role) tile.role = role;
			}
			continue;
		}
		report.push(`${where}: attribute '${a}' not mapped`);
	}
	const seq: Record<string, number> = {};
	const nextId = (prefix: string) => `${prefix}${(seq[prefix] = (seq[prefix] ?? 0) + 1)}`;
	const PREFIX: Record<Feature['type'], string> = {
		road: 'r',
		city: 'c',
		river: 'w',
		field: 'f',
		monastery: 'm',
		garden: 'g',
		stable: 's',
		quarter: 'q'
	};
	const pendingCities: { feature: Feature; labels: string[] }[] = [];
	const tunnels = new Set<string>();
	const wagon = new Map<string, string[]>(); // label → feature ids, as the file has them
	const icons: string[] = [];
	for (const n of elements(childrenOf(t))) {
		const kind = nameOf(n)!;
		const a = attrsOf(n);
		let feature: Feature | undefined;
		if (kind in JCZ_BORDER_ELEMENTS) {
			const type = JCZ_BORDER_ELEMENTS[kind as keyof typeof JCZ_BORDER_ELEMENTS];
			const places = textOf(n).split(/\s+/).filter(Boolean);
			feature = { id: nextId(PREFIX[type]), type };
			const allowed: readonly string[] = type === 'field' ? HALVES : SIDES;
			const good = places.filter((p) => allowed.includes(p));
			// A field on an inner place (I, II) is a field enclosed inside the tile.
			const inner = type === 'field' ? places.filter((p) => INNER_PLACES.includes(p)) : [];
			for (const p of places)
				if (!allowed.includes(p) && !inner.includes(p))
					report.push(`${where}: place '${p}' of a ${kind} not mapped`);
			if (type === 'field') feature.halves = good as Half[];
			else feature.sides = good as Side[];
			if (type !== 'field' && good.length === 0) {
				report.push(`${where}: a ${kind} with no side left out`);
				continue;
			}
			if (type === 'field' && good.length && inner.length)
				report.push(
					`${where}: a field on half-sides and an inner place (${inner.join(' ')}): taken as the half-sides`
				);
			const vocab = {
				...declared.get(type),
				...JCZ_ATTRIBUTES[type as keyof typeof JCZ_ATTRIBUTES]
			};
			for (const [name, value] of Object.entries(a)) {
				if (type === 'field' && name === 'city') {
					pendingCities.push({ feature, labels: value.split(/\s+/).filter(Boolean) });
					continue;
				}
				if (name === 'wagon-move') continue;
				// Traders & Builders' goods: the attribute's value names the good (our modifiers wine, grain, cloth)
				if (type === 'city' && name === 'resource' && /^[a-z]+$/.test(value)) {
					feature.modifiers = { ...feature.modifiers, [value]: 1 };
					continue;
				}
				if (type === 'road' && name === 'tunnel') {
					if (parseBool(value)) tunnels.add(feature.id);
					continue;
				}
				const m = vocab[name];
				if (!m) {
					report.push(`${where}: attribute '${name}' on '${kind}' not mapped`);
					continue;
				}
				if (m.kind === 'int') {
					const v = Number(value);
					if (Number.isInteger(v) && v >= 0) {
						if (v > 0) feature.modifiers = { ...feature.modifiers, [m.modifier]: v };
					} else report.push(`${where}: ${name}="${value}" on '${kind}' is not a whole number`);
				} else if (parseBool(value))
					feature.modifiers = { ...feature.modifiers, [m.modifier]: true };
			}
			if (feature.modifiers?.princess === true && !icons.includes('princess'))
				icons.push('princess');
		} else if (kind in JCZ_INNER_FEATURES) {
			const type = JCZ_INNER_FEATURES[kind as keyof typeof JCZ_INNER_FEATURES];
			for (const name of Object.keys(a))
				if (name !== 'wagon-move')
					report.push(`${where}: attribute '${name}' on '${kind}' not mapped`);
			if (textOf(n))
				report.push(
					`${where}: places '${textOf(n)}' of the ${kind} not mapped (it stands inside the tile)`
				);
			feature = { id: nextId(PREFIX[type]), type };
		} else if (kind in JCZ_ICON_ELEMENTS) {
			const icon = JCZ_ICON_ELEMENTS[kind as keyof typeof JCZ_ICON_ELEMENTS];
			if (!icons.includes(icon)) icons.push(icon);
			for (const name of Object.keys(a))
				report.push(`${where}: attribute '${name}' on '${kind}' not mapped`);
		} else report.push(`${where}: element '${kind}' not mapped`);
		if (!feature) continue;
		tile.features.push(feature);
		for (const label of (a['wagon-move'] ?? '').split(/\s+/).filter(Boolean))
			wagon.set(label, [...(wagon.get(label) ?? []), feature.id]);
	}
	// Field → city adjacency: each label is a side of one of the tile's cities (JCZ: a part of its location).
	for (const { feature, labels } of pendingCities) {
		const cities: string[] = [];
		for (const label of labels) {
			const sides = label.length > 1 && /^[NESW]+$/.test(label) ? label.split('') : [label];
			const city = tile.features.find(
				(f) => f.type === 'city' && sides.some((s) => f.sides?.includes(s as Side))
			);
			if (!city)
				report.push(`${where}: field city '${label}' names no city of the tile: not mapped`);
			else if (!cities.includes(city.id)) cities.push(city.id);
		}
		if (cities.length) feature.cities = cities;
	}
	// Crossings JCZ leaves to the places; the tile marked drawn by hand where JCZ's adjacency differs
	// from the geometry's.
	for (const [over, unders] of impliedCrossings(tile.features, tunnels))
		tile.features.find((f) => f.id === over)!.crosses = unders;
	for (const r of tunnels)
		if (!tile.features.some((f) => f.type === 'city' && f.crosses?.includes(r)))
			report.push(
				`${where}: road '${r}' is a tunnel end (The Tunnel): not mapped, imported as a road`
			);
	if (adjacencyDrawnByHand(tile.features)) tile.handDrawnAdjacency = true;
	// Half-sides of no field and no city: JCZ leaves the inside of The Count's city of Carcassonne so
	// (its 12 tiles, ids CO/…, hold no feature there). On those tiles they become one quarter, said
	// in the report; elsewhere the tile is faulty and said so.
	const held = new Set(
		tile.features.flatMap((f) => [
			...(f.halves ?? []),
			...(f.type === 'city' ? (f.sides ?? []).flatMap(halvesOf) : [])
		])
	);
	const loose = HALVES.filter((h) => !held.has(h));
	if (loose.length && jczId.startsWith(COUNT_PREFIX)) {
		const quarter: Feature = { id: nextId(PREFIX.quarter), type: 'quarter', halves: loose };
		tile.features.push(quarter);
		report.push(
			`${where}: half-sides ${loose.join(' ')} are inside The Count's city of Carcassonne (no feature in JCloisterZone): imported as quarter ${quarter.id}, kept as data (no rule module here plays The Count)`
		);
	} else if (loose.length)
		report.push(
			`${where}: half-sides ${loose.join(' ')} belong to no field or city: the tile will not validate`
		);
	// The wagon's moves (Abbey & Mayor) follow from the geometry here: say where the file differs.
	const key = (groups: string[][]) =>
		groups
			.map((g) => [...g].sort().join('+'))
			.sort()
			.join(', ') || 'none';
	const derived = key(wagonMoves(tile.features));
	const given = key([...wagon.values()]);
	if (wagon.size && derived !== given)
		report.push(
			`${where}: wagon moves ${given} differ from what the geometry gives (${derived}): not mapped`
		);
	if (icons.length) tile.icons = icons;
	return tile;
}
