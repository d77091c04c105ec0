// The closures a data rule's expression compiles to, and the constants a rules context folds into
// it (data-rules.ts), give what the interpreter gives, for any expression.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileExpr, evaluate, type Env } from '../src/lib/formats/rule-expr.ts';
import { fold } from '../src/lib/engine/data-scope.ts';

const CONSTANTS = ['param.a', 'param.b', 'ruling.X-R1.on', 'complete'];
const VARIABLES = ['tiles', 'figures.note', 'modifier.inn'];
const OPS = [
	'+',
	'-',
	'*',
	'/',
	'max',
	'min',
	'>',
	'>=',
	'<',
	'<=',
	'==',
	'!=',
	'and',
	'or',
	'!',
	'if'
];

const expr: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
	e: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		fc.oneof(fc.integer({ min: -20, max: 20 }), fc.constantFrom(2.5, -0.5, 3e6)),
		fc.boolean(),
		fc.constantFrom(...CONSTANTS, ...VARIABLES).map((v) => ({ var: v })),
		fc
			.tuple(fc.constantFrom(...OPS), fc.array(tie('e'), { minLength: 1, maxLength: 3 }))
			.map(([op, args]) => {
				// the operand counts the validator accepts
				const n =
					op === 'if'
						? 3
						: op === '!'
							? 1
							: ['/', '>', '>=', '<', '<=', '==', '!='].includes(op)
								? 2
								: op === '-'
									? Math.min(args.length, 2)
									: args.length;
				const list = Array.from({ length: n }, (_, i) => args[i % args.length]);
				return { [op]: n === 1 && op === '!' ? list[0] : list };
			})
	)
})).e;

/** Values for every name: constants of the rules context (some not whole, or out of bounds) and the feature's variables. */
const values = fc.record({
	'param.a': fc.oneof(fc.integer({ min: -5, max: 9 }), fc.constantFrom(2.5, 2e6, -0)),
	'param.b': fc.integer({ min: 0, max: 8 }),
	'ruling.X-R1.on': fc.boolean(),
	complete: fc.boolean(),
	tiles: fc.integer({ min: 0, max: 12 }),
	'figures.note': fc.integer({ min: 0, max: 3 }),
	'modifier.inn': fc.boolean()
});

describe('data rule expressions', () => {
	it('compiled closures give what evaluate gives, with or without a resolver', () => {
		fc.assert(
			fc.property(expr, values, (e, vals) => {
				const env: Env = (n) => (vals as Record<string, number | boolean>)[n] ?? 0;
				const want = evaluate(e, env);
				expect(compileExpr(e)(env)).toStrictEqual(want);
				expect(
					compileExpr<Record<string, number | boolean>>(e, (n) => (v) => v[n] ?? 0)(vals)
				).toStrictEqual(want);
			}),
			{ numRuns: 2000 }
		);
	});
	it("folding a rules context's constants in keeps every result", () => {
		fc.assert(
			fc.property(expr, values, (e, vals) => {
				const all = vals as Record<string, number | boolean>;
				const env: Env = (n) => all[n] ?? 0;
				const folded = fold(e, (n) => (CONSTANTS.includes(n) ? all[n] : undefined));
				// what is left reads only the feature's variables
				const rest: Env = (n) => {
					if (
						CONSTANTS.includes(n) &&
						Number.isInteger(all[n]) &&
						Math.abs(all[n] as number) <= 1e6
					)
						throw new Error(`${n} was not folded`);
					return all[n] ?? 0;
				};
				expect(evaluate(folded, rest)).toStrictEqual(evaluate(e, env));
			}),
			{ numRuns: 2000 }
		);
	});
});
