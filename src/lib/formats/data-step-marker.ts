// The checks of a marker step (`dataRules.steps`, type 'marker': a neutral figure a player moves
// beside one of their own followers, instead of placing a figure) that the schema cannot express.
// Each mistake is a located error: the figure must be one of the document's own figures (not a
// token, not a data figure placed by the generic move, not named like an engine move, one step per
// figure), each condition must be a condition and each amount of points a number from 0 to the
// expression limit, reading only what is decided with the game (rulings and parameters).
import { checkExpr } from './rule-expr.ts';
import { pointer, type Problem } from './problems.ts';
import { EXPR_LIMIT } from './limits.ts';
import { checkStepFigure, type FigureWords, type PieceCheck } from './data-step-piece.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

export type MarkerCheck = PieceCheck;

const MARKER_WORDS: FigureWords = {
	does: 'a marker step moves',
	verb: 'moved',
	declare: 'with a name and "neutral": 1',
	only: 'a marker is moved only by its step'
};

/** Located errors of marker step i of `dr` (the document's dataRules). */
export function checkMarkerStep(
	s: Record<string, unknown>,
	i: number,
	dr: Record<string, unknown>,
	c: MarkerCheck,
	out: Problem[]
): void {
	const at = (...p: (string | number)[]) => pointer('dataRules', 'steps', i, ...p);
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	checkStepFigure(s.figure, at, dr, c, i, err, MARKER_WORDS);
	const exprs: [unknown, string, 'number' | 'boolean'][] = [
		[s.inPlay, at('inPlay'), 'boolean'],
		[s.onTile, at('onTile'), 'boolean'],
		[s.keepsDragonOut, at('keepsDragonOut'), 'boolean'],
		[s.guardsLeftTile, at('guardsLeftTile'), 'boolean']
	];
	if (isObject(s.turnStart)) exprs.push([s.turnStart.points, at('turnStart', 'points'), 'number']);
	if (isObject(s.scoring)) {
		exprs.push([s.scoring.points, at('scoring', 'points'), 'number']);
		if (isObject(s.scoring.winnersOnly))
			for (const [kind, e] of Object.entries(s.scoring.winnersOnly))
				exprs.push([e, at('scoring', 'winnersOnly', kind), 'boolean']);
	}
	for (const [e, ptr, want] of exprs) {
		if (e === undefined) continue;
		const errors = out.length;
		checkExpr(e, want, c.scope, ptr, out);
		if (want === 'number' && out.length === errors) {
			const [lo, hi] = c.range(e);
			if (lo < 0 || hi > EXPR_LIMIT)
				err(ptr, `the points can be ${lo < 0 ? lo : hi}: a marker gives 0 to ${EXPR_LIMIT}`);
		}
		// decided once per game, before any feature is read
		const reads = c.varsOf(e).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				ptr,
				`a step's condition reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
}
