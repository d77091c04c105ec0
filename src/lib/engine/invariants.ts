// Checks that hold in every reachable state: no figure created or lost, every figure on the board
// listed exactly once by its feature, scores whole and finite and never below their previous
// values, tiles conserved.
import { find } from './features.ts';
import { tilesLeft } from './bag.ts';
import { heldTileCount } from './data-held-tile.ts';
import type { GameState, Move, Piece } from './types.ts';

export interface Violation {
	invariant: string;
	message: string;
}

/** Figure kinds and owners in piece order into a snapshot, to compare before and after. */
function censusInto(state: GameState, into: Snapshot): void {
	const n = state.pieces.length;
	into.kinds.length = n;
	into.owners.length = n;
	for (let i = 0; i < n; i++) {
		into.kinds[i] = state.pieces[i].kind;
		into.owners[i] = state.pieces[i].owner;
	}
}

export interface Snapshot {
	/** Every piece's kind and owner, in piece order (compared one by one: no hash to collide). */
	kinds: string[];
	owners: number[];
	scores: number[];
	tiles: number;
}

let seen = new Int32Array(64);
/** Per piece: the check (its number in `marks`) that found it in a module's record of removed pieces. */
let removedMark = new Int32Array(64);
let marks = 0;

/**
 * Marks in `removedMark` the pieces the modules record as out of the game (state.moduleState[module].removed: a
 * figure a random step removed; a piece leaves the game only through such a rule) and reports each recorded piece
 * that is not out. Returns this check's mark. (A Set of them, built at every move a piece was out,
 * cost more than the rest of the check.)
 */
function markRemoved(state: GameState, out: Violation[]): number {
	const mark = ++marks;
	const n = state.pieces.length;
	if (removedMark.length < n) removedMark = new Int32Array(n * 2);
	for (const id in state.moduleState) {
		const list = (state.moduleState[id] as { removed?: number[] } | undefined)?.removed;
		if (!list?.length) continue;
		for (let j = 0; j < list.length; j++) {
			const pc = list[j];
			const known = Number.isInteger(pc) && pc >= 0 && pc < n;
			if (known && removedMark[pc] === mark) continue; // listed twice: reported once
			if (known) removedMark[pc] = mark;
			if (state.pieces[pc]?.seg !== -2)
				out.push({
					invariant: 'figure-removed',
					message: `piece ${pc} is recorded as removed but is not`
				});
		}
	}
	return mark;
}

/**
 * Counts the figures listed on segment r into `seen`, checking each stands on that feature; returns
 * how many it lists (`known`: a piece whose feature the caller has just found to be r).
 */
function visitList(state: GameState, r: number, out: Violation[], known = -1): number {
	const list = state.featurePieces[r];
	if (!list) return 0;
	if (state.parent[r] !== r)
		out.push({
			invariant: 'figures-on-roots',
			message: `segment ${r} holds figures but is not a root`
		});
	for (let j = 0; j < list.length; j++) {
		const pc = list[j];
		seen[pc]++;
		const p = state.pieces[pc];
		// `known`: a piece the caller has just found on root r
		if (!p || p.seg < 0 || (pc !== known && find(state, p.seg) !== r))
			out.push({
				invariant: 'figure-placement',
				message: `piece ${pc} listed on feature ${r} but stands on ${p?.seg}`
			});
	}
	return list.length;
}

/**
 * The invariants of one state, compared with the snapshot taken before the move, visiting each
 * figure once (the census, its feature's list, its tile, its removal); `into`, when given, is
 * updated to this state's snapshot in place (the next move's "before"). `scanFeatures` also walks
 * every segment for figure lists left on a segment that is no longer a feature's root (the whole
 * board: the simulator does it every few moves and at the end, not after every move).
 */
