// The board: placed tiles by packed coordinate, the open-cell frontier with the edges each open
// cell requires, and the placement that merges the new tile's features with its neighbours.
// Lookups live in a board index beside the state (cells, frontier positions, and per fit class the
// placements each block of the frontier offers), kept up to date by putTile, so that listing,
// counting and picking a placement never rescans the frontier.
import {
	K_CITY,
	K_RIVER,
	K_ROAD,
	type BoardIndex,
	type CTile,
	type Context,
	type Engine,
	type FitTables,
	type GameState,
	type Refusal,
	type RuleModule
} from './types.ts';
import { EDGE_NAMES } from './tiles.ts';
import { union, find } from './features.ts';
import { copyNumbers, filled } from './arrays.ts';

const SIDE_WORD = ['north', 'east', 'south', 'west'];

// A cell packs into one small integer, 15 bits per axis: (x + OFF) * W + (y + OFF) stays below
// 2^30 (a V8 small integer). Cells and their neighbours must fit, or a far cell would alias a near one.
const BITS = 15;
const W = 1 << BITS;
const OFF = W >> 1;
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
const AROUND = [-W - 1, -1, W - 1, W, W + 1, 1, -W + 1, -W];
/** putTile's scratch: the index entries of the 8 cells around the new tile. */
const NEAR = [0, 0, 0, 0, 0, 0, 0, 0];
/** Half index (NL…WR) → the neighbour's half facing it across the edge (the indexed form of geometry's facingHalf). */
export const FACING_HALF = [5, 4, 7, 6, 1, 0, 3, 2];

/** Does the tile fit the edges the cell requires? (BASE-1.3.2) */
export function fits(state: GameState, t: CTile, frontIndex: number, rotation: number): boolean {
	if (t.wildcard) return true;
	return ((t.edges[rotation] ^ state.frontEdges[frontIndex]) & state.frontMask[frontIndex]) === 0;
}

// ------------------------------------------------------------------ fit classes
/** Fit key of a position past the frontier's end: fits nothing. */
export const FIT_NONE = 625;
/** Fit key of an open cell: the four edge codes it requires (0 = any), N E S W, as a base-5 number. */
export const fitKey = (edges: number): number =>
	(edges & 15) + 5 * ((edges >> 4) & 15) + 25 * ((edges >> 8) & 15) + 125 * ((edges >> 12) & 15);

/** Tiles with the same edges fit the same cells: one class each; per fit key, the rotations of each class that fit. */
export function compileFit(tiles: readonly CTile[], modules: readonly RuleModule[]): FitTables {
	const byEdges = new Map<string, number>();
	const cls = new Int32Array(tiles.length);
	const reps: CTile[] = [];
	for (const t of tiles) {
		const key = t.wildcard ? 'wildcard' : String(t.edges[0]);
		let k = byEdges.get(key);
		if (k === undefined) {
			k = reps.length;
			byEdges.set(key, k);
			reps.push(t);
		}
		cls[t.index] = k;
	}
	const K = reps.length;
	const rot = new Uint8Array((FIT_NONE + 1) * K);
	const pop = new Int8Array((FIT_NONE + 1) * K);
	for (let key = 0; key < FIT_NONE; key++) {
		let edges = 0;
		let mask = 0;
		for (let side = 0, v = key; side < 4; side++, v = Math.floor(v / 5)) {
			const code = v % 5;
			if (code !== 0) {
				edges |= code << (4 * side);
				mask |= 15 << (4 * side);
			}
		}
		for (let k = 0; k < K; k++) {
			const t = reps[k];
			let m = 0;
			let n = 0;
			for (let r = 0; r < 4; r++)
				if (t.wildcard || ((t.edges[r] ^ edges) & mask) === 0) {
					m |= 1 << r;
					n++;
				}
			rot[key * K + k] = m;
			pop[key * K + k] = n;
		}
	}
	const fitFrom = new Int32Array(FIT_NONE + 2);
	const classes: number[] = [];
	const pops: number[] = [];
	for (let key = 0; key <= FIT_NONE; key++) {
		fitFrom[key] = classes.length;
		for (let k = 0; k < K; k++)
			if (pop[key * K + k] > 0) {
				classes.push(k);
				pops.push(pop[key * K + k]);
			}
	}
	fitFrom[FIT_NONE + 1] = classes.length;
	const hooks = modules.filter((m) => m.hooks?.placement);
	const filtered = new Uint8Array(tiles.length);
	for (const t of tiles)
		if (hooks.some((m) => !m.placementFor || m.placementFor(t))) filtered[t.index] = 1;
	return {
		classCount: K,
		classOf: cls,
		rotations: rot,
		rotationCount: pop,
		fitFrom,
		fitClass: Int32Array.from(classes),
		fitPop: Int8Array.from(pops),
		filtered
	};
}

