// Small drawings placed on tiles: buildings, shields, icons. Each returns SVG markup centred on a point,
// drawn with paths only (no text, no fonts), so the result is the same in Node, browsers and rasterisers.
import { fmt, type Pt } from './tile-geometry.ts';

export const COLOURS = {
	field: '#8cbf55',
	fieldLine: '#74a546',
	city: '#d9a95f',
	cityLight: '#e8c487',
	wall: '#6e4a26',
	road: '#f4eddb',
	roadEdge: '#9c8766',
	river: '#3b8ad6',
	riverEdge: '#2a67a6',
	riverLight: '#8cc2ee',
	stone: '#8d8577',
	roof: '#b8472f',
	plaster: '#f3e9d2',
	ink: '#3a2f25',
	shield: '#2b5fb3',
	plaza: '#d8ccb1'
} as const;

const g = (at: Pt, scale: number, body: string): string =>
	`<g transform="translate(${fmt(at[0])} ${fmt(at[1])}) scale(${fmt(scale)})">${body}</g>`;

/** A paved area (the inside of The Count's city of Carcassonne) with the outline `d`. */
export function paving(d: string): string {
	return (
		`<path d="${d}" fill="${COLOURS.plaza}"/>` +
		`<path d="${d}" fill="none" stroke="${COLOURS.stone}" stroke-width="1.2" stroke-dasharray="4 3" stroke-opacity=".7"/>`
	);
}

/** A monastery: a church with a bell tower and a cross, about 30 units wide at scale 1. */
export function monastery(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<ellipse cx="0" cy="11" rx="15" ry="3.5" fill="#000" opacity=".15"/>` +
			`<path d="M-12 -2H8V11H-12Z" fill="${COLOURS.plaster}" stroke="${COLOURS.ink}" stroke-width=".9"/>` +
			`<path d="M-14 -2L-2 -10L10 -2Z" fill="${COLOURS.roof}" stroke="${COLOURS.ink}" stroke-width=".9" stroke-linejoin="round"/>` +
			`<path d="M6 -7H13V11H6Z" fill="${COLOURS.plaster}" stroke="${COLOURS.ink}" stroke-width=".9"/>` +
			`<path d="M5 -7L9.5 -14L14 -7Z" fill="${COLOURS.roof}" stroke="${COLOURS.ink}" stroke-width=".9" stroke-linejoin="round"/>` +
			`<path d="M9.5 -14V-19M7.5 -17H11.5" stroke="${COLOURS.ink}" stroke-width="1.1"/>` +
			`<path d="M-5 11V6A2 2 0 0 1 -1 6V11Z" fill="${COLOURS.ink}"/>` +
			`<path d="M-10 3h3v3h-3zM3 3h0" fill="${COLOURS.ink}" opacity=".7"/>`
	);
}

/** A cathedral: a large stone church with two towers and a rose window. */
export function cathedral(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<path d="M-14 -4H14V10H-14Z" fill="#cfc8ba" stroke="${COLOURS.ink}" stroke-width=".9"/>` +
			`<path d="M-10 -4L0 -11L10 -4Z" fill="#5d6f91" stroke="${COLOURS.ink}" stroke-width=".9" stroke-linejoin="round"/>` +
			`<path d="M-16 -10H-9V10H-16ZM9 -10H16V10H9Z" fill="#bdb5a6" stroke="${COLOURS.ink}" stroke-width=".9"/>` +
			`<path d="M-17 -10L-12.5 -20L-8 -10ZM8 -10L12.5 -20L17 -10Z" fill="#5d6f91" stroke="${COLOURS.ink}" stroke-width=".9" stroke-linejoin="round"/>` +
			`<circle cx="0" cy="0" r="2.6" fill="#e9d37a" stroke="${COLOURS.ink}" stroke-width=".7"/>` +
			`<path d="M-2.5 10V6A2.5 2.5 0 0 1 2.5 6V10Z" fill="${COLOURS.ink}"/>`
	);
}

