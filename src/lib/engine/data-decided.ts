// A condition of the rules-as-data language that reads rulings and parameters only (a step's `must`,
// an act's `intoCompleted`, a figure's `accompanies`): decided once per rules context.
import { ev } from './data-scope.ts';
import type { Context } from './types.ts';

/** Whether condition `e` holds in the rules context (`absent` when there is none). */
export function decidedIn(rules: Context, e: unknown, absent = false): boolean {
	if (e === undefined) return absent;
	return (
		ev(e, (name: string): number | boolean => {
			if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
			const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
			return m ? rules.rulings[m[1]] === m[2] : 0;
		}) === true
	);
}
