// The expression form of rules written as data (an expansion's `dataRules`): a small JSON AST in
// json-logic's spelling ({"+": [a, b]}, {"var": "tiles"}), type-checked with located errors and
// interpreted by `evaluate` below. Nothing is ever compiled to JavaScript (no eval, no Function):
// a document is data (docs/rules-as-data.md). Pure: used by the validator and by the engine.
import { pointer, type Problem } from './problems.ts';
import { EXPR_LIMIT } from './limits.ts';

export type ExprType = 'number' | 'boolean';
export type Expr = number | boolean | { [op: string]: unknown };

/** Operators: their operand types and result type. */
const OPS: Record<
	string,
	{ args: ExprType | 'any'; min: number; max: number; result: ExprType | 'same' }
> = {
	'+': { args: 'number', min: 1, max: 16, result: 'number' },
	'-': { args: 'number', min: 1, max: 2, result: 'number' },
	'*': { args: 'number', min: 1, max: 16, result: 'number' },
	'/': { args: 'number', min: 2, max: 2, result: 'number' },
	max: { args: 'number', min: 1, max: 16, result: 'number' },
	min: { args: 'number', min: 1, max: 16, result: 'number' },
	'>': { args: 'number', min: 2, max: 2, result: 'boolean' },
	'>=': { args: 'number', min: 2, max: 2, result: 'boolean' },
	'<': { args: 'number', min: 2, max: 2, result: 'boolean' },
	'<=': { args: 'number', min: 2, max: 2, result: 'boolean' },
	'==': { args: 'number', min: 2, max: 2, result: 'boolean' },
	'!=': { args: 'number', min: 2, max: 2, result: 'boolean' },
	and: { args: 'boolean', min: 1, max: 16, result: 'boolean' },
	or: { args: 'boolean', min: 1, max: 16, result: 'boolean' },
	'!': { args: 'boolean', min: 1, max: 1, result: 'boolean' },
	if: { args: 'any', min: 3, max: 3, result: 'same' }
};
export const OPERATORS = Object.keys(OPS);
/** Deepest expression accepted (the validator's nesting check bounds documents already; this bounds work). */
const MAX_DEPTH = 32;

/** The variables an expression may read in one place, with their types (`describe` says what they are). */
export interface Scope {
	/** The type of variable `name`, or a sentence saying why there is none ('no modifier wine is declared'). */
	lookup(name: string): ExprType | string;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);
const typeWord = (t: ExprType) => (t === 'number' ? 'a number' : 'true or false');

/**
 * Checks `e` against the wanted type; returns its type or undefined after pushing a located problem
 * (`at` is the JSON pointer of `e`). Every mistake is an error: an unknown operator or variable,
 * a wrong operand count, a number where a condition goes.
 */
export function checkExpr(
	e: unknown,
	want: ExprType | 'any',
	scope: Scope,
	at: string,
	out: Problem[],
	depth = 0
): ExprType | undefined {
	const err = (ptr: string, message: string) => {
		out.push({ pointer: ptr, message, severity: 'error' });
		return undefined;
	};
	let got: ExprType | undefined;
	if (depth > MAX_DEPTH) return err(at, `the expression is nested deeper than ${MAX_DEPTH} levels`);
	if (typeof e === 'number')
		got = Number.isFinite(e) ? 'number' : err(at, 'a number must be finite');
	else if (typeof e === 'boolean') got = 'boolean';
	else if (!isObj(e))
		return err(
			at,
			`an expression is a number, true/false or an object such as {"var": "tiles"} or {"+": [1, 2]}, not ${Array.isArray(e) ? 'a list' : (JSON.stringify(e) ?? String(e))}`
		);
	else {
		const keys = Object.keys(e);
		if (keys.length !== 1)
			return err(
				at,
				`an expression object has exactly one operator (found ${keys.length ? keys.join(', ') : 'none'}; operators: var, ${OPERATORS.join(', ')})`
			);
		const op = keys[0];
		const arg = e[op];
		const here = at + pointer(op);
		if (op === 'var') {
			if (typeof arg !== 'string')
				return err(here, 'var takes the name of a variable as text, e.g. {"var": "tiles"}');
			const t = scope.lookup(arg);
			if (t !== 'number' && t !== 'boolean') return err(here, t);
			got = t;
		} else {
			const def = OPS[op];
			if (!def)
				return err(here, `unknown operator '${op}' (operators: var, ${OPERATORS.join(', ')})`);
			const args = Array.isArray(arg) ? arg : [arg];
			if (args.length < def.min || args.length > def.max)
				return err(
					here,
					`'${op}' takes ${def.min === def.max ? def.min : `${def.min} to ${def.max}`} operand${def.max > 1 ? 's' : ''}, not ${args.length}`
				);
			const ptrOf = (i: number) => (Array.isArray(arg) ? here + pointer(i) : here);
			if (op === 'if') {
				const c = checkExpr(args[0], 'boolean', scope, ptrOf(0), out, depth + 1);
				const a = checkExpr(args[1], want, scope, ptrOf(1), out, depth + 1);
				const b = checkExpr(args[2], a ?? want, scope, ptrOf(2), out, depth + 1);
				if (!c || !a || !b) return undefined;
				got = a;
			} else {
				let ok = true;
				for (let i = 0; i < args.length; i++)
					if (!checkExpr(args[i], def.args as ExprType, scope, ptrOf(i), out, depth + 1))
						ok = false;
				if (!ok) return undefined;
				got = def.result as ExprType;
			}
		}
	}
	if (got && want !== 'any' && got !== want)
		return err(at, `expected ${typeWord(want)} here, but this expression gives ${typeWord(got)}`);
	return got;
}

