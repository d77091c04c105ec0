// Rule ids a score event should name when this expansion shaped it: the figures' strengths
// (MM-MAYOR-7/9, MM-CROW-6, MM-MSG-2/8, MM-END-2), ruling MM-R1 when the highest strength on the
// feature is 0, and a road or city that runs into a town hall (MM-HALL-3, MM-HALL-6).
import { pack, SIDE_STEP } from '../../cells.ts';
import { tileAt } from '../../board-index.ts';
import { isTownHall } from '../../tiles.ts';
import { M } from './state.ts';
import type { Engine, FeatureValue } from '../../types.ts';

/** Does a road or city (root) run into a town hall on some side? */
function touchesHall(engine: Engine, root: number): boolean {
	const state = engine.state;
	for (
		let seg = state.nextSegment[state.lastSegment[root]], k = state.featureSize[root];
		k > 0;
		k--, seg = state.nextSegment[seg]
	) {
		const b = state.segmentTile[seg];
		const t = engine.rules.tiles[state.boardTile[b]];
		const cell = pack(state.boardX[b], state.boardY[b]);
		for (let side = 0; side < 4; side++) {
			if (t.sideFeat[state.boardRotation[b] * 4 + side] !== state.segmentFeature[seg]) continue;
			const n = tileAt(engine, cell + SIDE_STEP[side]);
			if (n >= 0 && isTownHall(engine.rules.tiles[state.boardTile[n]])) return true;
		}
	}
	return false;
}

export function explainValue(engine: Engine, root: number, v: FeatureValue): void {
	const state = engine.state;
	const add = (...ids: string[]) => {
		for (const id of ids) if (!v.rules.includes(id)) v.rules.push(id);
	};
	// without a town hall tile in the set no road or city can run into one: skip the walk
	if (
		(v.kind === 'road' || v.kind === 'city') &&
		M(state).hallTile >= 0 &&
		touchesHall(engine, root)
	)
		add('MM-HALL-3', ...(v.mode === 'complete' ? ['MM-HALL-6'] : []));
	const onFeature = state.featurePieces[root];
	if (!onFeature) return;
	let ours = false;
	for (const pc of onFeature) {
		const p = state.pieces[pc];
		if (!engine.rules.figures.get(p.kind)?.follower) continue;
		if (p.kind === 'mayor') add('MM-MAYOR-7', ...(v.mode === 'final' ? ['MM-MAYOR-9'] : []));
		else if (p.kind === 'scarecrow') add('MM-CROW-6');
		else if (p.kind === 'messenger') add(v.kind === 'city' ? 'MM-MSG-8' : 'MM-MSG-2');
		else continue;
		ours = true;
		if (v.mode === 'final') add('MM-END-2');
	}
	// ruling MM-R1 decides who scores when followers stand there but the highest strength is 0
	if (ours && allZero(engine, root, onFeature)) add('MM-R1');
}

/** Is every player's strength (followers only; neutral counts as a player) at most 0 on the feature? */
function allZero(engine: Engine, root: number, onFeature: number[]): boolean {
	const state = engine.state;
	const strengths = new Map<number, number>();
	for (const pc of onFeature) {
		const p = state.pieces[pc];
		const ft = engine.rules.figures.get(p.kind);
		if (ft?.follower)
			strengths.set(p.owner, (strengths.get(p.owner) ?? 0) + ft.strength(engine, pc, root));
	}
	for (const n of strengths.values()) if (!(n <= 0)) return false;
	return true;
}
