// Player colours and figure silhouettes for the board. The palette is Okabe & Ito's colour-blind-safe
// set; every player also has a number drawn on each of their figures (a second cue besides colour).
import type { Expansion } from '../engine/index.ts';
import type { Silhouette } from '../formats/schema-types.ts';

export interface PlayerColour {
	id: string;
	name: string;
	fill: string;
	/** Text colour on the fill (contrast ≥ 4.5:1). */
	ink: string;
}

export const PLAYER_COLOURS: readonly PlayerColour[] = [
	{ id: 'blue', name: 'Blue', fill: '#0072B2', ink: '#ffffff' },
	{ id: 'orange', name: 'Orange', fill: '#E69F00', ink: '#000000' },
	{ id: 'green', name: 'Green', fill: '#009E73', ink: '#000000' },
	{ id: 'vermillion', name: 'Vermillion', fill: '#D55E00', ink: '#000000' },
	{ id: 'sky', name: 'Sky blue', fill: '#56B4E9', ink: '#000000' },
	{ id: 'purple', name: 'Reddish purple', fill: '#CC79A7', ink: '#000000' }
];

export const NEUTRAL = { fill: '#f2f2f2', ink: '#222222' };

export const colourOf = (id: string | undefined, index: number): PlayerColour =>
	PLAYER_COLOURS.find((c) => c.id === id) ?? PLAYER_COLOURS[index % PLAYER_COLOURS.length];

/**
 * Silhouettes in a 0..20 box (centre at 10,10; feet at the bottom), one per kind of figure the app
 * draws itself, as SVG path data. Konva draws them; the legend shows the same paths as inline SVG.
 * An expansion's own figures and tokens are drawn as their documents say (`silhouette`).
 */
export const SILHOUETTES: Record<string, string> = {
	// the classic meeple
	follower:
		'M10 1.5a3 3 0 1 1 0 6a3 3 0 1 1 0-6ZM6.5 7.8L13.5 7.8L19 11L18 13L14 11.5L15.5 19L11.8 19L10 14.8L8.2 19L4.5 19L6 11.5L2 13L1 11Z',
	// a monk in a habit: a hood and a long robe
	abbot: 'M10 1a3.2 3.2 0 0 1 3.2 3.2L13 7.5L15.5 19L4.5 19L7 7.5L6.8 4.2A3.2 3.2 0 0 1 10 1Z',
	// a pig: round body, snout, ears, legs
	pig: 'M4 8.5Q4 5.5 9 5.5L13 5.5L14.5 3.5L15 6Q18 7 18 10L19.5 10.5L19.5 12.5L18 12.8Q17 15 14.5 15.3L14.5 18L12.5 18L12 15.5L8 15.5L7.5 18L5.5 18L5.5 15Q2.5 13.5 2.5 11Q2.5 9.5 4 8.5Z',
	// a token of an expansion's own, with no drawing of its kind: a round counter
	token: 'M10 3.5a6.5 6.5 0 1 1 0 13a6.5 6.5 0 1 1 0-13Z',
	// the dragon (a horned head) and the fairy (a star with wings)
	dragon: 'M2 9L6 3L7 7L10 4L13 7L14 3L18 9L16 10L19 13L13 13L12 18L10 15L8 18L7 13L1 13L4 10Z',
	fairy: 'M10 1L12 7L18.5 7L13.3 11L15.3 18L10 13.8L4.7 18L6.7 11L1.5 7L8 7Z'
};

/** The fill of a token that belongs to nobody (a note, an expansion's own token). */
export const TOKEN_FILL = '#f4d35e';

/** The silhouettes the documents in play give their figures and tokens, by kind. */
let drawings = new Map<string, Silhouette>();

/** The documents in play, for the drawings from now on (the sandbox sets them with its looks). */
export function useSilhouettes(expansions: readonly Expansion[]): void {
	drawings = new Map();
	for (const e of expansions)
		for (const f of [...(e.figures ?? []), ...(e.tokens ?? [])])
			if (f.silhouette) drawings.set(f.id, f.silhouette);
}

/** What a piece is drawn as: its kind, or `token` for a token kind with no silhouette (an expansion's own). */
export const drawnKind = (kind: string, token: boolean): string =>
	token && !drawings.has(kind) && !Object.hasOwn(SILHOUETTES, kind) ? 'token' : kind;

/** The silhouette of a piece: its document's (on the feature it stands on, if it says), else the app's. */
export function silhouetteOf(kind: string, featureType?: string): string {
	const own = drawings.get(kind);
	if (own) return (featureType !== undefined && own.on?.[featureType]) || own.path;
	return SILHOUETTES[kind] ?? SILHOUETTES.follower;
}

/** Drawn size of a piece relative to a follower (the large meeple is bigger, tokens smaller). */
export function sizeOf(kind: string): number {
	const own = drawings.get(kind)?.size;
	if (own !== undefined) return own;
	return kind === 'large' ? 1.4 : kind === 'token' ? 0.8 : kind === 'dragon' ? 1.6 : 1;
}
