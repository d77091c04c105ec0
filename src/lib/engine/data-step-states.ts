// The game state of data steps and titles, kept in their module's DataState (data-scope.ts): a bag
// step's tokens (data-bag-step.ts), where a marker stands (data-marker-step.ts), who holds a title
// (data-title.ts).

/** A bag step's state: the tokens in the bag by kind, each figure's tokens (piece → kinds), the fixed draws left. */
export interface BagState {
	bag: number[];
	held: Record<string, number[]>;
	fixed: number[];
}

/** Where a marker stands: its board tile, the piece beside (-1: none), the tile left and still guarded (-2: none). */
export type MarkerState = { at: number; piece: number; guard: number };

/** One title during a game: its holder (-1: nobody yet), the tiles of the largest feature of its kind completed so far, the features of its kind completed in the game and this turn, the largest this turn (tiles). */
export interface TitleState {
	player: number;
	record: number;
	completed: number;
	thisTurn: number;
	best: number;
}
