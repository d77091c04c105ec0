// The dragon's and the fairy's state, and what the rules context says about them: which tiles
// bring volcanoes and dragons, which figures are followers, which of the two are in play.
import { perContext } from '../../per-context.ts';
import type { Engine } from '../../types.ts';

export interface DragonState {
	/** Board index of the dragon's tile, -1 before the first volcano. */
	at: number;
	volcano: boolean;
	/** Dragon tiles set aside before the first volcano (compiled tile indexes). */
	aside: number[];
	/** Board index of the fairy's tile and the piece it stands next to (-1: none; always none on a tile, ruling DRAGON-R7). */
	fairy: number;
	fairyPiece: number;
	/** Ruling DRAGON-R2 = dragon-first: where the fairy stood before it moved this turn (it protects that tile during this turn's movement). */
	shield?: number;
	/** The movement in progress. */
	visited: number[];
	steps: number;
}

export const D = (engine: Engine): DragonState => engine.state.moduleState.dragon as DragonState;

/**
 * What the hot hooks read from the rules context, built once per context: per tile its ICON_VOLCANO
 * and ICON_DRAGON bits, and the figure kinds that are followers (a Set or Map lookup for every figure
 * option costs more than these).
 */
interface DragonTables {
	icons: Uint8Array;
	followers: string[];
}
export const ICON_VOLCANO = 1;
export const ICON_DRAGON = 2;
export const tablesOf = perContext((rules): DragonTables => ({
	icons: Uint8Array.from(
		rules.tiles,
		(tile) =>
			(tile.icons.has('volcano') ? ICON_VOLCANO : 0) | (tile.icons.has('dragon') ? ICON_DRAGON : 0)
	),
	followers: [...rules.figures.values()].filter((f) => f.follower).map((f) => f.id)
}));
export const hasIcon = (engine: Engine, tile: number, icon: number): boolean =>
	(tablesOf(engine.rules).icons[tile] & icon) !== 0;

/** The tile the fairy keeps the dragon off during the movement in progress (DRAGON-4.4.3, ruling DRAGON-R2). */
export const fairyTile = (d: DragonState): number => d.shield ?? d.fairy;

/** Whether the dragon and the fairy are in play (ruling DRAGON-R4). */
export const dragonInPlay = (engine: Engine): boolean =>
	engine.rules.rulings['DRAGON-R4'] === 'dragon-and-fairy' ||
	engine.rules.rulings['DRAGON-R4'] === 'dragon-only';
/** Ruling DRAGON-R7 = on-tile: the fairy stands on a tile, not beside one follower (JCloisterZone's variant). */
export const fairyOnTile = (engine: Engine): boolean =>
	engine.rules.rulings['DRAGON-R7'] === 'on-tile';
export const fairyInPlay = (engine: Engine): boolean =>
	engine.rules.rulings['DRAGON-R4'] === 'dragon-and-fairy' ||
	engine.rules.rulings['DRAGON-R4'] === 'fairy-only';
