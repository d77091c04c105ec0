// Features as an incremental union-find over segments (one segment per feature per placed tile).
// Roots carry the open-edge count (completion), the segment list (a circular list spliced in O(1))
// and the pieces, merged smaller-into-larger so a placement costs a few array operations, never a
// board rescan. A field's bordered cities are read from its segments' tiles.
import type { CFeature, Engine, GameState } from './types.ts';

export function find(s: GameState, seg: number): number {
	const p = s.parent;
	while (p[seg] !== seg) {
		p[seg] = p[p[seg]];
		seg = p[seg];
	}
	return seg;
}

/** Appends root `from`'s pieces to root `to`'s, in order, and clears them. */
function moveList(lists: (number[] | null)[], from: number, to: number): void {
	const b = lists[from];
	if (!b) return;
	const a = lists[to];
	if (a) for (let i = 0; i < b.length; i++) a.push(b[i]);
	else lists[to] = b;
	lists[from] = null;
}

/** Joins two segments across a matching edge; `border` is true for road/city/river (both lose an open edge). */
export function union(s: GameState, a: number, b: number, border: boolean): number {
	let ra = find(s, a);
	let rb = find(s, b);
	if (ra === rb) {
		if (border) s.open[ra] -= 2;
		return ra;
	}
	if (s.ssize[ra] < s.ssize[rb]) {
		const t = ra;
		ra = rb;
		rb = t;
	}
	s.parent[rb] = ra;
	if (border) s.open[ra] = s.open[ra] + s.open[rb] - 2;
	// splice rb's circle after ra's last segment: ra's segments, then rb's
	const la = s.slast[ra];
	const lb = s.slast[rb];
	const fa = s.snext[la];
	s.snext[la] = s.snext[lb];
	s.snext[lb] = fa;
	s.slast[ra] = lb;
	s.ssize[ra] += s.ssize[rb];
	moveList(s.figs, rb, ra);
	return ra;
}

/** The segments of the feature at `root`, in the order they joined. */
export function segsOf(s: GameState, root: number): number[] {
	const out: number[] = [];
	for (let seg = s.snext[s.slast[root]], n = s.ssize[root]; n > 0; n--, seg = s.snext[seg])
		out.push(seg);
	return out;
}

/** The compiled feature of a segment. */
export function featureOf(g: Engine, seg: number): CFeature {
	const s = g.s;
	return g.c.tiles[s.bt[s.st[seg]]].features[s.sl[seg]];
}

/** The first follower (a piece whose figure type occupies) on the feature, or -1. */
export function occupant(g: Engine, root: number): number {
	const f = g.s.figs[root];
	if (!f) return -1;
	for (let i = 0; i < f.length; i++) {
		const t = g.c.figures.get(g.s.pieces[f[i]].kind);
		if (t && t.follower) return f[i];
	}
	return -1;
}

let stamp = new Int32Array(1024);
let stampValue = 0;
/** Distinct board indexes of the tiles of a feature (a tile counts once, BASE-1.5.5). */
export function featureTiles(s: GameState, root: number): number[] {
	const n = s.ssize[root];
	if (n === 1) return [s.st[root]];
	if (s.bx.length > stamp.length) stamp = new Int32Array(s.bx.length * 2);
	stampValue++;
	if (stampValue > 2_000_000_000) {
		stamp.fill(0);
		stampValue = 1;
	}
	const out: number[] = [];
	for (let seg = s.snext[s.slast[root]], i = 0; i < n; i++, seg = s.snext[seg]) {
		const t = s.st[seg];
		if (stamp[t] !== stampValue) {
			stamp[t] = stampValue;
			out.push(t);
		}
	}
	return out;
}

/** Completed cities (roots) bordering a field root, each once (BASE-1.7.2). */
export function fieldCities(g: Engine, root: number): { complete: number[]; all: number[] } {
	const s = g.s;
	const all: number[] = [];
	const complete: number[] = [];
	for (let seg = s.snext[s.slast[root]], n = s.ssize[root]; n > 0; n--, seg = s.snext[seg]) {
		const cities = featureOf(g, seg).cities;
		const base = s.bseg[s.st[seg]];
		for (let i = 0; i < cities.length; i++) {
			const r = find(s, base + cities[i]);
			if (all.indexOf(r) >= 0) continue;
			all.push(r);
			if (s.open[r] === 0) complete.push(r);
		}
	}
	return { complete, all };
}
