// Tile layout in a 0..100 coordinate system (x east, y south): where each feature of a tile is drawn.
// Shared by the SVG renderer and the editor's hit areas, so both use the same geometry.
// Everything here tolerates half-broken tiles: unknown types, missing arrays and bad sides are skipped.
import type { Half, Side } from '../formats/geometry.ts';
import { HALVES, SIDES } from '../formats/geometry.ts';

export type Pt = [number, number];
/** A quadratic Bézier curve; straight lines use their midpoint as control. */
export interface Curve {
	p0: Pt;
	p1: Pt;
	p2: Pt;
}
export interface NFeature {
	index: number;
	id: string;
	type: string;
	sides: Side[];
	halves: Half[];
	crosses: string[];
	modifiers: Record<string, unknown>;
}
export interface NTile {
	id: string;
	name: string;
	role: string;
	wildcard: boolean;
	icons: string[];
	artwork: string;
	features: NFeature[];
}

export const CENTRE: Pt = [50, 50];
export const ROAD_WIDTH = 9;
export const RIVER_WIDTH = 13;
/** Perimeter points P0..P7: half k runs from P[k] to P[k+1], clockwise from the north-west corner. */
export const PERIMETER: readonly Pt[] = [
	[0, 0],
	[50, 0],
	[100, 0],
	[100, 50],
	[100, 100],
	[50, 100],
	[0, 100],
	[0, 50]
];
export const MID: Record<Side, Pt> = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
export const INWARD: Record<Side, Pt> = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] };
/** Corner points for items (gardens, stables, icons) and the halves that meet there. */
export const CORNERS = {
	NW: { at: [17, 17] as Pt, sides: ['N', 'W'] as Side[] },
	NE: { at: [83, 17] as Pt, sides: ['N', 'E'] as Side[] },
	SE: { at: [83, 83] as Pt, sides: ['S', 'E'] as Side[] },
	SW: { at: [17, 83] as Pt, sides: ['S', 'W'] as Side[] }
};
export type CornerName = keyof typeof CORNERS;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads any value as a tile, dropping what cannot be drawn; never throws. */
export function normalizeTile(input: unknown): NTile {
	const t = isObject(input) ? input : {};
	const features: NFeature[] = [];
	asArray(t.features).forEach((raw, index) => {
		if (!isObject(raw)) return;
		const sides = [
			...new Set(asArray(raw.sides).filter((s): s is Side => SIDES.includes(s as Side)))
		];
		const halves = [
			...new Set(asArray(raw.halves).filter((h): h is Half => HALVES.includes(h as Half)))
		];
		features.push({
			index,
			id: typeof raw.id === 'string' && raw.id ? raw.id : `#${index}`,
			type: typeof raw.type === 'string' ? raw.type : 'unknown',
			sides,
			halves,
			crosses: asArray(raw.crosses).filter((c): c is string => typeof c === 'string'),
			modifiers: isObject(raw.modifiers) ? raw.modifiers : {}
		});
	});
	return {
		id: typeof t.id === 'string' ? t.id : '',
		name: typeof t.name === 'string' ? t.name : '',
		role: typeof t.role === 'string' ? t.role : '',
		wildcard: t.wildcard === true,
		icons: [...new Set(asArray(t.icons).filter((i): i is string => typeof i === 'string'))],
		artwork: typeof t.artwork === 'string' ? t.artwork : '',
		features
	};
}

// ---- small vector helpers
const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
const same = (a: Pt, b: Pt): boolean => dist(a, b) < 0.01;
export const fmt = (n: number): string => String(Math.round(n * 100) / 100);
export const pt = (p: Pt): string => `${fmt(p[0])} ${fmt(p[1])}`;

