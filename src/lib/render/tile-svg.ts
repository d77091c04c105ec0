// A tile definition drawn as a complete <svg> string: a pure function with no DOM, used by the pages
// (rendered on the server), the editor and the SVG/print exports. It never throws: a half-broken tile
// still gets a drawing, with '?' badges for what cannot be shown.
import type { Tile } from '../formats/geometry.ts';
import { bridgeDeck, cityShape, wallsPath, type CityShape } from './city-shape.ts';
import { featureShapes } from './feature-shapes.ts';
import { fieldPath } from './field-shape.ts';
import { layoutTile, type EnclosedField, type TileLayout } from './layout.ts';
import type { NFeature } from './tile-normalize.ts';
import { safeArtworkUrl } from './svg-sanitize.ts';
import {
	CENTRE,
	circlePath,
	CORNERS,
	curveAt,
	curvePath,
	fmt,
	INWARD,
	MID,
	RIVER_WIDTH,
	ROAD_WIDTH,
	subCurve,
	type CornerName,
	type Curve,
	type Pt
} from './tile-geometry.ts';
import * as sym from './symbols.ts';
import { drawLook, type Look, type Looks } from './looks.ts';

export { featureShapes, type FeatureShape } from './feature-shapes.ts';
export { layoutTile } from './layout.ts';
export { normalizeTile } from './tile-normalize.ts';

export interface RenderOptions {
	/** Width and height of the <svg> in pixels (the drawing itself is in a 0..100 viewBox). */
	size?: number;
	/** Clockwise quarter turns (0..3); the whole drawing turns. */
	rotation?: number;
	/** Prefix for ids inside the SVG, to keep them unique when several tiles share a page. */
	idPrefix?: string;
	/** Draw the tile's artwork (a data: URL) under a translucent feature overlay. */
	artwork?: boolean;
	/** Id of a feature to highlight. */
	highlight?: string;
	/** How the expansion's own icons and modifiers are drawn (looks.ts `looksOf`); without one, a '?'. */
	looks?: Looks;
}

const C = sym.COLOURS;
const KNOWN_MODIFIERS: Record<string, string[]> = {
	city: ['pennants', 'cathedral', 'princess'],
	road: ['inn'],
	stable: ['livestock'],
	field: ['pigHerd']
};

/** True when the renderer draws this modifier or icon itself (a look does not change it). */
export const drawnByRenderer = (name: string): boolean =>
	sym.KNOWN_ICONS.includes(name) ||
	Object.values(KNOWN_MODIFIERS).some((names) => names.includes(name));

export const escapeXml = (s: string): string =>
	s.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!
	);

