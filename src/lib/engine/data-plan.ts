// A data module's scoring rules compiled for one rules context (Plan): per feature kind and mode the
// value, award, wins and collect steps that can apply there, their expressions turned into closures
// that read the feature through a Scope (data-scope.ts); entering and leaving a plan's scope.
import { bound, compileExpr } from '../formats/rule-expr.ts';
import { VALUE_EFFECTS } from '../formats/data-rules.ts';
import type { DataRule } from '../formats/schema-types.ts';
import {
	FEATURE_KINDS,
	type Context,
	type Engine,
	type FeatureValue,
	type ValuePart
} from './types.ts';
import { setPer } from './credit.ts';
import {
	ANY_FOLLOWER,
	Scope,
	constantOf,
	figuresOf,
	fold,
	isLiteral,
	numOf,
	push,
	readerOf,
	type Get,
	type Mode
} from './data-scope.ts';

/** Enters a plan's scope for feature `root` (call `leave` after). */
export function enter(p: Plan, engine: Engine, root: number): Scope {
	let sc = p.scope;
	if (sc.busy) sc = new Scope(p.slots, p.groups);
	else {
		const m = sc.memo;
		for (let i = 0; i < m.length; i++) m[i] = undefined;
		const gr = sc.groups;
		for (let i = 0; i < gr.length; i++) gr[i] = null;
		sc.tiles = null;
		sc.around = null;
		sc.heads = null;
		sc.denied = null;
		sc.player = -1;
	}
	sc.busy = true;
	sc.g = engine;
	sc.root = root;
	return sc;
}
export const leave = (sc: Scope) => {
	sc.busy = false;
};

/** The figures of group `i` of a plan (figuresOf), found once per scope. */
export const groupOf = (p: Plan, sc: Scope, i: number) =>
	(sc.groups[i] ??= figuresOf(sc, p.groupDefs[i].figure, p.groupDefs[i].tiles));

const PART: Record<string, string> = {
	perTile: 'tiles',
	setPerTile: 'tiles',
	perPennant: 'pennants',
	setPerPennant: 'pennants',
	perCity: 'cities',
	setPerCity: 'cities'
};

/** One value rule compiled for a rules context and mode: its condition (null: always) and the readings of its effect. */
export interface ValueStep {
	rule: DataRule;
	when: Get | null;
	op: (typeof VALUE_EFFECTS)[number] | undefined;
	/** add: count, per; multiply: the factor; perTile…setPerCity: the points. */
	x: Get | null;
	y: Get | null;
	/** perTile…setPerCity: the id of the part it changes, and whether it sets its points (else adds to them). */
	part: string;
	set: boolean;
	facts: [string, Get][];
	/** The rule ids the value names when the rule applies: its own, then its citations. */
	ids: string[];
}

/** Applies one value rule's effect to the feature's value (each amount whole and within ±EXPR_LIMIT, as the validator assumes). */
export function applyEffect(st: ValueStep, v: FeatureValue, sc: Scope): void {
	const rule = st.rule;
	const e = rule.effect!;
	const op = st.op;
	if (op === undefined) {
		// marks only
	} else if (op === 'zero') {
		v.zero = e.zero!;
		v.zeroRule = rule.id;
	} else if (op === 'add')
		v.parts.push({
			id: rule.id,
			label: e.add!.label,
			count: bound(numOf(st.x!(sc))),
			per: bound(numOf(st.y!(sc))),
			rule: rule.id
		});
	else if (op === 'multiply')
		(v.factors ??= []).push({
			by: bound(numOf(st.x!(sc))),
			label: e.label ?? rule.id,
			rule: rule.id
		});
	else {
		let part: ValuePart | undefined;
		for (let i = 0; i < v.parts.length && !part; i++)
			if (v.parts[i].id === st.part) part = v.parts[i];
		if (!part) return;
		const n = bound(numOf(st.x!(sc)));
		if (st.set) setPer(part, n, rule.id);
		else (part.extra ??= []).push({ label: e.label ?? rule.id, per: n, rule: rule.id });
	}
	if (e.fact) v.facts[e.fact] = true;
	for (let i = 0; i < st.facts.length; i++) v.facts[st.facts[i][0]] = st.facts[i][1](sc);
	for (let i = 0; i < st.ids.length; i++) push(v.rules, st.ids[i]);
}

