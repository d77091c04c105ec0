// Long because: every check of dataRules but the steps' (data-steps.ts) and the bounds' (data-bounds.ts).
// The checks of an expansion's `dataRules` (rules written as data) that its schema cannot express:
// every modifier, figure, feature kind, icon and parameter a rule names must be known, effects must
// fit the feature kind, and every expression must be well typed. Each mistake is a located error.
// The same scopes tell the engine (engine/data-rules.ts) which variables exist.
import { checkExpr, type ExprType, type Scope } from './rule-expr.ts';
import { pointer, type Problem } from './problems.ts';
import { KNOWN_ICONS } from './known.ts';
import { checkBounds, rangeOf, variableRange } from './data-bounds.ts';
import type { DataRules, Expansion } from './schema-types.ts';
import { checkDataSteps, varsOf } from './data-steps.ts';
import { checkFigureMoves } from './data-step-random.ts';
import { checkTitleRule } from './data-rule-title.ts';
import { addedMoments, checkTurn } from './turn-moments.ts';

export const DATA_FEATURE_KINDS = [
	'road',
	'city',
	'river',
	'field',
	'monastery',
	'garden',
	'stable'
] as const;
/** Default range of a data parameter. */
export const DATA_PARAMETER_RANGE = { min: 0, max: 100 };
/** Effects of a value rule: exactly one per rule. */
export const VALUE_EFFECTS = [
	'perTile',
	'perPennant',
	'perCity',
	'setPerTile',
	'setPerPennant',
	'setPerCity',
	'add',
	'multiply',
	'zero'
] as const;

/** The properties each type of data rule needs. */
const NEEDS: Record<string, string[]> = {
	value: ['feature', 'effect'],
	award: ['feature', 'figure'],
	wins: [],
	collect: ['feature', 'modifier', 'token'],
	majority: ['token', 'points'],
	tiebreak: ['icon'],
	beneath: ['icon', 'tiles'],
	check: ['icon'],
	title: ['feature', 'token', 'label'],
	text: ['text']
};
/** What an award rule does to the award of each player with such figures: exactly one, or none (it only cites its id). */
export const AWARD_EFFECTS = ['points', 'bonus', 'zero'] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** What the expressions of a game (or of one document and its dependencies) may name. */
export interface DataNames {
	/** Modifier → how it combines (data-declared ones; built-in pennants are the `pennants` variable). */
	modifiers: Map<string, string>;
	icons: Set<string>;
	/** Figure ids a rule may name: the engine's and the documents'. */
	figures: Set<string>;
	/** Parameters: data-declared and the modules'. */
	parameters: Set<string>;
	/** Rulings of the modules in play: id → options. */
	rulings: Map<string, string[]>;
	/** The range of each parameter whose range is known (data-declared ones, the modules' when given). */
	ranges?: Map<string, { min: number; max: number }>;
	/** Token kinds of the documents (their `tokens`). */
	tokens?: Set<string>;
	/** The moments the documents add to the turn (name → the moment it comes after; the first document's first). */
	moments?: Map<string, string>;
}

const PLAIN: Record<string, ExprType> = {
	tiles: 'number',
	pennants: 'number',
	cities: 'number',
	neighbours: 'number',
	players: 'number',
	topStrength: 'number',
	complete: 'boolean',
	final: 'boolean'
};
/** Variables of the player an award rule is paying (its `when`, `points`, `bonus`). */
const PER_PLAYER: Record<string, ExprType> = {
	winner: 'boolean',
	heads: 'number',
	othersHeads: 'number',
	denied: 'boolean'
};
/** Counts among the 8 tiles around the feature's tile (inner features: monastery, garden, stable). */
const AROUND: Record<string, ExprType> = { tiles: 'number', wildcards: 'number', river: 'number' };
const VARIABLES =
	'tiles, pennants, cities, neighbours, players, topStrength, complete, final, modifier.<name>, icon.<name>, figures.<id>, onTiles.<id>, around.tiles, around.wildcards, around.river, around.icon.<name>, edges.wildcards, param.<name>, ruling.<ID>.<option>';