// ------------------------------------------------------------------ the board index
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
		cellSet(index, state.front[i], -i - 1);
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
function ownIndex(engine: Engine): BoardIndex {
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
const MISSING = -0x40000000;
/** Free cells kept around the board on every side when the grid is built or grows. */
const MARGIN = 8;
/** The least columns and rows of a new grid (a base game seldom outgrows it). */
const GRID = 32;

/** The index's entry for a packed cell: the board index of its tile (≥ 0), -(front position) - 1, or MISSING. */
function cellGet(index: BoardIndex, cell: number): number {
	// a packed cell is (x + OFF) * W + (y + OFF): the column and row without a division
	const u = (cell >> BITS) - index.gridX;
	const v = (cell & (W - 1)) - index.gridY;
	if (u < 0 || u >= index.gridWidth || v < 0 || v >= index.gridHeight) return MISSING;
	return index.grid[u * index.gridHeight + v];
}

function cellSet(index: BoardIndex, cell: number, value: number): void {
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

/**
 * Front size above which the index also keeps, per block of 32 front positions and fit class, its
 * placements (fitAt skips blocks). Blocks make every change of a fit key cost one step per fit
 * class (some six changes a placement) against counting and picking over the whole front once: worth
 * it from about four open cells per class, and never below 64 cells.
 */
const blocksAbove = (fit: FitTables): number => Math.max(64, 4 * fit.classCount);

/**
 * Sets the fit key of front position `pos` and moves the per-key cell counts along (O(1)); on a
 * large front also the block's placements per fit class (O(classes)).
 */
function setKey(fit: FitTables, index: BoardIndex, pos: number, key: number): void {
	const was = index.fitKeys[pos];
	if (was === key) return;
	index.fitKeys[pos] = key;
	if (was !== FIT_NONE) dropKey(index, was);
	if (key !== FIT_NONE && index.fitKeyCount[key]++ === 0) {
		index.fitKeyPosition[key] = index.fitKeysPresent.length;
		index.fitKeysPresent.push(key);
	}
	const blocks = index.blocks;
	if (blocks === null) return;
	while (((pos >> 5) + 1) * fit.classCount > blocks.length) blocks.push(0);
	blockMove(fit, blocks, pos >> 5, was, key);
}

/** One open cell fewer requires fit key `key` (fitKeysPresent loses it at 0). */
function dropKey(index: BoardIndex, key: number): void {
	if (--index.fitKeyCount[key] !== 0) return;
	// the last key present takes its place (a large front has hundreds of keys: no search)
	const keysPresent = index.fitKeysPresent;
	const j = index.fitKeyPosition[key];
	const moved = keysPresent[keysPresent.length - 1];
	keysPresent[j] = moved;
	index.fitKeyPosition[moved] = j;
	keysPresent.pop();
}

/** A cell of block `block` goes from fit key `was` to `key` (FIT_NONE: none): the block's placements per fit class follow. */
function blockMove(
	fit: FitTables,
	blocks: number[],
	block: number,
	was: number,
	key: number
): void {
	const { fitFrom, fitClass, fitPop } = fit;
	const at = block * fit.classCount;
	for (let j = fitFrom[was]; j < fitFrom[was + 1]; j++) blocks[at + fitClass[j]] -= fitPop[j];
	for (let j = fitFrom[key]; j < fitFrom[key + 1]; j++) blocks[at + fitClass[j]] += fitPop[j];
}

/** Starts the per-block placement counts once the front grows past blocksAbove cells. */
function startBlocks(fit: FitTables, index: BoardIndex): void {
	const blocks = filled(((index.fitKeys.length + 31) >> 5) * fit.classCount, 0);
	for (let i = 0; i < index.fitKeys.length; i++)
		blockMove(fit, blocks, i >> 5, FIT_NONE, index.fitKeys[i]);
	index.blocks = blocks;
}

function frontAdd(
	state: GameState,
	fit: FitTables,
	index: BoardIndex,
	cell: number,
	entry: number,
	side: number,
	code: number
): void {
	let i: number;
	if (entry === MISSING) {
		i = state.front.length;
		state.front.push(cell);
		state.frontEdges.push(0);
		state.frontMask.push(0);
		cellSet(index, cell, -i - 1);
		index.fitKeys.push(FIT_NONE);
		if (index.blocks === null && index.fitKeys.length > blocksAbove(fit)) startBlocks(fit, index);
		if (code === 0) {
			setKey(fit, index, i, 0);
			return;
		}
	} else i = -entry - 1;
	if (code !== 0) {
		state.frontEdges[i] |= code << (4 * side);
		state.frontMask[i] |= 15 << (4 * side);
		setKey(fit, index, i, fitKey(state.frontEdges[i]));
	}
}

/** Takes the open cell at front position i off the frontier (the last one moves into its place). */
function frontRemove(state: GameState, fit: FitTables, index: BoardIndex, i: number): void {
	const last = state.front.length - 1;
	const gone = index.fitKeys[i];
	// only the removed cell's key leaves the counts: the last cell moves into its place with its own
	if (gone !== FIT_NONE) dropKey(index, gone);
	const blocks = index.blocks;
	if (i !== last) {
		const moved = state.front[last];
		const key = index.fitKeys[last];
		index.fitKeys[i] = key;
		state.front[i] = moved;
		state.frontEdges[i] = state.frontEdges[last];
		state.frontMask[i] = state.frontMask[last];
		cellSet(index, moved, -i - 1);
		if (blocks !== null) {
			// the block of i loses the removed cell and gains the moved one; the last one's block loses the moved one
			if (i >> 5 === last >> 5) blockMove(fit, blocks, i >> 5, gone, FIT_NONE);
			else {
				blockMove(fit, blocks, i >> 5, gone, key);
				blockMove(fit, blocks, last >> 5, key, FIT_NONE);
			}
		}
	} else if (blocks !== null) blockMove(fit, blocks, i >> 5, gone, FIT_NONE);
	index.fitKeys.pop();
	state.front.pop();
	state.frontEdges.pop();
	state.frontMask.pop();
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

/**
 * Puts a tile on the board and merges its features with the neighbours'. Returns the board index.
 * Legality is checked by the caller.
 */
export function putTile(
	engine: Engine,
	tile: number,
	x: number,
	y: number,
	rotation: number
): number {
	const state = engine.state;
	const t = engine.rules.tiles[tile];
	const b = state.boardX.length;
	const cell = pack(x, y);
	state.boardX.push(x);
	state.boardY.push(y);
	state.boardTile.push(tile);
	state.boardRotation.push(rotation);
	const base = state.parent.length;
	state.boardFirstSegment.push(base);
	const fs = t.features;
	for (let i = 0; i < fs.length; i++) {
		const seg = base + i;
		state.parent.push(seg);
		state.segmentTile.push(b);
		state.segmentFeature.push(i);
		state.openEdges.push(fs[i].sides);
		state.nextSegment.push(seg);
		state.lastSegment.push(seg);
		state.featureSize.push(1);
		state.featurePieces.push(null);
	}
	const index = ownIndex(engine);
	const here = cellGet(index, cell);
	cellSet(index, cell, b);
	if (here !== MISSING && here < 0) frontRemove(state, engine.rules.fit, index, -here - 1);
	// the 8 cells around (AROUND[2 * side + 1] is the neighbour across side N E S W)
	const near = NEAR;
	let around = 0;
	let full = 0;
	for (let i = 0; i < 8; i++) {
		const n = cellGet(index, cell + AROUND[i]);
		near[i] = n;
		if (n >= 0) {
			if (++state.boardNeighbours[n] === 8) full |= 1 << i;
			around++;
		}
	}
	state.boardNeighbours.push(around);
	// the tiles this placement surrounded on all 8 sides, itself first (completedInner)
	while (index.full.length > 0) index.full.pop(); // pops: setting length is a builtin call
	index.fullAt = b;
	if (around === 8) index.full.push(b);
	for (let i = 0; full !== 0; i++, full >>= 1) if (full & 1) index.full.push(near[i]);
	const edges = t.edges[rotation];
	for (let side = 0; side < 4; side++) {
		const n = near[2 * side + 1];
		const opp = (side + 2) & 3;
		if (n < 0) {
			frontAdd(
				state,
				engine.rules.fit,
				index,
				cell + SIDE_STEP[side],
				n,
				opp,
				(edges >> (4 * side)) & 15
			);
			continue;
		}
		const nt = engine.rules.tiles[state.boardTile[n]];
		const nr = state.boardRotation[n];
		const nbase = state.boardFirstSegment[n];
		const fa = t.sideFeat[rotation * 4 + side];
		const fb = nt.sideFeat[nr * 4 + opp];
		if (t.wildcard || nt.wildcard) {
			// a wildcard tile closes what runs into it (MM-HALL-3)
			if (!t.wildcard && fa >= 0) state.openEdges[find(state, base + fa)]--;
			if (!nt.wildcard && fb >= 0) state.openEdges[find(state, nbase + fb)]--;
			if (t.shared || nt.shared)
				closeShared(state, t, rotation * 4 + side, base, nt, nr * 4 + opp, nbase);
			continue;
		}
		if (fa >= 0 && fb >= 0) {
			union(state, base + fa, nbase + fb, true);
			if (t.shared || nt.shared)
				joinShared(state, t, rotation * 4 + side, base, nt, nr * 4 + opp, nbase, fa, fb);
		}
		for (let h = side * 2; h < side * 2 + 2; h++) {
			const ha = t.halfField[rotation * 8 + h];
			const hb = nt.halfField[nr * 8 + FACING_HALF[h]];
			if (ha >= 0 && hb >= 0) union(state, base + ha, nbase + hb, false);
		}
	}
	return b;
}

/**
 * A city sharing a side (sharesSide) joins the city across it too, each losing that open edge
 * (the side's own cities were joined by the caller): `ia`, `ib` index the tiles' tables.
 */
function joinShared(
	state: GameState,
	t: CTile,
	ia: number,
	base: number,
	nt: CTile,
	ib: number,
	nbase: number,
	fa: number,
	fb: number
): void {
	const sa = t.shared ? t.shared[ia] : -1;
	const sb = nt.shared ? nt.shared[ib] : -1;
	// union across a border takes 2 open edges: a shared city's side is 1
	if (sa >= 0) state.openEdges[union(state, base + sa, nbase + fb, true)]++;
	if (sb >= 0) state.openEdges[union(state, base + fa, nbase + sb, true)]++;
}

/** Against a wildcard tile a city sharing the side loses that open edge too (MM-HALL-3). */
function closeShared(
	state: GameState,
	t: CTile,
	ia: number,
	base: number,
	nt: CTile,
	ib: number,
	nbase: number
): void {
	const sa = t.shared && !t.wildcard ? t.shared[ia] : -1;
	const sb = nt.shared && !nt.wildcard ? nt.shared[ib] : -1;
	if (sa >= 0) state.openEdges[find(state, base + sa)]--;
	if (sb >= 0) state.openEdges[find(state, nbase + sb)]--;
}

/** What the completed… functions answer when nothing was completed (most placements): never changed. */
const NONE: readonly number[] = [];

/** Roots of the placed tile's roads, cities and rivers that the placement completed. */
export function completedBorderRoots(engine: Engine, b: number): readonly number[] {
	const state = engine.state;
	const t = engine.rules.tiles[state.boardTile[b]];
	let out: number[] | null = null;
	for (let i = 0; i < t.features.length; i++) {
		const k = t.features[i].kindCode;
		if (k !== K_ROAD && k !== K_CITY && k !== K_RIVER) continue;
		const r = find(state, state.boardFirstSegment[b] + i);
		if (state.openEdges[r] === 0 && (out === null || out.indexOf(r) < 0)) (out ??= []).push(r);
	}
	if (t.wildcard) {
		// a town hall has no features: what it completes are the neighbours' roads and cities facing it (MM-HALL-6)
		const cell = pack(state.boardX[b], state.boardY[b]);
		for (let side = 0; side < 4; side++) {
			const n = tileAt(engine, cell + SIDE_STEP[side]);
			if (n < 0) continue;
			const fb =
				engine.rules.tiles[state.boardTile[n]].sideFeat[
					state.boardRotation[n] * 4 + ((side + 2) & 3)
				];
			if (fb < 0) continue;
			const r = find(state, state.boardFirstSegment[n] + fb);
			if (state.openEdges[r] === 0 && (out === null || out.indexOf(r) < 0)) (out ??= []).push(r);
		}
	}
	return out ?? NONE;
}

/** Inner features (monastery, garden, stable) completed by the placement of board tile b. */
export function completedInner(engine: Engine, b: number): readonly number[] {
	const state = engine.state;
	const index = boardIndex(engine);
	if (index.fullAt === b && index.full.length === 0) return NONE;
	const out: number[] = [];
	if (index.fullAt === b) {
		// putTile noted them
		for (let j = 0; j < index.full.length; j++) {
			const n = index.full[j];
			const inner = engine.rules.tiles[state.boardTile[n]].inner;
			for (let k = 0; k < inner.length; k++) out.push(state.boardFirstSegment[n] + inner[k]);
		}
		return out;
	}
	const cell = pack(state.boardX[b], state.boardY[b]);
	for (let i = -1; i < 8; i++) {
		const n = i < 0 ? b : cellGet(index, cell + AROUND[i]);
		if (n < 0 || state.boardNeighbours[n] !== 8) continue;
		const inner = engine.rules.tiles[state.boardTile[n]].inner;
		for (let j = 0; j < inner.length; j++) out.push(state.boardFirstSegment[n] + inner[j]);
	}
	return out;
}

// Placement check with reasons
/** Why a placement is illegal, or null if it is legal (used by the place move and the UI). */
export function placementRefusal(
	engine: Engine,
	tile: number,
	x: number,
	y: number,
	rotation: number
): Refusal | null {
	const state = engine.state;
	const t = engine.rules.tiles[tile];
	if (
		!Number.isInteger(x) ||
		!Number.isInteger(y) ||
		!Number.isInteger(rotation) ||
		rotation < 0 ||
		rotation > 3
	)
		return {
			code: 'bad-placement',
			message: 'x, y must be integers and rotation 0..3',
			rules: ['BASE-1.3.3']
		};
	if (!onBoard(x, y))
		return {
			code: 'off-board',
			message: `(${x},${y}) is off the board: a tile lies at most ${BOARD_REACH} cells from the start tile along each axis`,
			rules: ['BASE-1.3.1'],
			details: { x, y }
		};
	const cell = pack(x, y);
	const here = cellGet(boardIndex(engine), cell);
	if (here >= 0)
		return {
			code: 'cell-occupied',
			message: `(${x},${y}) already holds ${engine.rules.tiles[state.boardTile[here]].key}`,
			rules: ['BASE-1.3.1'],
			details: { x, y }
		};
	if (here === MISSING)
		return {
			code: 'not-adjacent',
			message: `(${x},${y}) touches no tile along an edge`,
			rules: ['BASE-1.3.1'],
			details: { x, y }
		};
	const fi = -here - 1;
	if (!fits(state, t, fi, rotation)) {
		for (let side = 0; side < 4; side++) {
			const need = (state.frontEdges[fi] >> (4 * side)) & 15;
			const have = (t.edges[rotation] >> (4 * side)) & 15;
			if (((state.frontMask[fi] >> (4 * side)) & 15) === 0 || need === have) continue;
			const nx = x + SIDE_DX[side];
			const ny = y + SIDE_DY[side];
			const n = tileAt(engine, pack(nx, ny));
			const rules = ['BASE-1.3.2'];
			if (need === 4 || have === 4) rules.push('RIVER-3.1.2');
			return {
				code: 'edge-mismatch',
				message: `the ${SIDE_WORD[side]} edge (${EDGE_NAMES[have]}) of ${t.key} meets the ${SIDE_WORD[(side + 2) & 3]} edge (${EDGE_NAMES[need]}) of ${engine.rules.tiles[state.boardTile[n]].key} at (${nx},${ny})`,
				rules,
				details: {
					side: 'NESW'[side],
					ours: EDGE_NAMES[have],
					theirs: EDGE_NAMES[need],
					neighbour: { x: nx, y: ny, tile: engine.rules.tiles[state.boardTile[n]].key }
				}
			};
		}
	}
	for (const h of engine.rules.hooks.placement) {
		const r = h(engine, tile, x, y, rotation, true);
		if (r) return r;
	}
	return null;
}

/**
 * The tiles on the 8 cells around board tile b: how many, and how many of them are wildcards (town
 * halls: they complete surroundings but are no land tile, ISO-R4 / MM-R3) or river tiles.
 */
export function surroundings(
	engine: Engine,
	b: number
): { tiles: number; wildcards: number; river: number } {
	const state = engine.state;
	const cell = pack(state.boardX[b], state.boardY[b]);
	let tiles = 0;
	let wildcards = 0;
	let river = 0;
	const index = boardIndex(engine);
	for (let i = 0; i < 8; i++) {
		const n = cellGet(index, cell + AROUND[i]);
		if (n < 0) continue;
		tiles++;
		const t = engine.rules.tiles[state.boardTile[n]];
		if (t.wildcard) wildcards++;
		else if (t.river) river++;
	}
	return { tiles, wildcards, river };
}