/** Reads a variable while evaluating (the engine answers from the feature being scored). */
export type Env = (name: string) => number | boolean;

const num = (v: number | boolean): number => (typeof v === 'number' ? v : v ? 1 : 0);

/**
 * Interprets a checked expression. Numbers are kept whole and bounded (±EXPR_LIMIT) so no document can
 * make a score infinite or fractional.
 */
export function evaluate(e: unknown, env: Env): number | boolean {
	if (typeof e === 'number') return bound(e);
	if (typeof e === 'boolean') return e;
	if (!isObj(e)) return 0;
	const op = Object.keys(e)[0];
	const arg = e[op];
	if (op === 'var') return typeof arg === 'string' ? env(arg) : 0;
	const args = Array.isArray(arg) ? arg : [arg];
	const n = (i: number) => num(evaluate(args[i], env));
	switch (op) {
		case '+': {
			let t = 0;
			for (let i = 0; i < args.length; i++) t += n(i);
			return bound(t);
		}
		case '-':
			return bound(args.length === 1 ? -n(0) : n(0) - n(1));
		case '*': {
			let t = 1;
			for (let i = 0; i < args.length; i++) t *= n(i);
			return bound(t);
		}
		case '/':
			return div(n(0), n(1));
		case 'max':
			return Math.max(...args.map((_, i) => n(i)));
		case 'min':
			return Math.min(...args.map((_, i) => n(i)));
		case '>':
			return n(0) > n(1);
		case '>=':
			return n(0) >= n(1);
		case '<':
			return n(0) < n(1);
		case '<=':
			return n(0) <= n(1);
		case '==':
			return n(0) === n(1);
		case '!=':
			return n(0) !== n(1);
		case 'and':
			return args.every((a) => evaluate(a, env) === true);
		case 'or':
			return args.some((a) => evaluate(a, env) === true);
		case '!':
			return evaluate(args[0], env) !== true;
		case 'if':
			return evaluate(args[0], env) === true ? evaluate(args[1], env) : evaluate(args[2], env);
	}
	return 0;
}

/** Whole-number division: the quotient truncated towards 0; dividing by 0 gives 0 (a score never becomes infinite). */
function div(a: number, b: number): number {
	return b === 0 ? 0 : bound(a / b);
}

/** A number kept whole and within ±EXPR_LIMIT (not finite: 0). */
export function bound(v: number): number {
	if (!Number.isFinite(v)) return 0;
	return Math.max(-EXPR_LIMIT, Math.min(EXPR_LIMIT, Math.trunc(v)));
}

/** The number an expression gives (conditions count 1 for true). */
export const evaluateNumber = (e: unknown, env: Env): number => num(evaluate(e, env));

/** A checked expression turned into a tree of closures once (still interpretation: no code is generated). */
export type Compiled<E = Env> = (env: E) => number | boolean;

const NUM =
	<E>(c: Compiled<E>): ((env: E) => number) =>
	(env) =>
		num(c(env));

/**
 * Builds the closures of a checked expression; evaluating them gives what `evaluate` gives.
 * `resolve`, when given, supplies the closure that reads each variable (the engine's data rules
 * resolve names once, not per reading); without it a variable is read by calling the Env.
 */
export function compileExpr<E = Env>(
	e: unknown,
	resolve?: (name: string) => Compiled<E>
): Compiled<E> {
	if (typeof e === 'number') {
		const v = bound(e);
		return () => v;
	}
	if (typeof e === 'boolean') return () => e;
	if (!isObj(e)) return () => 0;
	const op = Object.keys(e)[0];
	const arg = e[op];
	if (op === 'var') {
		if (typeof arg !== 'string') return () => 0;
		return resolve ? resolve(arg) : (env) => (env as Env)(arg);
	}
	const args = (Array.isArray(arg) ? arg : [arg]).map((x) => compileExpr(x, resolve));
	const n = args.map(NUM);
	const [a, b, c] = args;
	const [x, y] = n;
	switch (op) {
		case '+':
			return (env) => {
				let t = 0;
				for (let i = 0; i < n.length; i++) t += n[i](env);
				return bound(t);
			};
		case '-':
			return n.length === 1 ? (env) => bound(-x(env)) : (env) => bound(x(env) - y(env));
		case '*':
			return (env) => {
				let t = 1;
				for (let i = 0; i < n.length; i++) t *= n[i](env);
				return bound(t);
			};
		case '/':
			return (env) => div(x(env), y(env));
		case 'max':
			return (env) => Math.max(...n.map((f) => f(env)));
		case 'min':
			return (env) => Math.min(...n.map((f) => f(env)));
		case '>':
			return (env) => x(env) > y(env);
		case '>=':
			return (env) => x(env) >= y(env);
		case '<':
			return (env) => x(env) < y(env);
		case '<=':
			return (env) => x(env) <= y(env);
		case '==':
			return (env) => x(env) === y(env);
		case '!=':
			return (env) => x(env) !== y(env);
		case 'and':
			return (env) => {
				for (let i = 0; i < args.length; i++) if (args[i](env) !== true) return false;
				return true;
			};
		case 'or':
			return (env) => {
				for (let i = 0; i < args.length; i++) if (args[i](env) === true) return true;
				return false;
			};
		case '!':
			return (env) => a(env) !== true;
		case 'if':
			return (env) => (a(env) === true ? b(env) : c(env));
	}
	return () => 0;
}
