// The moments documents add to the turn (dataRules.moments, formats/turn-moments.ts), compiled once
// per rules context: for each of the engine's moments (phases.ts), the added moments that come
// right after it, each the list of the modules' hooks for it. The turn loop (turn.ts) runs them
// between that phase and the next; a game without added moments has none (null: one test a phase).
import { addedMoments, turnSequence, TURN_MOMENTS } from '../formats/turn-moments.ts';
import type { AddedMoments, Engine, Expansion, RuleModule } from './types.ts';

/** The room the phase number leaves for added moments: moment k (from 1) after phase P is P + k × MOMENT_STEP. */
export const MOMENT_STEP = 1 / 16;

/** The added moments of the documents in play with the hooks the modules have for them. */
export function compileMoments(
	expansions: readonly Expansion[],
	modules: RuleModule[]
): AddedMoments {
	const added = addedMoments(expansions);
	if (added.size === 0) return null;
	const seq = turnSequence(added);
	const out: NonNullable<AddedMoments> = TURN_MOMENTS.map(() => undefined);
	let phase = -1;
	for (const name of seq) {
		const p = (TURN_MOMENTS as readonly string[]).indexOf(name);
		if (p >= 0) {
			phase = p;
			continue;
		}
		const hooks = modules.flatMap((m) => (m.moments?.[name] ? [m.moments[name]] : []));
		(out[phase + 1] ??= []).push(hooks);
	}
	return out;
}

/**
 * Runs the next added moment after the phase the turn is at, if any (true), or puts the phase back
 * to the whole number the next phase follows (false). `moments` is the context's (non-null).
 */
export function nextAddedMoment(engine: Engine, moments: NonNullable<AddedMoments>): boolean {
	const state = engine.state;
	const phase = Math.floor(state.phase);
	const k = Math.round((state.phase - phase) / MOMENT_STEP);
	const list = moments[phase + 1];
	if (list === undefined || k >= list.length) {
		state.phase = phase;
		return false;
	}
	state.phase = phase + (k + 1) * MOMENT_STEP;
	for (const f of list[k]) f(engine);
	return true;
}
