// The checks of a figure action (`dataRules.steps[i]` of type 'act', engine/data-act.ts and
// data-surrounded.ts) that the schema cannot express: the figure must be known and not a token, its
// move must not take another step's or the engine's, each choice that moves the figure must name a
// feature kind its reach leads to, once, a property of the other trigger is out of place, and a
// 'surrounded' choice does one thing. Each mistake is a located error (the step's conditions are checked with every
// step's, data-steps.ts).
import type { Problem } from './problems.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The feature kinds each reach leads to. */
export const REACH_KINDS: Record<string, string[]> = { 'road-end': ['road', 'city'] };

/**
 * Located errors of the act step `s` (at `at(...)`): `knownFigures` the figures known (the document's,
 * its dependencies', the engine's), `tokens` the token kinds, `taken` the move types already taken
 * (the engine's and earlier steps'; the step's figure is added).
 */
export function checkActStep(
	s: Record<string, unknown>,
	at: (...p: (string | number)[]) => string,
	names: { knownFigures: ReadonlySet<string>; tokens: ReadonlySet<string> },
	taken: Map<string, string>,
	out: Problem[]
): void {
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	if (typeof s.figure === 'string') {
		if (!names.knownFigures.has(s.figure) || names.tokens.has(s.figure))
			err(
				at('figure'),
				`unknown figure '${s.figure}': an act step names one of the expansion's (or a dependency's) figures (known: ${[...names.knownFigures].filter((f) => !names.tokens.has(f)).join(', ') || 'none'})`
			);
		const first = taken.get(s.figure);
		if (first !== undefined)
			err(
				at('figure'),
				`'${s.figure}' is a move already (${first}): its moves would be taken twice`
			);
		else taken.set(s.figure, 'an act step');
	}
	checkTrigger(s, at, err);
	if (!isObject(s.choices)) return;
	// a missing or unknown reach is the schema's error: moves are checked against a known one only
	const leads =
		typeof s.reach === 'string' && Object.hasOwn(REACH_KINDS, s.reach)
			? REACH_KINDS[s.reach]
			: null;
	const kinds = new Map<string, string>();
	for (const [name, c] of Object.entries(s.choices)) {
		if (!isObject(c) || typeof c.moveTo !== 'string') continue;
		const ptr = at('choices', name, 'moveTo');
		if (leads && !leads.includes(c.moveTo))
			err(
				ptr,
				`the reach '${String(s.reach)}' leads to ${leads.join(' and ')} only: no ${c.moveTo} is ever within reach`
			);
		const other = kinds.get(c.moveTo);
		if (other !== undefined)
			err(ptr, `choice '${other}' moves to a ${c.moveTo} already: one choice per feature kind`);
		else kinds.set(c.moveTo, name);
	}
}

/** What belongs to one trigger only: the step's properties and its choices'. */
const ONLY: Record<string, { step: string[]; choice: string[] }> = {
	'feature-scores': { step: ['from', 'reach', 'intoCompleted'], choice: ['moveTo'] },
	surrounded: {
		step: [
			'triggerRules',
			'wildcardNeighbours',
			'wildcardRules',
			'wildcardBeside',
			'afterFigure',
			'afterScoring',
			'placedSurrounded',
			'byStep',
			'usesPlacement'
		],
		choice: ['win', 'putFollower', 'strength', 'home', 'homeEvent']
	}
};

/** A property of the other trigger is an error where it stands; a 'surrounded' choice does one thing. */
function checkTrigger(
	s: Record<string, unknown>,
	at: (...p: (string | number)[]) => string,
	err: (ptr: string, message: string) => void
): void {
	if (typeof s.when !== 'string' || !Object.hasOwn(ONLY, s.when)) return;
	const when = s.when;
	const other = Object.entries(ONLY).find(([w]) => w !== when)!;
	for (const k of other[1].step)
		if (s[k] !== undefined)
			err(at(k), `'${k}' belongs to a '${other[0]}' act, not to a '${when}' one`);
	if (!isObject(s.choices)) return;
	for (const [n, c] of Object.entries(s.choices)) {
		if (!isObject(c)) continue;
		for (const k of other[1].choice)
			if (c[k] !== undefined)
				err(
					at('choices', n, k),
					`'${k}' belongs to a '${other[0]}' act's choice, not to a '${when}' one`
				);
		const effects = ['win', 'putFollower', 'strength'].filter(
			(k) => c[k] !== undefined && c[k] !== false
		);
		if (effects.length > 1)
			err(at('choices', n), `a choice does one thing: ${effects.join(' and ')} together`);
		if (c.strength !== undefined && (c.home === true || c.homeEvent !== undefined))
			err(
				at('choices', n, 'strength'),
				'a figure whose strength changes stays where it is: not home too'
			);
		if (c.putFollower === true && c.homeEvent !== undefined)
			err(
				at('choices', n, 'homeEvent'),
				"putFollower sends the figure home already, with the choice's event"
			);
	}
}
