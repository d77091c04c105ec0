// How an expansion's own icons and modifiers are drawn (its `looks`): a symbol of the library below
// or the designer's own SVG (sanitised as artwork is), and where it sits. Pure, no DOM: the board,
// library, editor and every exporter draw through renderTileSvg, which takes these looks.
import type { Expansion } from '../formats/schema-types.ts';
import { fmt, type Pt } from './tile-geometry.ts';
import { sanitizeSvg } from './svg-sanitize.ts';
import { COLOURS, iconBadge, inn, garden, house, pigs, shield, unknownBadge } from './symbols.ts';

export type Look = NonNullable<Expansion['looks']>[string];
export type Looks = Readonly<Record<string, Look>>;
export type Place = NonNullable<Look['place']>;

const INK = COLOURS.ink;
const g = (at: Pt, scale: number, body: string): string =>
	`<g transform="translate(${fmt(at[0])} ${fmt(at[1])}) scale(${fmt(scale)})">${body}</g>`;
/** A round badge of radius 8 holding a glyph drawn in about ±5.5 units. */
const badge = (fill: string, body: string) =>
	`<circle r="8" fill="${fill}" stroke="${INK}" stroke-width=".9"/>${body}`;

/** The library's own drawings, each about 16 units across at scale 1, centred on 0,0. */
const DRAWN: Record<string, { label: string; body: string }> = {
	port: {
		label: 'Port (anchor)',
		body: badge(
			'#e4f1fb',
			`<g fill="none" stroke="#1f3f66" stroke-width="1.3" stroke-linecap="round"><circle cy="-4.2" r="1.3"/><path d="M0 -2.9V5"/><path d="M-3 -1.2H3"/><path d="M-4.8 1.6C-4.2 4.6 -2 5.6 0 5.6C2 5.6 4.2 4.6 4.8 1.6"/></g>`
		)
	},
	well: {
		label: 'Well',
		body: badge(
			'#eef3ea',
			`<path d="M-4.5 1H4.5V5.5H-4.5Z" fill="#a39a8a" stroke="${INK}" stroke-width=".7"/><path d="M-4.5 3.2H4.5M-1.5 1V3.2M1.5 3.2V5.5" stroke="${INK}" stroke-width=".5"/>` +
				`<path d="M-3.8 1V-3.5M3.8 1V-3.5" stroke="#6b3d1c" stroke-width="1"/><path d="M-5.5 -3.2L0 -6.5L5.5 -3.2Z" fill="${COLOURS.roof}" stroke="${INK}" stroke-width=".6" stroke-linejoin="round"/>` +
				`<path d="M0 -3.2V-.5" stroke="${INK}" stroke-width=".5"/><path d="M-.9 -.5H.9V.8H-.9Z" fill="#6b3d1c"/>`
		)
	},
	tower: {
		label: 'Tower',
		body: badge(
			'#f1eee8',
			`<path d="M-3.2 6V-3H3.2V6Z" fill="#bdb5a6" stroke="${INK}" stroke-width=".7"/><path d="M-4 -3V-6H-2.4V-4.8H-.8V-6H.8V-4.8H2.4V-6H4V-3Z" fill="#cfc8ba" stroke="${INK}" stroke-width=".7" stroke-linejoin="round"/>` +
				`<path d="M-1 6V3.2A1 1 0 0 1 1 3.2V6Z" fill="${INK}"/><path d="M-.5 -1.6H.5V.6H-.5Z" fill="${INK}"/>`
		)
	},
	barrel: {
		label: 'Barrel',
		body: badge(
			'#f6eee1',
			`<path d="M-3.6 -5.2H3.6C5 -2 5 2 3.6 5.2H-3.6C-5 2 -5 -2 -3.6 -5.2Z" fill="#b0733a" stroke="${INK}" stroke-width=".7"/>` +
				`<path d="M-4.3 -2.4H4.3M-4.3 2.4H4.3" stroke="#5a3a1a" stroke-width="1"/><path d="M-1 -5.2C-1.6 -2 -1.6 2 -1 5.2M1 -5.2C1.6 -2 1.6 2 1 5.2" stroke="#7a4d24" stroke-width=".4" fill="none"/>`
		)
	},
	flag: {
		label: 'Flag',
		body: badge(
			'#fdf3f0',
			`<path d="M-3.5 6V-6" stroke="${INK}" stroke-width="1.1" stroke-linecap="round"/><path d="M-3.5 -5.5C-1 -6.8 1 -4.2 4.8 -5.2V.2C1 1.2 -1 -1.4 -3.5 -.1Z" fill="#c8261f" stroke="#6b120e" stroke-width=".6" stroke-linejoin="round"/>`
		)
	},
	sheep: {
		label: 'Sheep',
		body: badge(
			'#eaf4dc',
			`<path d="M-2.5 2.5v2.6M2 2.5v2.6" stroke="${INK}" stroke-width="1"/>` +
				`<path d="M-4.6 0a2 2 0 0 1 1.5-2.8a2.3 2.3 0 0 1 4.1-.3a2 2 0 0 1 2 3a2 2 0 0 1-2.3 2h-3.3a2 2 0 0 1-2-1.9z" fill="#fff" stroke="${INK}" stroke-width=".7"/>` +
				`<ellipse cx="-5.3" cy="-.9" rx="1.6" ry="1.2" fill="${INK}"/>`
		)
	},
	gold: {
		label: 'Gold',
		body: badge(
			'#fff7dc',
			`<path d="M-5.5 4.5L-4 1H0L1.5 4.5Z M-1.5 4.5L0 1H4L5.5 4.5Z M-3.5 1L-2 -2.5H2L3.5 1Z" fill="#e6b422" stroke="#7a5a0a" stroke-width=".7" stroke-linejoin="round"/>` +
				`<path d="M2.5 -5l.5 1l1 .5l-1 .5l-.5 1l-.5 -1l-1 -.5l1 -.5z" fill="#fff" stroke="#e6b422" stroke-width=".3"/>`
		)
	},
	wine: {
		label: 'Wine (grapes)',
		body: badge(
			'#f7eefa',
			`<path d="M0 -6.5C.5 -5 1.8 -4.6 3 -4.8" fill="none" stroke="#3f7d2e" stroke-width=".9"/>` +
				`<g fill="#6d2a82" stroke="#3b1247" stroke-width=".5"><circle cx="-2.4" cy="-3.2" r="1.7"/><circle cx="1" cy="-3.2" r="1.7"/><circle cx="-.7" cy="-.3" r="1.7"/><circle cx="2.7" cy="-.3" r="1.7"/><circle cx="-4.1" cy="-.3" r="1.7"/><circle cx="-2.4" cy="2.6" r="1.7"/><circle cx="1" cy="2.6" r="1.7"/><circle cx="-.7" cy="5" r="1.5"/></g>`
		)
	},
	grain: {
		label: 'Grain (wheat)',
		body: badge(
			'#fbf5e2',
			`<path d="M0 6.5V-6" stroke="#a07a24" stroke-width=".9"/>` +
				`<g fill="#e0b84a" stroke="#a07a24" stroke-width=".5">` +
				[-4.5, -1.5, 1.5]
					.map(
						(y) =>
							`<ellipse cx="-1.6" cy="${y}" rx="1.1" ry="2" transform="rotate(-30 -1.6 ${y})"/><ellipse cx="1.6" cy="${y}" rx="1.1" ry="2" transform="rotate(30 1.6 ${y})"/>`
					)
					.join('') +
				`</g>`
		)
	},
	cloth: {
		label: 'Cloth (bolt)',
		body: badge(
			'#eef2fb',
			`<path d="M-5 -3.5H2.5V4.5H-5Z" fill="#2b5fb3" stroke="${INK}" stroke-width=".7"/><ellipse cx="2.5" cy=".5" rx="2" ry="4" fill="#6d93d6" stroke="${INK}" stroke-width=".7"/>` +
				`<path d="M-5 -.5H2.5M-5 1.5H2.5" stroke="#e6b422" stroke-width=".6"/><ellipse cx="2.5" cy=".5" rx=".7" ry="1.4" fill="${INK}"/>`
		)
	},
	fish: {
		label: 'Fish',
		body: badge(
			'#e4f1fb',
			`<path d="M-5 0C-3 -3.5 2 -3.5 4 0C2 3.5 -3 3.5 -5 0ZM4 0L6.5 -2.8V2.8Z" fill="#8fa9bf" stroke="#2a4a66" stroke-width=".7" stroke-linejoin="round"/><circle cx="-2.8" cy="-.6" r=".7" fill="${INK}"/>`
		)
	},
	crown: {
		label: 'Crown',
		body: badge(
			'#fff7dc',
			`<path d="M-5 3.5L-5.5 -3L-2.5 0L0 -4.5L2.5 0L5.5 -3L5 3.5Z" fill="#e6b422" stroke="#7a5a0a" stroke-width=".7" stroke-linejoin="round"/><path d="M-5 3.5H5" stroke="#7a5a0a" stroke-width="1"/>`
		)
	},
	tree: {
		label: 'Tree',
		body: badge(
			'#eaf4dc',
			`<path d="M-.8 6V1.5H.8V6Z" fill="#6b3d1c"/><circle cy="-1.8" r="4.4" fill="#3f7d2e" stroke="#29561d" stroke-width=".7"/><circle cx="-1.5" cy="-3" r="1.1" fill="#6fae4a"/>`
		)
	},
	bell: {
		label: 'Bell',
		body: badge(
			'#fff7dc',
			`<path d="M-4.5 3.5C-3.5 2.5 -3.5 1 -3.5 -1C-3.5 -4 -2 -5 0 -5C2 -5 3.5 -4 3.5 -1C3.5 1 3.5 2.5 4.5 3.5Z" fill="#c9962a" stroke="#6b4d0a" stroke-width=".7" stroke-linejoin="round"/><circle cy="4.8" r="1.2" fill="#6b4d0a"/>`
		)
	},
	star: {
		label: 'Star',
		body: badge(
			'#f2ecff',
			`<path d="M0 -6L1.8 -1.9L6 -1.9L2.6 .8L3.8 5L0 2.5L-3.8 5L-2.6 .8L-6 -1.9L-1.8 -1.9Z" fill="#e6b422" stroke="#7a5a0a" stroke-width=".6" stroke-linejoin="round"/>`
		)
	}
};

