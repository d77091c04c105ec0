// Rule ids a score event should name when this expansion shaped it: the figures' strengths
// (MM-MAYOR-7/9, MM-CROW-6, MM-MSG-2/8, MM-END-2), ruling MM-R1 when the highest strength on the
// feature is 0, and a road or city that runs into a town hall (MM-HALL-3, MM-HALL-6).
import { pack, SIDE_STEP, tileAt } from '../../board.ts';
import { M } from './state.ts';
import type { Engine, FeatureValue } from '../../types.ts';

/** Does a road or city (root) run into a town hall on some side? */
function touchesHall(g: Engine, root: number): boolean {
	const s = g.s;
	for (let seg = s.snext[s.slast[root]], k = s.ssize[root]; k > 0; k--, seg = s.snext[seg]) {
		const b = s.st[seg];
		const t = g.c.tiles[s.bt[b]];
		const cell = pack(s.bx[b], s.by[b]);
		for (let side = 0; side < 4; side++) {
			if (t.sideFeat[s.br[b] * 4 + side] !== s.sl[seg]) continue;
			const n = tileAt(g, cell + SIDE_STEP[side]);
			if (n >= 0 && g.c.tiles[s.bt[n]].wildcard) return true;
		}
	}
	return false;
}

export function explainValue(g: Engine, root: number, v: FeatureValue): void {
	const s = g.s;
	const add = (...ids: string[]) => {
		for (const id of ids) if (!v.rules.includes(id)) v.rules.push(id);
	};
	// without a town hall tile in the set no road or city can run into one: skip the walk
	if ((v.kind === 'road' || v.kind === 'city') && M(s).hallTile >= 0 && touchesHall(g, root))
		add('MM-HALL-3', ...(v.mode === 'complete' ? ['MM-HALL-6'] : []));
	const figs = s.figs[root];
	if (!figs) return;
	let ours = false;
	for (const pc of figs) {
		const p = s.pieces[pc];
		if (!g.c.figures.get(p.kind)?.follower) continue;
		if (p.kind === 'mayor') add('MM-MAYOR-7', ...(v.mode === 'final' ? ['MM-MAYOR-9'] : []));
		else if (p.kind === 'scarecrow') add('MM-CROW-6');
		else if (p.kind === 'messenger') add(v.kind === 'city' ? 'MM-MSG-8' : 'MM-MSG-2');
		else continue;
		ours = true;
		if (v.mode === 'final') add('MM-END-2');
	}
	// ruling MM-R1 decides who scores when followers stand there but the highest strength is 0
	if (ours && allZero(g, root, figs)) add('MM-R1');
}

/** Is every player's strength (followers only; neutral counts as a player) at most 0 on the feature? */
function allZero(g: Engine, root: number, figs: number[]): boolean {
	const s = g.s;
	const strengths = new Map<number, number>();
	for (const pc of figs) {
		const p = s.pieces[pc];
		const ft = g.c.figures.get(p.kind);
		if (ft?.follower)
			strengths.set(p.owner, (strengths.get(p.owner) ?? 0) + ft.strength(g, pc, root));
	}
	for (const n of strengths.values()) if (!(n <= 0)) return false;
	return true;
}
