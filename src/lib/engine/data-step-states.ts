// The game state of two data steps, kept in their module's DataState (data-scope.ts): a bag step's
// tokens (data-bag-step.ts) and where a marker stands (data-marker-step.ts).

/** A bag step's state: the tokens in the bag by kind, each figure's tokens (piece → kinds), the fixed draws left. */
export interface BagState {
	bag: number[];
	held: Record<string, number[]>;
	fixed: number[];
}

/** Where a marker stands: its board tile, the piece beside (-1: none), the tile left and still guarded (-2: none). */
export type MarkerState = { at: number; piece: number; guard: number };
