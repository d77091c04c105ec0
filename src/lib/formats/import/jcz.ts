// Import of a JCloisterZone tile-definition XML file into our expansion format. Pure (no I/O).
// Parsed with fast-xml-parser with entity processing off; a DOCTYPE (and any entity it declares) is
// removed before parsing and never expanded, so nothing external is read and nothing multiplies.
// Read as JCZ reads it: tiles anywhere in the file (JCZ's engine takes every <tile>), counts summed
// over the chosen tile sets, capped by a tile's `max` and cut by a set's <remove>; an enclosed field
// on an inner place (I, II); crossings (which JCZ leaves to the places) stated as `crosses`; a tile
// whose adjacency is not what the geometry gives marked `handDrawnAdjacency`. Everything that does
// not map is reported instead of guessed. A tile is read by jcz-tile.ts, the XML nodes by jcz-xml.ts.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Expansion, Tile } from '../schema-types.ts';
import {
	attrsOf,
	childrenOf,
	elements,
	nameOf,
	stripDoctype,
	textOf,
	type Node
} from './jcz-xml.ts';
import { importTile, ourTileId, scriptedModifiers } from './jcz-tile.ts';

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
			.replace(/^-|-$/g, '') || 'imported';
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
