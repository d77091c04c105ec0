// The bounds of scores written as data (docs/rules-as-data.md, "Bounds"): an amount a rule gives
// (points per tile, a factor, an award, a majority bonus) is never below 0, so no score falls, and
// the worst case of a document's rules for one feature stays within MAX_POINTS. Both are found by
// interval arithmetic over the expressions, every variable at its widest, the engine's own bounds
// (EXPR_LIMIT on every operation and amount) applied as it applies them. Each excess is a located
// error. New effects name their amounts in AMOUNTS (and a worst case in `worstOf`).
import { EXPR_LIMIT, MAX_FIGURES, MAX_GAME_TILES, MAX_PLAYERS, MAX_POINTS } from './limits.ts';
import type { Problem } from './problems.ts';

/** What the bounds read of the names a document's rules know (data-rules.ts DataNames). */
export interface DataNames {
	/** Modifier → how it combines. */
	modifiers: Map<string, string>;
	/** Parameter → its range, where known. */
	ranges?: Map<string, { min: number; max: number }>;
}

/** The smallest and largest value an expression can take. */
export type Interval = readonly [number, number];

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);
const clamp = (v: number) => Math.max(-EXPR_LIMIT, Math.min(EXPR_LIMIT, Math.trunc(v)));
const bounded = (lo: number, hi: number): Interval => [clamp(lo), clamp(hi)];
const BOOL: Interval = [0, 1];
const WIDE: Interval = [-EXPR_LIMIT, EXPR_LIMIT];
const COUNT: Interval = [0, EXPR_LIMIT];

/** The most the built-in rules give one feature (a city of every tile of a game, every pennant and cathedral counted): far below this. */
export const BUILT_IN_WORST = 1_000_000;
/** A tile has at most 4 cities (each takes a side), each with at most 8 pennants (tile.v1.json). */
const MAX_CITIES = 4 * MAX_GAME_TILES;
const MAX_PENNANTS = 8 * MAX_CITIES;
/** Figures of one kind on a feature: every player's and the neutral ones. */
const MAX_ON_FEATURE = MAX_FIGURES * (MAX_PLAYERS + 1);
/** How many of the things a value part counts one feature can hold. */
const PART_COUNT: Record<string, number> = {
	perTile: MAX_GAME_TILES,
	setPerTile: MAX_GAME_TILES,
	perPennant: MAX_PENNANTS,
	setPerPennant: MAX_PENNANTS,
	perCity: MAX_CITIES,
	setPerCity: MAX_CITIES
};

/** The range of a variable (DataNames says which exist; parameters by their declared ranges). */
export function variableRange(name: string, names: DataNames): Interval {
	switch (name) {
		case 'tiles':
			return [0, MAX_GAME_TILES];
		case 'neighbours':
			return [0, 8];
		case 'players':
			return [1, MAX_PLAYERS];
		case 'complete':
		case 'final':
		case 'winner':
		case 'denied':
			return BOOL;
		case 'heads':
		case 'othersHeads':
			return [0, MAX_ON_FEATURE];
		case 'pennants':
			return [0, MAX_PENNANTS];
		case 'cities':
			return [0, MAX_CITIES];
	}
	const dot = name.indexOf('.');
	const head = name.slice(0, dot);
	const rest = name.slice(dot + 1);
	if (head === 'param') {
		const r = names.ranges?.get(rest);
		return r ? [r.min, r.max] : WIDE;
	}
	if (head === 'ruling') return BOOL;
	if (head === 'modifier') {
		const how = names.modifiers.get(rest);
		return how === 'any' || how === 'all' ? BOOL : COUNT;
	}
	if (head === 'around') return [0, 8];
	if (head === 'icon') return [0, MAX_GAME_TILES];
	if (head === 'figures' || head === 'onTiles') return [0, MAX_ON_FEATURE];
	return COUNT;
}

/** The interval of a checked expression (rule-expr.ts `evaluate`, over intervals). */
export function rangeOf(e: unknown, vars: (name: string) => Interval): Interval {
	if (typeof e === 'number') return bounded(e, e);
	if (typeof e === 'boolean') return e ? [1, 1] : [0, 0];
	if (!isObject(e)) return [0, 0];
	const op = Object.keys(e)[0];
	const arg = e[op];
	if (op === 'var') return typeof arg === 'string' ? vars(arg) : [0, 0];
	const args = (Array.isArray(arg) ? arg : [arg]).map((a) => rangeOf(a, vars));
	switch (op) {
		case '+':
			return bounded(
				args.reduce((t, a) => t + a[0], 0),
				args.reduce((t, a) => t + a[1], 0)
			);
		case '-':
			return args.length === 1
				? bounded(-args[0][1], -args[0][0])
				: bounded(args[0][0] - args[1][1], args[0][1] - args[1][0]);
		case '*':
			return args.slice(1).reduce((t: Interval, a) => {
				const c = [t[0] * a[0], t[0] * a[1], t[1] * a[0], t[1] * a[1]];
				return bounded(Math.min(...c), Math.max(...c));
			}, args[0]);
		case '/': {
			// truncated towards 0, by 0 gives 0: never further from 0 than the dividend
			const [a, b] = args;
			if (a[0] >= 0 && b[0] >= 0) return [0, a[1]];
			const m = Math.max(Math.abs(a[0]), Math.abs(a[1]));
			return [-m, m];
		}
		case 'max':
			return [Math.max(...args.map((a) => a[0])), Math.max(...args.map((a) => a[1]))];
		case 'min':
			return [Math.min(...args.map((a) => a[0])), Math.min(...args.map((a) => a[1]))];
		case 'if':
			return [Math.min(args[1][0], args[2][0]), Math.max(args[1][1], args[2][1])];
	}
	return BOOL; // comparisons and conditions
}