export function curveAt(c: Curve, t: number): Pt {
	const u = 1 - t;
	return [
		u * u * c.p0[0] + 2 * u * t * c.p1[0] + t * t * c.p2[0],
		u * u * c.p0[1] + 2 * u * t * c.p1[1] + t * t * c.p2[1]
	];
}
function curveTangent(c: Curve, t: number): Pt {
	const d = add(mul(sub(c.p1, c.p0), 2 * (1 - t)), mul(sub(c.p2, c.p1), 2 * t));
	const len = Math.hypot(d[0], d[1]) || 1;
	return [d[0] / len, d[1] / len];
}
/** The part of a curve between t0 and t1 (blossoming), for bridges. */
export function subCurve(c: Curve, t0: number, t1: number): Curve {
	const blossom = (a: number, b: number): Pt =>
		add(add(mul(c.p0, (1 - a) * (1 - b)), mul(c.p1, (1 - a) * b + a * (1 - b))), mul(c.p2, a * b));
	return { p0: blossom(t0, t0), p1: blossom(t0, t1), p2: blossom(t1, t1) };
}
export const curvePath = (c: Curve): string => `M${pt(c.p0)}Q${pt(c.p1)} ${pt(c.p2)}`;
/** The outline of a curve stroked with `width`, as a closed polygon path (hit areas, highlights). */
export function strokeOutline(c: Curve, width: number): string {
	const left: Pt[] = [];
	const right: Pt[] = [];
	for (let i = 0; i <= 12; i++) {
		const t = i / 12;
		const p = curveAt(c, t);
		const [tx, ty] = curveTangent(c, t);
		const n: Pt = [-ty * (width / 2), tx * (width / 2)];
		left.push(add(p, n));
		right.push(sub(p, n));
	}
	return 'M' + [...left, ...right.reverse()].map(pt).join('L') + 'Z';
}
const circlePath = (c: Pt, r: number): string =>
	`M${pt([c[0] - r, c[1]])}a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(2 * r)} 0a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(-2 * r)} 0Z`;
const rectPath = (c: Pt, r: number): string =>
	`M${pt([c[0] - r, c[1] - r])}h${fmt(2 * r)}v${fmt(2 * r)}h${fmt(-2 * r)}Z`;

// ---- cities
/** A city wall: a cubic curve from `a` to `b` through the tile. */
export interface Wall {
	a: Pt;
	c1: Pt;
	c2: Pt;
	b: Pt;
}
export interface CityShape {
	sides: Side[];
	path: string;
	walls: Wall[];
	anchor: Pt;
}
const wallPath = (w: Wall): string => `M${pt(w.a)}C${pt(w.c1)} ${pt(w.c2)} ${pt(w.b)}`;
export const wallsPath = (walls: Wall[]): string => walls.map(wallPath).join('');

/**
 * The runs of consecutive `true` entries of a ring (sides or halves, clockwise), each as its first
 * and last index; a run may wrap past the end. The ring must not be all `true`.
 */
function cyclicRuns(on: readonly boolean[]): [number, number][] {
	const n = on.length;
	const runs: [number, number][] = [];
	for (let i = 0; i < n; i++) {
		if (!on[i] || on[(i + n - 1) % n]) continue;
		let j = i;
		while (on[(j + 1) % n]) j = (j + 1) % n;
		runs.push([i, j]);
	}
	return runs;
}
/**
 * A city touching `sides`: a cap (one side), a diagonal (two adjacent), a band (two opposite), a
 * three-sided city, the full tile, or a small round city in the middle when it touches no side.
 */
export function cityShape(sides: Side[]): CityShape {
	const on = SIDES.map((s) => sides.includes(s));
	const count = on.filter(Boolean).length;
	if (count === 0) return { sides: [], path: circlePath(CENTRE, 17), walls: [], anchor: CENTRE };
	if (count === 4) return { sides: [...SIDES], path: 'M0 0H100V100H0Z', walls: [], anchor: CENTRE };
	// runs of consecutive city sides, clockwise
	const runs = cyclicRuns(on);
	let path = '';
	const walls: Wall[] = [];
	runs.forEach(([a, b], k) => {
		const [nextA] = runs[(k + 1) % runs.length];
		const start = PERIMETER[2 * a];
		path += (k === 0 ? 'M' : 'L') + pt(start);
		for (let s = a; ; s = (s + 1) & 3) {
			path += 'L' + pt(PERIMETER[(2 * s + 2) & 7]);
			if (s === b) break;
		}
		const from = PERIMETER[(2 * b + 2) & 7];
		const to = PERIMETER[2 * nextA];
		const gap = (nextA - b - 1 + 4) & 3;
		const w = wall(from, to, gap === 2 ? PERIMETER[(2 * b + 4) & 7] : null);
		walls.push(w);
		path += `C${pt(w.c1)} ${pt(w.c2)} ${pt(w.b)}`;
	});
	path += 'Z';
	const depth = count === 1 ? 13 : 16;
	const inner = SIDES.filter((_, i) => on[i]).map((s) => add(MID[s], mul(INWARD[s], depth)));
	const anchor: Pt = [
		inner.reduce((x, p) => x + p[0], 0) / inner.length,
		inner.reduce((y, p) => y + p[1], 0) / inner.length
	];
	return { sides: SIDES.filter((_, i) => on[i]), path, walls, anchor };
}
/** A wall between two corners: it leaves each corner at 45° (caps, bands); a diagonal is nearly straight. */
function wall(a: Pt, b: Pt, gapCorner: Pt | null): Wall {
	if (gapCorner) {
		const m = sub(CENTRE, gapCorner);
		const k = 5 / (Math.hypot(m[0], m[1]) || 1);
		return { a, c1: add(lerp(a, b, 1 / 3), mul(m, k)), c2: add(lerp(a, b, 2 / 3), mul(m, k)), b };
	}
	return { a, c1: lerp(a, CENTRE, 0.82), c2: lerp(b, CENTRE, 0.82), b };
}

