// The board: placed tiles by packed coordinate, the open-cell frontier with the edges each open
// cell requires, and the placement that merges the new tile's features with its neighbours.
import { K_CITY, K_FIELD, K_RIVER, K_ROAD, type CTile, type Engine, type GameState, type Refusal } from './types.ts';
import { EDGE_NAMES } from './tiles.ts';
import { union, find } from './features.ts';

const SIDE_WORD = ['north', 'east', 'south', 'west'];

const OFF = 4096;
const W = 8192;
export const pack = (x: number, y: number): number => (x + OFF) * W + (y + OFF);
export const unpackX = (c: number): number => Math.floor(c / W) - OFF;
export const unpackY = (c: number): number => (c % W) - OFF;
/** Packed offsets of the neighbours across N E S W. */
export const SIDE_STEP = [-1, W, 1, -W];
export const SIDE_DX = [0, 1, 0, -1];
export const SIDE_DY = [-1, 0, 1, 0];
const AROUND = [-W - 1, -1, W - 1, W, W + 1, 1, -W + 1, -W];
/** Half index (NL…WR) → the neighbour's half facing it across the edge (the indexed form of geometry's facingHalf). */
export const FACING_HALF = [5, 4, 7, 6, 1, 0, 3, 2];

/** Does the tile fit the edges the cell requires? (BASE-1.3.2) */
export function fits(s: GameState, t: CTile, frontIndex: number, rotation: number): boolean {
	if (t.wildcard) return true;
	return ((t.edges[rotation] ^ s.freq[frontIndex]) & s.fmask[frontIndex]) === 0;
}

function frontAdd(s: GameState, cell: number, side: number, code: number): void {
	let i = s.fpos[cell];
	if (i === undefined) {
		i = s.front.length;
		s.front.push(cell);
		s.freq.push(0);
		s.fmask.push(0);
		s.fpos[cell] = i;
	}
	if (code !== 0) {
		s.freq[i] |= code << (4 * side);
		s.fmask[i] |= 15 << (4 * side);
	}
}