/** Drawings the renderer already has, offered under these names too (the game's own pieces). */
const REUSED: Record<string, { label: string; draw: (at: Pt, scale: number) => string }> = {
	pennant: { label: 'Pennant (coat of arms)', draw: (at, s) => shield(at, s * 1.2) },
	inn: { label: 'Inn', draw: (at, s) => inn(at, s) },
	garden: { label: 'Garden', draw: (at, s) => garden(at, s * 0.8) },
	pig: { label: 'Pigs', draw: (at, s) => g(at, s, pigs([0, 0])) },
	house: { label: 'House', draw: (at, s) => house(at, s * 1.2) },
	lute: { label: 'Lute', draw: (at, s) => g(at, s, iconBadge('lute', [0, 0])) },
	dragon: { label: 'Dragon', draw: (at, s) => g(at, s, iconBadge('dragon', [0, 0])) },
	portal: { label: 'Magic portal', draw: (at, s) => g(at, s, iconBadge('portal', [0, 0])) },
	volcano: { label: 'Volcano', draw: (at, s) => g(at, s, iconBadge('volcano', [0, 0])) }
};

/** The library of symbols an expansion may give its icons and modifiers, by name (the schema's enum). */
export const SYMBOLS: readonly { name: string; label: string }[] = [
	...Object.entries(DRAWN).map(([name, { label }]) => ({ name, label })),
	...Object.entries(REUSED).map(([name, { label }]) => ({ name, label }))
];

