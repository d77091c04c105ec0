// Wires in what a document's figures do besides standing and scoring: random steps
// (data-random-step.ts), figures that draw the dragon (data-draws-dragon.ts), that must be chosen
// (data-must-be-chosen.ts), that tell of their return or take awards away with their denial
// (data-figure-scoring.ts). Their hooks join the module's (after those already there).
import { randomSteps } from './data-random-step.ts';
import { drawsDragonHooks } from './data-draws-dragon.ts';
import { mustBeChosenHook } from './data-must-be-chosen.ts';
import { deniedAwardsHook, returnsHook } from './data-figure-scoring.ts';
import type { DataState } from './data-scope.ts';
import { bothRun, type AnyHook } from './data-join.ts';
import type { DataRules, RandomStep } from '../formats/schema-types.ts';
import type { Engine, Hooks, RuleModule } from './types.ts';

/** Adds `fn` after the module's hook `name` (a void hook: both run). */
function after<K extends keyof Hooks>(hooks: Partial<Hooks>, name: K, fn: Hooks[K]): void {
	const before = hooks[name] as AnyHook | undefined;
	(hooks as Record<string, unknown>)[name] = before ? bothRun(before, fn as AnyHook) : fn;
}

/** Adds a hook that answers (dragonEnters): both run, their answers merged. */
function merged(hooks: Partial<Hooks>, fn: Hooks['dragonEnters']): void {
	const before = hooks.dragonEnters;
	hooks.dragonEnters = before
		? (engine, b, player) => {
				const x = before(engine, b, player);
				const y = fn(engine, b, player);
				if (!x || !y) return x ?? y;
				return {
					stop: y.stop ?? x.stop,
					rules: y.stop ? y.rules : x.rules,
					spare: [...(x.spare ?? []), ...(y.spare ?? [])]
				};
			}
		: fn;
}

/**
 * The document's figure moves compiled into `hooks`; `parts` (what the module has from its other
 * steps) joined with what it gets from them; the rules they cite.
 */
export function withFigureMoves(
	dr: DataRules,
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState,
	parts: Partial<RuleModule>
): { module: Partial<RuleModule>; cited: string[] } {
	const figures = dr.figures ?? {};
	const list = (dr.steps ?? []).filter((s): s is RandomStep => s.type === 'random');
	const random = randomSteps(list, state);
	const module: Partial<RuleModule> = { ...parts };
	if (list.length) {
		module.steps = { ...parts.steps, ...random.steps };
		module.moves = { ...parts.moves, ...random.moves };
	}
	const dragon = drawsDragonHooks(figures, random.parts);
	if (dragon) {
		const first = hooks.dragonTargets;
		hooks.dragonTargets = first
			? (engine, open) => first(engine, open) ?? dragon.dragonTargets(engine, open)
			: dragon.dragonTargets;
		merged(hooks, dragon.dragonEnters);
	}
	const chosen = mustBeChosenHook(figures);
	if (chosen) hooks.opponentChoice = chosen;
	const returns = returnsHook(figures);
	if (returns) {
		after(hooks, 'scored', returns);
		// the scored hook now always acts
		if (module.hookWhen?.scored) module.hookWhen = { ...module.hookWhen, scored: undefined };
	}
	const denied = deniedAwardsHook(figures, state);
	if (denied) {
		// bound only under the rulings where it acts, unless the module pays awards of its own
		if (!hooks.awards) module.hookWhen = { ...module.hookWhen, awards: denied.when };
		after(hooks, 'awards', denied.hook);
	}
	return { module, cited: random.cited };
}