/** The variables a rule's expressions may read; `award`: those of an award rule, which also reads the paid player's (winner, heads, …). */
export function dataScope(names: DataNames, award = false): Scope {
	return {
		lookup(name) {
			if (Object.hasOwn(PLAIN, name)) return PLAIN[name];
			if (Object.hasOwn(PER_PLAYER, name))
				return award
					? PER_PLAYER[name]
					: `'${name}' is a variable of the player an award rule pays: only award rules read it`;
			const dot = name.indexOf('.');
			const head = dot < 0 ? name : name.slice(0, dot);
			const rest = dot < 0 ? '' : name.slice(dot + 1);
			switch (head) {
				case 'modifier': {
					const c = names.modifiers.get(rest);
					if (!c)
						return `unknown modifier '${rest}': declare it in dataRules.modifiers (known: ${[...names.modifiers.keys()].join(', ') || 'none'})`;
					return c === 'any' || c === 'all' ? 'boolean' : 'number';
				}
				case 'icon':
					return names.icons.has(rest)
						? 'number'
						: `unknown icon '${rest}' (known: ${[...names.icons].join(', ')})`;
				case 'figures':
					return names.figures.has(rest)
						? 'number'
						: `unknown figure '${rest}' (known: ${[...names.figures].join(', ')})`;
				case 'param':
					return names.parameters.has(rest)
						? 'number'
						: `unknown parameter '${rest}': declare it in dataRules.parameters`;
				case 'onTiles':
					return names.figures.has(rest)
						? 'number'
						: `unknown figure '${rest}' (known: ${[...names.figures].join(', ')})`;
				case 'ruling': {
					const i = rest.indexOf('.');
					const id = i < 0 ? rest : rest.slice(0, i);
					const options = names.rulings.get(id);
					if (!options)
						return `unknown ruling '${id}' (rulings in play: ${[...names.rulings.keys()].join(', ') || 'none'})`;
					if (i < 0 || !options.includes(rest.slice(i + 1)))
						return `ruling ${id} has no option '${i < 0 ? '' : rest.slice(i + 1)}' (options: ${options.join(', ')}): write ruling.${id}.<option>`;
					return 'boolean';
				}
				case 'edges':
					if (rest === 'wildcards') return 'number';
					break;
				case 'around':
					if (Object.hasOwn(AROUND, rest)) return AROUND[rest];
					if (rest.startsWith('icon.')) {
						const icon = rest.slice(5);
						return names.icons.has(icon)
							? 'number'
							: `unknown icon '${icon}' (known: ${[...names.icons].join(', ')})`;
					}
			}
			return `unknown variable '${name}' (variables: ${VARIABLES}${award ? `, and of the paid player: ${Object.keys(PER_PLAYER).join(', ')}` : ''})`;
		}
	};
}

/** The names known to the data rules of `docs` (a document and its dependencies, or a game's expansions). */
export function dataNames(
	docs: readonly unknown[],
	engineFigures: Iterable<string>,
	engineParameters: Iterable<string | { name: string; min: number; max: number }>,
	rulings: Iterable<{ id: string; options: Record<string, string> }> = []
): DataNames {
	const names: DataNames = {
		modifiers: new Map(),
		icons: new Set(KNOWN_ICONS),
		figures: new Set(engineFigures),
		parameters: new Set(),
		rulings: new Map(),
		ranges: new Map(),
		tokens: new Set()
	};
	for (const p of engineParameters)
		if (typeof p === 'string') names.parameters.add(p);
		else {
			names.parameters.add(p.name);
			names.ranges!.set(p.name, { min: p.min, max: p.max });
		}
	for (const r of rulings) names.rulings.set(r.id, Object.keys(r.options));
	if (Array.isArray(docs))
		for (const d of docs)
			if (isObject(d) && Array.isArray(d.tokens))
				for (const t of d.tokens)
					if (isObject(t) && typeof t.id === 'string') {
						names.figures.add(t.id);
						names.tokens!.add(t.id);
					}
	for (const d of docs) {
		if (!isObject(d)) continue;
		if (isObject(d.icons)) for (const k of Object.keys(d.icons)) names.icons.add(k);
		if (Array.isArray(d.figures))
			for (const f of d.figures)
				if (isObject(f) && typeof f.id === 'string') names.figures.add(f.id);
		const dr = d.dataRules;
		if (!isObject(dr)) continue;
		if (isObject(dr.modifiers))
			for (const [k, m] of Object.entries(dr.modifiers))
				if (isObject(m) && typeof m.combine === 'string') names.modifiers.set(k, m.combine);
		if (isObject(dr.parameters))
			for (const k of Object.keys(dr.parameters)) names.parameters.add(k);
	}
	for (const [k, p] of dataParameters(docs)) names.ranges!.set(k, { min: p.min, max: p.max });
	names.moments = addedMoments(docs.slice(1)); // the dependencies' (the document's own are checked with it)
	return names;
}