/** One symbol of the library at `at`, `scale` 1 being about 16 units across; an unknown name a '?'. */
export function drawSymbol(name: string, at: Pt, scale = 1): string {
	const drawn = DRAWN[name];
	if (drawn) return g(at, scale, drawn.body);
	const reused = REUSED[name];
	return reused ? reused.draw(at, scale) : unknownBadge(at, 6 * scale);
}

const svgCache = new Map<string, string | null>();
/** The designer's SVG, sanitised, as the inner markup and viewBox of a nested <svg> (null: not an SVG). */
function customSvg(text: string): { viewBox: string; inner: string } | null {
	let safe = svgCache.get(text);
	if (safe === undefined) {
		try {
			safe = sanitizeSvg(text);
		} catch {
			safe = null;
		}
		if (svgCache.size > 200) svgCache.clear();
		svgCache.set(text, safe);
	}
	if (!safe) return null;
	const open = /^<svg\b([^>]*?)(\/?)>/.exec(safe);
	if (!open) return null;
	const attr = (n: string) => new RegExp(`\\s${n}="([^"]*)"`).exec(open[1])?.[1];
	const num = (v: string | undefined) =>
		v && Number.isFinite(parseFloat(v)) && parseFloat(v) > 0 ? parseFloat(v) : undefined;
	const viewBox =
		attr('viewBox') ?? `0 0 ${num(attr('width')) ?? 100} ${num(attr('height')) ?? 100}`;
	const inner = open[2] ? '' : safe.slice(open[0].length, safe.lastIndexOf('</svg>'));
	return { viewBox: viewBox.replace(/"/g, ''), inner };
}

/** A look drawn at `at`: its symbol, or its SVG fitted into a square about 16 units across (× scale). */
export function drawLook(look: Look, at: Pt, scale = 1): string {
	const k = scale * (look.size ?? 1);
	if (look.svg !== undefined) {
		const svg = customSvg(look.svg);
		if (!svg) return unknownBadge(at, 6 * k);
		const half = 8 * k;
		return (
			`<svg x="${fmt(at[0] - half)}" y="${fmt(at[1] - half)}" width="${fmt(2 * half)}" height="${fmt(2 * half)}" ` +
			`viewBox="${svg.viewBox}" preserveAspectRatio="xMidYMid meet" overflow="hidden">${svg.inner}</svg>`
		);
	}
	return drawSymbol(look.symbol ?? '', at, k);
}

/**
 * The looks in play for an expansion: its dependencies' (in the order given) overlaid by its own,
 * only entries that are objects (a document being edited may hold anything).
 */
export function looksOf(expansion: unknown, dependencies: readonly unknown[] = []): Looks {
	const out: Record<string, Look> = {};
	for (const e of [...dependencies, expansion]) {
		const looks = e && typeof e === 'object' ? (e as { looks?: unknown }).looks : undefined;
		if (!looks || typeof looks !== 'object' || Array.isArray(looks)) continue;
		for (const [name, look] of Object.entries(looks))
			if (look && typeof look === 'object' && !Array.isArray(look)) out[name] = look as Look;
	}
	return out;
}

/** The looks in play for an expansion and every expansion it depends on (found by `lookup`), nearer over farther. */
export function looksInPlay(expansion: unknown, lookup: (id: string) => unknown): Looks {
	const deps: unknown[] = [];
	const seen = new Set<string>();
	const queue = dependencyIds(expansion);
	while (queue.length > 0) {
		const id = queue.shift()!;
		if (seen.has(id)) continue;
		seen.add(id);
		const dep = lookup(id);
		if (dep === undefined) continue;
		deps.push(dep);
		queue.push(...dependencyIds(dep));
	}
	return looksOf(expansion, deps.reverse());
}
/** The ids an expansion document depends on (anything else in its `dependencies` skipped). */
export function dependencyIds(e: unknown): string[] {
	const d = e && typeof e === 'object' ? (e as { dependencies?: unknown }).dependencies : undefined;
	return Array.isArray(d) ? d.filter((x): x is string => typeof x === 'string') : [];
}
