// "A designer who makes a tile like one that exists is told which" (issue 30 §1): a tile's shape —
// its features' types and the sides, half-sides and inner places they hold, names, ids, counts and
// modifiers aside — compared in each of its four turns with the tiles of the shipped sets and of
// the expansion itself. Pure.
import { rotateHalf, rotateSide, type Feature, type Tile } from '../formats/geometry.ts';

export interface SimilarTile {
	/** `<expansion>/<tile id>`. */
	ref: string;
	name?: string;
	/** Clockwise quarter turns of the other tile that give this one's shape. */
	rotation: number;
	/** Modifiers one has and the other does not (`+port` on this tile, `-pennants` on the other). */
	modifiers: string[];
}

const modifierNames = (fs: readonly Feature[]): string[] =>
	[...new Set(fs.flatMap((f) => Object.keys(f.modifiers ?? {})))].sort();

/** The tile's shape after `rotation` clockwise quarter turns: one sorted line per feature. */
export function tileShape(tile: Pick<Tile, 'features'>, rotation = 0): string {
	const features = Array.isArray(tile.features) ? tile.features : [];
	return features
		.map((f) => {
			const sides = Array.isArray(f.sides)
				? f.sides.map((s) => rotateSide(s, rotation)).sort()
				: [];
			const halves = Array.isArray(f.halves)
				? f.halves.map((h) => rotateHalf(h, rotation)).sort()
				: [];
			return `${f.type}:${sides.join('')}:${halves.join('')}`;
		})
		.sort()
		.join('|');
}

/**
 * The tiles among `others` (by expansion, the tile itself left out) whose shape is `tile`'s in one
 * of their four turns; each with the turn and the modifiers that differ.
 */
export function similarTiles(
	tile: Tile,
	self: string,
	others: readonly { id: string; tiles: readonly Tile[] }[]
): SimilarTile[] {
	const shape = tileShape(tile);
	if (!shape) return [];
	const mine = modifierNames(tile.features ?? []);
	const out: SimilarTile[] = [];
	for (const e of others)
		for (const t of Array.isArray(e.tiles) ? e.tiles : []) {
			const ref = `${e.id}/${t.id}`;
			if (ref === self || !Array.isArray(t.features)) continue;
			const rotation = [0, 1, 2, 3].find((r) => tileShape(t, r) === shape);
			if (rotation === undefined) continue;
			const theirs = modifierNames(t.features);
			out.push({
				ref,
				...(t.name ? { name: t.name } : {}),
				rotation,
				modifiers: [
					...mine.filter((m) => !theirs.includes(m)).map((m) => `+${m}`),
					...theirs.filter((m) => !mine.includes(m)).map((m) => `-${m}`)
				]
			});
		}
	return out;
}

/** In words: "base/D (turned once; here +port)". */
export function similarText(s: SimilarTile): string {
	const turned = ['', 'turned once', 'turned twice', 'turned three times'][s.rotation];
	const extra = [turned, s.modifiers.length ? `modifiers ${s.modifiers.join(' ')}` : '']
		.filter(Boolean)
		.join('; ');
	return `${s.ref}${s.name ? ` “${s.name}”` : ''}${extra ? ` (${extra})` : ''}`;
}