/** A coat of arms (pennant). */
export function shield(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<path d="M-4.5 -5.5H4.5V-1C4.5 3 2 5 0 6C-2 5 -4.5 3 -4.5 -1Z" fill="${COLOURS.shield}" stroke="#fff" stroke-width="1.1" stroke-linejoin="round"/>` +
			`<path d="M-2.6 -2.5L0 0.5L2.6 -2.5" fill="none" stroke="#fff" stroke-width="1.1"/>`
	);
}

/** An inn: a small house with a dark blue roof and a pond beside it. */
export function inn(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<ellipse cx="7" cy="4" rx="4.5" ry="2.8" fill="${COLOURS.river}" stroke="${COLOURS.riverEdge}" stroke-width=".6"/>` +
			`<path d="M-7 -1H4V6H-7Z" fill="${COLOURS.plaster}" stroke="${COLOURS.ink}" stroke-width=".8"/>` +
			`<path d="M-8.5 -1L-1.5 -7L5.5 -1Z" fill="#27496d" stroke="${COLOURS.ink}" stroke-width=".8" stroke-linejoin="round"/>` +
			`<path d="M-3 6V3H0V6Z" fill="${COLOURS.ink}"/><circle cx="2" cy="-4" r="1.2" fill="#e0b33a"/>`
	);
}

/** A garden: a square hedge with flowers. */
export function garden(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<rect x="-9" y="-7" width="18" height="14" rx="3" fill="#3f7d2e" stroke="#29561d" stroke-width="1"/>` +
			`<rect x="-6" y="-4" width="12" height="8" rx="1.5" fill="#a8d66f"/>` +
			`<circle cx="-3" cy="-1" r="1.3" fill="#d8443a"/><circle cx="1" cy="1.5" r="1.3" fill="#f0c93a"/><circle cx="3.5" cy="-1.5" r="1.3" fill="#e07ab8"/>`
	);
}

/**
 * Where a stable's animals stand, in the barn's own units: below it, within its width, so they stay
 * on the tile wherever the barn goes (a corner included). A sheep reaches 6 units left, 5 right
 * (mirrored for the last one) and 4 down from its spot.
 */
export const LIVESTOCK_SPOTS: readonly Pt[] = [
	[-6, 11],
	[1, 13],
	[6, 10.5]
];

/** A stable (barn); with livestock, a few animals beside it. */
export function stable(at: Pt, scale = 1, livestock = false): string {
	const sheep = (x: number, y: number, flip: boolean) =>
		`<g transform="translate(${x} ${y})${flip ? ' scale(-1 1)' : ''}">` +
		`<path d="M-2 1.5v2M1.5 1.5v2" stroke="${COLOURS.ink}" stroke-width=".8"/>` +
		`<path d="M-3.6 0a1.6 1.6 0 0 1 1.2-2.2a1.8 1.8 0 0 1 3.2-.2a1.6 1.6 0 0 1 1.6 2.4a1.6 1.6 0 0 1-1.8 1.6h-2.6a1.6 1.6 0 0 1-1.6-1.6z" fill="#fff" stroke="${COLOURS.ink}" stroke-width=".6"/>` +
		`<ellipse cx="-4.4" cy="-.8" rx="1.3" ry="1" fill="${COLOURS.ink}"/></g>`;
	const animals = livestock
		? LIVESTOCK_SPOTS.map(([x, y], i) => sheep(x, y, i === LIVESTOCK_SPOTS.length - 1)).join('')
		: '';
	return g(
		at,
		scale,
		`<path d="M-10 -2L-7 -9H7L10 -2V8H-10Z" fill="#a8372b" stroke="${COLOURS.ink}" stroke-width=".9" stroke-linejoin="round"/>` +
			`<path d="M-10 -2H10" stroke="${COLOURS.ink}" stroke-width=".7"/>` +
			`<path d="M-4 8V1H4V8ZM-4 1L4 8M4 1L-4 8" fill="#f3e9d2" stroke="${COLOURS.ink}" stroke-width=".7"/>` +
			animals
	);
}

/** A few grass tufts so a field reads as a meadow (drawn under everything else). */
export function grass(): string {
	const spots: Pt[] = [
		[14, 30],
		[30, 12],
		[72, 10],
		[88, 34],
		[86, 70],
		[66, 90],
		[30, 88],
		[10, 64],
		[40, 32],
		[62, 68],
		[64, 30],
		[36, 66]
	];
	return (
		`<g fill="none" stroke="${COLOURS.fieldLine}" stroke-width=".9" stroke-linecap="round">` +
		spots.map(([x, y]) => `<path d="M${x - 2} ${y - 2.5}l1 2.5l1 -3l1 3l1 -2.5"/>`).join('') +
		`</g>`
	);
}

/** A small village square where roads meet. */
export function junction(at: Pt): string {
	return g(
		at,
		1,
		`<rect x="-7.5" y="-7.5" width="15" height="15" rx="3" fill="#e2d6b8" stroke="${COLOURS.roadEdge}" stroke-width="1"/>` +
			`<path d="M-3.5 3.5V-0.5L0 -3.5L3.5 -0.5V3.5Z" fill="${COLOURS.plaster}" stroke="${COLOURS.ink}" stroke-width=".7" stroke-linejoin="round"/>` +
			`<path d="M-4.2 -0.2L0 -4L4.2 -0.2" fill="none" stroke="${COLOURS.roof}" stroke-width="1.4"/>`
	);
}

/** A house where a road ends. */
export function house(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<path d="M-5 5V-1H5V5Z" fill="${COLOURS.plaster}" stroke="${COLOURS.ink}" stroke-width=".8"/>` +
			`<path d="M-6.5 -1L0 -6.5L6.5 -1Z" fill="${COLOURS.roof}" stroke="${COLOURS.ink}" stroke-width=".8" stroke-linejoin="round"/>`
	);
}

