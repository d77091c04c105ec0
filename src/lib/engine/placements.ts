// The legal placements of a tile: read from the board index's fit tables, filtered by the modules'
// placement hooks, and for the drawn tile cached once per draw (counted first, built when asked).
import { unpackX, unpackY } from './cells.ts';
import { boardIndex, fitAt, fitCount } from './board-index.ts';
import { mapped } from './arrays.ts';
import type { BoardIndex, Engine, PlaceMove } from './types.ts';

const noFilters: never[] = [];

/**
 * Legal placements of a tile on the current board, packed as front position × 4 + rotation: every
 * open cell (in state.front order) × rotation that fits, and that the modules' placement hooks allow
 * when they look at this tile.
 */
function allowedPlacements(engine: Engine, tile: number, first = false): number[] {
	const state = engine.state;
	const fit = engine.rules.fit;
	const filters = fit.filtered[tile] ? engine.rules.hooks.placement : noFilters;
	const K = fit.classCount;
	const k = fit.classOf[tile];
	const rot = fit.rotations;
	const fitKeys = boardIndex(engine).fitKeys;
	const out: number[] = [];
	for (let i = 0; i < fitKeys.length; i++) {
		const m = rot[fitKeys[i] * K + k];
		if (m === 0) continue;
		const x = unpackX(state.front[i]);
		const y = unpackY(state.front[i]);
		for (let r = 0; r < 4; r++) {
			if (((m >> r) & 1) === 0) continue;
			let ok = true;
			for (let f = 0; f < filters.length && ok; f++)
				if (filters[f](engine, tile, x, y, r, false)) ok = false;
			if (ok) {
				out.push(i * 4 + r);
				if (first) return out;
			}
		}
	}
	return out;
}

/** The placement move of a packed placement (front position × 4 + rotation). */
function placeMove(engine: Engine, tile: number, p: number): PlaceMove {
	const cell = engine.state.front[p >> 2];
	return {
		type: 'place',
		tile: engine.rules.tiles[tile].key,
		x: unpackX(cell),
		y: unpackY(cell),
		rotation: p & 3
	};
}

/** Legal placements of a tile on the current board as moves (the order of allowedPlacements). */
export function placementsOf(engine: Engine, tile: number): PlaceMove[] {
	return mapped(allowedPlacements(engine, tile), (p) => placeMove(engine, tile, p));
}

/** The board index, its drawn-tile caches emptied when they belong to another draw. */
function drawnIndex(engine: Engine): BoardIndex {
	const state = engine.state;
	const index = boardIndex(engine);
	if (index.movesAt !== state.log.length || index.movesTile !== state.tile) {
		index.moves = null;
		index.allowed = null;
		index.count = -1;
		index.movesAt = state.log.length;
		index.movesTile = state.tile;
	}
	return index;
}

/** The drawn tile's placements that hooks filter, packed, found once per draw. */
function drawnAllowed(engine: Engine): number[] {
	const index = drawnIndex(engine);
	return (index.allowed ??= allowedPlacements(engine, engine.state.tile));
}

/** The drawn tile's placements as move objects, built once per draw when asked. */
export function drawnPlacements(engine: Engine): PlaceMove[] {
	const index = drawnIndex(engine);
	if (index.moves === null) {
		const t = engine.state.tile;
		index.moves = mapped((index.allowed ??= allowedPlacements(engine, t)), (p) =>
			placeMove(engine, t, p)
		);
	}
	return index.moves;
}

/** Number of legal placements of tile t (the drawn one by default): from the board index, unless a hook filters this tile. */
export function placementCount(engine: Engine, t = engine.state.tile): number {
	const fit = engine.rules.fit;
	if (t !== engine.state.tile)
		return fit.filtered[t] ? allowedPlacements(engine, t).length : fitCount(engine, fit.classOf[t]);
	const index = drawnIndex(engine);
	if (index.count < 0)
		index.count = fit.filtered[t] ? drawnAllowed(engine).length : fitCount(engine, fit.classOf[t]);
	return index.count;
}

/**
 * Whether the drawn tile fits somewhere. A silent engine (a replay, a playout) that has not counted
 * a filtered tile's placements yet stops at the first one: a replay never needs the count.
 */
export function placeable(engine: Engine): boolean {
	const t = engine.state.tile;
	if (!engine.silent || !engine.rules.fit.filtered[t]) return placementCount(engine) > 0;
	const index = drawnIndex(engine);
	if (index.count >= 0) return index.count > 0;
	return index.allowed !== null
		? index.allowed.length > 0
		: allowedPlacements(engine, t, true).length > 0;
}

/** The n-th legal placement of the drawn tile (the order of placementsOf), built without listing the others. */
export function placementAt(engine: Engine, n: number): PlaceMove {
	const state = engine.state;
	const fit = engine.rules.fit;
	const index = drawnIndex(engine);
	if (index.moves !== null) return index.moves[n];
	return placeMove(
		engine,
		state.tile,
		fit.filtered[state.tile] ? drawnAllowed(engine)[n] : fitAt(engine, fit.classOf[state.tile], n)
	);
}
