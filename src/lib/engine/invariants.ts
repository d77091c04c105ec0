// Checks that hold in every reachable state: no figure created or lost, every figure on the board
// listed exactly once by its feature, scores never below their previous values, tiles conserved.
import { find } from './features.ts';
import { tilesLeft } from './bag.ts';
import type { GameState, Move } from './types.ts';

export interface Violation {
	invariant: string;
	message: string;
}

/** Figure kinds and owners in piece order, as a number (FNV-1a), to compare before and after. */
export function pieceCensus(s: GameState): number {
	let h = 0x811c9dc5;
	for (const p of s.pieces) h = censusStep(h, kindCode(p.kind), p.owner);
	return h >>> 0;
}

/** One piece into the census hash: its kind's code, then its owner. */
function censusStep(h: number, code: number, owner: number): number {
	return Math.imul(Math.imul(h ^ code, 0x01000193) ^ (owner + 2), 0x01000193);
}

export interface Snapshot {
	census: number;
	scores: number[];
	tiles: number;
}

let seen = new Int32Array(64);

/** The pieces the modules record as out of the game (s.mod[module].removed: a broken Buddo): a piece leaves only through such a rule. */
function removedPieces(s: GameState): Set<number> {
	const out = new Set<number>();
	for (const id in s.mod) {
		const list = s.mod[id]?.removed as number[] | undefined;
		if (list?.length) for (const pc of list) out.add(pc);
	}
	return out;
}

/**
 * Counts the figures listed on segment r into `seen`, checking each stands on that feature; returns
 * how many it lists.
 */
