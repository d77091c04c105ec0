// The board: placed tiles by packed coordinate, the open-cell frontier with the edges each open
// cell requires, and the placement that merges the new tile's features with its neighbours.
// Lookups live in a board index beside the state (cells, frontier positions, and per fit class the
// placements each block of the frontier offers), kept up to date by putTile, so that listing,
// counting and picking a placement never rescans the frontier.
// (The cells: cells.ts; the index: board-index.ts; the fit classes: fit.ts.)
import {
	K_CITY,
	K_RIVER,
	K_ROAD,
	type BoardIndex,
	type CTile,
	type Engine,
	type FitTables,
	type GameState,
	type Refusal
} from './types.ts';
import { EDGE_NAMES, isEmptyWildcard } from './tiles.ts';
import { union, find } from './features.ts';
import {
	AROUND,
	BOARD_REACH,
	FACING_HALF,
	SIDE_DX,
	SIDE_DY,
	SIDE_STEP,
	onBoard,
	pack
} from './cells.ts';
import { MISSING, boardIndex, cellGet, cellSet, ownIndex, tileAt } from './board-index.ts';
import {
	FIT_NONE,
	blocksAbove,
	fitKey,
	fits,
	setKey,
	startBlocks,
	blockMove,
	dropKey
} from './fit.ts';

const SIDE_WORD = ['north', 'east', 'south', 'west'];
/** putTile's scratch: the index entries of the 8 cells around the new tile. */
const NEAR = [0, 0, 0, 0, 0, 0, 0, 0];

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
		cellSet(index, cell, ~i);
		index.fitKeys.push(FIT_NONE);
		if (index.blocks === null && index.fitKeys.length > blocksAbove(fit)) startBlocks(fit, index);
		if (code === 0) {
			setKey(fit, index, i, 0);
			return;
		}
	} else i = ~entry;
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
		cellSet(index, moved, ~i);
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
			// a wildcard tile closes what runs into it
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

/** Against a wildcard tile a city sharing the side loses that open edge too. */
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
		// a wildcard tile (town hall, abbey) has no road or city: what it completes are the neighbours' facing it (AM-5.1.3)
		const cell = pack(state.boardX[b], state.boardY[b]);
		for (let side = 0; side < 4; side++) {
			const n = tileAt(engine, cell + SIDE_STEP[side]);
			if (n < 0) continue;
			const nt = engine.rules.tiles[state.boardTile[n]];
			const at = state.boardRotation[n] * 4 + ((side + 2) & 3);
			// the side's city, and a city sharing that side (closeShared closed it too)
			for (const fb of [nt.sideFeat[at], nt.shared ? nt.shared[at] : -1]) {
				if (fb < 0) continue;
				const r = find(state, state.boardFirstSegment[n] + fb);
				if (state.openEdges[r] === 0 && (out === null || out.indexOf(r) < 0)) (out ??= []).push(r);
			}
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
	const fi = ~here;
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
 * halls: tiles that fit anything and hold nothing, no land tile unless `land` has them) or river tiles.
 */
export function surroundings(
	engine: Engine,
	b: number,
	land?: ReadonlySet<number>
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
		if (isEmptyWildcard(t)) {
			if (!land?.has(t.index)) wildcards++;
		} else if (t.river) river++;
	}
	return { tiles, wildcards, river };
}

/** Sides where the road or city at `root` runs into a wildcard tile that holds nothing (a town hall), which closed them. */
export function wildcardEdges(engine: Engine, root: number): number {
	const state = engine.state;
	let n = 0;
	for (
		let seg = state.nextSegment[state.lastSegment[root]], k = state.featureSize[root];
		k > 0;
		k--, seg = state.nextSegment[seg]
	) {
		const b = state.segmentTile[seg];
		const t = engine.rules.tiles[state.boardTile[b]];
		const cell = pack(state.boardX[b], state.boardY[b]);
		for (let side = 0; side < 4; side++) {
			if (t.sideFeat[state.boardRotation[b] * 4 + side] !== state.segmentFeature[seg]) continue;
			const o = tileAt(engine, cell + SIDE_STEP[side]);
			if (o >= 0 && isEmptyWildcard(engine.rules.tiles[state.boardTile[o]])) n++;
		}
	}
	return n;
}