export function renderTileSvg(tile: Tile | unknown, options: RenderOptions = {}): string {
	const size = Number.isFinite(options.size) && options.size! > 0 ? options.size! : 100;
	const rotation = (((Math.round(Number(options.rotation) || 0) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
	try {
		return draw(layoutTile(tile), size, rotation, options);
	} catch {
		return (
			`<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(size)}" height="${fmt(size)}" viewBox="0 0 100 100">` +
			`<rect width="100" height="100" fill="#ddd"/>${sym.unknownBadge(CENTRE, 14)}</svg>`
		);
	}
}

function draw(layout: TileLayout, size: number, rotation: number, options: RenderOptions): string {
	const { tile } = layout;
	const prefix = (options.idPrefix ?? `tile-${tile.id}-`).replace(/[^A-Za-z0-9_-]/g, '_');
	const clipId = `${prefix}clip`;
	const byId = new Map(tile.features.map((f) => [f.id, f]));
	const crossing = (f: NFeature) => f.crosses.some((id) => byId.has(id) && id !== f.id);
	const features = tile.features;
	const linear = (type: string, bridges: boolean) =>
		features
			.filter((f) => f.type === type && crossing(f) === bridges)
			.map((f) => linearFeature(f, layout));

	const body: string[] = [];
	// a town hall (a wildcard with nothing on it) is a plaza; an abbey is land with its monastery
	const hall = tile.wildcard && features.length === 0;
	body.push(`<rect width="100" height="100" fill="${hall ? C.plaza : C.field}"/>`);
	if (!hall) body.push(sym.grass());
	// the inside of The Count's city of Carcassonne: paved, under its roads and walls
	for (const f of features) if (f.type === 'quarter') body.push(sym.paving(fieldPath(f, layout)));
	body.push(...linear('river', false), ...linear('road', false));
	for (const f of features)
		if (f.type === 'city' && !crossing(f)) body.push(city(layout.cities.get(f.id)!));
	// a field enclosed in a city that covers the middle: a patch of meadow inside the walls
	for (const e of layout.enclosed.values()) if (e.patch) body.push(meadow(e));
	// features that cross others go on top, as bridges
	for (const f of features.filter(crossing)) {
		if (f.type === 'city') body.push(cityBridge(f));
		else if (f.type === 'road' || f.type === 'river') body.push(linearFeature(f, layout, true));
	}
	body.push(...ends(layout));
	body.push(...inner(layout));
	const looks = options.looks ?? {};
	const corners = [...layout.freeCorners];
	body.push(...modifiers(layout, looks, corners));
	body.push(...icons(layout, looks, corners));
	if (tile.wildcard) body.push(wildcard(hall));
	if (options.highlight) {
		const shape = featureShapes(tile, layout).find((s) => s.featureId === options.highlight);
		if (shape)
			body.push(
				`<path d="${shape.path}" fill="#ffe14d" fill-opacity=".45" stroke="#ff9d00" stroke-width="2" stroke-linejoin="round"/>`
			);
	}

	let content = body.join('');
	// the designer's picture as the sanitiser leaves it (an SVG's scripts, handlers and links gone)
	const art = (options.artwork && safeArtworkUrl(tile.artwork)) || '';
	if (art) {
		content =
			`<image href="${escapeXml(art)}" x="0" y="0" width="100" height="100" preserveAspectRatio="xMidYMid slice"/>` +
			`<g opacity=".4">${content}</g>`;
	}
	const turned = rotation
		? `<g transform="rotate(${rotation * 90} 50 50)">${content}</g>`
		: content;
	const title = tile.name ? `${tile.id} – ${tile.name}` : tile.id;
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(size)}" height="${fmt(size)}" viewBox="0 0 100 100" role="img">` +
		`<title>${escapeXml(title || 'tile')}</title>` +
		`<defs><clipPath id="${clipId}"><rect width="100" height="100"/></clipPath></defs>` +
		`<g clip-path="url(#${clipId})">${turned}</g>` +
		`<rect x=".5" y=".5" width="99" height="99" fill="none" stroke="#000" stroke-opacity=".25"/>` +
		`</svg>`
	);
}

function city(shape: CityShape): string {
	const walls = wallsPath(shape.walls);
	return (
		`<path d="${shape.path}" fill="${C.city}"/>` +
		(walls
			? `<path d="${walls}" fill="none" stroke="${C.cityLight}" stroke-width="7" stroke-opacity=".55" transform="translate(0 0)"/>` +
				`<path d="${walls}" fill="none" stroke="${C.wall}" stroke-width="2.6" stroke-linecap="round"/>` +
				`<path d="${walls}" fill="none" stroke="${C.wall}" stroke-width="4.6" stroke-dasharray="1.6 2.2"/>`
			: '') +
		roofs(shape)
	);
}
/** An enclosed field over a city: meadow ringed by the city's wall. */
function meadow({ at, r }: EnclosedField): string {
	const d = circlePath(at, r);
	return (
		`<path d="${d}" fill="${C.field}" stroke="${C.cityLight}" stroke-width="7" stroke-opacity=".55"/>` +
		`<path d="${d}" fill="none" stroke="${C.wall}" stroke-width="2.6"/>` +
		`<path d="${d}" fill="none" stroke="${C.wall}" stroke-width="4.6" stroke-dasharray="1.6 2.2"/>`
	);
}
/** A few roofs inside the city along its border sides, so a city reads as a town, not just a colour. */
function roofs(shape: CityShape): string {
	const spots: Pt[] = [];
	for (const s of shape.sides) {
		const base: Pt = [MID[s][0] + INWARD[s][0] * 8, MID[s][1] + INWARD[s][1] * 8];
		const along: Pt = [INWARD[s][1], -INWARD[s][0]];
		for (const k of shape.sides.length === 1 ? [-16, 16] : [-22, 14])
			spots.push([base[0] + along[0] * k, base[1] + along[1] * k]);
	}
	if (shape.sides.length === 0) spots.push([44, 46], [56, 54]);
	return spots
		.map(
			([x, y]) =>
				`<path d="M${fmt(x - 3.2)} ${fmt(y + 2.5)}v-3.2h6.4v3.2z" fill="#f0dcb4" opacity=".8"/>` +
				`<path d="M${fmt(x - 4)} ${fmt(y - 0.7)}l4 -3.3l4 3.3z" fill="#b5552e" opacity=".8"/>`
		)
		.join('');
}

function cityBridge(f: NFeature): string {
	const caps = f.sides.map((s) => city(cityShape([s]))).join('');
	if (f.sides.length < 2) return caps;
	const deck = bridgeDeck(f.sides);
	const inner = subCurve(deck, 0.15, 0.85);
	return (
		caps +
		`<path d="${curvePath(inner)}" fill="none" stroke="${C.ink}" stroke-width="18"/>` +
		`<path d="${curvePath(inner)}" fill="none" stroke="${C.stone}" stroke-width="16"/>` +
		`<path d="${curvePath(deck)}" fill="none" stroke="${C.cityLight}" stroke-width="11"/>`
	);
}

function linearFeature(f: NFeature, layout: TileLayout, bridge = false): string {
	const shape = layout.linear.get(f.id);
	if (!shape) return '';
	const river = f.type === 'river';
	const w = river ? RIVER_WIDTH : ROAD_WIDTH;
	let out = '';
	for (const c of shape.curves) {
		const d = curvePath(c);
		if (bridge) {
			const span = curvePath(subCurve(c, shape.end ? 0.45 : 0.32, shape.end ? 0.95 : 0.68));
			out += `<path d="${span}" fill="none" stroke="${C.ink}" stroke-width="${w + 7}"/>`;
			out += `<path d="${span}" fill="none" stroke="${C.stone}" stroke-width="${w + 5}"/>`;
		}
		if (river) {
			out +=
				`<path d="${d}" fill="none" stroke="${C.riverEdge}" stroke-width="${w + 2}"/>` +
				`<path d="${d}" fill="none" stroke="${C.river}" stroke-width="${w}"/>` +
				`<path d="${d}" fill="none" stroke="${C.riverLight}" stroke-width="1.2" stroke-dasharray="5 7"/>`;
		} else {
			out +=
				`<path d="${d}" fill="none" stroke="${C.roadEdge}" stroke-width="${w + 2}"/>` +
				`<path d="${d}" fill="none" stroke="${C.road}" stroke-width="${w}"/>`;
		}
	}
	return out;
}

/** What stubs end at: a pool for a river, a village square where roads meet, a house at a dead end. */
function ends(layout: TileLayout): string[] {
	const out: string[] = [];
	let pool = false;
	let house = false;
	for (const f of layout.tile.features) {
		const end = layout.linear.get(f.id)?.end;
		if (end === 'pool') pool = true;
		if (end === 'house') house = true;
	}
	if (pool) out.push(sym.pool(CENTRE, layout.tile.role === 'lake'));
	if (layout.junction) out.push(sym.junction(CENTRE));
	else if (house) out.push(sym.house(CENTRE));
	return out;
}

function inner(layout: TileLayout): string[] {
	return layout.inner.map(({ feature: f, at, r }) => {
		if (f.type === 'monastery') return sym.monastery(at, r / 15);
		if (f.type === 'garden') return sym.garden(at, r / 9);
		if (f.type === 'stable') return sym.stable(at, r / 12, f.modifiers.livestock === true);
		return sym.unknownBadge(at, 7);
	});
}

/** Where a symbol is drawn (a modifier's or an icon's): its centre and about how far it reaches. */
export interface SymbolMark {
	at: Pt;
	r: number;
}

/** A look's drawings for a modifier of value `value` (a number: one per unit, at most 4, in a row). */
function lookRow(look: Look, at: Pt, value: unknown, marks: SymbolMark[]): string {
	const n = typeof value === 'number' ? Math.max(1, Math.min(4, Math.floor(value))) : 1;
	const step = 15 * (look.size ?? 1);
	let out = '';
	for (let i = 0; i < n; i++) {
		const p: Pt = [at[0] + (i - (n - 1) / 2) * step, at[1]];
		out += drawLook(look, p);
		marks.push({ at: p, r: 8 * (look.size ?? 1) });
	}
	return out;
}

/**
 * The symbols drawn for a tile's modifiers and icons (pennants, a cathedral, an inn, a look, a '?'):
 * the tile editor keeps its labels off them.
 */
export function symbolMarks(tile: Tile | unknown, looks: Looks = {}): SymbolMark[] {
	const marks: SymbolMark[] = [];
	try {
		const layout = layoutTile(tile);
		const corners = [...layout.freeCorners];
		modifiers(layout, looks, corners, marks);
		icons(layout, looks, corners, marks);
	} catch {
		// a tile the renderer cannot lay out draws no symbols
	}
	return marks;
}

function lookSpot(place: string, anchor: Pt | undefined, corners: CornerName[]): Pt | undefined {
	if (place === 'centre') return CENTRE;
	if (place === 'corner') {
		const corner = corners.shift();
		return corner ? CORNERS[corner].at : anchor;
	}
	if (!anchor) return undefined;
	return place === 'beside' ? [anchor[0] + 12, anchor[1] - 10] : anchor;
}

function modifiers(
	layout: TileLayout,
	looks: Looks,
	corners: CornerName[],
	marks: SymbolMark[] = []
): string[] {
	const out: string[] = [];
	for (const f of layout.tile.features) {
		const before = out.length;
		const known = KNOWN_MODIFIERS[f.type] ?? [];
		const mods = f.modifiers;
		const shown = Object.keys(mods).filter(
			(k) => !known.includes(k) && mods[k] !== false && mods[k] !== 0
		);
		const unknown = shown.filter((k) => !looks[k]);
		let anchor: Pt | undefined;
		if (f.type === 'city') {
			const shape = layout.cities.get(f.id)!;
			anchor = shape.anchor;
			const n = Math.max(0, Math.min(8, Math.floor(Number(mods.pennants) || 0)));
			const cathedral = mods.cathedral === true;
			if (cathedral) {
				const k = shape.walls.length ? 0.9 : 1.3;
				out.push(sym.cathedral(anchor, k));
				marks.push({ at: anchor, r: 17 * k });
			}
			const row: Pt = cathedral ? [anchor[0], anchor[1] + 17] : anchor;
			for (let i = 0; i < n; i++) {
				const p: Pt = [row[0] + (i - (n - 1) / 2) * 10, row[1]];
				out.push(sym.shield(p));
				marks.push({ at: p, r: 6 });
			}
			if (mods.princess === true) {
				const p: Pt = [row[0] + (n ? 5 * n + 6 : 0), row[1]];
				out.push(sym.iconBadge('princess', p));
				marks.push({ at: p, r: 7 });
			}
		} else if (f.type === 'road') {
			const shape = layout.linear.get(f.id);
			if (shape && mods.inn === true) {
				const p = innSpot(shape.curves[0], layout);
				out.push(sym.inn(p, 1.7));
				marks.push({ at: p, r: 12 });
			}
			anchor = shape ? curveAt(shape.curves[0], 0.5) : undefined;
		} else if (f.type === 'field') {
			const p = featureShapes(layout.tile, layout).find((s) => s.featureId === f.id)?.anchor;
			anchor = p ? [p.x, p.y] : undefined;
			if (anchor && mods.pigHerd === true) {
				out.push(sym.pigs(anchor));
				marks.push({ at: anchor, r: 8 });
			}
		} else {
			anchor =
				layout.inner.find((p) => p.feature === f)?.at ?? layout.linear.get(f.id)?.curves[0].p2;
		}
		// a drawn thing sits below the anchor's own drawing (shields, a cathedral, pigs) when there is one
		const busy = out.length > before;
		for (const k of shown.filter((k) => looks[k])) {
			const look = looks[k];
			const base: Pt | undefined =
				anchor && busy && (look.place ?? 'feature') === 'feature'
					? [anchor[0], clampY(anchor[1] + 15)]
					: anchor;
			const at = lookSpot(look.place ?? 'feature', base, corners);
			if (at) out.push(lookRow(look, at, mods[k], marks));
		}
		if (unknown.length && anchor) {
			const p: Pt = [anchor[0] + 9, anchor[1] - 7];
			out.push(sym.unknownBadge(p, 5));
			marks.push({ at: p, r: 5 });
		}
	}
	return out;
}
const clampY = (y: number) => (y > 86 ? y - 30 : y);
/** Beside the road near its border end, on the side away from cities. */
function innSpot(c: Curve, layout: TileLayout): Pt {
	const p = curveAt(c, 0.32);
	const q = curveAt(c, 0.34);
	const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
	const n: Pt = [(-(q[1] - p[1]) / len) * 15, ((q[0] - p[0]) / len) * 15];
	const candidates: Pt[] = [
		[p[0] + n[0], p[1] + n[1]],
		[p[0] - n[0], p[1] - n[1]]
	];
	const away = [...layout.cities.values()].map((s) => s.anchor);
	const score = (pt: Pt) =>
		Math.min(99, ...away.map((a) => Math.hypot(a[0] - pt[0], a[1] - pt[1])));
	const [x, y] = score(candidates[1]) > score(candidates[0]) + 1 ? candidates[1] : candidates[0];
	const clamp = (v: number) => Math.max(16, Math.min(84, v));
	return [clamp(x), clamp(y)];
}

function icons(
	layout: TileLayout,
	looks: Looks,
	corners: CornerName[],
	marks: SymbolMark[] = []
): string[] {
	const out: string[] = [];
	const shownAsModifier = new Set(
		layout.tile.features.flatMap((f) =>
			Object.keys(f.modifiers).filter((k) => f.modifiers[k] === true)
		)
	);
	let extra = 0;
	for (const name of layout.tile.icons) {
		if (name === 'volcano' && layout.volcano) {
			out.push(sym.bigVolcano(layout.volcano.at, layout.volcano.scale));
			continue;
		}
		if (shownAsModifier.has(name)) continue;
		const look = sym.KNOWN_ICONS.includes(name) ? undefined : looks[name];
		if (look) {
			const at = lookSpot(look.place ?? 'corner', CENTRE, corners);
			if (at) {
				out.push(drawLook(look, at));
				marks.push({ at, r: 8 * (look.size ?? 1) });
			}
			continue;
		}
		const corner = corners.shift();
		const at: Pt = corner ? CORNERS[corner].at : [12 + 16 * extra++, 50];
		out.push(sym.iconBadge(name, at));
		marks.push({ at, r: 7 });
	}
	return out;
}

/** A wildcard tile: every edge type along each side ("fits anything"); the town hall's hall in the middle. */
function wildcard(hall: boolean): string {
	const strip = (x: number, w: number, fill: string) =>
		`<rect x="${x}" y="0" width="${w}" height="7" fill="${fill}"/>`;
	const side =
		strip(0, 30, C.city) +
		strip(30, 12, C.field) +
		strip(42, 16, C.road) +
		strip(58, 12, C.field) +
		strip(70, 30, C.city) +
		`<path d="M0 7H100" stroke="${C.ink}" stroke-width=".8" stroke-dasharray="3 2"/>`;
	const sides = [0, 90, 180, 270]
		.map((a) => `<g transform="rotate(${a} 50 50)">${side}</g>`)
		.join('');
	return hall ? sides + sym.townHall([50, 56], 1) : sides;
}
