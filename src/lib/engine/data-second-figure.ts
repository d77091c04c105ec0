// A second-figure step (schemas/expansion.v1.json secondFigureStep, type 'second-figure'): once the
// turn's figure action is done — a figure placed or moved, not a pass, nor a move the step names in
// `notAfter` (a knight the princess sent home) — the player may also place one of the step's
// `figures` on the tile just placed, by the usual rules, or pass. The step's kind is named by the
// document (`step`); its moves are the engine's own: `deploy` of those figures and `pass`. It sits
// at the turn's `figureDone` moment, between the figure step and `afterFigure` (the dragon's move).
import { figureMoves, inSupply } from './modules/base.ts';
import { joinHooks } from './data-token-step.ts';
import type { DataStep, SecondFigureStep } from '../formats/schema-types.ts';
import type { Engine, Hooks, Move, RuleModule, Step, StepDef } from './types.ts';

/** The step's moves: deployments of its figures on the tile just placed, and passing. */
function movesOf(d: SecondFigureStep) {
	const figures = d.figures;
	return (engine: Engine, step: Step, out: Move[]): void => {
		const all: Move[] = [];
		figureMoves(engine, step, all);
		for (const m of all)
			if (m.type === 'pass' || (m.type === 'deploy' && figures.includes(m.figure as string)))
				out.push(m);
	};
}

/** One step compiled: its figureDone hook and its step kind. */
function compile(d: SecondFigureStep): { hooks: Partial<Hooks>; stepDef: StepDef } {
	const moves = movesOf(d);
	const notAfter = d.notAfter ?? [];
	const stepDef: StepDef = {
		accepts: ['deploy', 'pass'],
		describe: d.describe ?? `place a ${d.figures.join(' or ')} too, or pass`,
		figures: [...d.figures],
		rules: d.rules ?? [d.id],
		moves
	};
	const hooks: Partial<Hooks> = {
		figureDone(engine) {
			const s = engine.state;
			if (!s.acted || s.placed < 0) return;
			const last = s.log.at(-1)?.type;
			if (last !== undefined && notAfter.includes(last)) return;
			if (!d.figures.some((f) => inSupply(engine, f, s.active) >= 0)) return;
			const step: Step = { kind: d.step, player: s.active };
			const offered: Move[] = [];
			moves(engine, step, offered);
			if (offered.some((m) => m.type === 'deploy')) s.pending.push(step);
		}
	};
	return { hooks, stepDef };
}

/**
 * A document's second-figure steps wired in: their figureDone hooks join `hooks` (after those
 * already there), and the module gets their step kinds.
 */
export function withSecondFigures(
	list: readonly DataStep[],
	hooks: Partial<Hooks>
): { cited: string[]; module: Pick<RuleModule, 'steps'> } | null {
	const steps = list.filter((d): d is SecondFigureStep => d.type === 'second-figure');
	if (!steps.length) return null;
	const module: Pick<RuleModule, 'steps'> = { steps: {} };
	for (const d of steps) {
		const c = compile(d);
		joinHooks(hooks, c.hooks);
		module.steps![d.step] = c.stepDef;
	}
	return { cited: steps.flatMap((d) => [d.id, ...(d.rules ?? [])]), module };
}
