// Joining two hook functions of a data module into one (a document's steps each bring hooks; the
// module has one per name). The joined hook spells its arguments out — a hook takes at most six
// (HookArity) — where a rest parameter and a spread call would build an array on every call, and
// some hooks run several times per placement (deployCheck, placement).
import type { Hooks } from './types.ts';

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

/** `first` answers unless `passes` says its answer lets `then` answer (a refusal, a spare list…). */
export function firstAnswer(
	first: AnyHook,
	then: AnyHook,
	passes: (r: unknown) => boolean
): AnyHook {
	return (a, b, c, d, e, f) => {
		const r = first(a, b, c, d, e, f);
		return passes(r) ? then(a, b, c, d, e, f) : r;
	};
}