/** The deck of a city bridge between its first two sides. */
export function bridgeDeck(sides: Side[]): Curve {
	return { p0: MID[sides[0]], p1: CENTRE, p2: MID[sides[1]] };
}

// ---- roads and rivers
/** A stub from a side's midpoint to `target`, leaving the border at a right angle. */
function stub(side: Side, target: Pt): Curve {
	const m = MID[side];
	return { p0: m, p1: add(m, mul(INWARD[side], dist(m, target) / 2)), p2: target };
}

export interface LinearShape {
	curves: Curve[];
	/** Where the feature ends inside the tile when it is a stub: 'monastery', 'junction', 'city', 'house', 'pool'. */
	end?: string;
}

export interface Placement {
	feature: NFeature;
	at: Pt;
	/** Half the size of the drawn item. */
	r: number;
}

export interface TileLayout {
	tile: NTile;
	cities: Map<string, CityShape>;
	linear: Map<string, LinearShape>;
	/** Inner features (monastery, garden, stable, unknown types) with their positions. */
	inner: Placement[];
	/** Whether a junction square is drawn at the centre. */
	junction: boolean;
	/** Corners still free for icons, in preference order. */
	freeCorners: CornerName[];
	centreFree: boolean;
	/** Where a volcano icon is drawn large (in the middle, or in the largest field), if anywhere. */
	volcano?: { at: Pt; scale: number };
}

const isLinear = (f: NFeature) => f.type === 'road' || f.type === 'river';

export function layoutTile(input: unknown): TileLayout {
	const tile = normalizeTile(input);
	const cities = new Map<string, CityShape>();
	for (const f of tile.features) if (f.type === 'city') cities.set(f.id, cityShape(f.sides));
	const monastery = tile.features.some((f) => f.type === 'monastery');
	// a city over the centre (band, diagonal, three sides, full, middle) swallows the road stubs
	const centreCity = tile.features.some((f) => f.type === 'city' && f.sides.length !== 1);
	const roadStubs = tile.features.filter((f) => f.type === 'road' && f.sides.length === 1);
	const junction = !monastery && !centreCity && roadStubs.length >= 2;
	const firstCity = [...cities.values()].sort(
		(x, y) => Number(y.walls.length > 0) - Number(x.walls.length > 0)
	)[0];

	const linear = new Map<string, LinearShape>();
	for (const f of tile.features) {
		if (!isLinear(f)) continue;
		const s = f.sides;
		if (s.length === 2) {
			linear.set(f.id, { curves: [{ p0: MID[s[0]], p1: CENTRE, p2: MID[s[1]] }] });
		} else if (s.length === 1) {
			let end = 'pool';
			let target: Pt = CENTRE;
			if (f.type === 'road') {
				if (monastery) end = 'monastery';
				else if (junction) end = 'junction';
				else if (centreCity) end = 'city';
				else if (firstCity) {
					end = 'city';
					target = firstCity.anchor;
				} else end = 'house';
			}
			linear.set(f.id, { curves: [stub(s[0], target)], end });
		} else if (s.length > 2) {
			linear.set(f.id, { curves: s.map((side) => stub(side, CENTRE)) });
		}
	}

	// inner features: the first monastery in the centre, the rest in free corners
	const cityOn = new Set(tile.features.filter((f) => f.type === 'city').flatMap((f) => f.sides));
	const centreTaken =
		monastery ||
		tile.features.some((f) => isLinear(f) && f.sides.length > 0) ||
		tile.features.some((f) => f.type === 'city' && f.sides.length !== 1);
	let centreFree = !centreTaken;
	const cornerOrder: CornerName[] = ['SW', 'SE', 'NE', 'NW'];
	const free = cornerOrder.filter((c) => !CORNERS[c].sides.some((s) => cityOn.has(s)));
	const spare = cornerOrder.filter((c) => !free.includes(c));
	// without a free corner, an item goes in the middle of the largest field
	const fields = tile.features
		.filter((f) => f.type === 'field')
		.sort((x, y) => y.halves.length - x.halves.length);
	const takeCorner = (): Pt => {
		const c = free.shift();
		if (c) return CORNERS[c].at;
		if (fields.length) return fieldAnchor(fields.shift()!);
		const s = spare.shift();
		return s ? CORNERS[s].at : CENTRE;
	};
	const inner: Placement[] = [];
	let monasteryPlaced = false;
	for (const f of tile.features) {
		if (f.type === 'monastery' && !monasteryPlaced) {
			monasteryPlaced = true;
			inner.push({ feature: f, at: CENTRE, r: 18 });
		}
	}
	for (const f of tile.features) {
		if (f.type === 'monastery' && inner.some((p) => p.feature === f)) continue;
		if (f.type === 'stable' && centreFree) {
			centreFree = false;
			inner.push({ feature: f, at: CENTRE, r: 15 });
		} else if (f.type === 'monastery' || f.type === 'garden' || f.type === 'stable') {
			inner.push({ feature: f, at: takeCorner(), r: f.type === 'monastery' ? 12 : 11 });
		} else if (!['road', 'river', 'city', 'field', 'quarter'].includes(f.type)) {
			inner.push({ feature: f, at: takeCorner(), r: 8 });
		}
	}
	const freeCorners = (['NE', 'NW', 'SE', 'SW'] as CornerName[]).filter((c) =>
		[...free, ...spare].includes(c)
	);
	let volcano: TileLayout['volcano'];
	if (tile.icons.includes('volcano')) {
		// a lone dead-end road ends at the volcano instead of a house
		const stubs = [...linear.values()];
		if (
			!centreFree &&
			stubs.length === 1 &&
			stubs[0].end === 'house' &&
			!inner.some((p) => p.at === CENTRE)
		) {
			stubs[0].end = 'volcano';
			centreFree = true;
		}
		if (centreFree) {
			const anchors = [...cities.values()].map((c) => sub(c.anchor, CENTRE));
			const away: Pt = anchors.length
				? mul(
						anchors.reduce((s, p) => add(s, p), [0, 0] as Pt),
						-0.3 / anchors.length
					)
				: [0, 4];
			volcano = { at: add(CENTRE, away), scale: anchors.length ? 0.85 : 1 };
			centreFree = false;
		} else {
			const big = tile.features
				.filter((f) => f.type === 'field')
				.sort((x, y) => y.halves.length - x.halves.length)[0];
			if (big && big.halves.length >= 4 && !centreCity)
				volcano = { at: fieldAnchor(big), scale: 0.5 };
		}
	}
	return { tile, cities, linear, inner, junction, freeCorners, centreFree, volcano };
}

