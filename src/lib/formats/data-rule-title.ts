// The checks of a title rule (type 'title', docs/rules-as-data.md "The title"): a token held by the
// player who completed the largest feature of a kind so far. What the schema cannot say, each at its
// JSON pointer: a kind that is never completed, two titles with one token, a condition reading more
// than rulings and parameters, a scoring case with both or neither of points and perFeature, an
// amount that can fall below 0, properties of a title on another rule.
import { checkExpr, type Scope } from './rule-expr.ts';
import { rangeOf, variableRange, type DataNames, type Interval } from './data-bounds.ts';
import { MAX_GAME_TILES } from './limits.ts';
import { varsOf } from './data-steps.ts';
import type { Problem } from './problems.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** Variables of a title's scoring: at the end `completed` and `titles`, during play `completed`. */
const TITLE_VARS: Record<'end' | 'during', Record<string, Interval>> = {
	end: { completed: [0, MAX_GAME_TILES], titles: [0, 100] },
	during: { completed: [0, MAX_GAME_TILES] }
};

function titleScope(base: Scope, part: 'end' | 'during'): Scope {
	const own = TITLE_VARS[part];
	return {
		lookup(name) {
			if (Object.hasOwn(own, name)) return 'number';
			if (name.startsWith('ruling.') || name.startsWith('param.')) return base.lookup(name);
			return `a title's ${part} scoring reads ${Object.keys(own).join(', ')}, rulings and parameters (ruling.<ID>.<option>, param.<name>), not '${name}'`;
		}
	};
}

/** One scoring case (`end` item or `during`). */
function checkCase(
	c: Record<string, unknown>,
	part: 'end' | 'during',
	ptr: string,
	base: Scope,
	names: DataNames,
	out: Problem[]
): void {
	const err = (p: string, message: string) => out.push({ pointer: p, message, severity: 'error' });
	const scope = titleScope(base, part);
	if (c.when !== undefined) checkExpr(c.when, 'boolean', scope, `${ptr}/when`, out);
	const amounts = (['points', 'perFeature'] as const).filter((k) => c[k] !== undefined);
	if (part === 'during') {
		if (c.points !== undefined || c.label !== undefined)
			err(ptr, 'during play a title pays per completed feature: perFeature, not points or label');
		if (c.perFeature === undefined) err(ptr, "a title's during scoring needs perFeature");
	} else if (amounts.length !== 1)
		err(
			ptr,
			`a title's end scoring case has one of points and perFeature; found ${amounts.join(', ') || 'none'}`
		);
	if (c.label !== undefined && c.points === undefined && part === 'end')
		err(`${ptr}/label`, 'a label goes with points (what they are for)');
	for (const k of amounts) {
		const p = `${ptr}/${k}`;
		const before = out.length;
		checkExpr(c[k], 'number', scope, p, out);
		if (out.length > before) continue;
		const [lo] = rangeOf(c[k], (v) => TITLE_VARS[part][v] ?? variableRange(v, names));
		if (lo < 0) err(p, `a title's ${k} can be ${lo}: a score never falls (write {"max": [0, …]})`);
	}
}

/** A title rule's own checks (`tokens`: the tokens of the titles seen before it). */
export function checkTitleRule(
	r: Record<string, unknown>,
	ptr: string,
	base: Scope,
	names: DataNames,
	tokens: Set<string>,
	out: Problem[]
): void {
	const err = (p: string, message: string) => out.push({ pointer: p, message, severity: 'error' });
	if (r.type !== 'title') {
		for (const k of ['end', 'during'] as const)
			if (r[k] !== undefined)
				err(
					`${ptr}/${k}`,
					`${k} belongs to title rules, not to ${typeof r.type === 'string' ? `a ${r.type} rule` : 'a rule without a type'}`
				);
		return;
	}
	if (r.feature === 'field')
		err(`${ptr}/feature`, 'a field is never completed: no field can take a title');
	if (typeof r.token === 'string') {
		if (tokens.has(r.token))
			err(`${ptr}/token`, `two titles named '${r.token}': each title has its own token`);
		tokens.add(r.token);
	}
	if (r.when !== undefined) {
		const reads = varsOf(r.when).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				`${ptr}/when`,
				`whether a title is in play reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
	if (Array.isArray(r.end))
		r.end.forEach((c, i) => {
			if (isObject(c)) checkCase(c, 'end', `${ptr}/end/${i}`, base, names, out);
		});
	if (isObject(r.during)) checkCase(r.during, 'during', `${ptr}/during`, base, names, out);
}
