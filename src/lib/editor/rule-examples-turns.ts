// The worked examples (rule-examples.ts) of the templates whose rule shows in a turn rather than a
// score: a figure that earns another turn (the builder), one that moves on when its feature scores
// (the wagon), a tie broken by followers on icon tiles, tiles taken beneath an icon tile (hills).
// Each is a tiny board of base tiles and the example's own; the event the engine logs is the example.
import type { Feature, Tile } from '../formats/schema-types.ts';
import {
	figureId,
	type Beneath,
	type ExtraTurnFigure,
	type MoveOnFigure,
	type Tiebreak
} from './rule-templates.ts';

/** One turn of the example: the tile drawn, where it goes (a rotation, or the first that fits), the figure put on it. */
export interface Turn {
	draw: string;
	x: number;
	y: number;
	rotation?: number;
	deploy?: { figure: string; feature: string };
	/** After the figure: the first feature offered to move a figure on to (data-move-on.ts). */
	moveOn?: boolean;
	/** Right after the tile: a data step's move on this feature (a token put, a piece placed, a piece sent home). */
	step?: { type: string; feature: string; [k: string]: unknown };
	/** Instead of drawing: the move placing a held tile at x, y (a held-tile step). */
	instead?: string;
	/** After the figure: moves of the turn (the dragon's). */
	then?: { type: string; [k: string]: unknown }[];
	/** The figure's action, its first choice with a target (an act step): at once when its tile is surrounded, else after the turn's scoring. */
	act?: string;
}
/** A template's worked example: the board in words and what the log says of the rule, or why not. */
export type WorkedExample =
	| { ok: true; board: string; arithmetic: string; points: number; rule: string }
	| { ok: false; error: string };

export interface Board {
	tiles: Tile[];
	turns: Turn[];
	/** Tiles of the pile after the turns', not played. */
	pile?: string[];
	/** The board in words: "a 2-tile completed city with 1 port". */
	words: string;
	/** Rule modules beyond base's (a garden needs the abbot). */
	modules?: string[];
}

export const ex = (id: string) => `worked-example/${id}`;
const follower = (feature: string) => ({ figure: 'follower', feature });
const field = (id: string, halves: string[]): Feature => ({ id, type: 'field', halves }) as Feature;
/** A tile with the icon: a road curve east–south, or a road west–east. */
export const iconTile = (icon: string, curve: boolean): Tile =>
	({
		id: 'icon',
		count: 1,
		icons: [icon],
		features: curve
			? [
					{ id: 'r1', type: 'road', sides: ['E', 'S'] },
					field('f1', ['NL', 'NR', 'EL', 'SR', 'WL', 'WR']),
					field('f2', ['ER', 'SL'])
				]
			: [
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					field('f1', ['NL', 'NR', 'EL', 'WR']),
					field('f2', ['ER', 'SL', 'SR', 'WL'])
				]
	}) as Tile;

/**
 * Ann's follower, then her figure, on a road east of the start (a city north of it without a road),
 * Bob's tiles elsewhere; Ann's next tile extends it.
 */
export function builderBoard(t: ExtraTurnFigure): Board {
	const mine = (feature: string) => ({ figure: figureId(t.name), feature });
	const road = t.features.includes('road');
	const [tile, f, step] = road ? ['base/U', 'r1', [1, 0]] : ['base/F', 'c1', [0, -1]];
	const at = (n: number) => ({ x: step[0] * n, y: step[1] * n });
	return {
		tiles: [],
		turns: [
			{ draw: tile, ...at(1), deploy: follower(f) },
			{ draw: 'base/U', x: road ? 0 : 1, y: road ? 1 : 0 },
			{ draw: tile, ...at(2), deploy: mine(f) },
			{ draw: 'base/U', x: road ? 1 : -1, y: road ? 1 : 0 },
			{ draw: tile, ...at(3) }
		],
		words: `a ${road ? 'road' : 'city'} with Ann's follower and ${t.name}, her next tile extending it`
	};
}

/** Bob's figure closes a road from a junction to a city gate (or closes the start's city): it scores, then moves on. */
export function wagonBoard(t: MoveOnFigure): Board {
	const mine = (feature: string) => ({ figure: figureId(t.name), feature });
	if (t.features.includes('road'))
		return {
			tiles: [],
			turns: [
				{ draw: 'base/T', x: -1, y: 0, rotation: 3 },
				{ draw: 'base/L', x: 1, y: 0, rotation: 1, deploy: mine('r2'), moveOn: true }
			],
			words: `a road closed at both ends with Bob's ${t.name} on it`
		};
	return {
		tiles: [],
		turns: [
			{ draw: 'base/T', x: -1, y: 0, rotation: 3 },
			{ draw: 'base/E', x: 0, y: -1, rotation: 2, deploy: mine('c1'), moveOn: true }
		],
		words: `a city closed by the tile with Bob's ${t.name} on it`
	};
}

/** Ann's follower on the road of a tile with the icon, Bob's on a road south of the start; the loop of 6 closes: a tie. */
export function tiebreakBoard(t: Tiebreak): Board {
	return {
		tiles: [iconTile(t.modifier, true)],
		turns: [
			{ draw: ex('icon'), x: 1, y: 0, rotation: 1, deploy: follower('r1') },
			{ draw: 'base/U', x: 0, y: 1, rotation: 1, deploy: follower('r1') },
			{ draw: 'base/V', x: 1, y: 1, rotation: 1 },
			{ draw: 'base/V', x: -1, y: 0, rotation: 3 },
			{ draw: 'base/V', x: -1, y: 1, rotation: 2 }
		],
		words: `a road of 6 tiles, Ann's follower on a ${t.modifier} tile and Bob's on another`
	};
}

/** Ann places a tile with the icon; the pile holds more tiles. */
export function beneathBoard(t: Beneath): Board {
	return {
		tiles: [iconTile(t.modifier, false)],
		turns: [{ draw: ex('icon'), x: 1, y: 0, rotation: 0 }],
		pile: ['base/E', 'base/E', 'base/E'].slice(0, Math.max(1, Math.min(3, t.tiles))),
		words: `a ${t.modifier} tile placed with tiles left in the pile`
	};
}