/** A pool where a river starts (spring) or ends (lake). */
export function pool(at: Pt, lake: boolean): string {
	const r = lake ? 17 : 10;
	return (
		`<ellipse cx="${fmt(at[0])}" cy="${fmt(at[1])}" rx="${r}" ry="${fmt(r * 0.8)}" fill="${COLOURS.river}" stroke="${COLOURS.riverEdge}" stroke-width="1.2"/>` +
		`<path d="M${fmt(at[0] - r * 0.4)} ${fmt(at[1] - r * 0.2)}q${fmt(r * 0.2)} -2 ${fmt(r * 0.4)} 0" stroke="${COLOURS.riverLight}" stroke-width="1.2" fill="none"/>`
	);
}

/** A pig herd in a field. */
export function pigs(at: Pt): string {
	return g(
		at,
		1,
		`<g fill="#f2a6b5" stroke="#8a4a57" stroke-width=".6"><ellipse cx="-3" cy="0" rx="4" ry="2.6"/><ellipse cx="4" cy="2" rx="4" ry="2.6"/></g>` +
			`<g fill="#8a4a57"><circle cx="-6.3" cy="-0.5" r=".6"/><circle cx="0.7" cy="1.5" r=".6"/></g>`
	);
}

const badge = (at: Pt, r: number, fill: string, body: string): string =>
	g(at, 1, `<circle r="${r}" fill="${fill}" stroke="${COLOURS.ink}" stroke-width=".9"/>${body}`);

/** A '?' for anything the renderer does not know (drawn as a path, not text). */
export function unknownBadge(at: Pt, r = 6): string {
	const k = r / 6;
	return badge(
		at,
		r,
		'#fff3b0',
		`<g transform="scale(${fmt(k)})"><path d="M-2.4 -1.8C-2.4 -5 2.6 -5 2.6 -2C2.6 0 0 0 0 2.2" fill="none" stroke="${COLOURS.ink}" stroke-width="1.6" stroke-linecap="round"/><circle cy="4.2" r="1" fill="${COLOURS.ink}"/></g>`
	);
}

