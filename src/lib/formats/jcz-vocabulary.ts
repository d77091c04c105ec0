// The shared vocabulary of JCloisterZone's tile-definition XML (facts in
// docs/export.md), used by the add-on export and the XML import.
import type { Feature, Half, Side, Tile } from './schema-types.ts';
import {
	HALVES,
	cornerNeighbourSide,
	halvesOf,
	oppositeSide,
	rotateHalf,
	rotateSide,
	sideIndex
} from './geometry.ts';
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
	portal: 'portal',
	festival: 'festival',
	hill: 'hill',
	vineyard: 'vineyard'
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

/** JCZ's feature class names (pointers, the artwork's `<Class>/<Location>` keys) for ours. */
export const JCZ_FEATURE_CLASS: Partial<Record<Feature['type'], string>> = {
	road: 'Road',
	city: 'City',
	river: 'River',
	field: 'Field',
	monastery: 'Monastery',
	garden: 'Garden'
};

// ---- Locations: JCZ names a feature by the places it holds on the tile, after rotation.

/**
 * JCZ's names for a set of sides (its Location constants): every non-empty set has one; a set of
 * three is named after the side it lacks (_N = E, S and W).
 */
export const JCZ_SIDE_SETS: Readonly<Record<string, readonly Side[]>> = {
	N: ['N'],
	E: ['E'],
	S: ['S'],
	W: ['W'],
	NW: ['N', 'W'],
	NE: ['N', 'E'],
	SE: ['S', 'E'],
	SW: ['S', 'W'],
	WE: ['W', 'E'],
	NS: ['N', 'S'],
	NWSE: ['N', 'E', 'S', 'W'],
	_N: ['E', 'S', 'W'],
	_E: ['N', 'S', 'W'],
	_S: ['N', 'E', 'W'],
	_W: ['N', 'E', 'S']
};
/** The inner places, in the order a tile's features of one class take them. */
const INNER = ['I', 'II', 'III', 'IV'];

/** A JCZ location ('SE', '_N', 'NL.NR.EL', 'I') as board sides, half-sides or an inner place; null when it names none. */
export function parseLocation(
	location: string
): { sides: Side[]; halves: Half[]; inner: string | null } | null {
	if (INNER.includes(location)) return { sides: [], halves: [], inner: location };
	if (Object.hasOwn(JCZ_SIDE_SETS, location))
		return { sides: [...JCZ_SIDE_SETS[location]], halves: [], inner: null };
	const parts = location.split('.');
	if (!parts.every((p) => (HALVES as readonly string[]).includes(p))) return null;
	return { sides: [], halves: parts as Half[], inner: null };
}

/**
 * The JCZ location of a feature of a tile lying at `rotation` quarter turns: its side set, its
 * half-sides joined by '.' in border order (a field), else `inner` (its inner place).
 */
export function jczLocation(f: Feature, rotation: number, inner = 'I'): string {
	if (f.type === 'field') {
		const halves = new Set((f.halves ?? []).map((h) => rotateHalf(h, rotation)));
		return halves.size ? HALVES.filter((h) => halves.has(h)).join('.') : inner;
	}
	if (!f.sides?.length) return inner;
	const sides = new Set(f.sides.map((s) => rotateSide(s, rotation)));
	return Object.keys(JCZ_SIDE_SETS).find(
		(n) => JCZ_SIDE_SETS[n].length === sides.size && JCZ_SIDE_SETS[n].every((s) => sides.has(s))
	)!;
}

/**
 * The inner place of each feature without border places: I, II, … per class in the tile's order
 * (a monastery I, a garden I, enclosed fields I, II, as JCZ writes I&C's four-city tile).
 */
export function jczInnerPlaces(features: readonly Feature[]): Map<string, string> {
	const out = new Map<string, string>();
	const taken = new Map<string, number>();
	for (const f of features) {
		if (f.type === 'field' ? f.halves?.length : f.sides?.length) continue;
		const n = taken.get(f.type) ?? 0;
		taken.set(f.type, n + 1);
		out.set(f.id, INNER[n] ?? 'I');
	}
	return out;
}

/** The JCZ location of each of a tile's features, unrotated. */
export function jczLocations(features: readonly Feature[]): string[] {
	const inner = jczInnerPlaces(features);
	return features.map((f) => jczLocation(f, 0, inner.get(f.id)));
}

/** Our figures that are the client's own game elements (an add-on's `<implies element>`). */
export const JCZ_CLIENT_FIGURES: Record<string, string> = {
	large: 'big-follower',
	abbot: 'abbot',
	builder: 'builder'
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