/** The parameters an expression reads whose range goes below 0, as `param.x's min is -5`. */
function negativeParams(e: unknown, names: DataNames): string[] {
	if (Array.isArray(e)) return e.flatMap((x) => negativeParams(x, names));
	if (!isObject(e)) return [];
	if (typeof e.var === 'string' && e.var.startsWith('param.')) {
		const r = names.ranges?.get(e.var.slice(6));
		return r && r.min < 0 ? [`${e.var}'s min is ${r.min}`] : [];
	}
	return Object.values(e).flatMap((x) => negativeParams(x, names));
}

/** One amount a rule gives: where it is written, what it is. */
interface Amount {
	at: string;
	expr: unknown;
	what: string;
}

/** The amounts a data rule gives (each at least 0), with their pointers. */
function amountsOf(r: Record<string, unknown>, at: string): Amount[] {
	const out: Amount[] = [];
	const e = r.effect;
	if (r.type === 'value' && isObject(e)) {
		for (const op of Object.keys(PART_COUNT))
			if (e[op] !== undefined) out.push({ at: `${at}/effect/${op}`, expr: e[op], what: op });
		if (e.multiply !== undefined)
			out.push({ at: `${at}/effect/multiply`, expr: e.multiply, what: 'a factor' });
		if (isObject(e.add))
			for (const k of ['count', 'per'] as const)
				if (e.add[k] !== undefined)
					out.push({ at: `${at}/effect/add/${k}`, expr: e.add[k], what: `add's ${k}` });
	}
	if (r.type === 'award' || r.type === 'majority')
		for (const k of ['points', 'bonus'] as const)
			if (r[k] !== undefined) out.push({ at: `${at}/${k}`, expr: r[k], what: `${r.type} ${k}` });
	return out;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Located errors for a document's data rules (`rules`, its dataRules.rules, already checked by
 * checkDataRules): an amount that can be negative, and a feature kind or figure whose worst case
 * is above MAX_POINTS. `names.ranges` gives the parameters' ranges.
 */
export function checkBounds(
	rules: readonly unknown[],
	names: DataNames,
	at: (i: number) => string,
	out: Problem[]
): void {
	const err = (pointer: string, message: string) =>
		out.push({ pointer, message, severity: 'error' });
	const vars = (n: string) => variableRange(n, names);
	// per feature kind: the parts' worst sum and the factors' product; per figure: an award's worst
	const worst = new Map<string, { sum: number; product: number; told: boolean }>();
	rules.forEach((r, i) => {
		if (!isObject(r)) return;
		const amounts = amountsOf(r, at(i));
		const ranges = amounts.map((a) => rangeOf(a.expr, vars));
		amounts.forEach((a, k) => {
			const lo = ranges[k][0];
			if (lo >= 0) return;
			const params = negativeParams(a.expr, names);
			err(
				a.at,
				`${a.what} can be ${fmt(lo)}${params.length ? ` (${params.join('; ')})` : ''}: a score never falls, so an amount is 0 or more — raise the minimum or write {"max": [0, …]}`
			);
		});
		const key =
			r.type === 'value' && typeof r.feature === 'string'
				? `a ${r.feature}`
				: r.type === 'award' && typeof r.figure === 'string'
					? `an award to ${r.figure} figures on a ${String(r.feature)}`
					: undefined;
		if (!key || !amounts.length) return;
		let w = worst.get(key);
		if (!w)
			worst.set(
				key,
				(w = { sum: r.type === 'value' ? BUILT_IN_WORST : 0, product: 1, told: false })
			);
		const hi = (k: number) => Math.max(0, ranges[k][1]);
		const e = isObject(r.effect) ? r.effect : {};
		if (r.type === 'award') w.sum += hi(0) * MAX_FIGURES;
		else if (e.multiply !== undefined) w.product *= hi(0);
		else if (isObject(e.add)) w.sum += hi(0) * (amounts.length > 1 ? hi(1) : 0);
		else w.sum += hi(0) * PART_COUNT[amounts[0].what];
		const most = w.sum * w.product;
		if (most > MAX_POINTS && !w.told) {
			w.told = true;
			err(
				amounts[0].at.replace(/\/(count|per)$/, ''),
				`with this rule ${key} could score ${fmt(most)} (every count and expression at its largest${r.type === 'value' ? `, ${fmt(BUILT_IN_WORST)} for the built-in rules` : ''}): a score is at most ${fmt(MAX_POINTS)} — make the amounts or factors smaller`
			);
		}
	});
}
