// A figure that must be chosen (dataRules.figures[].mustBeChosen): when a rule makes a player choose
// among opponents' pieces (choices.ts) and such a figure on the board, among the pieces the rule
// looks at, can be chosen, the choice is that figure alone; with `always` it can be chosen even
// where the rule accepts only other figures. Its condition reads rulings and parameters only.
import { perContext } from './per-context.ts';
import { ruleCondition } from './data-random-step.ts';
import type { DataFigure } from '../formats/schema-types.ts';
import type { Hooks } from './types.ts';

/** The opponentChoice hook of the document's figures that must be chosen (none: null). */
export function mustBeChosenHook(
	figures: Record<string, DataFigure>
): Hooks['opponentChoice'] | null {
	const wanted = Object.entries(figures).flatMap(([id, f]) =>
		f.mustBeChosen ? [[id, f.mustBeChosen] as const] : []
	);
	if (!wanted.length) return null;
	const always = perContext((rules) =>
		wanted.map(([, w]) => ruleCondition(rules, w.always, false))
	);
	return (engine, _chooser, pool, candidates) => {
		const ps = engine.state.pieces;
		for (let k = 0; k < wanted.length; k++) {
			const [id, w] = wanted[k];
			const b = pool.find((pc) => ps[pc].kind === id && ps[pc].seg >= 0);
			if (b === undefined) continue;
			const rules: string[] = [];
			let list = candidates;
			if (!list.includes(b) && always(engine.rules)[k]) {
				list = [...list, b];
				rules.push(...(w.alwaysRules ?? []));
			}
			if (!list.includes(b)) continue;
			if (list.length > 1) rules.push(...(w.rules ?? []));
			return { pieces: [b], rules };
		}
		return null;
	};
}
