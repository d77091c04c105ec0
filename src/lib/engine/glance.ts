// A placement's worth at a glance, without applying it: the greedy bot ranks every placement of the
// drawn tile by it and weighs only the best few with trials (bots/greedy.ts). Read from the board
// index and the features' union-find as they are: which roads and cities the tile would join and
// whether that closes them, the figures on them, the monasteries around, and the best follower the
// tile could take. Base scoring only (a city 2 a tile when complete, 1 when open; a road 1 a tile; a
// monastery 1 a tile around it), no module's rules, no fields: an estimate to rank by, never a score.
import { find } from './features.ts';
import { pack, SIDE_STEP } from './cells.ts';
import { tileAt } from './board-index.ts';
import { contextOf } from './context.ts';
import { engineOf } from './events.ts';
import { K_CITY, K_ROAD, type GameState, type PlaceMove } from './types.ts';

/** The 8 cells around a cell (packed offsets), as board.ts counts them. */
const AROUND = [
	SIDE_STEP[0] + SIDE_STEP[3],
	SIDE_STEP[0],
	SIDE_STEP[0] + SIDE_STEP[1],
	SIDE_STEP[1],
	SIDE_STEP[1] + SIDE_STEP[2],
	SIDE_STEP[2],
	SIDE_STEP[2] + SIDE_STEP[3],
	SIDE_STEP[3]
];

// scratch, reused by every glance: per local feature of the tile, the roots it joins
const joined: number[][] = [[], [], [], [], [], [], [], [], [], [], [], []];
const links = new Int32Array(16);
let strength = new Float64Array(8);
let own = new Float64Array(8);
let gain = new Float64Array(8);
// what the board says around the cell of the last glance (a cell's rotations come one after another):
// per side the root of the neighbour's feature facing it, the tiles around, and per
// monastery around with followers their count per player (n a monastery, in order) and whether the
// tile completes it
const sideRoot = new Int32Array(4);
let monasteries = new Float64Array(64);
const completes: boolean[] = [];

/** Zeroes a scratch array (a loop: fill is a builtin call, and these hold a few players). */
function clear(a: Float64Array): void {
	for (let i = 0; i < a.length; i++) a[i] = 0;
}

/** Followers of each player on a feature root (1 each) into `into` (cleared first); returns how many. */
function countOn(state: GameState, follower: Uint8Array, root: number, into: Float64Array): number {
	clear(into);
	const list = state.featurePieces[root];
	let n = 0;
	if (list)
		for (let i = 0; i < list.length; i++) {
			const pc = list[i];
			const p = state.pieces[pc];
			if (p.owner >= 0 && follower[pc] === 1) {
				into[p.owner]++;
				n++;
			}
		}
	return n;
}

/** Adds value v to every one of the n players with the most strength (by[at + p]; none when nobody has any). */
function award(into: Float64Array, by: Float64Array, n: number, v: number, at = 0): void {
	let most = 0;
	for (let p = 0; p < n; p++) if (by[at + p] > most) most = by[at + p];
	if (most > 0) for (let p = 0; p < n; p++) if (by[at + p] === most) into[p] += v;
}

/**
 * For each placement of the drawn tile (PlaceMoves of the state's tile), an estimate of the change
 * it makes to `me`'s margin over the best opponent "if the game ended after it", its best follower
 * included: follower-like figures in supply are worth `reserve` points each.
 */
