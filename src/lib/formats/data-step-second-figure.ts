// The checks of a second-figure step (`dataRules.steps[i]` of type 'second-figure',
// engine/data-second-figure.ts) that the schema cannot express: its figures must be figures in play
// (not tokens), and its step's name must not be the engine's or another step's. Each mistake is a
// located error.
import type { Problem } from './problems.ts';

/** The engine's own steps: a step named so would take their place. */
export const ENGINE_STEPS = ['place', 'figure', 'pick'];

/**
 * Located errors of the second-figure step `s` (at `at(...)`): `knownFigures` the figures known (the
 * document's, its dependencies', the engine's), `tokens` the token kinds, `taken` the names already
 * taken (moves and steps; the step's name is added).
 */
export function checkSecondFigure(
	s: Record<string, unknown>,
	at: (...p: (string | number)[]) => string,
	c: {
		knownFigures: ReadonlySet<string>;
		tokens: ReadonlySet<string>;
		taken: Map<string, string>;
	},
	out: Problem[]
): void {
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	if (typeof s.step === 'string') {
		const first = ENGINE_STEPS.includes(s.step) ? 'an engine step' : c.taken.get(s.step);
		if (first !== undefined)
			err(at('step'), `'${s.step}' is taken already (${first}): name the step otherwise`);
		else c.taken.set(s.step, 'a second-figure step');
	}
	if (!Array.isArray(s.figures)) return;
	s.figures.forEach((f: unknown, k: number) => {
		if (typeof f !== 'string') return;
		if (!c.knownFigures.has(f) || c.tokens.has(f))
			err(
				at('figures', k),
				`unknown figure '${f}': a second-figure step places one of the expansion's (or a dependency's) figures (known: ${[...c.knownFigures].filter((x) => !c.tokens.has(x)).join(', ') || 'none'})`
			);
	});
}
