// The checks of a piece step (`dataRules.steps`, type 'piece': an extra figure's piece put on a part
// of the tile just placed, with or instead of the turn's figure) that the schema cannot express.
// Each mistake is a located error: the figure must be one of the document's own figures (not a
// token, not a data figure placed by the generic move, not named like an engine move, one step per
// figure), `parts` may name only kinds `onto` lists, and each condition must be of its type and
// read what is decided with the game — `onto` also the part's modifiers on its tile.
import { checkExpr, type Scope } from './rule-expr.ts';
import { pointer, type Problem } from './problems.ts';
import { MAX_FIGURES } from './limits.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The conditions of a piece step (its property → the type it has). */
const CONDITIONS: [string, 'number' | 'boolean'][] = [
	['count', 'number'],
	['onePerFeature', 'boolean'],
	['occupies', 'boolean'],
	['stays', 'boolean'],
	['countsAsFigure', 'boolean']
];

/** What a piece or marker step's check reads of the document. */
export interface PieceCheck {
	/** The figures the document itself declares (`figures`). */
	figures: ReadonlySet<string>;
	tokens: ReadonlySet<string>;
	/** Move types the engine's own steps accept. */
	engineMoves: readonly string[];
	scope: Scope;
	range: (e: unknown) => readonly [number, number];
	/** The variables an expression reads. */
	varsOf: (e: unknown) => string[];
	/** Figure id → the step that puts it already. */
	seen: Map<string, number>;
}

/** Located errors of piece step i of `dr` (the document's dataRules). */
export function checkPieceStep(
	s: Record<string, unknown>,
	i: number,
	dr: Record<string, unknown>,
	c: PieceCheck,
	out: Problem[]
): void {
	const at = (...p: (string | number)[]) => pointer('dataRules', 'steps', i, ...p);
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	checkStepFigure(s.figure, at, dr, c, i, err);
	const onto = isObject(s.onto) ? s.onto : {};
	if (isObject(s.parts))
		for (const kind of Object.keys(s.parts))
			if (!(kind in onto))
				err(
					at('parts', kind),
					`parts names ${kind}, which onto does not list: the piece never goes on a ${kind}`
				);
	const conditions: [unknown, string, 'number' | 'boolean', boolean][] = CONDITIONS.map(
		([k, type]) => [s[k], at(k), type, false]
	);
	for (const [kind, e] of Object.entries(onto))
		conditions.push([e, at('onto', kind), 'boolean', true]);
	for (const [e, ptr, want, part] of conditions) {
		if (e === undefined) continue;
		const errors = out.length;
		checkExpr(e, want, c.scope, ptr, out);
		if (want === 'number' && out.length === errors) {
			const [lo, hi] = c.range(e);
			if (lo < 0 || hi > MAX_FIGURES)
				err(
					ptr,
					`the supply can hold ${lo < 0 ? lo : hi} pieces each: a count is 0 to ${MAX_FIGURES}`
				);
		}
		// decided once per game, before any feature is read (a part's modifiers: once per tile)
		const reads = c
			.varsOf(e)
			.filter(
				(v) =>
					!v.startsWith('ruling.') &&
					!v.startsWith('param.') &&
					!(part && v.startsWith('modifier.'))
			);
		if (reads.length)
			err(
				ptr,
				part
					? `which parts take the piece reads rulings, parameters and the part's modifiers only (ruling.<ID>.<option>, param.<name>, modifier.<name>), not ${reads.join(', ')}`
					: `a step's condition reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
}

/** How a step's figure errors name what the step does with it. */
export interface FigureWords {
	/** 'a piece step puts' */
	does: string;
	/** 'put': a figure <verb> by a step */
	verb: string;
	/** what the figure's declaration needs: 'with a name' */
	declare: string;
	/** why the usual move may not place it */
	only: string;
}

const PIECE_WORDS: FigureWords = {
	does: 'a piece step puts',
	verb: 'put',
	declare: 'with a name',
	only: "a piece step's figure is put only by the step"
};

/** The step's figure: one of the document's own, put or moved by this step only. */
export function checkStepFigure(
	f: unknown,
	at: (...p: (string | number)[]) => string,
	dr: Record<string, unknown>,
	c: PieceCheck,
	i: number,
	err: (ptr: string, message: string) => void,
	w: FigureWords = PIECE_WORDS
): void {
	if (typeof f !== 'string') return; // the schema requires it
	if (c.tokens.has(f))
		err(at('figure'), `'${f}' is a token kind: ${w.does} a figure (a token step a token)`);
	else if (!c.figures.has(f))
		err(
			at('figure'),
			`unknown figure '${f}': declare it in the expansion's figures ${w.declare} (known: ${[...c.figures].join(', ') || 'none'})`
		);
	else if (c.engineMoves.includes(f))
		err(
			at('figure'),
			`a figure ${w.verb} by a step may not be named '${f}': the engine's own moves are`
		);
	else if (isObject(dr.figures) && f in dr.figures)
		err(at('figure'), `figure '${f}' is placed by the usual move (dataRules.figures): ${w.only}`);
	else if (c.seen.has(f))
		err(
			at('figure'),
			`figure '${f}' has a step already (step ${c.seen.get(f)}): its move would be offered twice`
		);
	else c.seen.set(f, i);
}
