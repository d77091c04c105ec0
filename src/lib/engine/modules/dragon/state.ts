// The dragon's state, and what the rules context says about it: which tiles bring volcanoes and
// dragons, whether the dragon is in play.
import { perContext } from '../../per-context.ts';
import type { Engine } from '../../types.ts';

export interface DragonState {
	/** Board index of the dragon's tile, -1 before the first volcano. */
	at: number;
	volcano: boolean;
	/** Dragon tiles set aside before the first volcano (compiled tile indexes). */
	aside: number[];
	/** The movement in progress. */
	visited: number[];
	steps: number;
}

export const D = (engine: Engine): DragonState => engine.state.moduleState.dragon as DragonState;

/**
 * What the hot hooks read from the rules context, built once per context: per tile its ICON_VOLCANO
 * and ICON_DRAGON bits (a Set lookup for every figure placement costs more).
 */
interface DragonTables {
	icons: Uint8Array;
}
export const ICON_VOLCANO = 1;
export const ICON_DRAGON = 2;
export const tablesOf = perContext((rules): DragonTables => ({
	icons: Uint8Array.from(
		rules.tiles,
		(tile) =>
			(tile.icons.has('volcano') ? ICON_VOLCANO : 0) | (tile.icons.has('dragon') ? ICON_DRAGON : 0)
	)
}));
export const hasIcon = (engine: Engine, tile: number, icon: number): boolean =>
	(tablesOf(engine.rules).icons[tile] & icon) !== 0;

/** Whether the dragon is in play (ruling DRAGON-R4). */
export const dragonInPlay = (engine: Engine): boolean =>
	engine.rules.rulings['DRAGON-R4'] === 'dragon-and-fairy' ||
	engine.rules.rulings['DRAGON-R4'] === 'dragon-only';
