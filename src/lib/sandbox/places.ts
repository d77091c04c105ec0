// Where a feature lies on its tile, in words ("the city, north"), from its geometry: the sides a road,
// city or river runs to, the half-sides a field holds (their middle's compass direction), or the
// middle for a monastery, a garden, a stable, after the tile's quarter turns. The menus, the hover line
// and the hints name places by these words, not by feature ids.
import { boardTileAt, type GameState, type Tile } from '../engine/index.ts';

const SIDES = ['N', 'E', 'S', 'W'] as const;
const SIDE_WORDS: Record<string, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };
/** Half-sides clockwise from the north-west corner, each with its middle on the unturned tile (0..100). */
const HALVES: [string, number, number][] = [
	['NL', 25, 0],
	['NR', 75, 0],
	['EL', 100, 25],
	['ER', 100, 75],
	['SL', 75, 100],
	['SR', 25, 100],
	['WL', 0, 75],
	['WR', 0, 25]
];
/** Compass words by eighth of a turn, clockwise from the north. */
const COMPASS = [
	'north',
	'north-east',
	'east',
	'south-east',
	'south',
	'south-west',
	'west',
	'north-west'
];

/** A side after `rotation` clockwise quarter turns. */
export const turnedSide = (side: string, rotation: number): string =>
	SIDES[(SIDES.indexOf(side as (typeof SIDES)[number]) + rotation + 4) % 4];

/** A list of words joined as a sentence does ("north, east and south"). */
export const listed = (words: string[]): string =>
	words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** The sides a road, city or river touches, turned, in compass order. */
function sidesWords(sides: readonly string[], rotation: number): string {
	if (sides.length === 0) return 'in the middle';
	if (sides.length >= 4) return 'on every side';
	const turned = new Set(sides.map((s) => turnedSide(s, rotation)));
	return listed(SIDES.filter((s) => turned.has(s)).map((s) => SIDE_WORDS[s]));
}

/** The compass direction of a field's half-sides (the middle of their middles), turned. */
function halvesWords(halves: readonly string[], rotation: number): string {
	if (halves.length === 0) return 'in the middle';
	if (halves.length >= 8) return 'all round';
	const shift = (((rotation % 4) + 4) % 4) * 2;
	const points = halves.map((h) => HALVES[(HALVES.findIndex(([id]) => id === h) + shift) % 8]);
	const dx = points.reduce((a, p) => a + p[1], 0) / points.length - 50;
	const dy = points.reduce((a, p) => a + p[2], 0) / points.length - 50;
	if (Math.hypot(dx, dy) < 10) {
		// balanced (two opposite strips): the sides it touches
		const sides = new Set(points.map(([id]) => id[0]));
		return listed(SIDES.filter((s) => sides.has(s)).map((s) => SIDE_WORDS[s]));
	}
	// the screen's y grows to the south: north is -90°
	const eighth = Math.round(((Math.atan2(dx, -dy) * 180) / Math.PI + 360) / 45) % 8;
	return COMPASS[eighth];
}

/** Where feature `id` of tile `def` (turned `rotation` quarter turns) lies, in words: "north", "north and south", "in the middle". */
export function placeWords(def: Tile, id: string, rotation: number): string {
	const f = def.features.find((g) => g.id === id);
	if (!f) return id;
	if (f.sides) return sidesWords(f.sides, rotation);
	if (f.halves) return halvesWords(f.halves, rotation);
	return 'in the middle';
}

/**
 * A feature named for a person: "the city, north", "the road, north and south", "the monastery"
 * (the id in brackets when another feature of its kind on the tile has the same words).
 */
export function placeName(def: Tile, id: string, rotation: number): string {
	const f = def.features.find((g) => g.id === id);
	if (!f) return `feature ${id}`;
	const words = placeWords(def, id, rotation);
	const same = def.features.filter(
		(g) => g.type === f.type && placeWords(def, g.id, rotation) === words
	);
	if (words === 'in the middle' && same.length === 1) return `the ${f.type}`;
	return `the ${f.type}, ${words}${same.length > 1 ? ` (${id})` : ''}`;
}

const STEP: Record<string, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const OPPOSITE: Record<string, string> = { N: 'S', E: 'W', S: 'N', W: 'E' };

/**
 * What an empty cell borders, in words: the roads, cities and rivers of its neighbours that run into
 * it ("the city to the north", "the road to the east"), from the neighbours' sides after their turns.
 */
export function bordering(state: GameState, x: number, y: number): string[] {
	const out: string[] = [];
	for (const side of SIDES) {
		const [dx, dy] = STEP[side];
		const n = boardTileAt(state, x + dx, y + dy);
		if (!n) continue;
		// the neighbour's side facing the cell, on its unturned tile
		const facing = turnedSide(OPPOSITE[side], -n.rotation);
		const f = n.def.features.find((g) => g.sides?.includes(facing as (typeof SIDES)[number]));
		if (f) out.push(`the ${f.type} to the ${SIDE_WORDS[side]}`);
	}
	return out;
}
