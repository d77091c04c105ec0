// Module state of Messengers & Mayors: the town hall tile (its figures' actions keep their state in
// the data module's, data-surrounded.ts).
import type { GameState } from '../../types.ts';

export const MM = 'messengers-and-mayors';

export interface MMState {
	/** Compiled index of the town hall tile, -1 if the tile set has none. */
	hallTile: number;
}

export const M = (state: GameState): MMState => state.moduleState[MM] as MMState;