export function checkState(
	state: GameState,
	before?: Snapshot,
	into?: Snapshot,
	scanFeatures = true
): Violation[] {
	const out: Violation[] = [];
	const ps = state.pieces;
	const n = ps.length;
	if (seen.length < n) seen = new Int32Array(n * 2);
	seen.fill(0, 0, n);
	if (scanFeatures) {
		// most segments hold no list: the test here, not a call per segment
		const lists = state.featurePieces;
		for (let r = 0; r < lists.length; r++) if (lists[r]) visitList(state, r, out);
	} else {
		// the lists of the features the figures stand on, each once (a root's first figure visits it)
		let listed = 0;
		let onBoard = 0;
		for (let i = 0; i < n; i++) {
			const p = ps[i];
			if (p.seg < 0) continue;
			onBoard++;
			const r = find(state, p.seg);
			if (state.featurePieces[r]?.[0] === i) listed += visitList(state, r, out, i);
		}
		if (listed !== onBoard)
			out.push({
				invariant: 'figure-placement',
				message: `${onBoard} figures stand on the board but their features list ${listed}`
			});
	}
	let removed = 0; // markRemoved's mark, once asked
	// the census: the same kinds and owners in the same order as before the move
	const kinds = before?.kinds;
	const owners = before?.owners;
	let same = !before || kinds!.length === n;
	for (let i = 0; i < n; i++) {
		const p = ps[i];
		if (same && kinds && (p.kind !== kinds[i] || p.owner !== owners![i])) same = false;
		if (p.seg >= 0) {
			if (seen[i] !== 1)
				out.push({
					invariant: 'figure-listed-once',
					message: `piece ${i} (${p.kind} of ${p.owner}) on the board is listed ${seen[i]} times`
				});
			if (state.segmentTile[p.seg] !== p.tile)
				out.push({ invariant: 'figure-tile', message: `piece ${i} tile mismatch` });
		} else if (p.seg === -1) {
			if (p.tile !== -1)
				out.push({ invariant: 'figure-supply', message: `piece ${i} in supply keeps a tile` });
		} else if (
			p.seg < -2 ||
			p.tile !== -1 ||
			(removed ||= markRemoved(state, out)) !== removedMark[i]
		)
			out.push({
				invariant: 'figure-removed',
				message: `piece ${i} (${p.kind} of ${p.owner}) left the game without a rule recording it`
			});
	}
	// the records are read when a piece is out of the game, and on the full scans (reading every
	// module's state after every move cost more than the rest of the check)
	if (scanFeatures && !removed) markRemoved(state, out);
	if (!same) out.push({ invariant: 'figures-conserved', message: 'the set of figures changed' });
	const tiles = before || into ? tileCount(state) : 0;
	for (let p = 0; p < state.scores.length; p++)
		if (!Number.isInteger(state.scores[p]))
			out.push({
				invariant: 'scores-finite',
				message: `player ${p}'s score is ${state.scores[p]}: a score is a whole, finite number`
			});
	if (before) {
		for (let p = 0; p < state.scores.length; p++)
			if (state.scores[p] < before.scores[p])
				out.push({
					invariant: 'scores-never-fall',
					message: `player ${p} fell from ${before.scores[p]} to ${state.scores[p]}`
				});
		if (tiles !== before.tiles)
			out.push({ invariant: 'tiles-conserved', message: `${before.tiles} tiles became ${tiles}` });
	}
	if (into) {
		if (into !== before || !same) censusInto(state, into);
		for (let p = 0; p < state.scores.length; p++) into.scores[p] = state.scores[p];
		into.tiles = tiles;
	}
	return out;
}

/**
 * Whether two states are equal in everything `canonical` compares (the union-find by roots, not by
 * the path compression a game happened to do; the redo stack left out; keys in order, undefined
 * members left out as JSON does), the logs left out (compared move by move with sameMoves: a
 * replay's log holds the very moves it was given). Exact, and one walk of both states that stops at
 * the first difference: the replay and undo checks compare states with it.
 */
export function sameState(a: GameState, b: GameState): boolean {
	const A = a as unknown as Record<string, unknown>;
	const B = b as unknown as Record<string, unknown>;
	const keys = stateKeys(A);
	const other = stateKeys(B);
	if (keys.length !== other.length) return false;
	for (let i = 0; i < keys.length; i++) {
		const k = keys[i];
		if (k !== other[i]) return false;
		if (k === 'parent') {
			const p = a.parent;
			const q = b.parent;
			if (p.length !== q.length) return false;
			// where both point to the same parent, the roots are the same if the parent's are (checked at its index)
			for (let j = 0; j < p.length; j++)
				if (p[j] !== q[j] && rootOf(p, j) !== rootOf(q, j)) return false;
		} else if (k === 'pieces') {
			if (!samePieces(a.pieces, b.pieces)) return false;
		} else if (k === 'featurePieces') {
			if (!sameLists(a.featurePieces, b.featurePieces)) return false;
		} else if (NUMBER_ARRAYS.has(k)) {
			if (!sameNumbers(A[k], B[k])) return false;
		} else if (!sameValue(A[k], B[k])) return false;
	}
	return true;
}

/** The state's arrays of numbers: compared by a loop of their own (below). */
const NUMBER_ARRAYS = new Set<string>([
	'scores',
	'outcomes',
	'discarded',
	'boardX',
	'boardY',
	'boardTile',
	'boardRotation',
	'boardFirstSegment',
	'boardNeighbours',
	'front',
	'frontEdges',
	'frontMask',
	'segmentTile',
	'segmentFeature',
	'openEdges',
	'nextSegment',
	'lastSegment',
	'featureSize'
] satisfies (keyof GameState)[]);

/**
 * sameValue for the state's arrays of numbers. The same rule, in a loop of its own: one loop for
 * arrays of every kind (numbers, objects, lists) read their members through V8's generic keyed
 * access, and the comparison of two final states took 40–50 µs, ~2 % of a checked game.
 */
function sameNumbers(x: unknown, y: unknown): boolean {
	if (!Array.isArray(x) || !Array.isArray(y)) return sameValue(x, y);
	if (x.length !== y.length) return false;
	for (let i = 0; i < x.length; i++) {
		const v = x[i];
		const w = y[i];
		if (v !== w && !sameValue(v, w)) return false;
	}
	return true;
}

/**
 * sameValue for the pieces: two pieces with the engine's four members, equal, and no other member
 * are equal at once; anything else is left to sameValue.
 */
