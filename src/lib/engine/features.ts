// Features as an incremental union-find over segments (one segment per feature per placed tile).
// Roots carry the open-edge count (completion), the segment list (a circular list spliced in O(1))
// and the pieces, merged smaller-into-larger so a placement costs a few array operations, never a
// board rescan. A field's bordered cities are read from its segments' tiles.
import type { CFeature, Engine, GameState } from './types.ts';

export function find(state: GameState, seg: number): number {
	const p = state.parent;
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
export function union(state: GameState, a: number, b: number, border: boolean): number {
	let ra = find(state, a);
	let rb = find(state, b);
	if (ra === rb) {
		if (border) state.openEdges[ra] -= 2;
		return ra;
	}
	if (state.featureSize[ra] < state.featureSize[rb]) {
		const t = ra;
		ra = rb;
		rb = t;
	}
	state.parent[rb] = ra;
	if (border) state.openEdges[ra] = state.openEdges[ra] + state.openEdges[rb] - 2;
	// splice rb's circle after ra's last segment: ra's segments, then rb's
	const la = state.lastSegment[ra];
	const lb = state.lastSegment[rb];
	const fa = state.nextSegment[la];
	state.nextSegment[la] = state.nextSegment[lb];
	state.nextSegment[lb] = fa;
	state.lastSegment[ra] = lb;
	state.featureSize[ra] += state.featureSize[rb];
	moveList(state.featurePieces, rb, ra);
	return ra;
}

/** The segments of the feature at `root`, in the order they joined. */
export function segsOf(state: GameState, root: number): number[] {
	const out: number[] = [];
	for (
		let seg = state.nextSegment[state.lastSegment[root]], n = state.featureSize[root];
		n > 0;
		n--, seg = state.nextSegment[seg]
	)
		out.push(seg);
	return out;
}

/** The compiled feature of a segment. */
export function featureOf(engine: Engine, seg: number): CFeature {
	const state = engine.state;
	return engine.rules.tiles[state.boardTile[state.segmentTile[seg]]].features[
		state.segmentFeature[seg]
	];
}

/** The first follower (a piece whose figure type occupies) on the feature, or -1. */
export function occupant(engine: Engine, root: number): number {
	const f = engine.state.featurePieces[root];
	if (!f) return -1;
	for (let i = 0; i < f.length; i++) {
		const t = engine.rules.figures.get(engine.state.pieces[f[i]].kind);
		if (t && t.follower) return f[i];
	}
	return -1;
}

let stamp = new Int32Array(1024);
let stampValue = 0;
/** Distinct board indexes of the tiles of a feature (a tile counts once, BASE-1.5.5). */
export function featureTiles(state: GameState, root: number): number[] {
	if (state.featureSize[root] === 1) return [state.segmentTile[root]];
	const out: number[] = [];
	distinctTiles(state, root, out);
	return out;
}

/** featureTiles(state, root).length, without the list. */
export function tileCount(state: GameState, root: number): number {
	return state.featureSize[root] === 1 ? 1 : distinctTiles(state, root, null);
}

/** The distinct tiles of a feature of several segments: counted, and pushed to `out` when given. */
function distinctTiles(state: GameState, root: number, out: number[] | null): number {
	if (state.boardX.length > stamp.length) stamp = new Int32Array(state.boardX.length * 2);
	stampValue++;
	if (stampValue > 2_000_000_000) {
		stamp.fill(0);
		stampValue = 1;
	}
	const n = state.featureSize[root];
	let count = 0;
	for (
		let seg = state.nextSegment[state.lastSegment[root]], i = 0;
		i < n;
		i++, seg = state.nextSegment[seg]
	) {
		const t = state.segmentTile[seg];
		if (stamp[t] !== stampValue) {
			stamp[t] = stampValue;
			count++;
			if (out !== null) out.push(t);
		}
	}
	return count;
}

/** Completed cities (roots) bordering a field root, each once (BASE-1.7.2). */
export function fieldCities(engine: Engine, root: number): { complete: number[]; all: number[] } {
	const state = engine.state;
	const all: number[] = [];
	const complete: number[] = [];
	for (
		let seg = state.nextSegment[state.lastSegment[root]], n = state.featureSize[root];
		n > 0;
		n--, seg = state.nextSegment[seg]
	) {
		const cities = featureOf(engine, seg).cities;
		const base = state.boardFirstSegment[state.segmentTile[seg]];
		for (let i = 0; i < cities.length; i++) {
			const r = find(state, base + cities[i]);
			if (all.indexOf(r) >= 0) continue;
			all.push(r);
			if (state.openEdges[r] === 0) complete.push(r);
		}
	}
	return { complete, all };
}
