// The board index: beside the state, the cells (placed tiles and open cells) on a grid and the open
// cells' fit keys, kept up to date by putTile (board.ts), copied and restored with the state
// (state-copy.ts), and the placements per fit class counted and picked from it (placements.ts).
import type { BoardIndex, Context, Engine, GameState } from './types.ts';
import { BITS, OFF, W, onBoard, pack, unpackX, unpackY } from './cells.ts';
import { FIT_NONE, blocksAbove, fitKey, setKey, startBlocks } from './fit.ts';
import { copyNumbers, filled } from './arrays.ts';

/**
 * The index rides on its state as a non-enumerable, read-only symbol property: JSON.stringify,
 * spreads, structuredClone and Object.keys leave it out, and a Svelte $state proxy hands it back
 * unwrapped. States that cannot take it (frozen, proxied before they had one) keep it in a WeakMap.
 * (A WeakMap entry for every state made the copying apply twice as slow: V8 pays for each new key.)
 */
const IX = Symbol('board index');
const elsewhere = new WeakMap<GameState, BoardIndex>();
const held = (state: GameState): BoardIndex | undefined =>
	(state as { [IX]?: BoardIndex })[IX] ?? elsewhere.get(state);

function attach(state: GameState, index: BoardIndex): void {
	try {
		Object.defineProperty(state, IX, { value: index });
	} catch {
		elsewhere.set(state, index);
	}
}

/** The board index of the engine's state (built from the state when it has none yet). */
export function boardIndex(engine: Engine): BoardIndex {
	return (engine.index ??= indexOf(engine.state, engine.rules));
}

/** The board index of a state; rebuilt when missing or when it does not match the state's board. */
export function indexOf(state: GameState, rules: Context): BoardIndex {
	let index = held(state);
	if (index === undefined) {
		index = buildIndex(state, rules);
		attach(state, index);
	} else if (
		index.size !== state.boardX.length + state.front.length ||
		index.fitKeys.length !== state.front.length
	)
		Object.assign(index, buildIndex(state, rules));
	return index;
}

function buildIndex(state: GameState, rules: Context): BoardIndex {
	// the grid covers the board and its open cells with room to grow on every side
	let x0 = 0;
	let x1 = 0;
	let y0 = 0;
	let y1 = 0;
	const cover = (x: number, y: number) => {
		x0 = Math.min(x0, x);
		x1 = Math.max(x1, x);
		y0 = Math.min(y0, y);
		y1 = Math.max(y1, y);
	};
	for (let b = 0; b < state.boardX.length; b++) cover(state.boardX[b], state.boardY[b]);
	for (let i = 0; i < state.front.length; i++)
		cover(unpackX(state.front[i]), unpackY(state.front[i]));
	const width = Math.max(GRID, x1 - x0 + 1 + 2 * MARGIN);
	const height = Math.max(GRID, y1 - y0 + 1 + 2 * MARGIN);
	const index = indexRecord({
		grid: filled(width * height, MISSING),
		gridX: ((x0 + x1 - width + 1) >> 1) + OFF,
		gridY: ((y0 + y1 - height + 1) >> 1) + OFF,
		gridWidth: width,
		gridHeight: height,
		size: 0,
		fitKeys: [],
		fitKeyCount: filled(FIT_NONE, 0),
		fitKeysPresent: [],
		fitKeyPosition: filled(FIT_NONE, 0),
		blocks: null,
		moves: null,
		allowed: null,
		count: -1,
		full: [],
		fullAt: -1,
		shared: false,
		movesAt: -1,
		movesTile: -1
	});
	for (let b = 0; b < state.boardX.length; b++)
		cellSet(index, pack(state.boardX[b], state.boardY[b]), b);
	for (let i = 0; i < state.front.length; i++) {
		cellSet(index, state.front[i], ~i);
		index.fitKeys.push(FIT_NONE);
		setKey(rules.fit, index, i, fitKey(state.frontEdges[i]));
	}
	if (index.fitKeys.length > blocksAbove(rules.fit)) startBlocks(rules.fit, index);
	return index;
}

/**
 * Gives the copy `to` of state `from` its copy of the index (apply's copying mode). The two share
 * the index's arrays until one of them places a tile (putTile copies them first, ownIndex): the
 * moves of the figure step, the dragon's and the others leave the board as it is.
 */
export function copyIndex(from: GameState, to: GameState): void {
	const index = held(from);
	if (!index) return;
	index.shared = true;
	attach(to, indexRecord(index));
}

/**
 * State `to`, taken back to its copy `from` (game.ts takeBack), takes `from`'s index: its fields, and
 * its arrays written into `to`'s own or shared until one of the two places a tile (both marked shared).
 * `placed`: false when no tile was placed since `to` was `from` (the arrays are the same).
 */
