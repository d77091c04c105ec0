// Board cells: a cell (x, y) packs into one small integer, its neighbours are fixed steps away,
// and a tile's half edges face the neighbour's across each side.

// A cell packs into one small integer, 15 bits per axis: (x + OFF) * W + (y + OFF) stays below
// 2^30 (a V8 small integer). Cells and their neighbours must fit, or a far cell would alias a near one.
export const BITS = 15;
export const W = 1 << BITS;
export const OFF = W >> 1;
/**
 * The farthest a tile may lie from the start tile along either axis: its neighbours still pack. A
 * game holds at most MAX_GAME_TILES (10,000) tiles, so even all of them in one line stay within it.
 */
export const BOARD_REACH = OFF - 2;
/** Whether (x, y) is a cell of the board: whole numbers within BOARD_REACH of the start tile. */
export const onBoard = (x: number, y: number): boolean =>
	Number.isInteger(x) &&
	Number.isInteger(y) &&
	x >= -BOARD_REACH &&
	x <= BOARD_REACH &&
	y >= -BOARD_REACH &&
	y <= BOARD_REACH;
export const pack = (x: number, y: number): number => (x + OFF) * W + (y + OFF);
export const unpackX = (c: number): number => Math.floor(c / W) - OFF;
export const unpackY = (c: number): number => (c % W) - OFF;
/** Packed offsets of the neighbours across N E S W. */
export const SIDE_STEP = [-1, W, 1, -W];
export const SIDE_DX = [0, 1, 0, -1];
export const SIDE_DY = [-1, 0, 1, 0];
/** Packed offsets of the 8 cells around, clockwise from the north-west (AROUND[2 * side + 1] is the neighbour across side N E S W). */
export const AROUND = [-W - 1, -1, W - 1, W, W + 1, 1, -W + 1, -W];
/** Half index (NL…WR) → the neighbour's half facing it across the edge (the indexed form of geometry's facingHalf). */
export const FACING_HALF = [5, 4, 7, 6, 1, 0, 3, 2];