/** The data parameters of documents with their defaults and ranges. */
export function dataParameters(
	docs: readonly unknown[]
): Map<string, { default: number; min: number; max: number }> {
	const out = new Map<string, { default: number; min: number; max: number }>();
	for (const d of docs) {
		if (!isObject(d) || !isObject(d.dataRules) || !isObject(d.dataRules.parameters)) continue;
		for (const [k, p] of Object.entries(d.dataRules.parameters))
			if (isObject(p) && typeof p.default === 'number')
				out.set(k, {
					default: p.default,
					min: typeof p.min === 'number' ? p.min : DATA_PARAMETER_RANGE.min,
					max: typeof p.max === 'number' ? p.max : DATA_PARAMETER_RANGE.max
				});
	}
	return out;
}

/** A condition decided once per game: true/false, reading rulings and parameters only. */
function gameCondition(
	e: unknown,
	ptr: string,
	what: string,
	scope: ReturnType<typeof dataScope>,
	out: Problem[]
): void {
	checkExpr(e, 'boolean', scope, ptr, out);
	const reads = varsOf(e).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
	if (reads.length)
		out.push({
			pointer: ptr,
			message: `${what} reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`,
			severity: 'error'
		});
}

/**
 * Located errors in a document's dataRules (it passed the schema, or is read defensively after a
 * schema error): `names` from `dataNames` over the document and its dependencies.
 */
