// Joining two hook functions of a data module into one (a document's steps each bring hooks; the
// module has one per name), and binding a step's hook only under the rulings where it can act. The joined hook spells its arguments out — a hook takes at most six
// (HookArity) — where a rest parameter and a spread call would build an array on every call, and
// some hooks run several times per placement (deployCheck, placement).
import { ev } from './data-scope.ts';
import type { Hooks, RuleModule } from './types.ts';

/** A hook of any name, called with its arguments spelled out. */
export type AnyHook = (
	a?: unknown,
	b?: unknown,
	c?: unknown,
	d?: unknown,
	e?: unknown,
	f?: unknown
) => unknown;

/** Every hook takes at most six arguments (a seventh, dropped by the joined hooks, is a type error here). */
type HookArity = { [K in keyof Hooks]: Parameters<Hooks[K]>['length'] }[keyof Hooks];
type Holds<T extends true> = T;
export type HooksTakeAtMostSix = Holds<HookArity extends 0 | 1 | 2 | 3 | 4 | 5 | 6 ? true : false>;

/** Both run, `first` first; the joined hook answers nothing (a void hook). */
export function bothRun(first: AnyHook, then: AnyHook): AnyHook {
	return (a, b, c, d, e, f) => {
		first(a, b, c, d, e, f);
		then(a, b, c, d, e, f);
	};
}

/** `then` answers when `first` answers nothing (null or undefined: no refusal). */
export function unlessNullish(first: AnyHook, then: AnyHook): AnyHook {
	return (a, b, c, d, e, f) => first(a, b, c, d, e, f) ?? then(a, b, c, d, e, f);
}

/** `then` answers when `first` answers nothing truthy (false: the game does not go on; no refusal). */
export function unlessTruthy(first: AnyHook, then: AnyHook): AnyHook {
	return (a, b, c, d, e, f) => first(a, b, c, d, e, f) || then(a, b, c, d, e, f);
}

/** `then` answers when `first` answers nothing or 'keep' (a refusal, a spare list, 'aside' answer for both). */
export function unlessAnswered(first: AnyHook, then: AnyHook): AnyHook {
	return (a, b, c, d, e, f) => {
		const r = first(a, b, c, d, e, f);
		return r === null || r === undefined || r === 'keep' ? then(a, b, c, d, e, f) : r;
	};
}

/** A step's hook that acts only under some rulings (`when`): bound only there, while it is its module's only hook of the name. */
export interface Gate {
	name: keyof Hooks;
	hook: unknown;
	when: (rulings: Readonly<Record<string, string>>) => boolean;
}

/** The module binds each gate's hook only under its rulings, unless another hook of the name was joined to it since. */
export function applyGates(module: RuleModule, gates: readonly (Gate | undefined)[]): void {
	for (const g of gates)
		if (g && module.hooks?.[g.name] === g.hook)
			module.hookWhen = { ...module.hookWhen, [g.name]: g.when };
}

/** Does a condition hold under these rulings? (one reading a parameter may: decided with the game) */
export function holdsUnder(e: unknown, rulings: Readonly<Record<string, string>>): boolean {
	if (e === undefined) return false;
	if (JSON.stringify(e).includes('"param.')) return true;
	return (
		ev(e, (name) => {
			const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
			return m ? rulings[m[1]] === m[2] : 0;
		}) === true
	);
}