function frontRemove(s: GameState, cell: number): void {
	const i = s.fpos[cell];
	if (i === undefined) return;
	const last = s.front.length - 1;
	if (i !== last) {
		const moved = s.front[last];
		s.front[i] = moved;
		s.freq[i] = s.freq[last];
		s.fmask[i] = s.fmask[last];
		s.fpos[moved] = i;
	}
	s.front.pop();
	s.freq.pop();
	s.fmask.pop();
	delete s.fpos[cell];
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
		s.segs.push([seg]);
		s.figs.push(null);
		if (fs[i].k === K_FIELD && fs[i].cities.length > 0) s.links.push(fs[i].cities.map((c) => base + c));
		else s.links.push(null);
	}
	s.cells[cell] = b;
	frontRemove(s, cell);
	let around = 0;
	for (let i = 0; i < 8; i++) {
		const n = s.cells[cell + AROUND[i]];
		if (n !== undefined) {
			s.bnb[n]++;
			around++;
		}
	}
	s.bnb.push(around);
	const edges = t.edges[rotation];
	for (let side = 0; side < 4; side++) {
		const ncell = cell + SIDE_STEP[side];
		const n = s.cells[ncell];
		const opp = (side + 2) & 3;
		if (n === undefined) {
			frontAdd(s, ncell, opp, (edges >> (4 * side)) & 15);
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

/** Roots of the placed tile's roads, cities and rivers that the placement completed. */
export function completedBorderRoots(g: Engine, b: number): number[] {
	const s = g.s;
	const t = g.c.tiles[s.bt[b]];
	const out: number[] = [];
	for (let i = 0; i < t.features.length; i++) {
		const k = t.features[i].k;
		if (k !== K_ROAD && k !== K_CITY && k !== K_RIVER) continue;
		const r = find(s, s.bseg[b] + i);
		if (s.open[r] === 0 && out.indexOf(r) < 0) out.push(r);
	}
	if (t.wildcard) {
		// a town hall has no features: what it completes are the neighbours' roads and cities facing it (MM-HALL-6)
		const cell = pack(s.bx[b], s.by[b]);
		for (let side = 0; side < 4; side++) {
			const n = s.cells[cell + SIDE_STEP[side]];
			if (n === undefined) continue;
			const fb = g.c.tiles[s.bt[n]].sideFeat[s.br[n] * 4 + ((side + 2) & 3)];
			if (fb < 0) continue;
			const r = find(s, s.bseg[n] + fb);
			if (s.open[r] === 0 && out.indexOf(r) < 0) out.push(r);
		}
	}
	return out;
}

/** Inner features (monastery, garden, stable) completed by the placement of board tile b. */
export function completedInner(g: Engine, b: number): number[] {
	const s = g.s;
	const out: number[] = [];
	const cell = pack(s.bx[b], s.by[b]);
	for (let i = -1; i < 8; i++) {
		const n = i < 0 ? b : s.cells[cell + AROUND[i]];
		if (n === undefined || s.bnb[n] !== 8) continue;
		const inner = g.c.tiles[s.bt[n]].inner;
		for (let j = 0; j < inner.length; j++) out.push(s.bseg[n] + inner[j]);
	}
	return out;
}

// Placement check with reasons
/** Why a placement is illegal, or null if it is legal (used by the place move and the UI). */
export function placementRefusal(g: Engine, tile: number, x: number, y: number, rotation: number): Refusal | null {
	const s = g.s;
	const t = g.c.tiles[tile];
	if (!Number.isInteger(x) || !Number.isInteger(y) || !Number.isInteger(rotation) || rotation < 0 || rotation > 3)
		return { code: 'bad-placement', message: 'x, y must be integers and rotation 0..3', rules: ['BASE-1.3.3'] };
	const cell = pack(x, y);
	const here = s.cells[cell];
	if (here !== undefined)
		return { code: 'cell-occupied', message: `(${x},${y}) already holds ${g.c.tiles[s.bt[here]].key}`, rules: ['BASE-1.3.1'], details: { x, y } };
	const fi = s.fpos[cell];
	if (fi === undefined)
		return { code: 'not-adjacent', message: `(${x},${y}) touches no tile along an edge`, rules: ['BASE-1.3.1'], details: { x, y } };
	if (!fits(s, t, fi, rotation)) {
		for (let side = 0; side < 4; side++) {
			const need = (s.freq[fi] >> (4 * side)) & 15;
			const have = (t.edges[rotation] >> (4 * side)) & 15;
			if (((s.fmask[fi] >> (4 * side)) & 15) === 0 || need === have) continue;
			const nx = x + SIDE_DX[side];
			const ny = y + SIDE_DY[side];
			const n = s.cells[pack(nx, ny)];
			const rules = ['BASE-1.3.2'];
			if (need === 4 || have === 4) rules.push('RIVER-3.1.2');
			return {
				code: 'edge-mismatch',
				message: `the ${SIDE_WORD[side]} edge (${EDGE_NAMES[have]}) of ${t.key} meets the ${SIDE_WORD[(side + 2) & 3]} edge (${EDGE_NAMES[need]}) of ${g.c.tiles[s.bt[n]].key} at (${nx},${ny})`,
				rules,
				details: { side: 'NESW'[side], ours: EDGE_NAMES[have], theirs: EDGE_NAMES[need], neighbour: { x: nx, y: ny, tile: g.c.tiles[s.bt[n]].key } }
			};
		}
	}
	for (const h of g.c.hooks.placement) {
		const r = h(g, tile, x, y, rotation);
		if (r) return r;
	}
	return null;
}

/**
 * The tiles on the 8 cells around board tile b: how many, and how many of them are wildcards (town
 * halls: they complete surroundings but are no land tile, ISO-R4 / MM-R3) or river tiles.
 */
export function surroundings(g: Engine, b: number): { tiles: number; wildcards: number; river: number } {
	const s = g.s;
	const cell = pack(s.bx[b], s.by[b]);
	let tiles = 0;
	let wildcards = 0;
	let river = 0;
	for (let i = 0; i < 8; i++) {
		const n = s.cells[cell + AROUND[i]];
		if (n === undefined) continue;
		tiles++;
		const t = g.c.tiles[s.bt[n]];
		if (t.wildcard) wildcards++;
		else if (t.river) river++;
	}
	return { tiles, wildcards, river };
}
