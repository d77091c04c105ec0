// The checks of a send-home step (`dataRules.steps[i]` of type 'send-home',
// engine/data-send-home.ts) that the schema cannot express: its move must not take another step's
// or the engine's, its modifier must be known, its conditions must be of their type and read only
// what is decided with the game, and its text may name only the slots the engine fills. Each
// mistake is a located error.
import { checkExpr, type Scope } from './rule-expr.ts';
import type { Problem } from './problems.ts';

/** The slots a send-home step's text may name (engine/data-send-home.ts fills them). */
export const SEND_HOME_SLOTS = ['player', 'owner', 'figure', 'x', 'y', 'feature'];

/**
 * Located errors of the send-home step `s` (at `at(...)`): `taken` the move types already taken
 * (the engine's and earlier steps'; the step's move is added), `varsOf` the variables an
 * expression reads.
 */
export function checkSendHome(
	s: Record<string, unknown>,
	at: (...p: (string | number)[]) => string,
	c: { scope: Scope; varsOf: (e: unknown) => string[]; taken: Map<string, string> },
	out: Problem[]
): void {
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	if (typeof s.move === 'string') {
		const first = c.taken.get(s.move);
		if (first !== undefined)
			err(at('move'), `'${s.move}' is a move already (${first}): its moves would be taken twice`);
		else c.taken.set(s.move, 'a send-home step');
	}
	if (typeof s.modifier === 'string') {
		const why = c.scope.lookup(`modifier.${s.modifier}`);
		if (why !== 'number' && why !== 'boolean') err(at('modifier'), why);
	}
	for (const key of ['followersOnly', 'inPlay', 'must']) {
		const e = s[key];
		if (e === undefined) continue;
		const errors = out.length;
		checkExpr(e, 'boolean', c.scope, at(key), out);
		if (out.length > errors) continue;
		const reads = c.varsOf(e).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				at(key),
				`a step's condition reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
	if (typeof s.text === 'string')
		for (const m of s.text.matchAll(/\{([^{}]*)\}/g))
			if (!SEND_HOME_SLOTS.includes(m[1]))
				err(
					at('text'),
					`the text names a slot '{${m[1]}}' the engine does not fill (slots: ${SEND_HOME_SLOTS.map((n) => `{${n}}`).join(', ')})`
				);
}
