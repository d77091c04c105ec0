// The checks of a bag step (dataRules.steps, type 'bag', engine/data-bag-step.ts) that the schema
// cannot express: the figure must be one of the document's dataRules.figures (no other step's),
// its move must not take the engine's or another step's, and each token's count must be a number
// of rulings and parameters only (decided with the game), 0 to MAX_BAG. Each mistake is a located
// error (where the step sits: data-steps.ts, with every step's `at`).
import { checkExpr, type Scope } from './rule-expr.ts';
import type { Problem } from './problems.ts';

/** The most tokens of one kind a bag holds. */
export const MAX_BAG = 100;

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

export interface BagCheck {
	/** The figures of the document's dataRules. */
	dataFigures: ReadonlySet<string>;
	scope: Scope;
	range: (e: unknown) => readonly [number, number];
	varsOf: (e: unknown) => string[];
	/** Move types taken (the engine's, earlier steps'): the step's move is added. */
	taken: Map<string, string>;
	/** Figure → the bag step that has it already. */
	seen: Map<string, number>;
}

/** Located errors of bag step i (at `at(...)`). */
export function checkBagStep(
	s: Record<string, unknown>,
	i: number,
	at: (...p: (string | number)[]) => string,
	c: BagCheck,
	out: Problem[]
): void {
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	if (typeof s.figure === 'string') {
		if (!c.dataFigures.has(s.figure))
			err(
				at('figure'),
				`unknown figure '${s.figure}': a bag step's figure is one of dataRules.figures (${[...c.dataFigures].join(', ') || 'none'})`
			);
		const first = c.seen.get(s.figure);
		if (first !== undefined)
			err(at('figure'), `figure '${s.figure}' draws from a bag already (step ${first})`);
		else c.seen.set(s.figure, i);
	}
	if (typeof s.move === 'string') {
		const first = c.taken.get(s.move);
		if (first !== undefined)
			err(at('move'), `'${s.move}' is a move already (${first}): its moves would be taken twice`);
		else c.taken.set(s.move, 'a bag step');
	}
	if (!Array.isArray(s.tokens)) return;
	s.tokens.forEach((t: unknown, k: number) => {
		if (!isObject(t) || t.count === undefined) return;
		const ptr = at('tokens', k, 'count');
		const errors = out.length;
		checkExpr(t.count, 'number', c.scope, ptr, out);
		const reads = c
			.varsOf(t.count)
			.filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				ptr,
				`a bag's count reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
		else if (out.length === errors) {
			const [lo, hi] = c.range(t.count);
			if (lo < 0 || hi > MAX_BAG)
				err(
					ptr,
					`the bag can hold ${lo < 0 ? lo : hi} of these tokens: a count is 0 to ${MAX_BAG}`
				);
		}
	});
}
