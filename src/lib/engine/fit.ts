// Fit classes: tiles with the same edges fit the same open cells. Each open cell has a fit key (the
// edges it requires); per key and class the rotations that fit are tabled once per rules context,
// and the board index counts the open cells per key (and, on a large front, per block of 32 cells
// and class) so that counting and picking a placement never rescans the frontier.
import type { BoardIndex, CTile, FitTables, GameState, RuleModule } from './types.ts';
import { filled } from './arrays.ts';

/** Does the tile fit the edges the cell requires? (BASE-1.3.2) */
export function fits(state: GameState, t: CTile, frontIndex: number, rotation: number): boolean {
	if (t.wildcard) return true;
	return ((t.edges[rotation] ^ state.frontEdges[frontIndex]) & state.frontMask[frontIndex]) === 0;
}

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

/**
 * Front size above which the index also keeps, per block of 32 front positions and fit class, its
 * placements (fitAt skips blocks). Blocks make every change of a fit key cost one step per fit
 * class (some six changes a placement) against counting and picking over the whole front once: worth
 * it from about four open cells per class, and never below 64 cells.
 */
export const blocksAbove = (fit: FitTables): number => Math.max(64, 4 * fit.classCount);

/**
 * Sets the fit key of front position `pos` and moves the per-key cell counts along (O(1)); on a
 * large front also the block's placements per fit class (O(classes)).
 */
export function setKey(fit: FitTables, index: BoardIndex, pos: number, key: number): void {
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
export function dropKey(index: BoardIndex, key: number): void {
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
export function blockMove(
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
export function startBlocks(fit: FitTables, index: BoardIndex): void {
	const blocks = filled(((index.fitKeys.length + 31) >> 5) * fit.classCount, 0);
	for (let i = 0; i < index.fitKeys.length; i++)
		blockMove(fit, blocks, i >> 5, FIT_NONE, index.fitKeys[i]);
	index.blocks = blocks;
}