export function checkDataRules(
	doc: Pick<Expansion, 'figures' | 'dataRules'> | Record<string, unknown>,
	names: DataNames,
	out: Problem[]
): void {
	const dr = (doc as Record<string, unknown>).dataRules;
	if (!isObject(dr)) return;
	const scope = dataScope(names);
	const at = (...s: (string | number)[]) => pointer('dataRules', ...s);
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	const own = new Set(
		Array.isArray(doc.figures)
			? doc.figures.flatMap((f) => (isObject(f) && typeof f.id === 'string' ? [f.id] : []))
			: []
	);
	if (isObject(dr.parameters))
		for (const [k, p] of Object.entries(dr.parameters)) {
			if (!isObject(p)) continue;
			const min = typeof p.min === 'number' ? p.min : DATA_PARAMETER_RANGE.min;
			const max = typeof p.max === 'number' ? p.max : DATA_PARAMETER_RANGE.max;
			if (min > max) err(at('parameters', k), `parameter '${k}': min ${min} is above max ${max}`);
			else if (typeof p.default === 'number' && (p.default < min || p.default > max))
				err(
					at('parameters', k, 'default'),
					`parameter '${k}': the default ${p.default} is outside ${min}…${max}`
				);
		}
	if (isObject(dr.figures))
		for (const [id, f] of Object.entries(dr.figures)) {
			if (!own.has(id))
				err(
					at('figures', id),
					`figure '${id}' is not among this expansion's figures (${[...own].join(', ') || 'none'}): add it to 'figures' with a name`
				);
			if (!isObject(f)) continue;
			const s = f.strength;
			if (
				isObject(s) &&
				Object.keys(s).some((k) => (DATA_FEATURE_KINDS as readonly string[]).includes(k))
			)
				for (const [kind, e] of Object.entries(s))
					checkExpr(e, 'number', scope, at('figures', id, 'strength', kind), out);
			else if (s !== undefined) checkExpr(s, 'number', scope, at('figures', id, 'strength'), out);
			const around = isObject(f.moveOn) ? f.moveOn.around : undefined;
			// the reach is decided as the figure's feature scores, whether it accompanies once per game
			if (around !== undefined)
				gameCondition(around, at('figures', id, 'moveOn', 'around'), 'a moveOn reach', scope, out);
			if (f.accompanies !== undefined)
				gameCondition(f.accompanies, at('figures', id, 'accompanies'), 'accompanies', scope, out);
		}
	checkTurn(dr, names.moments ?? new Map(), out);
	const moments = new Map([...(names.moments ?? []), ...addedMoments([doc])]);
	if (dr.steps !== undefined)
		checkDataSteps(
			dr,
			{
				tokens: names.tokens ?? new Set(),
				figures: own,
				icons: names.icons,
				knownFigures: names.figures,
				moments,
				range: (e) => rangeOf(e, (v) => variableRange(v, names)),
				scope,
				tiles: new Set(
					Array.isArray((doc as Record<string, unknown>).tiles)
						? ((doc as Record<string, unknown>).tiles as unknown[]).flatMap((t) =>
								isObject(t) && typeof t.id === 'string' ? [t.id] : []
							)
						: []
				)
			},
			out
		);
	checkFigureMoves(dr, { scope, rulings: names.rulings }, out);
	if (!Array.isArray(dr.rules)) return;
	const before = out.length;
	checkRules(dr, dr.rules, names, out);
	// the bounds of the rules that are otherwise well written
	const faulty = new Set(
		out.slice(before).flatMap((p) => {
			const m = /^\/dataRules\/rules\/([0-9]+)/.exec(p.pointer);
			return m && p.severity === 'error' ? [Number(m[1])] : [];
		})
	);
	checkBounds(
		dr.rules.map((r, i) => (faulty.has(i) ? undefined : r)),
		names,
		(i) => at('rules', i),
		out
	);
}

/** What the checks of one rule share: the names, scopes, a pointer maker and the error sink. */
interface RuleCheck {
	dr: Record<string, unknown>;
	names: DataNames;
	scope: Scope;
	awardScope: Scope;
	at: (...s: (string | number)[]) => string;
	err: (ptr: string, message: string) => void;
	out: Problem[];
	/** Rule id → index of the first rule with that id. */
	ids: Map<string, number>;
	/** The token kinds collect rules seen so far give. */
	collected: Set<string>;
}

/** The checks of each of dataRules' rules. */
function checkRules(
	dr: Record<string, unknown>,
	rules: unknown[],
	names: DataNames,
	out: Problem[]
): void {
	const c: RuleCheck = {
		dr,
		names,
		scope: dataScope(names),
		awardScope: dataScope(names, true),
		at: (...s: (string | number)[]) => pointer('dataRules', ...s),
		err: (ptr: string, message: string) => out.push({ pointer: ptr, message, severity: 'error' }),
		out,
		ids: new Map<string, number>(),
		collected: new Set<string>()
	};
	const titles = new Set<string>();
	rules.forEach((r: unknown, i: number) => {
		if (!isObject(r)) return;
		checkRuleShape(c, r, i);
		checkTitleRule(r, c.at('rules', i), c.scope, names, titles, out);
		const kind = checkRuleFeature(c, r, i);
		if (r.type === 'value' && isObject(r.effect)) checkValueEffect(c, r.effect, kind, i);
		checkRuleFigures(c, r, i);
	});
}

const typeOf = (r: Record<string, unknown>): string =>
	typeof r.type === 'string' ? `a ${r.type} rule` : 'a rule without a type';

