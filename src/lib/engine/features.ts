// Features as an incremental union-find over segments (one segment per feature per placed tile).
// Roots carry the open-edge count (completion), the segment list, the pieces and field→city links,
// merged smaller-into-larger so a placement costs a few array operations, never a board rescan.
import type { CFeature, Engine, GameState } from './types.ts';

export function find(s: GameState, seg: number): number {
	const p = s.parent;
	while (p[seg] !== seg) {
		p[seg] = p[p[seg]];
		seg = p[seg];
	}
	return seg;
}

/** Joins two segments across a matching edge; `border` is true for road/city/river (both lose an open edge). */
export function union(s: GameState, a: number, b: number, border: boolean): number {
	let ra = find(s, a);
	let rb = find(s, b);
	if (ra === rb) {
		if (border) s.open[ra] -= 2;
		return ra;
	}
	const sa = s.segs[ra]!;
	const sb = s.segs[rb]!;
	if (sa.length < sb.length) {
		const t = ra;
		ra = rb;
		rb = t;
	}
	const big = s.segs[ra]!;
	const small = s.segs[rb]!;
	for (let i = 0; i < small.length; i++) big.push(small[i]);
	s.segs[rb] = null;
	s.parent[rb] = ra;
	if (border) s.open[ra] = s.open[ra] + s.open[rb] - 2;
	const fb = s.figs[rb];
	if (fb) {
		const fa = s.figs[ra];
		if (fa) for (let i = 0; i < fb.length; i++) fa.push(fb[i]);
		else s.figs[ra] = fb;
		s.figs[rb] = null;
	}
	const lb = s.links[rb];
	if (lb) {
		const la = s.links[ra];
		if (la) for (let i = 0; i < lb.length; i++) la.push(lb[i]);
		else s.links[ra] = lb;
		s.links[rb] = null;
	}
	return ra;
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
	const segs = s.segs[root]!;
	if (segs.length === 1) return [s.st[segs[0]]];
	if (s.bx.length > stamp.length) stamp = new Int32Array(s.bx.length * 2);
	stampValue++;
	if (stampValue > 2_000_000_000) {
		stamp.fill(0);
		stampValue = 1;
	}
	const out: number[] = [];
	for (let i = 0; i < segs.length; i++) {
		const t = s.st[segs[i]];
		if (stamp[t] !== stampValue) {
			stamp[t] = stampValue;
			out.push(t);
		}
	}
	return out;
}

/** Completed cities (roots) bordering a field root, each once (BASE-1.7.2). */
export function fieldCities(s: GameState, root: number): { complete: number[]; all: number[] } {
	const links = s.links[root];
	const all: number[] = [];
	const complete: number[] = [];
	if (!links) return { complete, all };
	for (let i = 0; i < links.length; i++) {
		const r = find(s, links[i]);
		if (all.indexOf(r) >= 0) continue;
		all.push(r);
		if (s.open[r] === 0) complete.push(r);
	}
	return { complete, all };
}