export function glances(
	state: GameState,
	moves: readonly PlaceMove[],
	me: number,
	reserve: number
): number[] {
	const engine = engineOf(state, contextOf(state), true, true);
	const t = engine.rules.tiles[state.tile];
	const n = state.players.length;
	if (gain.length < n) {
		strength = new Float64Array(n);
		own = new Float64Array(n);
		gain = new Float64Array(n);
	}
	// which pieces are followers (by their figure type), looked up once
	const follower = new Uint8Array(state.pieces.length);
	for (let i = 0; i < state.pieces.length; i++)
		if (engine.rules.figures.get(state.pieces[i].kind)?.follower) follower[i] = 1;
	let opp = -1;
	for (let q = 0; q < n; q++)
		if (q !== me && (opp < 0 || state.scores[q] > state.scores[opp])) opp = q;
	let inSupply = false;
	for (const p of state.pieces)
		if (p.owner === me && p.seg === -1 && p.kind === 'follower') inSupply = true;
	const out: number[] = [];
	let lastCell = -1;
	let around = 0;
	let held = 0;
	for (const m of moves) {
		const cell = pack(m.x, m.y);
		const r = m.rotation;
		if (cell !== lastCell) {
			lastCell = cell;
			for (let side = 0; side < 4; side++) {
				const nb = tileAt(engine, cell + SIDE_STEP[side]);
				sideRoot[side] = -1;
				if (nb < 0) continue;
				const nt = engine.rules.tiles[state.boardTile[nb]];
				const fb = nt.sideFeat[state.boardRotation[nb] * 4 + ((side + 2) & 3)];
				if (!nt.wildcard && fb >= 0) sideRoot[side] = find(state, state.boardFirstSegment[nb] + fb);
			}
			around = 0;
			held = 0;
			for (let k = 0; k < 8; k++) {
				const nb = tileAt(engine, cell + AROUND[k]);
				if (nb < 0) continue;
				around++;
				const inner = engine.rules.tiles[state.boardTile[nb]].inner;
				for (let j = 0; j < inner.length; j++) {
					const root = find(state, state.boardFirstSegment[nb] + inner[j]);
					if (countOn(state, follower, root, own) === 0) continue;
					while ((held + 1) * n > monasteries.length) {
						const more = new Float64Array(monasteries.length * 2);
						more.set(monasteries);
						monasteries = more;
					}
					for (let p = 0; p < n; p++) monasteries[held * n + p] = own[p];
					completes[held] = state.boardNeighbours[nb] === 7;
					held++;
				}
			}
		}
		clear(gain);
		const fs = t.features;
		for (let i = 0; i < fs.length; i++) {
			const roots = joined[i];
			while (roots.length > 0) roots.pop(); // pops: setting length is a builtin call
			links[i] = 0;
		}
		// the roads and cities of the neighbours each side of the tile joins
		if (!t.wildcard)
			for (let side = 0; side < 4; side++) {
				const root = sideRoot[side];
				const fa = t.sideFeat[r * 4 + side];
				if (root < 0 || fa < 0) continue;
				links[fa]++;
				if (joined[fa].indexOf(root) < 0) joined[fa].push(root);
			}
		let best = 0;
		for (let i = 0; i < fs.length; i++) {
			const f = fs[i];
			if (f.kindCode !== K_CITY && f.kindCode !== K_ROAD) continue;
			const perTile = f.kindCode === K_CITY ? 2 : 1;
			let open = f.sides - 2 * links[i];
			let size = 1;
			clear(strength);
			let followers = 0;
			const roots = joined[i];
			for (let j = 0; j < roots.length; j++) {
				const root = roots[j];
				open += state.openEdges[root];
				size += state.featureSize[root];
				// what the feature was worth before: 1 a tile, to its majority
				followers += countOn(state, follower, root, own);
				for (let p = 0; p < n; p++) strength[p] += own[p];
				award(gain, own, n, -state.featureSize[root]);
			}
			const done = open <= 0;
			const worth = (done ? perTile : 1) * (size + f.pennants);
			award(gain, strength, n, worth);
			// the followers on a completed feature go back to supply
			if (done) for (let p = 0; p < n; p++) gain[p] += strength[p] * reserve;
			if (followers === 0 && inSupply) best = Math.max(best, done ? worth : worth - reserve);
		}
		// monasteries around gain a tile; the tile's own monastery with a follower
		for (let h = 0; h < held; h++) {
			award(gain, monasteries, n, 1, h * n);
			if (completes[h]) award(gain, monasteries, n, reserve, h * n);
		}
		if (t.inner.length > 0 && inSupply)
			best = Math.max(best, 1 + around - (around === 8 ? 0 : reserve));
		out.push(gain[me] + best - (opp >= 0 ? gain[opp] : 0));
	}
	return out;
}