/** A rule's id and text, the properties its type needs and owns, its condition and icon. */
function checkRuleShape(c: RuleCheck, r: Record<string, unknown>, i: number): void {
	const { at, err, names } = c;
	if (typeof r.id === 'string' && !c.ids.has(r.id)) {
		c.ids.set(r.id, i);
		if (typeof r.text !== 'string')
			err(at('rules', i), `rule ${r.id} needs a text (the first rule with an id states it)`);
	}
	const needs =
		typeof r.type === 'string' && Object.hasOwn(NEEDS, r.type) ? NEEDS[r.type] : undefined;
	const missing = (needs ?? []).filter((k) => r[k] === undefined);
	if (missing.length) err(at('rules', i), `a ${r.type} rule needs ${missing.join(', ')}`);
	if (r.when !== undefined)
		checkExpr(
			r.when,
			'boolean',
			r.type === 'award' ? c.awardScope : c.scope,
			at('rules', i, 'when'),
			c.out
		);
	for (const k of ['bonus', 'zero', 'where'] as const)
		if (r[k] !== undefined && r.type !== 'award' && !(k === 'where' && r.type === 'wins'))
			err(
				at('rules', i, k),
				`${k} belongs to ${k === 'where' ? 'award and wins rules' : 'award rules'}, not to ${typeOf(r)}`
			);
	for (const k of ['icon', 'by', 'tiles', 'land', 'river', 'event'] as const) {
		const owners =
			k === 'by'
				? ['tiebreak']
				: k === 'tiles'
					? ['beneath']
					: k === 'icon'
						? ['tiebreak', 'beneath', 'check']
						: ['check'];
		if (r[k] !== undefined && !owners.includes(String(r.type)))
			err(at('rules', i, k), `${k} belongs to ${owners.join(' and ')} rules, not to ${typeOf(r)}`);
	}
	if (typeof r.icon === 'string' && !names.icons.has(r.icon))
		err(
			at('rules', i, 'icon'),
			`unknown icon '${r.icon}': declare it in the expansion's icons (known: ${[...names.icons].join(', ') || 'none'})`
		);
	if (r.type === 'check') checkSetupCounts(c, r, i);
	if (r.type === 'beneath' && r.when !== undefined) {
		// a tile placed is no feature: its condition reads the game's rulings and parameters only
		const reads = varsOf(r.when).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				at('rules', i, 'when'),
				`a beneath rule's condition reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
}

/** A check's expected counts: numbers read from rulings and parameters only (decided once per game). */
function checkSetupCounts(c: RuleCheck, r: Record<string, unknown>, i: number): void {
	for (const k of ['land', 'river'] as const) {
		if (r[k] === undefined) continue;
		const ptr = c.at('rules', i, k);
		const errors = c.out.length;
		checkExpr(r[k], 'number', c.scope, ptr, c.out);
		if (c.out.length > errors) continue;
		const reads = varsOf(r[k]).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			c.err(
				ptr,
				`a check counts at setup: it reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
}

/** A rule's feature kind, which must be known. */
function checkRuleFeature(c: RuleCheck, r: Record<string, unknown>, i: number): string | undefined {
	const kind = typeof r.feature === 'string' ? r.feature : undefined;
	if (kind !== undefined && !(DATA_FEATURE_KINDS as readonly string[]).includes(kind))
		c.err(
			c.at('rules', i, 'feature'),
			`unknown feature kind '${kind}' (kinds: ${DATA_FEATURE_KINDS.join(', ')})`
		);
	return kind;
}

/** A value rule's effect: one of VALUE_EFFECTS fitting the feature kind, or only facts. */
function checkValueEffect(
	c: RuleCheck,
	e: Record<string, unknown>,
	kind: string | undefined,
	i: number
): void {
	const { at, err, scope, out } = c;
	const ops = VALUE_EFFECTS.filter((k) => e[k] !== undefined);
	if (ops.length > 1 || (ops.length === 0 && e.fact === undefined && e.facts === undefined))
		err(
			at('rules', i, 'effect'),
			`a value rule has one effect (${VALUE_EFFECTS.join(', ')}) or only marks the value (fact, facts); found ${ops.join(', ') || 'none'}`
		);
	if (isObject(e.facts))
		for (const [k, x] of Object.entries(e.facts))
			checkExpr(x, 'any', scope, at('rules', i, 'effect', 'facts', k), out);
	for (const op of ops) {
		const ptr = at('rules', i, 'effect', op);
		if ((op === 'perPennant' || op === 'setPerPennant') && kind !== 'city')
			err(ptr, `${op} applies to cities only (this rule is about ${kind ?? 'no feature'})`);
		if ((op === 'perCity' || op === 'setPerCity') && kind !== 'field')
			err(ptr, `${op} applies to fields only (this rule is about ${kind ?? 'no feature'})`);
		if ((op === 'perTile' || op === 'setPerTile') && kind !== 'road' && kind !== 'city')
			err(
				ptr,
				`${op} applies to roads and cities only (this rule is about ${kind ?? 'no feature'}): use add`
			);
		if (op === 'add' && isObject(e.add)) {
			// (a missing count or per is the schema's error)
			if (e.add.count !== undefined) checkExpr(e.add.count, 'number', scope, ptr + '/count', out);
			if (e.add.per !== undefined) checkExpr(e.add.per, 'number', scope, ptr + '/per', out);
		} else if (op !== 'zero' && op !== 'add') checkExpr(e[op], 'number', scope, ptr, out);
	}
}

/** The figures, points, modifiers and tokens of award, wins, collect and majority rules. */
function checkRuleFigures(c: RuleCheck, r: Record<string, unknown>, i: number): void {
	const { at, err, names, out } = c;
	if (r.type === 'award' || r.type === 'wins') {
		if (typeof r.figure === 'string' && !names.figures.has(r.figure))
			err(
				at('rules', i, 'figure'),
				`unknown figure '${r.figure}' (known: ${[...names.figures].join(', ')})`
			);
	}
	if (r.type === 'wins' && (r.figure === undefined) === (r.followers === undefined))
		err(
			at('rules', i),
			'a wins rule names who wins: exactly one of figure (a figure type) and followers (every player with a follower there)'
		);
	for (const k of ['followers', 'unclaimed', 'why'] as const)
		if (r[k] !== undefined && r.type !== 'wins')
			err(at('rules', i, k), `${k} belongs to wins rules, not to ${typeOf(r)}`);
	if (r.type === 'wins' && r.points !== undefined)
		err(
			at('rules', i, 'points'),
			"a wins rule gives the feature itself to the figures' owners: its value comes from value rules, not points"
		);
	if (r.type === 'award') {
		const effects = AWARD_EFFECTS.filter((k) => r[k] !== undefined);
		if (effects.length > 1)
			err(
				at('rules', i),
				`an award rule has at most one of ${AWARD_EFFECTS.join(', ')}; found ${effects.join(', ')}`
			);
		if (r.points !== undefined)
			checkExpr(r.points, 'number', c.awardScope, at('rules', i, 'points'), out);
		if (r.bonus !== undefined)
			checkExpr(r.bonus, 'number', c.awardScope, at('rules', i, 'bonus'), out);
	}
	if (r.type === 'collect') {
		if (typeof r.modifier === 'string' && !names.modifiers.has(r.modifier))
			err(
				at('rules', i, 'modifier'),
				`unknown modifier '${r.modifier}': declare it in dataRules.modifiers`
			);
		if (typeof r.token === 'string') c.collected.add(r.token);
	}
	if (r.type === 'majority') {
		if (r.points !== undefined)
			checkExpr(r.points, 'number', c.scope, at('rules', i, 'points'), out);
		if (
			typeof r.token === 'string' &&
			!c.collected.has(r.token) &&
			!(c.dr.rules as unknown[]).some(
				(o: unknown) => isObject(o) && o.type === 'collect' && o.token === r.token
			)
		)
			out.push({
				pointer: at('rules', i, 'token'),
				message: `no collect rule gives tokens '${r.token}': this majority never pays`,
				severity: 'warning'
			});
	}
}

export type { DataRules };
