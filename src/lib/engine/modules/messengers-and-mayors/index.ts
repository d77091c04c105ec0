// Messengers & Mayors (Bodes & Burgemeesters): what is still TypeScript — rulings MM-R1 (who scores
// at strength 0) and MM-R14. Its figures, their actions (act steps), the town hall (a held-tile
// step), the setup check (a check rule), texts and most rulings are data:
// expansions/messengers-and-mayors.json.
import { find } from '../../features.ts';
import { MM } from './state.ts';
import type { RuleModule } from '../../types.ts';

export { MM };

export const messengersAndMayors: RuleModule = {
	id: MM,
	name: 'Messengers & Mayors',
	rules: {},
	icons: { mayor: 'MM-SETUP-2' },
	hooks: {
		deployCheck(engine, player, figure, seg) {
			const state = engine.state;
			if (figure === 'pig' && engine.rules.rulings['MM-R14'] === 'farmers-only') {
				const own = (state.featurePieces[find(state, seg)] ?? []).filter(
					(pc) =>
						state.pieces[pc].owner === player &&
						engine.rules.figures.get(state.pieces[pc].kind)?.follower
				);
				if (own.length && own.every((pc) => state.pieces[pc].kind === 'scarecrow'))
					return {
						code: 'pig-needs-farmer',
						message: 'a scarecrow is no farmer for the pig (ruling MM-R14)',
						rules: ['PIG-6.1.1', 'MM-R14']
					};
			}
			return null;
		},
		winners(engine, root, strengths, winners) {
			// ruling MM-R1: when the highest strength is 0, everyone with a follower there scores
			if (winners.length) return null;
			for (const v of strengths) if (v > 0) return null;
			const state = engine.state;
			if (!state.featurePieces[root] || engine.rules.rulings['MM-R1'] !== 'zero-strength-all-score')
				return null;
			const out: number[] = [];
			for (const pc of state.featurePieces[root] ?? []) {
				const p = state.pieces[pc];
				if (p.owner >= 0 && engine.rules.figures.get(p.kind)?.follower && !out.includes(p.owner))
					out.push(p.owner);
			}
			return out.length ? out.sort((a, b) => a - b) : null;
		}
	}
};