// ---- fields
/** A field's outline: its border runs joined by the city walls and roads that bound it. */
export function fieldPath(f: NFeature, layout: TileLayout): string {
	const on = HALVES.map((h) => f.halves.includes(h));
	const count = on.filter(Boolean).length;
	const alone = layout.tile.features.filter((g) => g.type === 'field').length === 1;
	if (count === 8 || (count === 0 && alone)) return 'M0 0H100V100H0Z';
	if (count === 0) return circlePath(CENTRE, 10);
	const runs = cyclicRuns(on);
	const walls = [...layout.cities.values()].flatMap((c) => c.walls);
	const curves = [...layout.linear.values()].flatMap((l) =>
		l.curves.map((c) => ({ c, through: !l.end && l.curves.length === 1 }))
	);
	/** The divider that runs into the tile from a side's midpoint: a stub, or half of a through road or river. */
	const inward = (x: Pt): Curve | undefined => {
		for (const { c, through } of curves) {
			if (same(c.p0, x)) return through ? subCurve(c, 0, 0.5) : c;
			if (through && same(c.p2, x)) return subCurve({ p0: c.p2, p1: c.p1, p2: c.p0 }, 0, 0.5);
		}
		return undefined;
	};
	let path = '';
	runs.forEach(([a, b], k) => {
		path += (k === 0 ? 'M' : 'L') + pt(PERIMETER[a]);
		for (let h = a; ; h = (h + 1) & 7) {
			path += 'L' + pt(PERIMETER[(h + 1) & 7]);
			if (h === b) break;
		}
		const p = PERIMETER[(b + 1) & 7];
		const q = PERIMETER[runs[(k + 1) % runs.length][0]];
		const along = wallChain(walls, p, q);
		const road = curves.find(
			({ c, through }) =>
				through && ((same(c.p0, p) && same(c.p2, q)) || (same(c.p0, q) && same(c.p2, p)))
		);
		if (along) path += along;
		else if (road) path += `Q${pt(road.c.p1)} ${pt(q)}`;
		else {
			// follow the divider in from p, cross to the divider that leads out to q
			const from = inward(p);
			const to = inward(q);
			if (from) path += `Q${pt(from.p1)} ${pt(from.p2)}`;
			if (to) path += `L${pt(to.p2)}Q${pt(to.p1)} ${pt(q)}`;
			else path += (from ? '' : `L${pt(CENTRE)}`) + `L${pt(q)}`;
		}
	});
	return path + 'Z';
}
/** From p to q along city walls (backwards, as the field sees them), e.g. past two separate caps. */
function wallChain(walls: Wall[], p: Pt, q: Pt): string | undefined {
	let path = '';
	let at = p;
	for (let step = 0; step < 4; step++) {
		const w = walls.find((w) => same(w.b, at));
		if (!w) return undefined;
		path += `C${pt(w.c2)} ${pt(w.c1)} ${pt(w.a)}`;
		at = w.a;
		if (same(at, q)) return path;
	}
	return undefined;
}
/** A point inside the field, near the middle of the border it touches. */
function fieldAnchor(f: NFeature): Pt {
	if (f.halves.length === 0) return CENTRE;
	const pts = f.halves.map((h) => {
		const i = HALVES.indexOf(h);
		const m = lerp(PERIMETER[i], PERIMETER[(i + 1) & 7], 0.5);
		return lerp(m, CENTRE, 0.25);
	});
	return [
		pts.reduce((x, p) => x + p[0], 0) / pts.length,
		pts.reduce((y, p) => y + p[1], 0) / pts.length
	];
}