const ICONS: Record<string, (at: Pt) => string> = {
	lute: (at) =>
		badge(
			at,
			8,
			'#fff8e6',
			`<g transform="rotate(40)"><path d="M0 -7V-1" stroke="#6b3d1c" stroke-width="1.6"/><path d="M-1.4 -8H1.4V-6.4H-1.4Z" fill="#6b3d1c"/>` +
				`<ellipse cx="0" cy="2.5" rx="3.6" ry="4.4" fill="#c27a34" stroke="#6b3d1c" stroke-width=".8"/><circle cx="0" cy="1.8" r="1.1" fill="#4a2a12"/></g>`
		),
	mayor: (at) =>
		badge(
			at,
			8,
			'#f2f2f2',
			`<path d="M-4.5 6C-4.5 1 -2.5 -1 0 -1C2.5 -1 4.5 1 4.5 6Z" fill="#2e4b8f"/><circle cy="-3.4" r="2.3" fill="#e9c29a" stroke="${COLOURS.ink}" stroke-width=".5"/>` +
				`<path d="M-3.4 -5.3H3.4M-2 -5.3V-7.4H2V-5.3" fill="${COLOURS.ink}" stroke="${COLOURS.ink}" stroke-width="1"/>`
		),
	dragon: (at) =>
		badge(
			at,
			8,
			'#fff1ea',
			`<path d="M-6 3C-3 -1 -1 -5 3 -5C5 -5 6 -3 6 -2L3.5 -1.5C5 0 4 2 2 2L-1 2L-3.5 5Z" fill="#c8261f" stroke="#6b120e" stroke-width=".6" stroke-linejoin="round"/>` +
				`<path d="M-2 -1L-4 -6L0 -3.5Z" fill="#8f1913"/><circle cx="3" cy="-3.2" r=".7" fill="#fff"/>`
		),
	princess: (at) =>
		badge(
			at,
			8,
			'#fdf3ff',
			`<path d="M-5 3.5L-5.5 -3L-2.5 0L0 -4.5L2.5 0L5.5 -3L5 3.5Z" fill="#e6b422" stroke="#7a5a0a" stroke-width=".7" stroke-linejoin="round"/>` +
				`<circle cy="1.5" r=".9" fill="#c8261f"/>`
		),
	portal: (at) =>
		badge(
			at,
			8,
			'#f2ecff',
			`<ellipse rx="4.5" ry="6" fill="none" stroke="#7b3fc4" stroke-width="1.8"/><ellipse rx="2" ry="3.2" fill="#c9a8f5"/>` +
				`<path d="M5 -5l.8 1.6l1.6 .8l-1.6 .8l-.8 1.6l-.8 -1.6l-1.6 -.8l1.6 -.8z" fill="#e6b422"/>`
		),
	volcano: (at) => badge(at, 8, '#fff1e6', volcanoBody(0.32))
};

function volcanoBody(scale: number): string {
	return (
		`<g transform="scale(${fmt(scale)})">` +
		`<path d="M-24 16L-7 -10H7L24 16Z" fill="#6b5446" stroke="${COLOURS.ink}" stroke-width="1.5" stroke-linejoin="round"/>` +
		`<path d="M-7 -10H7L5 -6L2 -1L0 -7L-3 2L-4.5 -6Z" fill="#e2481f"/>` +
		`<path d="M-6 -13C-10 -18 -4 -22 0 -19C3 -25 11 -21 8 -15" fill="#9a938c" opacity=".9"/>` +
		`</g>`
	);
}
/** The volcano drawn large in the middle of the tile. */
export function bigVolcano(at: Pt, scale = 1): string {
	return g(at, scale, volcanoBody(1.25));
}

export const KNOWN_ICONS = Object.keys(ICONS);
/** The badge for a tile icon; an unknown icon gets a '?' badge. */
export function iconBadge(name: string, at: Pt): string {
	return (ICONS[name] ?? ((p: Pt) => unknownBadge(p, 7)))(at);
}

/** The town hall: a wide hall with a clock tower and a flag, for the wildcard tile. */
export function townHall(at: Pt, scale = 1): string {
	return g(
		at,
		scale,
		`<ellipse cx="0" cy="14" rx="22" ry="4" fill="#000" opacity=".15"/>` +
			`<path d="M-20 0H20V14H-20Z" fill="#efe2c2" stroke="${COLOURS.ink}" stroke-width="1"/>` +
			`<path d="M-22 0L-16 -6H16L22 0Z" fill="#7c2f86" stroke="${COLOURS.ink}" stroke-width="1" stroke-linejoin="round"/>` +
			`<path d="M-5 -16H5V14H-5Z" fill="#efe2c2" stroke="${COLOURS.ink}" stroke-width="1"/>` +
			`<path d="M-6.5 -16L0 -25L6.5 -16Z" fill="#7c2f86" stroke="${COLOURS.ink}" stroke-width="1" stroke-linejoin="round"/>` +
			`<circle cy="-10" r="3" fill="#fff" stroke="${COLOURS.ink}" stroke-width=".8"/><path d="M0 -10V-12M0 -10H1.6" stroke="${COLOURS.ink}" stroke-width=".7"/>` +
			`<path d="M0 -25V-31" stroke="${COLOURS.ink}" stroke-width=".9"/><path d="M0 -31L6 -29.5L0 -28Z" fill="#e6b422"/>` +
			`<path d="M-16 4h4v4h-4zM-9 4h4v4h-4zM5 4h4v4h-4zM12 4h4v4h-4z" fill="#6d87a8"/>` +
			`<path d="M-2.5 14V8A2.5 2.5 0 0 1 2.5 8V14Z" fill="${COLOURS.ink}"/>`
	);
}
