// The shared vocabulary of JCloisterZone's tile-definition XML (facts in
// docs/export.md), used by the add-on export and the XML import.
import type { Feature, Half, Side, Tile } from './schema-types.ts';
import { HALVES, cornerNeighbourSide, halvesOf, oppositeSide, sideIndex } from './geometry.ts';
import { banksAround } from './check-tile.ts';

/** Feature elements with border places, and our feature type for each. */
export const JCZ_BORDER_ELEMENTS = {
	road: 'road',
	city: 'city',
	river: 'river',
	field: 'field'
} as const;
/** Marker elements for inner features that have a feature in our model. */
export const JCZ_INNER_FEATURES = { monastery: 'monastery', garden: 'garden' } as const;
/** Marker elements that are tile icons in our model. */
export const JCZ_ICON_ELEMENTS = {
	dragon: 'dragon',
	volcano: 'volcano',
	portal: 'portal'
} as const;

/** Boolean / numeric feature attributes and our modifier names. */
export const JCZ_ATTRIBUTES: Record<
	'road' | 'city' | 'field' | 'river',
	Record<string, { modifier: string; kind: 'int' | 'bool' }>
> = {
	city: {
		pennants: { modifier: 'pennants', kind: 'int' },
		cathedral: { modifier: 'cathedral', kind: 'bool' },
		princess: { modifier: 'princess', kind: 'bool' }
	},
	road: { inn: { modifier: 'inn', kind: 'bool' } },
	field: { 'pig-herd': { modifier: 'pigHerd', kind: 'bool' } },
	river: {}
};

/** Tile groups of the River and our tile roles. */
export const JCZ_GROUP_ROLES: Record<string, Tile['role'] | undefined> = {
	river: undefined,
	'river-spring': 'spring',
	'river-lake': 'lake',
	'river-fork': 'fork'
};

/** The JCZ group attribute for a river tile of ours. */
export function groupOf(tile: Pick<Tile, 'role' | 'features'>): string | undefined {
	if (!tile.features.some((f: Feature) => f.type === 'river')) return undefined;
	if (tile.role === 'spring') return 'river-spring';
	if (tile.role === 'lake') return 'river-lake';
	if (tile.role === 'fork') return 'river-fork';
	return 'river';
}

// ---- What JCloisterZone leaves implicit in its tile XML and we state (or the other way round).

/** The bank of each half-side around a feature touching `sides` (two or more; the validator's banks). */
function banksOf(sides: readonly Side[]): Map<Half, number> {
	const own = new Set(sides.map(sideIndex));
	return new Map(own.size < 2 ? [] : banksAround(own).map(([hi, bank]) => [HALVES[hi], bank]));
}

/** True when a field holds half-sides on two banks of the border feature `g` (it runs on past it). */
const spansBanks = (field: Feature, g: Feature): boolean => {
	const banks = banksOf(g.sides ?? []);
	return new Set((field.halves ?? []).map((h) => banks.get(h))).size > 1;
};

/**
 * True when two border features cross on the tile: the sides of one lie between different arms of
 * the other (a road N–S and a city E–W), so one passes over the other by a bridge or a tunnel. JCZ
 * writes no crossing: it follows from the places.
 */
export function sidesCross(a: readonly Side[], b: readonly Side[]): boolean {
	if (a.length < 2 || b.length < 2) return false;
	const banks = banksOf(a);
	const seen = new Set<number>();
	for (const s of b) {
		if (a.includes(s)) return false;
		seen.add(banks.get(halvesOf(s)[1])!);
	}
	return seen.size > 1;
}

const BORDER = new Set(['road', 'city', 'river']);
const OVER: Record<string, number> = { city: 3, road: 2, river: 1 };

/**
 * The crossings a JCZ tile implies, as `crosses` of ours: of two border features that cross, the
 * city passes over a road or a river and a road over a river (a road JCZ marks `tunnel` passes
 * under); of two of one kind the first listed passes over. A field lying on both banks of a
 * feature that is part of a crossing passes over it too (as at a bridge, where the field runs on
 * under the arch). `tunnel` holds the ids of roads JCZ marks as tunnels.
 */