/** An award rule compiled for a rules context and mode. */
export interface AwardStep {
	rule: DataRule;
	/** Its figures (plan.groupDefs) and its figure type (the award it builds on, per player). */
	group: number;
	figure: number;
	when: Get | null;
	points: Get | null;
	bonus: Get | null;
	/** The label of an award this rule starts, and of its bonus. */
	label: string;
	bonusLabel: string;
	/** Its rule id and citations (ValueStep ids). */
	ids: string[];
}
export interface WinsStep {
	rule: DataRule;
	group: number;
	when: Get | null;
	/** Only for a feature nobody has won (no strength above 0, no earlier winners). */
	unclaimed: boolean;
	/** How the log explains the winners (before their names), or null: '<names> own(s) the <kind>'. */
	why: string | null;
	ids: string[];
}
export interface CollectStep {
	rule: DataRule;
	when: Get | null;
	count: Get;
}
/** A tiebreak rule compiled for a rules context and mode: the feature kind it is about (null: every kind). */
export interface TieStep {
	rule: DataRule;
	kind: string | null;
	when: Get | null;
	ids: string[];
}
type PerMode<T> = Record<Mode, T[]>;

/**
 * A data module's rules compiled for one rules context: per feature kind and mode the rules that can
 * apply there (what the context decides — parameters, rulings, the mode — is worked out once), with
 * their expressions turned into closures that read the feature through a Scope.
 */
export interface Plan {
	value: Map<string, PerMode<ValueStep>>;
	/** The value steps a silent engine runs: those with an effect (a rule that only marks explains). */
	silentValue: Map<string, PerMode<ValueStep>>;
	awards: Map<string, PerMode<AwardStep>>;
	wins: Map<string, PerMode<WinsStep>>;
	collect: Map<string, CollectStep[]>;
	ties: PerMode<TieStep>;
	/** The beneath rules in force in this context (their conditions read rulings and parameters only). */
	beneath: DataRule[];
	groupDefs: { figure: string; tiles: boolean }[];
	figureCount: number;
	/** The reading of a figure's strength expression (mode 'complete'), compiled when first asked. */
	strength: (e: unknown) => Get;
	slots: number;
	groups: number;
	scope: Scope;
}
export const MODES: Mode[] = ['complete', 'final', 'abbot'];
export const AWARD_VARS = new Set(['winner', 'heads', 'othersHeads', 'denied']);

/** A data module's scoring rules, grouped as its plans use them. */
export interface RuleLists {
	value: DataRule[];
	award: DataRule[];
	wins: DataRule[];
	collect: DataRule[];
	tiebreak: DataRule[];
	beneath: DataRule[];
	modifiers: Record<string, string>;
}

export const inModes = (r: DataRule, mode: Mode, dflt: Mode[]) =>
	((r.at as Mode[] | undefined) ?? dflt).includes(mode);

