// Rule ids a score event should name when this expansion shaped it: the mayor's and scarecrow's
// strengths (MM-MAYOR-7/9, MM-CROW-6, MM-END-2) and ruling MM-R1 when the highest strength on the
// feature is 0. The messenger's and the town hall's are the document's (value rules that mark).
import type { Engine, FeatureValue } from '../../types.ts';

export function explainValue(engine: Engine, root: number, v: FeatureValue): void {
	const state = engine.state;
	const add = (...ids: string[]) => {
		for (const id of ids) if (!v.rules.includes(id)) v.rules.push(id);
	};
	const onFeature = state.featurePieces[root];
	if (!onFeature) return;
	let ours = false;
	for (const pc of onFeature) {
		const p = state.pieces[pc];
		if (!engine.rules.figures.get(p.kind)?.follower) continue;
		if (p.kind === 'mayor') add('MM-MAYOR-7', ...(v.mode === 'final' ? ['MM-MAYOR-9'] : []));
		else if (p.kind === 'scarecrow') add('MM-CROW-6');
		else if (p.kind !== 'messenger') continue; // the messenger's rule ids are its document's
		ours = true;
		if (v.mode === 'final' && p.kind !== 'messenger') add('MM-END-2');
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
