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
export function fits(s: GameState, t: CTile, frontIndex: number, rotation: number): boolean {
	if (t.wildcard) return true;
	return ((t.edges[rotation] ^ s.freq[frontIndex]) & s.fmask[frontIndex]) === 0;
}

// ------------------------------------------------------------------ fit classes
/** Fit key of a position past the frontier's end: fits nothing. */
export const FIT_NONE = 625;
/** Fit key of an open cell: the four edge codes it requires (0 = any), N E S W, as a base-5 number. */
export const fitKey = (freq: number): number =>
	(freq & 15) + 5 * ((freq >> 4) & 15) + 25 * ((freq >> 8) & 15) + 125 * ((freq >> 12) & 15);

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
		let freq = 0;
		let mask = 0;
		for (let side = 0, v = key; side < 4; side++, v = Math.floor(v / 5)) {
			const code = v % 5;
			if (code !== 0) {
				freq |= code << (4 * side);
				mask |= 15 << (4 * side);
			}
		}
		for (let k = 0; k < K; k++) {
			const t = reps[k];
			let m = 0;
			let n = 0;
			for (let r = 0; r < 4; r++)
				if (t.wildcard || ((t.edges[r] ^ freq) & mask) === 0) {
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
		K,
		cls,
		rot,
		pop,
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
const held = (s: GameState): BoardIndex | undefined =>
	(s as { [IX]?: BoardIndex })[IX] ?? elsewhere.get(s);

function attach(s: GameState, ix: BoardIndex): void {
	try {
		Object.defineProperty(s, IX, { value: ix });
	} catch {
		elsewhere.set(s, ix);
	}
}

/** The board index of the engine's state (built from the state when it has none yet). */
export function boardIndex(g: Engine): BoardIndex {
	return (g.ix ??= indexOf(g.s, g.c));
}

/** The board index of a state; rebuilt when missing or when it does not match the state's board. */
export function indexOf(s: GameState, c: Context): BoardIndex {
	let ix = held(s);
	if (ix === undefined) {
		ix = buildIndex(s, c);
		attach(s, ix);
	} else if (ix.size !== s.bx.length + s.front.length || ix.fkey.length !== s.front.length)
		Object.assign(ix, buildIndex(s, c));
	return ix;
}

function buildIndex(s: GameState, c: Context): BoardIndex {
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
	for (let b = 0; b < s.bx.length; b++) cover(s.bx[b], s.by[b]);
	for (let i = 0; i < s.front.length; i++) cover(unpackX(s.front[i]), unpackY(s.front[i]));
	const gw = Math.max(GRID, x1 - x0 + 1 + 2 * MARGIN);
	const gh = Math.max(GRID, y1 - y0 + 1 + 2 * MARGIN);
	const ix = indexRecord({
		grid: filled(gw * gh, MISSING),
		gx: ((x0 + x1 - gw + 1) >> 1) + OFF,
		gy: ((y0 + y1 - gh + 1) >> 1) + OFF,
		gw,
		gh,
		size: 0,
		fkey: [],
		kcnt: filled(FIT_NONE, 0),
		kset: [],
		kpos: filled(FIT_NONE, 0),
		blk: null,
		moves: null,
		allowed: null,
		count: -1,
		full: [],
		fullAt: -1,
		shared: false,
		movesAt: -1,
		movesTile: -1
	});
	for (let b = 0; b < s.bx.length; b++) cellSet(ix, pack(s.bx[b], s.by[b]), b);
	for (let i = 0; i < s.front.length; i++) {
		cellSet(ix, s.front[i], -i - 1);
		ix.fkey.push(FIT_NONE);
		setKey(c.fit, ix, i, fitKey(s.freq[i]));
	}
	if (ix.fkey.length > blocksAbove(c.fit)) startBlocks(c.fit, ix);
	return ix;
}

/**
 * Gives the copy `to` of state `from` its copy of the index (apply's copying mode). The two share
 * the index's arrays until one of them places a tile (putTile copies them first, ownIndex): the
 * moves of the figure step, the dragon's and the others leave the board as it is.
 */
export function copyIndex(from: GameState, to: GameState): void {
	const ix = held(from);
	if (!ix) return;
	ix.shared = true;
	attach(to, indexRecord(ix));
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
	} else if (!t.shared && (t.blk !== null) === (f.blk !== null)) {
		// t's arrays are its own (it placed a tile since it last shared them): f's written into them
		copyNumbers(t.grid, f.grid);
		copyNumbers(t.fkey, f.fkey);
		copyNumbers(t.kcnt, f.kcnt);
		copyNumbers(t.kset, f.kset);
		copyNumbers(t.kpos, f.kpos);
		if (t.blk !== null) copyNumbers(t.blk, f.blk!);
		copyNumbers(t.full, f.full);
	} else {
		f.shared = true;
		t.shared = true;
		t.grid = f.grid;
		t.fkey = f.fkey;
		t.kcnt = f.kcnt;
		t.kset = f.kset;
		t.kpos = f.kpos;
		t.blk = f.blk;
		t.full = f.full;
	}
	t.gx = f.gx;
	t.gy = f.gy;
	t.gw = f.gw;
	t.gh = f.gh;
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
		gx: f.gx,
		gy: f.gy,
		gw: f.gw,
		gh: f.gh,
		size: f.size,
		fkey: f.fkey,
		kcnt: f.kcnt,
		kset: f.kset,
		kpos: f.kpos,
		blk: f.blk,
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
function ownIndex(g: Engine): BoardIndex {
	const ix = boardIndex(g);
	if (ix.shared) {
		ix.grid = ix.grid.slice();
		ix.fkey = ix.fkey.slice();
		ix.kcnt = ix.kcnt.slice();
		ix.kset = ix.kset.slice();
		ix.kpos = ix.kpos.slice();
		if (ix.blk !== null) ix.blk = ix.blk.slice();
		ix.full = ix.full.slice();
		ix.shared = false;
	}
	return ix;
}

/** What cellGet answers for a cell that is neither placed nor open. */
const MISSING = -0x40000000;
/** Free cells kept around the board on every side when the grid is built or grows. */
const MARGIN = 8;
/** The least columns and rows of a new grid (a base game seldom outgrows it). */
const GRID = 32;

/** The index's entry for a packed cell: the board index of its tile (≥ 0), -(front position) - 1, or MISSING. */
function cellGet(ix: BoardIndex, cell: number): number {
	// a packed cell is (x + OFF) * W + (y + OFF): the column and row without a division
	const u = (cell >> BITS) - ix.gx;
	const v = (cell & (W - 1)) - ix.gy;
	if (u < 0 || u >= ix.gw || v < 0 || v >= ix.gh) return MISSING;
	return ix.grid[u * ix.gh + v];
}

function cellSet(ix: BoardIndex, cell: number, value: number): void {
	let u = (cell >> BITS) - ix.gx;
	let v = (cell & (W - 1)) - ix.gy;
	if (u < 0 || u >= ix.gw || v < 0 || v >= ix.gh) {
		grow(ix, u, v);
		u = (cell >> BITS) - ix.gx;
		v = (cell & (W - 1)) - ix.gy;
	}
	const at = u * ix.gh + v;
	if (ix.grid[at] === MISSING) ix.size++;
	ix.grid[at] = value;
}

/** Enlarges the grid to take column u and row v (relative to its corner), by half its size or more on the side that needs it. */
function grow(ix: BoardIndex, u: number, v: number): void {
	const { gw, gh, grid } = ix;
	const left = u < 0 ? Math.max(-u + MARGIN, gw >> 1) : 0;
	const right = u >= gw ? Math.max(u - gw + 1 + MARGIN, gw >> 1) : 0;
	const top = v < 0 ? Math.max(-v + MARGIN, gh >> 1) : 0;
	const bottom = v >= gh ? Math.max(v - gh + 1 + MARGIN, gh >> 1) : 0;
	const w = gw + left + right;
	const h = gh + top + bottom;
	const next = filled(w * h, MISSING);
	for (let i = 0; i < gw; i++)
		for (let j = 0; j < gh; j++) next[(i + left) * h + j + top] = grid[i * gh + j];
	ix.grid = next;
	ix.gx -= left;
	ix.gy -= top;
	ix.gw = w;
	ix.gh = h;
}

/** Board index of the tile at a packed cell, or -1. */
export function tileAt(g: Engine, cell: number): number {
	const n = cellGet(boardIndex(g), cell);
	return n < 0 ? -1 : n;
}

/** Board index of the tile at (x, y), or -1 (none there, or no cell of the board: never another cell's tile). */
export function tileAtXY(g: Engine, x: number, y: number): number {
	return onBoard(x, y) ? tileAt(g, pack(x, y)) : -1;
}

/** Position in s.front of the open cell at a packed cell, or -1 (a placed tile's cell or none). */
export function frontAt(g: Engine, cell: number): number {
	const n = cellGet(boardIndex(g), cell);
	return n < 0 && n !== MISSING ? -n - 1 : -1;
}

/**
 * Front size above which the index also keeps, per block of 32 front positions and fit class, its
 * placements (fitAt skips blocks). Blocks make every change of a fit key cost one step per fit
 * class (some six changes a placement) against counting and picking over the whole front once: worth
 * it from about four open cells per class, and never below 64 cells.
 */
const blocksAbove = (fit: FitTables): number => Math.max(64, 4 * fit.K);

/**
 * Sets the fit key of front position `pos` and moves the per-key cell counts along (O(1)); on a
 * large front also the block's placements per fit class (O(classes)).
 */
function setKey(fit: FitTables, ix: BoardIndex, pos: number, key: number): void {
	const was = ix.fkey[pos];
	if (was === key) return;
	ix.fkey[pos] = key;
	if (was !== FIT_NONE) dropKey(ix, was);
	if (key !== FIT_NONE && ix.kcnt[key]++ === 0) {
		ix.kpos[key] = ix.kset.length;
		ix.kset.push(key);
	}
	const blk = ix.blk;
	if (blk === null) return;
	while (((pos >> 5) + 1) * fit.K > blk.length) blk.push(0);
	blockMove(fit, blk, pos >> 5, was, key);
}

/** One open cell fewer requires fit key `key` (the keys present, kset, lose it at 0). */
function dropKey(ix: BoardIndex, key: number): void {
	if (--ix.kcnt[key] !== 0) return;
	// the last key present takes its place (a large front has hundreds of keys: no search)
	const kset = ix.kset;
	const j = ix.kpos[key];
	const moved = kset[kset.length - 1];
	kset[j] = moved;
	ix.kpos[moved] = j;
	kset.pop();
}

/** A cell of block `block` goes from fit key `was` to `key` (FIT_NONE: none): the block's placements per fit class follow. */
function blockMove(fit: FitTables, blk: number[], block: number, was: number, key: number): void {
	const { fitFrom, fitClass, fitPop } = fit;
	const at = block * fit.K;
	for (let j = fitFrom[was]; j < fitFrom[was + 1]; j++) blk[at + fitClass[j]] -= fitPop[j];
	for (let j = fitFrom[key]; j < fitFrom[key + 1]; j++) blk[at + fitClass[j]] += fitPop[j];
}

/** Starts the per-block placement counts once the front grows past blocksAbove cells. */
function startBlocks(fit: FitTables, ix: BoardIndex): void {
	const blk = filled(((ix.fkey.length + 31) >> 5) * fit.K, 0);
	for (let i = 0; i < ix.fkey.length; i++) blockMove(fit, blk, i >> 5, FIT_NONE, ix.fkey[i]);
	ix.blk = blk;
}

function frontAdd(
	s: GameState,
	fit: FitTables,
	ix: BoardIndex,
	cell: number,
	entry: number,
	side: number,
	code: number
): void {
	let i: number;
	if (entry === MISSING) {
		i = s.front.length;
		s.front.push(cell);
		s.freq.push(0);
		s.fmask.push(0);
		cellSet(ix, cell, -i - 1);
		ix.fkey.push(FIT_NONE);
		if (ix.blk === null && ix.fkey.length > blocksAbove(fit)) startBlocks(fit, ix);
		if (code === 0) {
			setKey(fit, ix, i, 0);
			return;
		}
	} else i = -entry - 1;
	if (code !== 0) {
		s.freq[i] |= code << (4 * side);
		s.fmask[i] |= 15 << (4 * side);
		setKey(fit, ix, i, fitKey(s.freq[i]));
	}
}

/** Takes the open cell at front position i off the frontier (the last one moves into its place). */
function frontRemove(s: GameState, fit: FitTables, ix: BoardIndex, i: number): void {
	const last = s.front.length - 1;
	const gone = ix.fkey[i];
	// only the removed cell's key leaves the counts: the last cell moves into its place with its own
	if (gone !== FIT_NONE) dropKey(ix, gone);
	const blk = ix.blk;
	if (i !== last) {
		const moved = s.front[last];
		const key = ix.fkey[last];
		ix.fkey[i] = key;
		s.front[i] = moved;
		s.freq[i] = s.freq[last];
		s.fmask[i] = s.fmask[last];
		cellSet(ix, moved, -i - 1);
		if (blk !== null) {
			// the block of i loses the removed cell and gains the moved one; the last one's block loses the moved one
			if (i >> 5 === last >> 5) blockMove(fit, blk, i >> 5, gone, FIT_NONE);
			else {
				blockMove(fit, blk, i >> 5, gone, key);
				blockMove(fit, blk, last >> 5, key, FIT_NONE);
			}
		}
	} else if (blk !== null) blockMove(fit, blk, i >> 5, gone, FIT_NONE);
	ix.fkey.pop();
	s.front.pop();
	s.freq.pop();
	s.fmask.pop();
}

/** Placements of fit class k at the frontier (edges only): the open cells per fit key × the rotations that fit. */
export function fitCount(g: Engine, k: number): number {
	const ix = boardIndex(g);
	const { K, pop } = g.c.fit;
	const blk = ix.blk;
	if (blk !== null) {
		// a large front: the blocks' sums (a few dozen) rather than every fit key present (often more)
		let n = 0;
		for (let at = k; at < blk.length; at += K) n += blk[at];
		return n;
	}
	const kset = ix.kset;
	const kcnt = ix.kcnt;
	let n = 0;
	for (let j = 0; j < kset.length; j++) n += kcnt[kset[j]] * pop[kset[j] * K + k];
	return n;
}

/**
 * The n-th placement of fit class k in frontier order, rotations ascending (edges only), packed as
 * front position * 4 + rotation; -1 when there are not that many.
 */
export function fitAt(g: Engine, k: number, n: number): number {
	const ix = boardIndex(g);
	const fkey = ix.fkey;
	const { K, rot, pop } = g.c.fit;
	const blk = ix.blk;
	let i = 0;
	if (blk !== null)
		// skip whole blocks of 32 open cells
		for (let at = k; i < fkey.length && n >= blk[at]; i += 32, at += K) n -= blk[at];
	for (; i < fkey.length; i++) {
		const at = fkey[i] * K + k;
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
export function putTile(g: Engine, tile: number, x: number, y: number, rotation: number): number {
	const s = g.s;
	const t = g.c.tiles[tile];
	const b = s.bx.length;
	const cell = pack(x, y);
	s.bx.push(x);
	s.by.push(y);
	s.bt.push(tile);
	s.br.push(rotation);
	const base = s.parent.length;
	s.bseg.push(base);
	const fs = t.features;
	for (let i = 0; i < fs.length; i++) {
		const seg = base + i;
		s.parent.push(seg);
		s.st.push(b);
		s.sl.push(i);
		s.open.push(fs[i].sides);
		s.snext.push(seg);
		s.slast.push(seg);
		s.ssize.push(1);
		s.figs.push(null);
	}
	const ix = ownIndex(g);
	const here = cellGet(ix, cell);
	cellSet(ix, cell, b);
	if (here !== MISSING && here < 0) frontRemove(s, g.c.fit, ix, -here - 1);
	// the 8 cells around (AROUND[2 * side + 1] is the neighbour across side N E S W)
	const near = NEAR;
	let around = 0;
	let full = 0;
	for (let i = 0; i < 8; i++) {
		const n = cellGet(ix, cell + AROUND[i]);
		near[i] = n;
		if (n >= 0) {
			if (++s.bnb[n] === 8) full |= 1 << i;
			around++;
		}
	}
	s.bnb.push(around);
	// the tiles this placement surrounded on all 8 sides, itself first (completedInner)
	while (ix.full.length > 0) ix.full.pop(); // pops: setting length is a builtin call
	ix.fullAt = b;
	if (around === 8) ix.full.push(b);
	for (let i = 0; full !== 0; i++, full >>= 1) if (full & 1) ix.full.push(near[i]);
	const edges = t.edges[rotation];
	for (let side = 0; side < 4; side++) {
		const n = near[2 * side + 1];
		const opp = (side + 2) & 3;
		if (n < 0) {
			frontAdd(s, g.c.fit, ix, cell + SIDE_STEP[side], n, opp, (edges >> (4 * side)) & 15);
			continue;
		}
		const nt = g.c.tiles[s.bt[n]];
		const nr = s.br[n];
		const nbase = s.bseg[n];
		const fa = t.sideFeat[rotation * 4 + side];
		const fb = nt.sideFeat[nr * 4 + opp];
		if (t.wildcard || nt.wildcard) {
			// a wildcard tile closes what runs into it (MM-HALL-3)
			if (!t.wildcard && fa >= 0) s.open[find(s, base + fa)]--;
			if (!nt.wildcard && fb >= 0) s.open[find(s, nbase + fb)]--;
			continue;
		}
		if (fa >= 0 && fb >= 0) union(s, base + fa, nbase + fb, true);
		for (let h = side * 2; h < side * 2 + 2; h++) {
			const ha = t.halfField[rotation * 8 + h];
			const hb = nt.halfField[nr * 8 + FACING_HALF[h]];
			if (ha >= 0 && hb >= 0) union(s, base + ha, nbase + hb, false);
		}
	}
	return b;
}

/** What the completed… functions answer when nothing was completed (most placements): never changed. */
const NONE: readonly number[] = [];

/** Roots of the placed tile's roads, cities and rivers that the placement completed. */
export function completedBorderRoots(g: Engine, b: number): readonly number[] {
	const s = g.s;
	const t = g.c.tiles[s.bt[b]];
	let out: number[] | null = null;
	for (let i = 0; i < t.features.length; i++) {
		const k = t.features[i].k;
		if (k !== K_ROAD && k !== K_CITY && k !== K_RIVER) continue;
		const r = find(s, s.bseg[b] + i);
		if (s.open[r] === 0 && (out === null || out.indexOf(r) < 0)) (out ??= []).push(r);
	}
	if (t.wildcard) {
		// a town hall has no features: what it completes are the neighbours' roads and cities facing it (MM-HALL-6)
		const cell = pack(s.bx[b], s.by[b]);
		for (let side = 0; side < 4; side++) {
			const n = tileAt(g, cell + SIDE_STEP[side]);
			if (n < 0) continue;
			const fb = g.c.tiles[s.bt[n]].sideFeat[s.br[n] * 4 + ((side + 2) & 3)];
			if (fb < 0) continue;
			const r = find(s, s.bseg[n] + fb);
			if (s.open[r] === 0 && (out === null || out.indexOf(r) < 0)) (out ??= []).push(r);
		}
	}
	return out ?? NONE;
}

/** Inner features (monastery, garden, stable) completed by the placement of board tile b. */
export function completedInner(g: Engine, b: number): readonly number[] {
	const s = g.s;
	const ix = boardIndex(g);
	if (ix.fullAt === b && ix.full.length === 0) return NONE;
	const out: number[] = [];
	if (ix.fullAt === b) {
		// putTile noted them
		for (let j = 0; j < ix.full.length; j++) {
			const n = ix.full[j];
			const inner = g.c.tiles[s.bt[n]].inner;
			for (let k = 0; k < inner.length; k++) out.push(s.bseg[n] + inner[k]);
		}
		return out;
	}
	const cell = pack(s.bx[b], s.by[b]);
	for (let i = -1; i < 8; i++) {
		const n = i < 0 ? b : cellGet(ix, cell + AROUND[i]);
		if (n < 0 || s.bnb[n] !== 8) continue;
		const inner = g.c.tiles[s.bt[n]].inner;
		for (let j = 0; j < inner.length; j++) out.push(s.bseg[n] + inner[j]);
	}
	return out;
}

// Placement check with reasons
/** Why a placement is illegal, or null if it is legal (used by the place move and the UI). */
export function placementRefusal(
	g: Engine,
	tile: number,
	x: number,
	y: number,
	rotation: number
): Refusal | null {
	const s = g.s;
	const t = g.c.tiles[tile];
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
	const here = cellGet(boardIndex(g), cell);
	if (here >= 0)
		return {
			code: 'cell-occupied',
			message: `(${x},${y}) already holds ${g.c.tiles[s.bt[here]].key}`,
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
	if (!fits(s, t, fi, rotation)) {
		for (let side = 0; side < 4; side++) {
			const need = (s.freq[fi] >> (4 * side)) & 15;
			const have = (t.edges[rotation] >> (4 * side)) & 15;
			if (((s.fmask[fi] >> (4 * side)) & 15) === 0 || need === have) continue;
			const nx = x + SIDE_DX[side];
			const ny = y + SIDE_DY[side];
			const n = tileAt(g, pack(nx, ny));
			const rules = ['BASE-1.3.2'];
			if (need === 4 || have === 4) rules.push('RIVER-3.1.2');
			return {
				code: 'edge-mismatch',
				message: `the ${SIDE_WORD[side]} edge (${EDGE_NAMES[have]}) of ${t.key} meets the ${SIDE_WORD[(side + 2) & 3]} edge (${EDGE_NAMES[need]}) of ${g.c.tiles[s.bt[n]].key} at (${nx},${ny})`,
				rules,
				details: {
					side: 'NESW'[side],
					ours: EDGE_NAMES[have],
					theirs: EDGE_NAMES[need],
					neighbour: { x: nx, y: ny, tile: g.c.tiles[s.bt[n]].key }
				}
			};
		}
	}
	for (const h of g.c.hooks.placement) {
		const r = h(g, tile, x, y, rotation, true);
		if (r) return r;
	}
	return null;
}

/**
 * The tiles on the 8 cells around board tile b: how many, and how many of them are wildcards (town
 * halls: they complete surroundings but are no land tile, ISO-R4 / MM-R3) or river tiles.
 */
export function surroundings(
	g: Engine,
	b: number
): { tiles: number; wildcards: number; river: number } {
	const s = g.s;
	const cell = pack(s.bx[b], s.by[b]);
	let tiles = 0;
	let wildcards = 0;
	let river = 0;
	const ix = boardIndex(g);
	for (let i = 0; i < 8; i++) {
		const n = cellGet(ix, cell + AROUND[i]);
		if (n < 0) continue;
		tiles++;
		const t = g.c.tiles[s.bt[n]];
		if (t.wildcard) wildcards++;
		else if (t.river) river++;
	}
	return { tiles, wildcards, river };
}
