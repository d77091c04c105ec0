// The checks of what a document's figures do besides standing and scoring, that the schema cannot
// express: random steps (their figure, move, outcomes, effects and labels), the figure properties
// drawsDragon, mustBeChosen, deniesAwards (their conditions of the right type, reading rulings and
// parameters only) and dataRules.onlyWhen (rule ids and moves of the document, known rulings and
// options). Each mistake is a located error.
import { checkExpr, type Scope } from './rule-expr.ts';
import { pointer, type Problem } from './problems.ts';
import { ENGINE_MOVES, varsOf } from './data-steps.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The conditions of a figure's moves (path under the figure → what it decides). */
const FIGURE_CONDITIONS: string[][] = [
	['drawsDragon', 'blocked'],
	['drawsDragon', 'sparesOthers'],
	['mustBeChosen', 'always'],
	['deniesAwards', 'when']
];

type Err = (ptr: string, message: string) => void;

/** A condition decided once per game: a boolean that reads rulings and parameters only. */
function checkCondition(e: unknown, ptr: string, scope: Scope, out: Problem[], err: Err): void {
	if (e === undefined) return;
	checkExpr(e, 'boolean', scope, ptr, out);
	const reads = varsOf(e).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
	if (reads.length)
		err(
			ptr,
			`this condition is decided once per game: it reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
		);
}

/** Located errors in dataRules' random steps, figure moves and onlyWhen. */
export function checkFigureMoves(
	dr: Record<string, unknown>,
	names: { scope: Scope; rulings: ReadonlyMap<string, string[]> },
	out: Problem[]
): void {
	const err: Err = (ptr, message) => out.push({ pointer: ptr, message, severity: 'error' });
	const figures = isObject(dr.figures) ? dr.figures : {};
	for (const [id, f] of Object.entries(figures)) {
		if (!isObject(f)) continue;
		for (const path of FIGURE_CONDITIONS) {
			const e = path.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), f);
			checkCondition(e, pointer('dataRules', 'figures', id, ...path), names.scope, out, err);
		}
		if (f.deniesAwards !== undefined && f.deniesScoring !== true)
			err(
				pointer('dataRules', 'figures', id, 'deniesAwards'),
				`figure '${id}' takes awards away only with its denial: it needs "deniesScoring": true`
			);
	}
	const moves = checkRandomSteps(dr, figures, names.scope, out, err);
	checkOnlyWhen(dr, moves, names.rulings, err);
}

/** The random steps; returns the moves of the document's steps (random moves and token kinds). */
function checkRandomSteps(
	dr: Record<string, unknown>,
	figures: Record<string, unknown>,
	scope: Scope,
	out: Problem[],
	err: Err
): Set<string> {
	const moves = new Map<string, number>();
	const steps = Array.isArray(dr.steps) ? dr.steps : [];
	steps.forEach((s: unknown, i: number) => {
		if (isObject(s) && s.type === 'token' && typeof s.token === 'string') moves.set(s.token, i);
	});
	steps.forEach((s: unknown, i: number) => {
		if (!isObject(s) || s.type !== 'random') return;
		const at = (...p: (string | number)[]) => pointer('dataRules', 'steps', i, ...p);
		const figure = typeof s.figure === 'string' ? figures[s.figure] : undefined;
		if (typeof s.figure === 'string' && !isObject(figure))
			err(
				at('figure'),
				`unknown figure '${s.figure}': a random step acts on one of dataRules.figures (${Object.keys(figures).join(', ') || 'none'})`
			);
		else if (s.at === 'dragon-enters' && isObject(figure) && !isObject(figure.drawsDragon))
			err(
				at('at'),
				`a step at 'dragon-enters' comes when the dragon enters the tile of its figure, which must draw the dragon: give figure '${s.figure}' "drawsDragon"`
			);
		if (typeof s.move === 'string') {
			if (ENGINE_MOVES.includes(s.move))
				err(at('move'), `a step's move may not be named '${s.move}': the engine's own moves are`);
			const first = moves.get(s.move);
			if (first !== undefined)
				err(
					at('move'),
					`move '${s.move}' belongs to step ${first} already: it would be offered twice`
				);
			else moves.set(s.move, i);
		}
		const outcomes = Array.isArray(s.outcomes)
			? s.outcomes.filter((o) => typeof o === 'string')
			: [];
		// a missing `effects` is the schema's (required)
		const effects = isObject(s.effects) ? s.effects : null;
		for (const o of effects ? outcomes : [])
			if (!(o in effects!))
				err(at('effects'), `outcome '${o}' has no effect: give it "supply" or "removed"`);
		for (const k of ['effects', 'labels'] as const)
			if (isObject(s[k]))
				for (const o of Object.keys(s[k] as object))
					if (!outcomes.includes(o))
						err(at(k, o), `'${o}' is not one of the step's outcomes (${outcomes.join(', ')})`);
		checkCondition(s.enteredBy, at('enteredBy'), scope, out, err);
	});
	return new Set(moves.keys());
}

/** onlyWhen names the document's rule ids and moves, and known rulings with their options. */
function checkOnlyWhen(
	dr: Record<string, unknown>,
	moves: Set<string>,
	rulings: ReadonlyMap<string, string[]>,
	err: Err
): void {
	if (!isObject(dr.onlyWhen)) return;
	const ids = new Set(
		Array.isArray(dr.rules)
			? dr.rules.flatMap((r: unknown) => (isObject(r) && typeof r.id === 'string' ? [r.id] : []))
			: []
	);
	for (const [key, c] of Object.entries(dr.onlyWhen)) {
		const at = (...p: string[]) => pointer('dataRules', 'onlyWhen', key, ...p);
		if (!ids.has(key) && !moves.has(key))
			err(at(), `'${key}' is neither a rule id of these rules nor a move of their steps`);
		if (!isObject(c) || !isObject(c.rulings)) continue;
		for (const [rid, options] of Object.entries(c.rulings)) {
			const known = rulings.get(rid);
			if (!known) {
				err(
					at('rulings', rid),
					`unknown ruling '${rid}' (rulings in play: ${[...rulings.keys()].join(', ') || 'none'})`
				);
				continue;
			}
			for (const o of Array.isArray(options) ? options : [])
				if (typeof o === 'string' && !known.includes(o))
					err(
						at('rulings', rid),
						`ruling ${rid} has no option '${o}' (options: ${known.join(', ')})`
					);
		}
	}
}
