// Pure edits of an expansion document: tiles added, duplicated, deleted, moved, replaced; metadata.
import type { Expansion, Tile } from '../formats/schema-types.ts';
import { blankTile, cloneTile } from './commands.ts';
import { FORMAT_VERSION } from '../formats/migrate.ts';

/** An id not used by any tile: `base` if free, else `base-2`, `base-3`, … */
export function freeTileId(doc: Expansion, base = 'T'): string {
	const used = new Set(doc.tiles.map((t) => t.id));
	if (!used.has(base)) return base;
	for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function addTile(doc: Expansion, tile?: Tile): { doc: Expansion; index: number } {
	const t = tile ?? blankTile(freeTileId(doc, `T${doc.tiles.length + 1}`));
	return { doc: { ...doc, tiles: [...doc.tiles, t] }, index: doc.tiles.length };
}

export function duplicateTile(doc: Expansion, index: number): { doc: Expansion; index: number } {
	const src = doc.tiles[index];
	if (!src) return { doc, index };
	const copy = { ...cloneTile(src), id: freeTileId(doc, src.id) };
	const tiles = [...doc.tiles];
	tiles.splice(index + 1, 0, copy);
	return { doc: { ...doc, tiles }, index: index + 1 };
}

export function deleteTile(doc: Expansion, index: number): Expansion {
	if (!doc.tiles[index]) return doc;
	return { ...doc, tiles: doc.tiles.filter((_, i) => i !== index) };
}

/** Moves a tile to another position (the order is the order of the file and of the grid). */
export function moveTile(doc: Expansion, from: number, to: number): Expansion {
	if (from === to || !doc.tiles[from] || to < 0 || to >= doc.tiles.length) return doc;
	const tiles = [...doc.tiles];
	const [t] = tiles.splice(from, 1);
	tiles.splice(to, 0, t);
	return { ...doc, tiles };
}

export function replaceTile(doc: Expansion, index: number, tile: Tile): Expansion {
	if (index < 0 || index >= doc.tiles.length) return doc;
	const tiles = [...doc.tiles];
	tiles[index] = tile;
	return { ...doc, tiles };
}

type Meta = Omit<Expansion, 'tiles'>;
/** Sets a top-level property; `undefined`, '' and empty lists or maps remove it. */
export function setMeta<K extends keyof Meta>(
	doc: Expansion,
	key: K,
	value: Meta[K] | undefined
): Expansion {
	const next = { ...doc };
	const empty =
		value === undefined ||
		value === '' ||
		(Array.isArray(value) && value.length === 0) ||
		(typeof value === 'object' &&
			value !== null &&
			!Array.isArray(value) &&
			Object.keys(value).length === 0);
	if (empty && key !== 'id' && key !== 'name' && key !== 'version') delete next[key];
	else (next as Meta)[key] = value as Meta[K];
	return next;
}

export interface FeatureTotals {
	/** Feature type → number of features on the physical tiles of a game (counts respected). */
	fixed: Record<string, number>;
	/** Features on tiles counted per player (town halls): to multiply by the number of players. */
	perPlayer: Record<string, number>;
	/** Physical tiles: fixed and per player. */
	tiles: { fixed: number; perPlayer: number };
}

export function featureTotals(doc: Expansion): FeatureTotals {
	const out: FeatureTotals = { fixed: {}, perPlayer: {}, tiles: { fixed: 0, perPlayer: 0 } };
	for (const t of doc.tiles ?? []) {
		const perPlayer = typeof t.count === 'object' && t.count !== null;
		const n = perPlayer
			? Number((t.count as { perPlayer: number }).perPlayer) || 0
			: Number(t.count) || 0;
		const bucket = perPlayer ? out.perPlayer : out.fixed;
		if (perPlayer) out.tiles.perPlayer += n;
		else out.tiles.fixed += n;
		for (const f of t.features ?? []) bucket[f.type] = (bucket[f.type] ?? 0) + n;
	}
	return out;
}

/** A fresh expansion document. */
export function newExpansion(id: string, name: string): Expansion {
	return {
		$schema: '../schemas/expansion.v1.json',
		formatVersion: FORMAT_VERSION,
		id,
		name,
		version: '0.1.0',
		tiles: []
	};
}

/** A copy under a new id and name, no longer official. */
export function duplicateExpansion(doc: Expansion, id: string, name: string): Expansion {
	const copy = JSON.parse(JSON.stringify(doc)) as Expansion;
	copy.id = id;
	copy.name = name;
	delete copy.official;
	return copy;
}