function visitList(s: GameState, r: number, out: Violation[]): number {
	const list = s.figs[r];
	if (!list) return 0;
	if (s.parent[r] !== r) out.push({ invariant: 'figures-on-roots', message: `segment ${r} holds figures but is not a root` });
	for (let j = 0; j < list.length; j++) {
		const pc = list[j];
		seen[pc]++;
		const p = s.pieces[pc];
		if (!p || p.seg < 0 || find(s, p.seg) !== r) out.push({ invariant: 'figure-placement', message: `piece ${pc} listed on feature ${r} but stands on ${p?.seg}` });
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
export function checkState(s: GameState, before?: Snapshot, into?: Snapshot, scanFeatures = true): Violation[] {
	const out: Violation[] = [];
	const ps = s.pieces;
	const n = ps.length;
	if (seen.length < n) seen = new Int32Array(n * 2);
	seen.fill(0, 0, n);
	if (scanFeatures) for (let r = 0; r < s.figs.length; r++) visitList(s, r, out);
	else {
		// the lists of the features the figures stand on, each once (a root's first figure visits it)
		let listed = 0;
		let onBoard = 0;
		for (let i = 0; i < n; i++) {
			const p = ps[i];
			if (p.seg < 0) continue;
			onBoard++;
			const r = find(s, p.seg);
			if (s.figs[r]?.[0] === i) listed += visitList(s, r, out);
		}
		if (listed !== onBoard) out.push({ invariant: 'figure-placement', message: `${onBoard} figures stand on the board but their features list ${listed}` });
	}
	let removed: Set<number> | null = null;
	let h = 0x811c9dc5;
	let kind = '';
	let code = 0;
	for (let i = 0; i < n; i++) {
		const p = ps[i];
		// pieces of a kind come together: the kind's code is looked up when it changes
		if (p.kind !== kind) code = kindCode((kind = p.kind));
		h = censusStep(h, code, p.owner);
		if (p.seg >= 0) {
			if (seen[i] !== 1) out.push({ invariant: 'figure-listed-once', message: `piece ${i} (${p.kind} of ${p.owner}) on the board is listed ${seen[i]} times` });
			if (s.st[p.seg] !== p.tile) out.push({ invariant: 'figure-tile', message: `piece ${i} tile mismatch` });
		} else if (p.seg === -1) {
			if (p.tile !== -1) out.push({ invariant: 'figure-supply', message: `piece ${i} in supply keeps a tile` });
		} else if (p.seg < -2 || p.tile !== -1 || !(removed ??= removedPieces(s)).has(i))
			out.push({ invariant: 'figure-removed', message: `piece ${i} (${p.kind} of ${p.owner}) left the game without a rule recording it` });
	}
	// the records are read when a piece is out of the game, and on the full scans (reading every
	// module's state after every move cost more than the rest of the check)
	if (scanFeatures) removed ??= removedPieces(s);
	if (removed) for (const pc of removed) if (ps[pc]?.seg !== -2) out.push({ invariant: 'figure-removed', message: `piece ${pc} is recorded as removed but is not` });
	const census = h >>> 0;
	if (before && census !== before.census) out.push({ invariant: 'figures-conserved', message: 'the set of figures changed' });
	const tiles = before || into ? tileCount(s) : 0;
	if (before) {
		for (let p = 0; p < s.scores.length; p++)
			if (s.scores[p] < before.scores[p]) out.push({ invariant: 'scores-never-fall', message: `player ${p} fell from ${before.scores[p]} to ${s.scores[p]}` });
		if (tiles !== before.tiles) out.push({ invariant: 'tiles-conserved', message: `${before.tiles} tiles became ${tiles}` });
	}
	if (into) {
		into.census = census;
		for (let p = 0; p < s.scores.length; p++) into.scores[p] = s.scores[p];
		into.tiles = tiles;
	}
	return out;
}

/** A string's hash (FNV-1a), computed once per distinct string: the states' strings come from a small vocabulary (ids, keys, rulings). */
const stringCodes = new Map<string, number>();
function stringCode(text: string): number {
	let c = stringCodes.get(text);
	if (c === undefined) {
		if (stringCodes.size >= 65_536) stringCodes.clear(); // bounded, whatever strings a run meets
		stringCodes.set(text, (c = hashString(0x811c9dc5, text) >>> 0));
	}
	return c;
}
/** A number per figure kind name. */
const kindCode = stringCode;

function hashString(h: number, text: string): number {
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return h;
}

/** A 32-bit integer into the hash, low half then high half. */
const hashInt = (h: number, v: number): number => Math.imul(Math.imul(h ^ (v & 0xffff), 0x01000193) ^ (v >>> 16), 0x01000193);

function hashValue(h: number, v: unknown): number {
	if (typeof v === 'number') {
		if ((v | 0) === v) return hashInt(h, v);
		return hashInt(Math.imul(h ^ 0x2e, 0x01000193), stringCode(String(v)));
	}
	if (Array.isArray(v)) {
		h = Math.imul(h ^ 0x5b, 0x01000193);
		for (let i = 0; i < v.length; i++) {
			const x = v[i];
			// the state's arrays are mostly small integers: hashed here as the number case does
			if (typeof x === 'number' && (x | 0) === x) h = hashInt(h, x);
			else h = hashValue(h, x);
		}
		return Math.imul(h ^ 0x5d, 0x01000193);
	}
	if (v === null || v === undefined) return Math.imul(h ^ 0x30, 0x01000193); // JSON writes both as null in arrays
	if (typeof v === 'object') {
		h = Math.imul(h ^ 0x7b, 0x01000193);
		// keys in insertion order, as JSON.stringify writes them (what canonical compares)
		for (const k in v) {
			const x = (v as Record<string, unknown>)[k];
			if (x === undefined) continue; // as JSON leaves it out
			h = hashValue(hashInt(h, stringCode(k)), x);
		}
		return Math.imul(h ^ 0x7d, 0x01000193);
	}
	return hashInt(Math.imul(h ^ (typeof v === 'string' ? 0x22 : 0x62), 0x01000193), stringCode(String(v)));
}

/**
 * A 32-bit digest of everything `canonical` compares (the union-find by roots, not by the path
 * compression a game happened to do; the redo stack left out): equal states give equal digests,
 * so replay and undo checks compare two numbers instead of two JSON texts. `withLog: false` leaves
 * the move log out, for a caller that compares logs move by move (sameMoves: a replay's log holds
 * the very moves it was given, and the log is most of a late state's digest).
 */
export function stateDigest(s: GameState, withLog = true): number {
	let h = 0x811c9dc5;
	for (const k in s) {
		if (k === 'redo' || (!withLog && k === 'log') || (s as unknown as Record<string, unknown>)[k] === undefined) continue;
		h = hashInt(h, stringCode(k));
		if (k === 'parent') {
			h = Math.imul(h ^ 0x5b, 0x01000193);
			for (let i = 0; i < s.parent.length; i++) {
				let r = i;
				while (s.parent[r] !== r) r = s.parent[r];
				h = hashInt(h, r);
			}
		} else if (k === 'mod') h = hashString(h, JSON.stringify(s.mod));
		else h = hashValue(h, (s as unknown as Record<string, unknown>)[k]);
	}
	return h >>> 0;
}

/** Whether log `a` is the first n moves of `b`: the same move objects, or moves equal as JSON. */
export function sameMoves(a: readonly Move[], b: readonly Move[], n = b.length): boolean {
	if (a.length !== n || b.length < n) return false;
	for (let i = 0; i < n; i++) if (a[i] !== b[i] && JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
	return true;
}

/** Path-compression-independent form of a state, for equality checks that show the difference. */
export function canonical(s: GameState): string {
	const roots = s.parent.map((_, i) => {
		let r = i;
		while (s.parent[r] !== r) r = s.parent[r];
		return r;
	});
	return JSON.stringify({ ...s, parent: roots, redo: [] });
}

/** Tiles in players' hands (town halls not yet placed, MM-HALL-1). */
function heldTiles(s: GameState): number {
	const halls = s.mod['messengers-and-mayors']?.halls as number[] | undefined;
	return halls ? halls.reduce((a, b) => a + b, 0) : 0;
}

/** Every tile of the game wherever it is: on the board, discarded, to draw, set aside, held, drawn. */
function tileCount(s: GameState): number {
	const aside = ((s.mod.dragon?.aside?.length ?? 0) as number) + heldTiles(s);
	return s.bx.length + s.discarded.length + tilesLeft(s) + aside + (s.tile >= 0 ? 1 : 0);
}

export function snapshot(s: GameState): Snapshot {
	return { census: pieceCensus(s), scores: s.scores.slice(), tiles: tileCount(s) };
}
