// Compiles tile definitions once into a fast internal form: edge codes per rotation as packed
// nibbles, feature-per-side and field-per-half tables per rotation. Compiled sets are cached by
// content so thousands of simulated games share them.
import {
	FEATURE_KINDS,
	type CFeature,
	type CTile,
	type Expansion,
	type FeatureKind
} from './types.ts';
import { SIDES, HALVES } from '../formats/geometry.ts';

/** Edge codes: 0 = unconstrained (empty cell, wildcard), 1 field, 2 road, 3 city, 4 river. */
const EDGE_FIELD = 1;
const EDGE_ROAD = 2;
const EDGE_CITY = 3;
const EDGE_RIVER = 4;
export const EDGE_NAMES = ['open', 'field', 'road', 'city', 'river'];
const EDGE_OF: Record<string, number> = { road: EDGE_ROAD, city: EDGE_CITY, river: EDGE_RIVER };

export function compileTile(
	expansion: string,
	def: Expansion['tiles'][number],
	index: number
): CTile {
	const features: CFeature[] = def.features.map((f) => {
		const kind = f.type as FeatureKind;
		const modifiers: Record<string, number | boolean> = {};
		for (const [k, v] of Object.entries(f.modifiers ?? {})) if (v !== undefined) modifiers[k] = v;
		return {
			id: f.id,
			kind,
			kindCode: FEATURE_KINDS.indexOf(kind),
			sides:
				kind === 'road' || kind === 'city' || kind === 'river'
					? (f.sides ?? []).length + (f.sharesSide ? 1 : 0)
					: 0,
			pennants: typeof f.modifiers?.pennants === 'number' ? f.modifiers.pennants : 0,
			modifiers,
			cities: [],
			inner: kind === 'monastery' || kind === 'garden' || kind === 'stable'
		};
	});
	const byId = new Map(def.features.map((f, i) => [f.id, i]));
	def.features.forEach((f, i) => {
		if (f.type === 'field')
			features[i].cities = (f.cities ?? []).map((c) => byId.get(c) ?? -1).filter((c) => c >= 0);
	});
	// unrotated tables
	const side0 = [-1, -1, -1, -1];
	const half0 = [-1, -1, -1, -1, -1, -1, -1, -1];
	def.features.forEach((f, i) => {
		if (f.type === 'road' || f.type === 'city' || f.type === 'river') {
			for (const s of f.sides ?? []) if (side0[SIDES.indexOf(s)] < 0) side0[SIDES.indexOf(s)] = i;
		} else if (f.type === 'field') {
			for (const h of f.halves ?? [])
				if (half0[HALVES.indexOf(h)] < 0) half0[HALVES.indexOf(h)] = i;
		}
	});
	// a second city on a side (sharesSide): it joins what is placed against that side too
	const shared0 = SIDES.map((s) => def.features.findIndex((f) => f.sharesSide === s));
	const code0 = side0.map((f) => (f < 0 ? EDGE_FIELD : EDGE_OF[features[f].kind]));
	const edges: number[] = [];
	const sideFeat = new Int8Array(16);
	const sideShared = new Int8Array(16);
	const halfField = new Int8Array(32);
	for (let r = 0; r < 4; r++) {
		let e = 0;
		for (let s = 0; s < 4; s++) {
			const from = (s - r + 4) & 3;
			e |= code0[from] << (4 * s);
			sideFeat[r * 4 + s] = side0[from];
			sideShared[r * 4 + s] = shared0[from];
		}
		for (let h = 0; h < 8; h++) halfField[r * 8 + h] = half0[(h - 2 * r + 8) & 7];
		edges.push(def.wildcard ? 0 : e);
	}
	const riverSides: number[] = [];
	side0.forEach((f, s) => {
		if (f >= 0 && features[f].kind === 'river') riverSides.push(s);
	});
	return {
		index,
		key: `${expansion}/${def.id}`,
		expansion,
		id: def.id,
		def,
		features,
		edges,
		sideFeat,
		shared: shared0.some((f) => f >= 0) ? sideShared : null,
		halfField,
		inner: features.flatMap((f, i) => (f.inner ? [i] : [])),
		icons: new Set(def.icons ?? []),
		role: def.role ?? null,
		river: riverSides.length > 0,
		wildcard: def.wildcard === true,
		riverSides
	};
}

/**
 * An empty wildcard (a town hall): a tile that fits anything and holds nothing (no figure; no land tile unless its held-tile step says so).
 * An abbey fits anything too, but it is a monastery and a land tile.
 */
export const isEmptyWildcard = (t: CTile): boolean => t.wildcard && t.features.length === 0;

/** Compiles every tile of the given expansions, in order. */
export function compileTiles(expansions: readonly Expansion[]): CTile[] {
	const out: CTile[] = [];
	for (const e of expansions) for (const t of e.tiles) out.push(compileTile(e.id, t, out.length));
	return out;
}
