// Player colours and figure silhouettes for the board. The palette is Okabe & Ito's colour-blind-safe
// set; every player also has a number drawn on each of their figures (a second cue besides colour).
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
 * Silhouettes in a 0..20 box (centre at 10,10; feet at the bottom), one per kind of figure, as SVG path
 * data. Konva draws them; the legend shows the same paths as inline SVG.
 */
export const SILHOUETTES: Record<string, string> = {
	// the classic meeple
	follower:
		'M10 1.5a3 3 0 1 1 0 6a3 3 0 1 1 0-6ZM6.5 7.8L13.5 7.8L19 11L18 13L14 11.5L15.5 19L11.8 19L10 14.8L8.2 19L4.5 19L6 11.5L2 13L1 11Z',
	// a monk in a habit: a hood and a long robe
	abbot: 'M10 1a3.2 3.2 0 0 1 3.2 3.2L13 7.5L15.5 19L4.5 19L7 7.5L6.8 4.2A3.2 3.2 0 0 1 10 1Z',
	// a pig: round body, snout, ears, legs
	pig: 'M4 8.5Q4 5.5 9 5.5L13 5.5L14.5 3.5L15 6Q18 7 18 10L19.5 10.5L19.5 12.5L18 12.8Q17 15 14.5 15.3L14.5 18L12.5 18L12 15.5L8 15.5L7.5 18L5.5 18L5.5 15Q2.5 13.5 2.5 11Q2.5 9.5 4 8.5Z',
	// the mayor: a meeple with a top hat
	mayor:
		'M7 0.5L13 0.5L13 3.2L14.5 3.2L14.5 4.3L5.5 4.3L5.5 3.2L7 3.2ZM10 4.5a2.2 2.2 0 1 1 0 4.4a2.2 2.2 0 1 1 0-4.4ZM6.5 9L13.5 9L18.5 12L17.5 13.8L14 12.3L15.5 19L11.8 19L10 15L8.2 19L4.5 19L6 12.3L2.5 13.8L1.5 12Z',
	// the messenger: a runner in a long dress
	messenger:
		'M10 1a2.8 2.8 0 1 1 0 5.6a2.8 2.8 0 1 1 0-5.6ZM7.2 7L12.8 7L16.5 10L15.3 11.5L13 10L16.5 19L3.5 19L7 10L4.7 11.5L3.5 10Z',
	// the scarecrow: a post with outstretched arms and a hat
	scarecrow:
		'M6 2.2L14 2.2L12.5 1L7.5 1ZM10 2.5a2.2 2.2 0 1 1 0 4.4a2.2 2.2 0 1 1 0-4.4ZM1 8L19 8L19 10L11.2 10L11.2 19L8.8 19L8.8 10L1 10Z',
	// Buddo: a broad, round sitting figure
	buddo:
		'M10 0.8a3.4 3.4 0 1 1 0 6.8a3.4 3.4 0 1 1 0-6.8ZM10 7.4Q18.5 7.4 18.5 14Q18.5 19.2 10 19.2Q1.5 19.2 1.5 14Q1.5 7.4 10 7.4Z',
	// owners: the innkeeper (a tankard) and the stable owner (a horseshoe)
	innkeeper:
		'M4 5L14 5L14 7.5L16.5 7.5Q19 7.5 19 10.5L19 13Q19 16 16.5 16L14 16L14 19L4 19ZM14 9.5L14 14L16 14Q17 14 17 13L17 10.5Q17 9.5 16 9.5Z',
	stableOwner:
		'M10 2Q18 2 18 11Q18 16 16 19L12.8 19Q15 15 15 11Q15 5 10 5Q5 5 5 11Q5 15 7.2 19L4 19Q2 16 2 11Q2 2 10 2Z',
	// a token of an expansion's own, with no drawing of its kind: a round counter
	token: 'M10 3.5a6.5 6.5 0 1 1 0 13a6.5 6.5 0 1 1 0-13Z',
	// a note token: an eighth note
	note: 'M8 2L16 0.5L16 3.5L10.5 4.5L10.5 15.5A3.5 3 0 1 1 8 13.2Z',
	// the dragon (a horned head) and the fairy (a star with wings)
	dragon: 'M2 9L6 3L7 7L10 4L13 7L14 3L18 9L16 10L19 13L13 13L12 18L10 15L8 18L7 13L1 13L4 10Z',
	fairy: 'M10 1L12 7L18.5 7L13.3 11L15.3 18L10 13.8L4.7 18L6.7 11L1.5 7L8 7Z'
};

/** The fill of a token that belongs to nobody (a note, an expansion's own token). */
export const TOKEN_FILL = '#f4d35e';

/** What a piece is drawn as: its kind, or `token` for a token kind with no silhouette (an expansion's own). */
export const drawnKind = (kind: string, token: boolean): string =>
	token && !Object.hasOwn(SILHOUETTES, kind) ? 'token' : kind;

/** The silhouette of a piece: its kind's, an owner's by the feature it stands on. */
export function silhouetteOf(kind: string, featureType?: string): string {
	if (kind === 'owner')
		return featureType === 'stable' ? SILHOUETTES.stableOwner : SILHOUETTES.innkeeper;
	return SILHOUETTES[kind] ?? SILHOUETTES.follower;
}

/** Drawn size of a piece relative to a follower (the large meeple is bigger, tokens smaller). */
export function sizeOf(kind: string): number {
	return kind === 'large'
		? 1.4
		: kind === 'buddo'
			? 1.35
			: kind === 'note' || kind === 'owner' || kind === 'token'
				? 0.8
				: kind === 'dragon'
					? 1.6
					: 1;
}