function samePieces(x: unknown, y: unknown): boolean {
	if (!Array.isArray(x) || !Array.isArray(y)) return sameValue(x, y);
	if (x.length !== y.length) return false;
	for (let i = 0; i < x.length; i++) {
		const p = x[i];
		const q = y[i];
		if (
			p === q ||
			(isPiece(p) &&
				isPiece(q) &&
				p.kind === q.kind &&
				p.owner === q.owner &&
				p.seg === q.seg &&
				p.tile === q.tile)
		)
			continue;
		if (!sameValue(p, q)) return false;
	}
	return true;
}

/** An object with a piece's four members and no other that JSON writes. */
function isPiece(p: unknown): p is Piece {
	if (typeof p !== 'object' || p === null) return false;
	const o = p as Record<string, unknown>;
	if (
		typeof o.kind !== 'string' ||
		typeof o.owner !== 'number' ||
		typeof o.seg !== 'number' ||
		typeof o.tile !== 'number'
	)
		return false;
	let n = 0;
	for (const k in o) if (o[k] !== undefined) n++;
	return n === 4;
}

/** sameValue for the figure lists of the segments (null, or a list of piece numbers), in a loop of its own. */
function sameLists(x: unknown, y: unknown): boolean {
	if (!Array.isArray(x) || !Array.isArray(y)) return sameValue(x, y);
	if (x.length !== y.length) return false;
	for (let i = 0; i < x.length; i++) {
		const v = x[i];
		const w = y[i];
		if (v !== w && !sameNumbers(v, w)) return false;
	}
	return true;
}

/** A state's keys as sameState walks them: without the log, the redo stack and undefined members. */
function stateKeys(s: Record<string, unknown>): string[] {
	const out: string[] = [];
	for (const k in s) if (k !== 'redo' && k !== 'log' && s[k] !== undefined) out.push(k);
	return out;
}

/** The root of segment i, without path compression (the state is left as it is). */
function rootOf(parent: number[], i: number): number {
	while (parent[i] !== i) i = parent[i];
	return i;
}

/** Equal as JSON writes them: members in order, undefined members left out, null and undefined alike in arrays. */
function sameValue(x: unknown, y: unknown): boolean {
	if (x === y) return true;
	if (typeof x === 'number') return typeof y === 'number' && x !== x && y !== y; // NaN
	if (x === null || x === undefined) return y === null || y === undefined;
	if (typeof x !== 'object' || typeof y !== 'object' || y === null) return false;
	if (Array.isArray(x)) {
		if (!Array.isArray(y) || x.length !== y.length) return false;
		for (let i = 0; i < x.length; i++) {
			const v = x[i];
			const w = y[i];
			if (v !== w && !sameValue(v, w)) return false;
		}
		return true;
	}
	if (Array.isArray(y)) return false;
	const X = x as Record<string, unknown>;
	const Y = y as Record<string, unknown>;
	// the members JSON writes, in order: both key lists walked at once, undefined members skipped
	// (Object.keys reads V8's cache of an object's keys; no list of the defined ones is built)
	const kx = Object.keys(X);
	const ky = Object.keys(Y);
	let i = 0;
	let j = 0;
	for (;;) {
		while (i < kx.length && X[kx[i]] === undefined) i++;
		while (j < ky.length && Y[ky[j]] === undefined) j++;
		if (i === kx.length || j === ky.length) return i === kx.length && j === ky.length;
		const k = kx[i];
		if (k !== ky[j]) return false;
		const v = X[k];
		const w = Y[k];
		if (v !== w && !sameValue(v, w)) return false;
		i++;
		j++;
	}
}

/** Whether log `a` is the first n moves of `b`: the same move objects, or moves equal as JSON. */
export function sameMoves(a: readonly Move[], b: readonly Move[], n = b.length): boolean {
	if (a.length !== n || b.length < n) return false;
	for (let i = 0; i < n; i++)
		if (a[i] !== b[i] && JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
	return true;
}

/** Path-compression-independent form of a state, for equality checks that show the difference. */
export function canonical(state: GameState): string {
	const roots = state.parent.map((_, i) => {
		let r = i;
		while (state.parent[r] !== r) r = state.parent[r];
		return r;
	});
	return JSON.stringify({ ...state, parent: roots, redo: [] });
}

/** Tiles in players' hands (held tiles not yet placed: town halls, abbeys). */
function heldTiles(state: GameState): number {
	return heldTileCount(state);
}

/** Every tile of the game wherever it is: on the board, discarded, to draw, set aside, held, drawn. */
function tileCount(state: GameState): number {
	const dragon = state.moduleState.dragon as { aside?: number[] } | undefined;
	const aside = (dragon?.aside?.length ?? 0) + heldTiles(state);
	return (
		state.boardX.length +
		state.discarded.length +
		tilesLeft(state) +
		aside +
		(state.tile >= 0 ? 1 : 0)
	);
}

export function snapshot(state: GameState): Snapshot {
	const snap: Snapshot = {
		kinds: [],
		owners: [],
		scores: state.scores.slice(),
		tiles: tileCount(state)
	};
	censusInto(state, snap);
	return snap;
}