export function restoreIndex(from: GameState, to: GameState, placed = true): void {
	const f = held(from);
	const t = held(to);
	if (!t) return; // built from the state when asked
	if (!f) {
		t.size = -1; // no index to take: indexOf builds it again from the state
		return;
	}
	if (!placed) {
		// no tile placed since `to` was `from`: the arrays are as they were
	} else if (!t.shared && (t.blocks !== null) === (f.blocks !== null)) {
		// t's arrays are its own (it placed a tile since it last shared them): f's written into them
		copyNumbers(t.grid, f.grid);
		copyNumbers(t.fitKeys, f.fitKeys);
		copyNumbers(t.fitKeyCount, f.fitKeyCount);
		copyNumbers(t.fitKeysPresent, f.fitKeysPresent);
		copyNumbers(t.fitKeyPosition, f.fitKeyPosition);
		if (t.blocks !== null) copyNumbers(t.blocks, f.blocks!);
		copyNumbers(t.full, f.full);
	} else {
		f.shared = true;
		t.shared = true;
		t.grid = f.grid;
		t.fitKeys = f.fitKeys;
		t.fitKeyCount = f.fitKeyCount;
		t.fitKeysPresent = f.fitKeysPresent;
		t.fitKeyPosition = f.fitKeyPosition;
		t.blocks = f.blocks;
		t.full = f.full;
	}
	t.gridX = f.gridX;
	t.gridY = f.gridY;
	t.gridWidth = f.gridWidth;
	t.gridHeight = f.gridHeight;
	t.size = f.size;
	t.moves = f.moves;
	t.allowed = f.allowed;
	t.count = f.count;
	t.fullAt = f.fullAt;
	t.movesAt = f.movesAt;
	t.movesTile = f.movesTile;
}

/**
 * restoreIndex for state `to` taken back to `from` after it placed tiles (state-copy.ts takeBack): `to`
 * was a copy of `from` and only moves changed it since, so its grid differs from `from`'s only at its
 * open cells and the tiles placed since, and its fit-key counts only at the keys present in either —
 * those written back rather than the whole arrays (a bot's trial places a few tiles on a grid of a
 * thousand cells). Call it before `to`'s board is taken back (it reads `to`'s front and tiles).
 */
export function takeBackIndex(from: GameState, to: GameState): void {
	const f = held(from);
	const t = held(to);
	if (
		!f ||
		!t ||
		t.shared ||
		t.grid === f.grid ||
		t.gridX !== f.gridX ||
		t.gridY !== f.gridY ||
		t.gridWidth !== f.gridWidth ||
		t.gridHeight !== f.gridHeight ||
		t.blocks !== null ||
		f.blocks !== null
	) {
		restoreIndex(from, to);
		return;
	}
	const grid = t.grid;
	const was = f.grid;
	for (let i = 0; i < to.front.length; i++) {
		const at = gridAt(t, to.front[i]);
		grid[at] = was[at];
	}
	for (let b = from.boardX.length; b < to.boardX.length; b++) {
		const at = gridAt(t, pack(to.boardX[b], to.boardY[b]));
		grid[at] = was[at];
	}
	// a key present in neither has no cells in either (its position is not read)
	for (const keys of [t.fitKeysPresent, f.fitKeysPresent])
		for (let i = 0; i < keys.length; i++) {
			const k = keys[i];
			t.fitKeyCount[k] = f.fitKeyCount[k];
			t.fitKeyPosition[k] = f.fitKeyPosition[k];
		}
	copyNumbers(t.fitKeys, f.fitKeys);
	copyNumbers(t.fitKeysPresent, f.fitKeysPresent);
	copyNumbers(t.full, f.full);
	restoreIndex(from, to, false);
}

/** The grid's position of a packed cell on it. */
function gridAt(index: BoardIndex, cell: number): number {
	return ((cell >> BITS) - index.gridX) * index.gridHeight + (cell & (W - 1)) - index.gridY;
}

/** A board index with its fields in one order, from one literal: a copy has the hidden class of a built index (a spread's has another). */
function indexRecord(f: BoardIndex): BoardIndex {
	return {
		grid: f.grid,
		gridX: f.gridX,
		gridY: f.gridY,
		gridWidth: f.gridWidth,
		gridHeight: f.gridHeight,
		size: f.size,
		fitKeys: f.fitKeys,
		fitKeyCount: f.fitKeyCount,
		fitKeysPresent: f.fitKeysPresent,
		fitKeyPosition: f.fitKeyPosition,
		blocks: f.blocks,
		moves: f.moves,
		allowed: f.allowed,
		count: f.count,
		full: f.full,
		fullAt: f.fullAt,
		shared: f.shared,
		movesAt: f.movesAt,
		movesTile: f.movesTile
	};
}

/** The engine's board index with arrays of its own, to change (putTile). */
export function ownIndex(engine: Engine): BoardIndex {
	const index = boardIndex(engine);
	if (index.shared) {
		index.grid = index.grid.slice();
		index.fitKeys = index.fitKeys.slice();
		index.fitKeyCount = index.fitKeyCount.slice();
		index.fitKeysPresent = index.fitKeysPresent.slice();
		index.fitKeyPosition = index.fitKeyPosition.slice();
		if (index.blocks !== null) index.blocks = index.blocks.slice();
		index.full = index.full.slice();
		index.shared = false;
	}
	return index;
}

