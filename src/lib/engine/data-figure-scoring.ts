// What a data figure adds to the scoring of its feature besides its strength: the event of its
// return to the supply (`returnRules`: '<figure>Returns') and, when it denies the scoring
// (deniesScoring), the awards of other rules it takes away too (`deniesAwards`, under a condition
// of rulings and parameters, decided once per rules context).
import { emit } from './events.ts';
import { perContext } from './per-context.ts';
import { figureRef } from './scoring.ts';
import { conditionOf, ruleCondition } from './data-random-step.ts';
import type { DataState } from './data-scope.ts';
import type { DataFigure } from '../formats/schema-types.ts';
import type { Engine, Hooks } from './types.ts';

/** The scored hook that tells of the document's returning figures (none: null). */
export function returnsHook(figures: Record<string, DataFigure>): Hooks['scored'] | null {
	const returning = Object.entries(figures).flatMap(([id, f]) =>
		f.returnRules?.length ? [[id, f.returnRules] as const] : []
	);
	if (!returning.length) return null;
	return (engine, root, ev) => {
		if (engine.silent) return; // only an event
		const state = engine.state;
		for (const [id, rules] of returning) {
			const piece = (state.featurePieces[root] ?? []).find((pc) => state.pieces[pc].kind === id);
			if (piece === undefined) continue;
			const f = engine.rules.figures.get(id);
			const name = f?.name ?? id;
			emit(
				engine,
				{ type: `${id}Returns`, rules, final: ev.final, figure: figureRef(engine, piece) },
				() =>
					`${name} goes back to the ${f?.neutral ? 'general supply, for any player to place again' : 'supply'}.`
			);
		}
	};
}

/**
 * The awards hook taking away, from a feature one of the document's figures denied, the awards
 * citing the rules its `deniesAwards` names, and the rulings under which it acts (none: null).
 */
export function deniedAwardsHook(
	figures: Record<string, DataFigure>,
	state: (engine: Engine) => DataState
): { hook: Hooks['awards']; when: (rulings: Readonly<Record<string, string>>) => boolean } | null {
	const denying = Object.entries(figures).flatMap(([id, f]) =>
		f.deniesScoring && f.deniesAwards ? [[id, f.deniesAwards] as const] : []
	);
	if (!denying.length) return null;
	const on = perContext((rules) => denying.map(([, d]) => ruleCondition(rules, d.when, true)));
	return {
		when: (rulings) => denying.some(([, d]) => conditionOf(rulings, null, d.when, true)),
		hook(engine, root, _v, _winners, awards) {
			const st = state(engine);
			if (st.denied !== root) return;
			const k = denying.findIndex(([id]) => id === st.deniedBy);
			if (k < 0 || !on(engine.rules)[k]) return;
			const rules = denying[k][1].rules;
			for (let i = awards.length - 1; i >= 0; i--)
				if (awards[i].rules.some((r) => rules.includes(r))) awards.splice(i, 1);
		}
	};
}
