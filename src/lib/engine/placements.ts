// The legal placements of a tile: read from the board index's fit tables, filtered by the modules'
// placement hooks, and for the drawn tile cached once per draw (counted first, built when asked).
import { unpackX, unpackY, boardIndex, fitAt, fitCount } from './board.ts';
import { mapped } from './arrays.ts';
import type { BoardIndex, Engine, PlaceMove } from './types.ts';

const noFilters: never[] = [];

/**
 * Legal placements of a tile on the current board, packed as front position × 4 + rotation: every
 * open cell (in s.front order) × rotation that fits, and that the modules' placement hooks allow
 * when they look at this tile.
 */
function allowedPlacements(g: Engine, tile: number, first = false): number[] {
	const s = g.s;
	const fit = g.c.fit;
	const filters = fit.filtered[tile] ? g.c.hooks.placement : noFilters;
	const K = fit.K;
	const k = fit.cls[tile];
	const rot = fit.rot;
	const fkey = boardIndex(g).fkey;
	const out: number[] = [];
	for (let i = 0; i < fkey.length; i++) {
		const m = rot[fkey[i] * K + k];
		if (m === 0) continue;
		const x = unpackX(s.front[i]);
		const y = unpackY(s.front[i]);
		for (let r = 0; r < 4; r++) {
			if (((m >> r) & 1) === 0) continue;
			let ok = true;
			for (let f = 0; f < filters.length && ok; f++)
				if (filters[f](g, tile, x, y, r, false)) ok = false;
			if (ok) {
				out.push(i * 4 + r);
				if (first) return out;
			}
		}
	}
	return out;
}

/** The placement move of a packed placement (front position × 4 + rotation). */
function placeMove(g: Engine, tile: number, p: number): PlaceMove {
	const cell = g.s.front[p >> 2];
	return {
		type: 'place',
		tile: g.c.tiles[tile].key,
		x: unpackX(cell),
		y: unpackY(cell),
		rotation: p & 3
	};
}

/** Legal placements of a tile on the current board as moves (the order of allowedPlacements). */
export function placementsOf(g: Engine, tile: number): PlaceMove[] {
	return mapped(allowedPlacements(g, tile), (p) => placeMove(g, tile, p));
}

/** The board index, its drawn-tile caches emptied when they belong to another draw. */
function drawnIndex(g: Engine): BoardIndex {
	const s = g.s;
	const ix = boardIndex(g);
	if (ix.movesAt !== s.log.length || ix.movesTile !== s.tile) {
		ix.moves = null;
		ix.allowed = null;
		ix.count = -1;
		ix.movesAt = s.log.length;
		ix.movesTile = s.tile;
	}
	return ix;
}

/** The drawn tile's placements that hooks filter, packed, found once per draw. */
function drawnAllowed(g: Engine): number[] {
	const ix = drawnIndex(g);
	return (ix.allowed ??= allowedPlacements(g, g.s.tile));
}

/** The drawn tile's placements as move objects, built once per draw when asked. */
export function drawnPlacements(g: Engine): PlaceMove[] {
	const ix = drawnIndex(g);
	if (ix.moves === null) {
		const t = g.s.tile;
		ix.moves = mapped((ix.allowed ??= allowedPlacements(g, t)), (p) => placeMove(g, t, p));
	}
	return ix.moves;
}

/** Number of legal placements of tile t (the drawn one by default): from the board index, unless a hook filters this tile. */
export function placementCount(g: Engine, t = g.s.tile): number {
	const fit = g.c.fit;
	if (t !== g.s.tile)
		return fit.filtered[t] ? allowedPlacements(g, t).length : fitCount(g, fit.cls[t]);
	const ix = drawnIndex(g);
	if (ix.count < 0) ix.count = fit.filtered[t] ? drawnAllowed(g).length : fitCount(g, fit.cls[t]);
	return ix.count;
}

/**
 * Whether the drawn tile fits somewhere. A silent engine (a replay, a playout) that has not counted
 * a filtered tile's placements yet stops at the first one: a replay never needs the count.
 */
export function placeable(g: Engine): boolean {
	const t = g.s.tile;
	if (!g.silent || !g.c.fit.filtered[t]) return placementCount(g) > 0;
	const ix = drawnIndex(g);
	if (ix.count >= 0) return ix.count > 0;
	return ix.allowed !== null ? ix.allowed.length > 0 : allowedPlacements(g, t, true).length > 0;
}

/** The n-th legal placement of the drawn tile (the order of placementsOf), built without listing the others. */
export function placementAt(g: Engine, n: number): PlaceMove {
	const s = g.s;
	const fit = g.c.fit;
	const ix = drawnIndex(g);
	if (ix.moves !== null) return ix.moves[n];
	return placeMove(
		g,
		s.tile,
		fit.filtered[s.tile] ? drawnAllowed(g)[n] : fitAt(g, fit.cls[s.tile], n)
	);
}