export function impliedCrossings(
	features: readonly Feature[],
	tunnel: ReadonlySet<string> = new Set()
): Map<string, string[]> {
	const out = new Map<string, string[]>();
	const add = (over: string, under: string) => {
		const list = out.get(over) ?? [];
		if (!list.includes(under)) list.push(under);
		out.set(over, list);
	};
	const border = features.filter((f) => BORDER.has(f.type) && (f.sides?.length ?? 0) >= 2);
	const crossing = new Set<string>();
	for (let i = 0; i < border.length; i++)
		for (let j = i + 1; j < border.length; j++) {
			const a = border[i];
			const b = border[j];
			if (!sidesCross(a.sides!, b.sides!)) continue;
			crossing.add(a.id).add(b.id);
			const rank = (f: Feature) => (tunnel.has(f.id) ? 0 : OVER[f.type]);
			if (rank(b) > rank(a)) add(b.id, a.id);
			else add(a.id, b.id);
		}
	for (const g of border) {
		if (!crossing.has(g.id)) continue;
		for (const f of features) if (f.type === 'field' && spansBanks(f, g)) add(f.id, g.id);
	}
	return out;
}

/**
 * The cities a field borders along the tile border, by the geometry: a half at a corner next to a
 * city side (the validator's rule). JCZ writes this list by hand.
 */
export function borderedCities(field: Feature, features: readonly Feature[]): string[] {
	const out: string[] = [];
	for (const h of field.halves ?? []) {
		const next = cornerNeighbourSide(h);
		const city = features.find((f) => f.type === 'city' && f.sides?.includes(next));
		if (city && !out.includes(city.id)) out.push(city.id);
	}
	return out;
}

/**
 * The wagon's moves between features of one tile (JCZ's `wagon-move` labels, Abbey & Mayor), read
 * from the geometry as JCZ's own tiles have them: each road ending on the tile leads to the
 * monastery when there is one; else three or more road ends meet at a junction; else a road end
 * leads to the city in front of it (the one holding the opposite side, or the only one); a
 * monastery with no road leads to a lone city. Groups of feature ids.
 */
export function wagonMoves(features: readonly Feature[]): string[][] {
	const ends = features.filter((f) => f.type === 'road' && f.sides?.length === 1);
	const cities = features.filter((f) => f.type === 'city' && f.sides?.length);
	const monastery = features.find((f) => f.type === 'monastery');
	if (monastery) {
		if (ends.length) return ends.map((r) => [r.id, monastery.id]);
		return cities.length === 1 ? [[monastery.id, cities[0].id]] : [];
	}
	if (ends.length >= 3) return [ends.map((r) => r.id)];
	if (!cities.length) return ends.length === 2 ? [ends.map((r) => r.id)] : [];
	return ends.map((r) => {
		const opposite = oppositeSide(r.sides![0]);
		const city = cities.find((c) => c.sides!.includes(opposite)) ?? cities[0];
		return [r.id, city.id];
	});
}

/**
 * True when a tile's field-to-city adjacency is not what the geometry gives (a field lists other
 * cities than it borders along the tile border, or lies on both banks of a road, river or city it
 * does not cross): JCZ draws such tiles by hand; ours mark them `handDrawnAdjacency`.
 */
export function adjacencyDrawnByHand(features: readonly Feature[]): boolean {
	for (const f of features) {
		if (f.type !== 'field') continue;
		const listed = new Set(f.cities ?? []);
		const bordered = borderedCities(f, features);
		if (bordered.length !== listed.size || bordered.some((c) => !listed.has(c))) return true;
		for (const g of features) {
			if (
				BORDER.has(g.type) &&
				!f.crosses?.includes(g.id) &&
				!g.crosses?.includes(f.id) &&
				spansBanks(f, g)
			)
				return true;
		}
	}
	return false;
}