/** Compiles a data module's rules for rules context `c` (see Plan). */
export function compilePlan(context: Context, lists: RuleLists): Plan {
	const slotOf = new Map<string, number>();
	const groupDefs: Plan['groupDefs'] = [];
	const figureIds: string[] = [];
	/** The closures of expression `e` in `mode`; award rules also read the player paid. */
	const compile = (e: unknown, mode: Mode, award: boolean): Get => {
		const resolve = (name: string): Get => {
			const k = constantOf(context, mode, name, award);
			if (k !== undefined) return () => k;
			const read = readerOf(context, name, award, lists.modifiers);
			if ((award && AWARD_VARS.has(name)) || name === 'neighbours' || name === 'players')
				return read;
			let slot = slotOf.get(name);
			if (slot === undefined) slotOf.set(name, (slot = slotOf.size));
			const i = slot;
			return (sc) => {
				let v = sc.memo[i];
				if (v === undefined) sc.memo[i] = v = read(sc);
				return v;
			};
		};
		return compileExpr<Scope>(
			fold(e, (name) => constantOf(context, mode, name, award)),
			resolve
		);
	};
	/** A rule's condition: null when it always holds, false when it never does. */
	const condition = (r: DataRule, mode: Mode, award: boolean): Get | null | false => {
		if (r.when === undefined) return null;
		const f = fold(r.when, (name) => constantOf(context, mode, name, award));
		if (isLiteral(f)) return f === true ? null : false;
		return compile(r.when, mode, award);
	};
	const groupIndex = (figure: string, where: string | undefined) => {
		const tiles = where === 'tiles';
		let i = groupDefs.findIndex((d) => d.figure === figure && d.tiles === tiles);
		if (i < 0) i = groupDefs.push({ figure, tiles }) - 1;
		return i;
	};
	const perKind = <T>(
		rules: DataRule[],
		dflt: Mode[],
		make: (r: DataRule, mode: Mode) => T | null
	): Map<string, PerMode<T>> => {
		const out = new Map<string, PerMode<T>>();
		for (const r of rules)
			// a rule without a feature kind (a wins rule) applies to every kind
			for (const kind of r.feature === undefined ? FEATURE_KINDS : [r.feature]) {
				let m = out.get(kind);
				if (!m) out.set(kind, (m = { complete: [], final: [], abbot: [] }));
				for (const mode of MODES) {
					if (!inModes(r, mode, dflt)) continue;
					const step = make(r, mode);
					if (step) m[mode].push(step);
				}
			}
		return out;
	};
	const value = perKind<ValueStep>(lists.value, ['complete', 'final'], (r, mode) => {
		const when = condition(r, mode, false);
		if (when === false) return null;
		const e = r.effect!;
		const op = VALUE_EFFECTS.find((k) => e[k] !== undefined);
		const x =
			op === 'add'
				? e.add!.count
				: op === 'multiply'
					? e.multiply
					: op && op !== 'zero'
						? e[op]
						: undefined;
		const y = op === 'add' ? e.add!.per : undefined;
		return {
			rule: r,
			when,
			op,
			x: x === undefined ? null : compile(x, mode, false),
			y: y === undefined ? null : compile(y, mode, false),
			part: op ? (PART[op] ?? '') : '',
			set: !!op && op.startsWith('set'),
			facts: Object.entries(e.facts ?? {}).map(([k, f]): [string, Get] => [
				k,
				compile(f, mode, false)
			]),
			ids: [r.id, ...(r.cites ?? [])]
		};
	});
	const awards = perKind<AwardStep>(lists.award, ['complete'], (r, mode) => {
		const when = condition(r, mode, true);
		if (when === false) return null;
		let figure = figureIds.indexOf(r.figure!);
		if (figure < 0) figure = figureIds.push(r.figure!) - 1;
		const name = context.figures.get(r.figure!)?.name.toLowerCase() ?? r.figure!;
		return {
			rule: r,
			group: groupIndex(r.figure!, r.where),
			figure,
			when,
			points: r.points === undefined ? null : compile(r.points, mode, true),
			bonus: r.bonus === undefined ? null : compile(r.bonus, mode, true),
			label: (r.bonus === undefined ? r.label : undefined) ?? name,
			bonusLabel: r.label ?? r.id,
			ids: [r.id, ...(r.cites ?? [])]
		};
	});
	const wins = perKind<WinsStep>(lists.wins, ['complete', 'final'], (r, mode) => {
		const when = condition(r, mode, false);
		return when === false
			? null
			: {
					rule: r,
					group: groupIndex(r.followers ? ANY_FOLLOWER : r.figure!, r.where),
					when,
					unclaimed: r.unclaimed === true,
					why: r.why ?? null,
					ids: [r.id, ...(r.cites ?? [])]
				};
	});
	const collect = new Map<string, CollectStep[]>();
	for (const r of lists.collect) {
		const when = condition(r, 'complete', false);
		if (when === false) continue;
		const list = collect.get(r.feature!) ?? [];
		list.push({
			rule: r,
			when,
			count: compile({ var: `modifier.${r.modifier}` }, 'complete', false)
		});
		collect.set(r.feature!, list);
	}
	const ties: PerMode<TieStep> = { complete: [], final: [], abbot: [] };
	for (const r of lists.tiebreak)
		for (const mode of MODES) {
			const when = condition(r, mode, false);
			if (when !== false)
				ties[mode].push({
					rule: r,
					kind: r.feature ?? null,
					when,
					ids: [r.id, ...(r.cites ?? [])]
				});
		}
	const beneath = lists.beneath.filter((r) => condition(r, 'complete', false) === null);
	const strengths = new Map<unknown, Get>();
	// a figure's strength is compiled when first read (its slots join the plan's: a new scope then)
	const strength = (e: unknown): Get => {
		let get = strengths.get(e);
		if (!get) {
			strengths.set(e, (get = compile(e, 'complete', false)));
			size();
		}
		return get;
	};
	const plan: Plan = {
		value,
		silentValue: new Map(
			[...value].map(([kind, m]) => [
				kind,
				{
					complete: m.complete.filter((st) => st.op !== undefined),
					final: m.final.filter((st) => st.op !== undefined),
					abbot: m.abbot.filter((st) => st.op !== undefined)
				}
			])
		),
		awards,
		wins,
		collect,
		ties,
		beneath,
		groupDefs,
		figureCount: figureIds.length,
		strength,
		slots: 0,
		groups: 0,
		scope: new Scope(0, 0) // sized below
	};
	const size = () => {
		plan.slots = slotOf.size;
		plan.groups = groupDefs.length;
		plan.scope = new Scope(plan.slots, plan.groups);
	};
	size();
	return plan;
}