export interface FeatureShape {
	featureId: string;
	type: string;
	/** SVG path data in the tile's 0..100 coordinates (unrotated). */
	path: string;
	/** Where a figure or label for this feature goes. */
	anchor: { x: number; y: number };
}

/**
 * Per feature, the area it covers, in drawing order (fields first, then cities, rivers, roads, inner
 * features): where shapes overlap, the later one is on top, as in the drawing.
 */
export function featureShapes(
	input: unknown,
	layout: TileLayout = layoutTile(input)
): FeatureShape[] {
	const out: FeatureShape[] = [];
	const a = (p: Pt) => ({ x: Math.round(p[0] * 100) / 100, y: Math.round(p[1] * 100) / 100 });
	const { tile } = layout;
	const rank = (f: NFeature) =>
		f.type === 'field'
			? f.halves.length || tile.features.filter((g) => g.type === 'field').length === 1
				? 0
				: 2
			: f.type === 'quarter'
				? 0.5
				: f.type === 'city'
					? 1
					: f.type === 'river'
						? 3
						: f.type === 'road'
							? 4
							: 5;
	const ids = new Set(tile.features.map((f) => f.id));
	const crossing = (f: NFeature) =>
		f.type !== 'field' && f.crosses.some((id) => id !== f.id && ids.has(id));
	// features that cross others are drawn on top, as bridges: so are their areas
	const ordered = [...tile.features].sort(
		(x, y) => rank(x) + 10 * Number(crossing(x)) - rank(y) - 10 * Number(crossing(y))
	);
	for (const f of ordered) {
		// a quarter of The Count's city holds half-sides as a field does: its area is drawn the same way
		if (f.type === 'field' || f.type === 'quarter')
			out.push({
				featureId: f.id,
				type: f.type,
				path: fieldPath(f, layout),
				anchor: a(fieldAnchor(f))
			});
		else if (f.type === 'city') {
			const c = layout.cities.get(f.id)!;
			const bridge = crossing(f) && f.sides.length >= 2;
			// a city crossing another feature is drawn as its caps joined by a bridge: its area is just that
			const path = bridge
				? f.sides.map((s) => cityShape([s]).path).join('') + strokeOutline(bridgeDeck(f.sides), 16)
				: c.path;
			out.push({
				featureId: f.id,
				type: f.type,
				path,
				anchor: a(bridge ? curveAt(bridgeDeck(f.sides), 0.5) : c.anchor)
			});
		} else if (isLinear(f)) {
			const l = layout.linear.get(f.id);
			if (!l) continue;
			const width = f.type === 'river' ? RIVER_WIDTH : ROAD_WIDTH;
			const path = l.curves.map((c) => strokeOutline(c, width + 3)).join('');
			const c0 = l.curves[0];
			out.push({ featureId: f.id, type: f.type, path, anchor: a(curveAt(c0, l.end ? 0.4 : 0.5)) });
		} else {
			const p = layout.inner.find((i) => i.feature === f);
			if (!p) continue;
			out.push({ featureId: f.id, type: f.type, path: rectPath(p.at, p.r), anchor: a(p.at) });
		}
	}
	return out;
}
