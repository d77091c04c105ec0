// Where a tile's field is cut by what is drawn on it: walking the border clockwise from one half
// to the next, a road or river running through the middle of a side cuts (one that goes on to
// another side, or one of three or more roads meeting in a village), as does another field's half
// or the side of a city that reaches another side (a city cap lets the field pass beneath it).
// Split follows these regions; two fields in one region are a split nothing separates.
import {
	HALVES,
	halfIndex,
	type Feature,
	type Half,
	type Side,
	type Tile
} from '../formats/geometry.ts';

const SIDE_OF = (i: number): Side => (['N', 'E', 'S', 'W'] as const)[i >> 1];

function separators(tile: Tile) {
	const features = Array.isArray(tile.features) ? tile.features : [];
	const stubs = features.filter((f) => f.type === 'road' && (f.sides?.length ?? 0) === 1).length;
	const cutsSide = new Set<Side>();
	const citySide = new Map<Side, number>();
	for (const f of features) {
		const sides = f.sides ?? [];
		if (f.type === 'road' || f.type === 'river') {
			if (sides.length >= 2 || (f.type === 'road' && stubs >= 3))
				for (const s of sides) cutsSide.add(s);
		} else if (f.type === 'city')
			for (const s of sides) citySide.set(s, Math.max(citySide.get(s) ?? 0, sides.length));
	}
	const fieldOf = new Map<Half, string>();
	for (const f of features)
		if (f.type === 'field' || f.type === 'quarter')
			for (const h of f.halves ?? []) if (!fieldOf.has(h)) fieldOf.set(h, f.id);
	return { cutsSide, citySide, fieldOf };
}

/** True when walking clockwise along the border from half `a` to half `b` crosses something that divides a field. */
function divided(
	a: number,
	b: number,
	inGroup: (i: number) => boolean,
	s: ReturnType<typeof separators>
): boolean {
	for (let k = a; k !== b; k = (k + 1) & 7) {
		const next = (k + 1) & 7;
		// the middle of a side, between its left and right halves
		if ((k & 1) === 0 && s.cutsSide.has(SIDE_OF(k))) return true;
		if (next === b) break;
		// a half on the way that the group does not hold
		if (inGroup(next)) continue;
		if (s.fieldOf.has(HALVES[next])) return true;
		if ((s.citySide.get(SIDE_OF(next)) ?? 0) >= 2) return true;
	}
	return false;
}

/** The halves grouped into the stretches of field that nothing drawn on the tile divides (in border order). */
export function fieldRegions(tile: Tile, halves: readonly Half[]): Half[][] {
	const s = separators(tile);
	const idx = [...new Set(halves)].map(halfIndex).sort((x, y) => x - y);
	if (idx.length === 0) return [];
	const held = new Set(idx);
	const parent = idx.map((_, i) => i);
	const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
	for (let i = 0; i < idx.length; i++) {
		const j = (i + 1) % idx.length;
		if (i === j) break;
		if (!divided(idx[i], idx[j], (k) => held.has(k), s)) parent[find(i)] = find(j);
	}
	const groups = new Map<number, Half[]>();
	idx.forEach((h, i) => {
		const r = find(i);
		groups.set(r, [...(groups.get(r) ?? []), HALVES[h]]);
	});
	return [...groups.values()].sort((a, b) => halfIndex(a[0]) - halfIndex(b[0]));
}

export interface Unseparated {
	fields: [string, string];
	/** The two halves where they meet, with nothing drawn between them. */
	places: [Half, Half];
}

/** Pairs of fields of the tile that lie in one stretch with nothing between them. */
export function unseparatedFields(tile: Tile): Unseparated[] {
	const fields = (Array.isArray(tile.features) ? tile.features : []).filter(
		(f): f is Feature & { halves: Half[] } => f.type === 'field' && Array.isArray(f.halves)
	);
	const all = fields.flatMap((f) => f.halves);
	// every field's halves are one group here: only roads, rivers and cities divide
	const owner = new Map(fields.flatMap((f) => f.halves.map((h) => [h, f.id] as const)));
	const out: Unseparated[] = [];
	const s = separators({ ...tile, features: tile.features.filter((f) => f.type !== 'field') });
	const idx = [...new Set(all)].map(halfIndex).sort((x, y) => x - y);
	const held = new Set(idx);
	for (let i = 0; i < idx.length && idx.length > 1; i++) {
		const j = (i + 1) % idx.length;
		const [a, b] = [owner.get(HALVES[idx[i]])!, owner.get(HALVES[idx[j]])!];
		if (a === b || divided(idx[i], idx[j], (k) => held.has(k), s)) continue;
		const pair = [a, b].sort() as [string, string];
		if (!out.some(({ fields: [x, y] }) => x === pair[0] && y === pair[1]))
			out.push({ fields: pair, places: [HALVES[idx[i]], HALVES[idx[j]]] });
	}
	return out;
}