/** What cellGet answers for a cell that is neither placed nor open. */
export const MISSING = -0x40000000;
/** Free cells kept around the board on every side when the grid is built or grows. */
const MARGIN = 8;
/** The least columns and rows of a new grid (a base game seldom outgrows it). */
const GRID = 32;

/**
 * The index's entry for a packed cell: the board index of its tile (≥ 0), ~(front position) (that is
 * -(front position) - 1), or MISSING. Written `~i`, never `-i - 1`: -0 - 1 is a heap number, not a
 * small integer, and one such entry turned the grid's array into doubles, then (through the array
 * helpers and stores every array shares) every number array of the game — each function compiled
 * for small integers thrown away and compiled again over a checker thread's first ~100 games.
 */
export function cellGet(index: BoardIndex, cell: number): number {
	// a packed cell is (x + OFF) * W + (y + OFF): the column and row without a division
	const u = (cell >> BITS) - index.gridX;
	const v = (cell & (W - 1)) - index.gridY;
	if (u < 0 || u >= index.gridWidth || v < 0 || v >= index.gridHeight) return MISSING;
	return index.grid[u * index.gridHeight + v];
}

export function cellSet(index: BoardIndex, cell: number, value: number): void {
	let u = (cell >> BITS) - index.gridX;
	let v = (cell & (W - 1)) - index.gridY;
	if (u < 0 || u >= index.gridWidth || v < 0 || v >= index.gridHeight) {
		grow(index, u, v);
		u = (cell >> BITS) - index.gridX;
		v = (cell & (W - 1)) - index.gridY;
	}
	const at = u * index.gridHeight + v;
	if (index.grid[at] === MISSING) index.size++;
	index.grid[at] = value;
}

/** Enlarges the grid to take column u and row v (relative to its corner), by half its size or more on the side that needs it. */
function grow(index: BoardIndex, u: number, v: number): void {
	const { gridWidth: width, gridHeight: height, grid } = index;
	const left = u < 0 ? Math.max(-u + MARGIN, width >> 1) : 0;
	const right = u >= width ? Math.max(u - width + 1 + MARGIN, width >> 1) : 0;
	const top = v < 0 ? Math.max(-v + MARGIN, height >> 1) : 0;
	const bottom = v >= height ? Math.max(v - height + 1 + MARGIN, height >> 1) : 0;
	const w = width + left + right;
	const h = height + top + bottom;
	const next = filled(w * h, MISSING);
	for (let i = 0; i < width; i++)
		for (let j = 0; j < height; j++) next[(i + left) * h + j + top] = grid[i * height + j];
	index.grid = next;
	index.gridX -= left;
	index.gridY -= top;
	index.gridWidth = w;
	index.gridHeight = h;
}

/** Board index of the tile at a packed cell, or -1. */
export function tileAt(engine: Engine, cell: number): number {
	const n = cellGet(boardIndex(engine), cell);
	return n < 0 ? -1 : n;
}

/** Board index of the tile at (x, y), or -1 (none there, or no cell of the board: never another cell's tile). */
export function tileAtXY(engine: Engine, x: number, y: number): number {
	return onBoard(x, y) ? tileAt(engine, pack(x, y)) : -1;
}

/** Position in state.front of the open cell at a packed cell, or -1 (a placed tile's cell or none). */
export function frontAt(engine: Engine, cell: number): number {
	const n = cellGet(boardIndex(engine), cell);
	return n < 0 && n !== MISSING ? -n - 1 : -1;
}

/** Placements of fit class k at the frontier (edges only): the open cells per fit key × the rotations that fit. */
export function fitCount(engine: Engine, k: number): number {
	const index = boardIndex(engine);
	const { classCount: K, rotationCount: pop } = engine.rules.fit;
	const blocks = index.blocks;
	if (blocks !== null) {
		// a large front: the blocks' sums (a few dozen) rather than every fit key present (often more)
		let n = 0;
		for (let at = k; at < blocks.length; at += K) n += blocks[at];
		return n;
	}
	const keysPresent = index.fitKeysPresent;
	const keyCount = index.fitKeyCount;
	let n = 0;
	for (let j = 0; j < keysPresent.length; j++)
		n += keyCount[keysPresent[j]] * pop[keysPresent[j] * K + k];
	return n;
}

/**
 * The n-th placement of fit class k in frontier order, rotations ascending (edges only), packed as
 * front position * 4 + rotation; -1 when there are not that many.
 */
export function fitAt(engine: Engine, k: number, n: number): number {
	const index = boardIndex(engine);
	const fitKeys = index.fitKeys;
	const { classCount: K, rotations: rot, rotationCount: pop } = engine.rules.fit;
	const blocks = index.blocks;
	let i = 0;
	if (blocks !== null)
		// skip whole blocks of 32 open cells
		for (let at = k; i < fitKeys.length && n >= blocks[at]; i += 32, at += K) n -= blocks[at];
	for (; i < fitKeys.length; i++) {
		const at = fitKeys[i] * K + k;
		const p = pop[at];
		if (n >= p) {
			n -= p;
			continue;
		}
		const m = rot[at];
		for (let r = 0; r < 4; r++) if ((m >> r) & 1 && n-- === 0) return i * 4 + r;
	}
	return -1;
}
