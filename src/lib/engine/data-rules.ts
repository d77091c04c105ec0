// Rules written as data (an expansion's `dataRules`, schemas/expansion.v1.json) compiled into a
// rule module: the same hooks, figures, rule texts and parameters a TypeScript module offers, so
// the engine explains data rules exactly like its own (rule ids in events, arithmetic, refusals).
// Expressions are interpreted (formats/rule-expr.ts), never compiled to code. A document is
// compiled once (cached by object); its scoring rules are prepared once per rules context (Plan:
// parameters, rulings and the mode worked out, closures reading the feature through a Scope).
import { compileExpr, evaluate, type Compiled, type Env } from '../formats/rule-expr.ts';
import { VALUE_EFFECTS } from '../formats/data-rules.ts';
import { dataModuleId, orderModules } from '../formats/resolve.ts';
import { featureOf, featureTiles, fieldCities, segsOf } from './features.ts';
import { pack, surroundings, tileAt } from './board.ts';
import { emit } from './events.ts';
import { perContext } from './per-context.ts';
import { playerName } from './scoring.ts';
import type { DataFigure, DataRule } from '../formats/schema-types.ts';
import type { Award, Context, Engine, Expansion, FeatureKind, FeatureValue, FigureType, Hooks, RuleModule, ValuePart } from './types.ts';
import { mapped, filled } from './arrays.ts';

// each expression object is turned into closures once (rule-expr.ts compileExpr: interpretation, no code generated)
const closures = new WeakMap<object, Compiled>();
function ev(e: unknown, env: Env): number | boolean {
	if (e === null || typeof e !== 'object') return evaluate(e, env);
	let c = closures.get(e);
	if (!c) closures.set(e, (c = compileExpr(e)));
	return c(env);
}
function evNum(e: unknown, env: Env): number {
	return numOf(ev(e, env));
}

const DEFAULT_FEATURES: FeatureKind[] = ['road', 'city', 'monastery', 'field'];
type Mode = FeatureValue['mode'];

export interface DataState {
	/** Root of the feature whose scoring a figure denied last (deniesScoring), or -1, and which figure. */
	denied: number;
	deniedBy: string;
	/** Root of the feature a wins rule gave to its figures' owners in this scoring, or -1. */
	won: number;
	/** Tokens collected: kind → per player. */
	tokens: Record<string, number[]>;
}

/** The figure type (data `deniesScoring`) that denied the scoring of `root` in this scoring, or null. */
export function deniedBy(g: Engine, root: number): string | null {
	// only a module with such figures ever marks a root denied (its winners hook)
	for (const id of denying(g.c)) {
		const st = g.s.mod[id] as DataState | undefined;
		if (st && st.denied === root) return st.deniedBy;
	}
	return null;
}

/** Data modules whose figures deny scorings (deniesScoring), found once per rules context. */
const denyingModules = new WeakSet<RuleModule>();
const denying = perContext((c) => c.modules.filter((m) => m.data && denyingModules.has(m)).map((m) => m.id));

/**
 * Where the variables of one scoring are read (formats/data-rules.ts `dataScope` lists them): the
 * feature, and for award rules the player paid. Values are kept per variable slot while one hook
 * runs; one scope per compiled plan is reused (a fresh one if a hook's work re-enters the plan).
 */
class Scope {
	g!: Engine;
	root = -1;
	memo: (number | boolean | undefined)[];
	busy = false;
	tiles: number[] | null = null;
	around: { tiles: number; wildcards: number; river: number } | null = null;
	// award rules: the player paid, the scoring's winners, heads per player, the denial
	player = -1;
	winners: readonly number[] = [];
	heads: number[] | null = null;
	denied: boolean | null = null;
	/** Award rules: per figure group, the players with such figures (first found first) and how many each. */
	groups: (Group | null)[];
	constructor(slots: number, groups: number) {
		this.memo = new Array<number | boolean | undefined>(slots).fill(undefined);
		this.groups = new Array<Group | null>(groups).fill(null);
	}
}
type Get = (sc: Scope) => number | boolean;

/** Enters a plan's scope for feature `root` (call `leave` after). */
function enter(p: Plan, g: Engine, root: number): Scope {
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
	sc.g = g;
	sc.root = root;
	return sc;
}
const leave = (sc: Scope) => {
	sc.busy = false;
};
const tilesOf = (sc: Scope) => (sc.tiles ??= featureTiles(sc.g.s, sc.root));
const aroundOf = (sc: Scope) => (sc.around ??= surroundings(sc.g, sc.g.s.st[sc.root]));

/** The value a variable has in every scoring of a rules context and mode ('complete', 'param.x', 'ruling.X.y'), or undefined. */
function constantOf(c: Context, mode: Mode, name: string, award: boolean): number | boolean | undefined {
	if (award && (name === 'winner' || name === 'heads' || name === 'othersHeads' || name === 'denied')) return undefined;
	switch (name) {
		case 'tiles':
		case 'pennants':
		case 'cities':
		case 'neighbours':
		case 'players':
			return undefined;
		case 'complete':
			return mode === 'complete';
		case 'final':
			return mode === 'final';
	}
	const dot = name.indexOf('.');
	const head = name.slice(0, dot);
	const rest = name.slice(dot + 1);
	if (head === 'param') return c.params[rest] ?? 0;
	if (head === 'ruling') {
		const i = rest.indexOf('.');
		return c.rulings[rest.slice(0, i)] === rest.slice(i + 1);
	}
	if (head === 'modifier' || head === 'figures' || head === 'onTiles' || head === 'icon') return undefined;
	if (head === 'around' && (rest === 'tiles' || rest === 'wildcards' || rest === 'river' || rest.startsWith('icon.'))) return undefined;
	return 0;
}

/** The reading of a variable that depends on the feature (or the player paid); constantOf gave undefined. */
function readerOf(c: Context, name: string, award: boolean, modifiers: Record<string, string>): Get {
	if (award)
		switch (name) {
			case 'winner':
				return (sc) => sc.winners.includes(sc.player);
			case 'heads':
				return (sc) => (sc.heads ??= headsOf(sc.g, sc.root))[sc.player];
			case 'othersHeads':
				return (sc) => {
					const heads = (sc.heads ??= headsOf(sc.g, sc.root));
					let most = 0;
					for (let q = 0; q < heads.length; q++) if (q !== sc.player && heads[q] > most) most = heads[q];
					return most;
				};
			case 'denied':
				return (sc) => (sc.denied ??= deniedBy(sc.g, sc.root) !== null);
		}
	switch (name) {
		case 'tiles':
			return (sc) => tilesOf(sc).length;
		case 'pennants':
			return ({ g, root }) => {
				let n = 0;
				for (const seg of segsOf(g.s, root)) n += featureOf(g, seg).pennants;
				return n;
			};
		case 'cities':
			return ({ g, root }) => (featureOf(g, root).kind === 'field' ? fieldCities(g, root).complete.length : 0);
		case 'neighbours':
			return ({ g, root }) => g.s.bnb[g.s.st[root]];
		case 'players':
			return ({ g }) => g.s.players.length;
	}
	const dot = name.indexOf('.');
	const head = name.slice(0, dot);
	const rest = name.slice(dot + 1);
	if (head === 'modifier') {
		const how = modifiers[rest] ?? gameCombine(c)[rest] ?? 'sum';
		return ({ g, root }) => combine(g, root, rest, how);
	}
	if (head === 'figures')
		return ({ g, root }) => {
			const s = g.s;
			const list = s.figs[root];
			let n = 0;
			if (list) for (let i = 0; i < list.length; i++) if (s.pieces[list[i]].kind === rest) n++;
			return n;
		};
	if (head === 'onTiles')
		return (sc) => {
			const tiles = tilesOf(sc);
			let n = 0;
			for (const p of sc.g.s.pieces) if (p.kind === rest && p.seg >= 0 && tiles.includes(p.tile)) n++;
			return n;
		};
	if (head === 'icon')
		return (sc) => {
			const { g } = sc;
			let n = 0;
			for (const b of tilesOf(sc)) if (g.c.tiles[g.s.bt[b]].icons.has(rest)) n++;
			return n;
		};
	if (rest === 'tiles' || rest === 'wildcards' || rest === 'river') return (sc) => aroundOf(sc)[rest];
	const icon = rest.slice(5); // around.icon.<name>
	return ({ g, root }) => {
		const s = g.s;
		const b = s.st[root];
		let n = 0;
		for (let dx = -1; dx <= 1; dx++)
			for (let dy = -1; dy <= 1; dy++) {
				if (!dx && !dy) continue;
				const o = tileAt(g, pack(s.bx[b] + dx, s.by[b] + dy));
				if (o >= 0 && g.c.tiles[s.bt[o]].icons.has(icon)) n++;
			}
		return n;
	};
}

const isLiteral = (v: unknown): v is number | boolean => typeof v === 'number' || typeof v === 'boolean';
/** A constant written back into an expression gives what reading it gives (numbers: whole and bounded, as evaluate keeps them). */
const literalOk = (v: number | boolean) => typeof v === 'boolean' || evaluate(v, () => 0) === v;

/**
 * An expression with the rules context's constants put in and what they decide worked out
 * (`{"and": [false, …]}` is false): evaluating it gives what evaluating the original gives.
 * Exported for its test.
 */
export function fold(e: unknown, constOf: (name: string) => number | boolean | undefined): unknown {
	if (e === null || typeof e !== 'object' || Array.isArray(e)) return e;
	const keys = Object.keys(e);
	if (!keys.length) return e;
	const op = keys[0];
	const arg = (e as Record<string, unknown>)[op];
	if (op === 'var') {
		const v = typeof arg === 'string' ? constOf(arg) : undefined;
		return v !== undefined && literalOk(v) ? v : e;
	}
	const args = (Array.isArray(arg) ? arg : [arg]).map((x) => fold(x, constOf));
	const out = { [op]: Array.isArray(arg) ? args : args[0] };
	if (args.every(isLiteral)) return evaluate(out, () => 0);
	// the result of these is settled by one literal whatever the others give (they only read)
	if (op === 'and' && args.some((x) => isLiteral(x) && x !== true)) return false;
	if (op === 'or' && args.some((x) => x === true)) return true;
	if (op === 'if' && args.length === 3 && isLiteral(args[0])) return args[0] === true ? args[1] : args[2];
	return out;
}

// how every data modifier of a game combines: a rule may read one its dependency declares (modifier.inn)
const gameCombine = perContext((c) => {
	const t: Record<string, string> = {};
	for (const m of c.modules) if (m.combine) for (const [k, v] of Object.entries(m.combine)) t[k] ??= v;
	return t;
});

/** A modifier over the segments of a feature, combined as its declaration says (sum, max, any, all). */
function combine(g: Engine, root: number, name: string, how: string): number | boolean {
	const s = g.s;
	const any = how === 'any';
	const all = how === 'all';
	const max = how === 'max';
	let sum = 0;
	let most = 0;
	for (let seg = s.snext[s.slast[root]], k = s.ssize[root]; k > 0; k--, seg = s.snext[seg]) {
		const raw = featureOf(g, seg).modifiers[name];
		const n = typeof raw === 'number' ? raw : raw ? 1 : 0;
		// any and all are settled by the first segment that has (or lacks) the modifier
		if (any && n) return true;
		if (all && !n) return false;
		sum += n;
		if (n > most) most = n;
	}
	return any ? false : all ? true : max ? most : sum;
}

const plural = (n: number, w: string) => (n === 1 ? w : w + 's');

/** Players with figures of type `figure` on the feature (`tiles` false) or on any feature of its tiles (true), first found first, and how many each. */
function figuresOf(sc: Scope, figure: string, tiles: boolean): Group {
	const s = sc.g.s;
	let out: Group | null = null;
	if (tiles) {
		const on = tilesOf(sc);
		for (const p of s.pieces) if (p.kind === figure && p.seg >= 0 && p.owner >= 0 && on.includes(p.tile)) out = added(out, p.owner);
	} else {
		const list = s.figs[sc.root];
		if (list)
			for (let i = 0; i < list.length; i++) {
				const p = s.pieces[list[i]];
				if (p.kind === figure && p.owner >= 0) out = added(out, p.owner);
			}
	}
	return out ?? NOBODY;
}
/** Group `out` (a new one when null) with one more figure of `owner`. */
function added(out: Group | null, owner: number): Group {
	out ??= { players: [], counts: [] };
	const i = out.players.indexOf(owner);
	if (i < 0) {
		out.players.push(owner);
		out.counts.push(1);
	} else out.counts[i]++;
	return out;
}
interface Group {
	readonly players: number[];
	readonly counts: number[];
}
const NOBODY: Group = Object.freeze({ players: [], counts: [] });
/** The figures of group `i` of a plan (figuresOf), found once per scope. */
const groupOf = (p: Plan, sc: Scope, i: number) => (sc.groups[i] ??= figuresOf(sc, p.groupDefs[i].figure, p.groupDefs[i].tiles));

/** Heads per player on the feature: followers, and any figure with strength above 0 there (award variables heads, othersHeads). */
function headsOf(g: Engine, root: number): number[] {
	const s = g.s;
	const heads = filled(s.players.length, 0);
	for (const pc of s.figs[root] ?? []) {
		const p = s.pieces[pc];
		const ft = g.c.figures.get(p.kind);
		if (p.owner >= 0 && ft && (ft.follower || ft.strength(g, pc, root) > 0)) heads[p.owner]++;
	}
	return heads;
}

/** One player's award being built by the award rules of one figure type: `n label × (points + bonus…)`, or 0 with a reason. */
interface Building {
	player: number;
	n: number;
	label: string;
	points: number;
	bonuses: { per: number; label: string }[];
	zero: string | null;
	rules: string[];
}

function finish(b: Building, quiet: boolean): Award {
	let each = b.points;
	for (const x of b.bonuses) each += x.per;
	const points = b.zero === null ? b.n * each : 0;
	const who = `${b.n} ${plural(b.n, b.label)}`;
	const arithmetic = quiet
		? ''
		: b.zero !== null
			? `${who}: 0 (${b.zero})`
			: b.bonuses.length
				? `${who} × (${[String(b.points), ...b.bonuses.map((x) => `${x.per} ${x.label}`)].join(' + ')}) = ${points}`
				: `${who} × ${each} = ${points}`;
	return { player: b.player, points, arithmetic, rules: b.rules };
}
const push = (list: string[], id: string) => {
	if (!list.includes(id)) list.push(id);
};

function compileFigure(e: Expansion, id: string, f: DataFigure, read: (g: Engine, root: number, expr: unknown) => number): FigureType {
	const decl = (e.figures ?? []).find((x) => x.id === id);
	const strength = f.strength;
	const perKind = strength !== null && typeof strength === 'object' && !('var' in strength) && Object.keys(strength).some((k) => k in KIND_SET);
	let strengthOf: FigureType['strength'];
	if (strength === undefined) strengthOf = () => 1;
	else if (typeof strength === 'number') strengthOf = () => evNum(strength, () => 0);
	else if (paramOf(strength)) {
		// the common case, a tunable strength ({"var": "param.largeMeepleStrength"}): no feature to read
		const name = paramOf(strength)!;
		strengthOf = (g) => Math.max(0, g.c.params[name] ?? 0);
	} else
		strengthOf = (g, _piece, root) => {
			const expr = perKind ? (strength as Record<string, unknown>)[featureOf(g, root).kind] : strength;
			return expr === undefined ? 1 : Math.max(0, read(g, root, expr));
		};
	return {
		id,
		name: decl?.name ?? id,
		perPlayer: decl?.perPlayer ?? 0,
		...(decl?.neutral ? { neutral: decl.neutral } : {}),
		follower: f.follower !== false,
		features: (f.features as FeatureKind[] | undefined) ?? DEFAULT_FEATURES,
		strength: strengthOf,
		rules: f.rules ?? [],
		...(f.strengthRules ? { strengthRules: f.strengthRules } : {}),
		...(f.joinsOccupied ? { joinsOccupied: true } : {}),
		...(f.afterScoring === 'stay' ? { staysAfterScoring: true } : {})
	};
}
/** The parameter an expression is exactly ({"var": "param.x"}), or undefined. */
function paramOf(e: unknown): string | undefined {
	if (e === null || typeof e !== 'object') return undefined;
	const v = (e as Record<string, unknown>).var;
	return Object.keys(e).length === 1 && typeof v === 'string' && v.startsWith('param.') ? v.slice(6) : undefined;
}
const KIND_SET: Record<string, true> = { road: true, city: true, river: true, field: true, monastery: true, garden: true, stable: true };

const PART: Record<string, string> = { perTile: 'tiles', setPerTile: 'tiles', perPennant: 'pennants', setPerPennant: 'pennants', perCity: 'cities', setPerCity: 'cities' };

/** One value rule compiled for a rules context and mode: its condition (null: always) and the readings of its effect. */
interface ValueStep {
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

/** Applies one value rule's effect to the feature's value. */
function applyEffect(st: ValueStep, v: FeatureValue, sc: Scope): void {
	const rule = st.rule;
	const e = rule.effect!;
	const op = st.op;
	if (op === undefined) {
		// marks only
	} else if (op === 'zero') v.zero = e.zero!;
	else if (op === 'add') v.parts.push({ id: rule.id, label: e.add!.label, count: numOf(st.x!(sc)), per: numOf(st.y!(sc)) });
	else if (op === 'multiply') (v.factors ??= []).push({ by: numOf(st.x!(sc)), label: e.label ?? rule.id });
	else {
		let part: ValuePart | undefined;
		for (let i = 0; i < v.parts.length && !part; i++) if (v.parts[i].id === st.part) part = v.parts[i];
		if (!part) return;
		const n = numOf(st.x!(sc));
		if (st.set) part.per = n;
		else (part.extra ??= []).push({ label: e.label ?? rule.id, per: n });
	}
	if (e.fact) v.facts[e.fact] = true;
	for (let i = 0; i < st.facts.length; i++) v.facts[st.facts[i][0]] = st.facts[i][1](sc);
	for (let i = 0; i < st.ids.length; i++) push(v.rules, st.ids[i]);
}
const numOf = (v: number | boolean): number => (typeof v === 'number' ? v : v ? 1 : 0);

/** An award rule compiled for a rules context and mode. */
interface AwardStep {
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
interface WinsStep {
	rule: DataRule;
	group: number;
	when: Get | null;
	ids: string[];
}
interface CollectStep {
	rule: DataRule;
	when: Get | null;
	count: Get;
}
type PerMode<T> = Record<Mode, T[]>;

/**
 * A data module's rules compiled for one rules context: per feature kind and mode the rules that can
 * apply there (what the context decides — parameters, rulings, the mode — is worked out once), with
 * their expressions turned into closures that read the feature through a Scope.
 */
interface Plan {
	value: Map<string, PerMode<ValueStep>>;
	awards: Map<string, PerMode<AwardStep>>;
	wins: Map<string, PerMode<WinsStep>>;
	collect: Map<string, CollectStep[]>;
	groupDefs: { figure: string; tiles: boolean }[];
	figureCount: number;
	/** The reading of a figure's strength expression (mode 'complete'), compiled when first asked. */
	strength: (e: unknown) => Get;
	slots: number;
	groups: number;
	scope: Scope;
}
const MODES: Mode[] = ['complete', 'final', 'abbot'];
const AWARD_VARS = new Set(['winner', 'heads', 'othersHeads', 'denied']);

/** A data module's scoring rules, grouped as its plans use them. */
interface RuleLists {
	value: DataRule[];
	award: DataRule[];
	wins: DataRule[];
	collect: DataRule[];
	modifiers: Record<string, string>;
}

const inModes = (r: DataRule, mode: Mode, dflt: Mode[]) => ((r.at as Mode[] | undefined) ?? dflt).includes(mode);

/** Compiles a data module's rules for rules context `c` (see Plan). */
function compilePlan(c: Context, lists: RuleLists): Plan {
	const slotOf = new Map<string, number>();
	const groupDefs: Plan['groupDefs'] = [];
	const figureIds: string[] = [];
	/** The closures of expression `e` in `mode`; award rules also read the player paid. */
	const compile = (e: unknown, mode: Mode, award: boolean): Get => {
		const resolve = (name: string): Get => {
			const k = constantOf(c, mode, name, award);
			if (k !== undefined) return () => k;
			const read = readerOf(c, name, award, lists.modifiers);
			if ((award && AWARD_VARS.has(name)) || name === 'neighbours' || name === 'players') return read;
			let slot = slotOf.get(name);
			if (slot === undefined) slotOf.set(name, (slot = slotOf.size));
			const i = slot;
			return (sc) => {
				let v = sc.memo[i];
				if (v === undefined) sc.memo[i] = v = read(sc);
				return v;
			};
		};
		return compileExpr<Scope>(fold(e, (name) => constantOf(c, mode, name, award)), resolve);
	};
	/** A rule's condition: null when it always holds, false when it never does. */
	const condition = (r: DataRule, mode: Mode, award: boolean): Get | null | false => {
		if (r.when === undefined) return null;
		const f = fold(r.when, (name) => constantOf(c, mode, name, award));
		if (isLiteral(f)) return f === true ? null : false;
		return compile(r.when, mode, award);
	};
	const groupIndex = (figure: string, where: string | undefined) => {
		const tiles = where === 'tiles';
		let i = groupDefs.findIndex((d) => d.figure === figure && d.tiles === tiles);
		if (i < 0) i = groupDefs.push({ figure, tiles }) - 1;
		return i;
	};
	const perKind = <T>(rules: DataRule[], dflt: Mode[], make: (r: DataRule, mode: Mode) => T | null): Map<string, PerMode<T>> => {
		const out = new Map<string, PerMode<T>>();
		for (const r of rules) {
			let m = out.get(r.feature!);
			if (!m) out.set(r.feature!, (m = { complete: [], final: [], abbot: [] }));
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
		const x = op === 'add' ? e.add!.count : op === 'multiply' ? e.multiply : op && op !== 'zero' ? e[op] : undefined;
		const y = op === 'add' ? e.add!.per : undefined;
		return {
			rule: r,
			when,
			op,
			x: x === undefined ? null : compile(x, mode, false),
			y: y === undefined ? null : compile(y, mode, false),
			part: op ? (PART[op] ?? '') : '',
			set: !!op && op.startsWith('set'),
			facts: Object.entries(e.facts ?? {}).map(([k, f]): [string, Get] => [k, compile(f, mode, false)]),
			ids: [r.id, ...(r.cites ?? [])]
		};
	});
	const awards = perKind<AwardStep>(lists.award, ['complete'], (r, mode) => {
		const when = condition(r, mode, true);
		if (when === false) return null;
		let figure = figureIds.indexOf(r.figure!);
		if (figure < 0) figure = figureIds.push(r.figure!) - 1;
		const name = c.figures.get(r.figure!)?.name.toLowerCase() ?? r.figure!;
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
		return when === false ? null : { rule: r, group: groupIndex(r.figure!, r.where), when, ids: [r.id, ...(r.cites ?? [])] };
	});
	const collect = new Map<string, CollectStep[]>();
	for (const r of lists.collect) {
		const when = condition(r, 'complete', false);
		if (when === false) continue;
		const list = collect.get(r.feature!) ?? [];
		list.push({ rule: r, when, count: compile({ var: `modifier.${r.modifier}` }, 'complete', false) });
		collect.set(r.feature!, list);
	}
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
	const plan: Plan = { value, awards, wins, collect, groupDefs, figureCount: figureIds.length, strength, slots: 0, groups: 0, scope: null as never };
	const size = () => {
		plan.slots = slotOf.size;
		plan.groups = groupDefs.length;
		plan.scope = new Scope(plan.slots, plan.groups);
	};
	size();
	return plan;
}

const compiled = new WeakMap<Expansion, RuleModule | null>();

/** The rule module an expansion's dataRules compile to (null without any); `id` avoids a TypeScript module's id. */
export function compileDataRules(e: Expansion, taken: ReadonlySet<string>): RuleModule | null {
	if (compiled.has(e)) return compiled.get(e)!;
	const m = build(e, taken);
	compiled.set(e, m);
	return m;
}

function build(e: Expansion, taken: ReadonlySet<string>): RuleModule | null {
	const dr = e.dataRules;
	if (!dr) return null;
	const id = dataModuleId(e.id, taken);
	const modifiers: Record<string, string> = {};
	for (const [k, m] of Object.entries(dr.modifiers ?? {})) modifiers[k] = m.combine;
	const rules = dr.rules ?? [];
	const texts: Record<string, string> = {};
	for (const r of rules) if (r.text && !(r.id in texts)) texts[r.id] = r.text;
	const lists: RuleLists = {
		value: rules.filter((r) => r.type === 'value'),
		award: rules.filter((r) => r.type === 'award'),
		wins: rules.filter((r) => r.type === 'wins'),
		collect: rules.filter((r) => r.type === 'collect'),
		modifiers
	};
	// compiled once per rules context
	const planOf = perContext((c) => compilePlan(c, lists));
	const readStrength = (g: Engine, root: number, expr: unknown): number => {
		const p = planOf(g.c);
		const get = p.strength(expr);
		const sc = enter(p, g, root);
		const v = numOf(get(sc));
		leave(sc);
		return v;
	};
	const figures = Object.entries(dr.figures ?? {}).map(([fid, f]) => compileFigure(e, fid, f, readStrength));
	const deniers = new Map(Object.entries(dr.figures ?? {}).filter(([, f]) => f.deniesScoring).map(([fid, f]) => [fid, f]));
	const parameters: Record<string, number> = {};
	const parameterRanges: Record<string, { min: number; max: number }> = {};
	for (const [k, p] of Object.entries(dr.parameters ?? {})) {
		parameters[k] = p.default;
		parameterRanges[k] = { min: p.min ?? 0, max: p.max ?? 100 };
	}
	const majorityRules = rules.filter((r) => r.type === 'majority');
	// a text rule is cited by an event only when a scoring rule, a cites list or a figure names it (IC-2.3: the large meeple's strength)
	const cited = new Set(rules.flatMap((r) => (r.type === 'text' ? (r.cites ?? []) : [r.id, ...(r.cites ?? [])])));
	for (const f of Object.values(dr.figures ?? {})) for (const id of [...(f.rules ?? []), ...(f.strengthRules ?? []), ...(f.denyRules ?? [])]) cited.add(id);
	const uncited = Object.keys(texts).filter((id) => !cited.has(id));
	/** Buddo's rule (deniesScoring): a feature where such a figure is in the majority, alone or tied, scores for nobody. */
	const deny = (g: Engine, root: number, strengths: number[]): number[] | null => {
		const s = g.s;
		const st = state(g);
		st.denied = -1;
		const players = s.players.length;
		for (const pc of s.figs[root] ?? []) {
			const p = s.pieces[pc];
			if (!deniers.has(p.kind)) continue;
			const slot = p.owner < 0 ? players : p.owner;
			const mine = strengths[slot];
			if (!(mine > 0)) continue;
			let most = true;
			for (let q = 0; q <= players; q++) if (q !== slot && strengths[q] > mine) most = false;
			if (!most) continue;
			st.denied = root;
			st.deniedBy = p.kind;
			return [];
		}
		return null;
	};
	const state = (g: Engine) => g.s.mod[id] as DataState;
	const hooks: Partial<Hooks> = {
		setup(g) {
			const st: DataState = { denied: -1, deniedBy: '', won: -1, tokens: {} };
			g.s.mod[id] = st;
		}
	};
	if (lists.value.length)
		hooks.value = (g, root, v) => {
			const p = planOf(g.c);
			const steps = p.value.get(v.kind)?.[v.mode];
			if (!steps || !steps.length) return;
			const sc = enter(p, g, root);
			for (let i = 0; i < steps.length; i++) {
				const st = steps[i];
				if (st.when === null || st.when(sc) === true) applyEffect(st, v, sc);
			}
			leave(sc);
		};
	if (lists.award.length)
		hooks.awards = (g, root, v, winners, awards: Award[]) => {
			const p = planOf(g.c);
			const steps = p.awards.get(v.kind)?.[v.mode];
			if (!steps || !steps.length) return;
			const sc = enter(p, g, root);
			sc.winners = winners;
			const players = g.s.players.length;
			// the award under construction per figure type and player (a points rule starts a new one)
			let open: (Building | undefined)[] | null = null;
			let built: Building[] | null = null;
			for (let i = 0; i < steps.length; i++) {
				const st = steps[i];
				const r = st.rule;
				// several rules pay the same figures (a points rule, then its bonuses): found once per figure type and place
				const per = groupOf(p, sc, st.group);
				if (!per.players.length) continue;
				open ??= new Array<Building | undefined>(p.figureCount * players).fill(undefined);
				for (let k = 0; k < per.players.length; k++) {
					const player = per.players[k];
					sc.player = player;
					if (st.when !== null && st.when(sc) !== true) continue;
					const key = st.figure * players + player;
					let b = open[key];
					if (!b || st.points !== null) {
						b = { player, n: per.counts[k], label: st.label, points: 0, bonuses: [], zero: null, rules: [] };
						open[key] = b;
						(built ??= []).push(b);
					}
					if (st.points !== null) b.points = numOf(st.points(sc));
					else if (st.bonus !== null) b.bonuses.push({ per: numOf(st.bonus(sc)), label: st.bonusLabel });
					else if (r.zero !== undefined) b.zero = r.zero;
					for (let j = 0; j < st.ids.length; j++) push(b.rules, st.ids[j]);
				}
			}
			leave(sc);
			if (built) for (const b of built) awards.push(finish(b, g.quiet));
		};
	if (deniers.size || lists.wins.length)
		hooks.winners = (g, root, strengths, _winners, v) => {
			const st = state(g);
			st.won = -1;
			st.denied = -1;
			const p = planOf(g.c);
			const steps = p.wins.get(v.kind)?.[v.mode];
			if (steps && steps.length) {
				const sc = enter(p, g, root);
				for (let i = 0; i < steps.length; i++) {
					const w = steps[i];
					const per = groupOf(p, sc, w.group);
					if (!per.players.length || (w.when !== null && w.when(sc) !== true)) continue;
					leave(sc);
					st.won = root;
					for (let j = 0; j < w.ids.length; j++) push(v.rules, w.ids[j]);
					return per.players.slice().sort((a, b) => a - b);
				}
				leave(sc);
			}
			return deniers.size ? deny(g, root, strengths) : null;
		};
	if (deniers.size || lists.collect.length || lists.wins.length)
		hooks.scored = (g, root, ev) => {
			const st = state(g);
			if (st.won === root && ev.winners.length && !g.quiet) {
				// the feature went to its figures' owners (wins), whatever the majority
				const why = `${ev.winners.map((p) => playerName(g, p)).join(' and ')} own${ev.winners.length > 1 ? '' : 's'} the ${ev.feature.kind}`;
				if (ev.text && ev.why) ev.text = ev.text.replace(ev.why, why);
				ev.why = why;
			}
			if (st.denied === root) {
				const f = deniers.get(st.deniedBy)!;
				const name = g.c.figures.get(st.deniedBy)?.name ?? st.deniedBy;
				const owner = ev.figures.find((x) => x.figure === st.deniedBy)?.owner ?? -1;
				const strength = owner < 0 ? ev.strengths.neutral : ev.strengths[String(owner)];
				const why = `${name} (${owner < 0 ? 'neutral' : playerName(g, owner)}, strength ${strength}) is in the majority: nobody scores this ${ev.feature.kind}`;
				if (ev.text && ev.why) ev.text = ev.text.replace(ev.why, why);
				ev.why = why;
				ev[st.deniedBy] = 'denied';
				for (const r of f.denyRules ?? []) push(ev.rules, r);
			}
			if (ev.mode !== 'complete') return;
			const steps = lists.collect.length ? planOf(g.c).collect.get(ev.feature.kind) : undefined;
			if (!steps) return;
			const s = g.s;
			const p = planOf(g.c);
			const sc = enter(p, g, root);
			for (const c of steps) {
				const r = c.rule;
				if (c.when !== null && c.when(sc) !== true) continue;
				const n = numOf(c.count(sc));
				if (n <= 0) continue;
				const player = s.active;
				const tokens = (st.tokens[r.token!] ??= filled(s.players.length, 0));
				tokens[player] += n;
				emit(g, { type: 'collect', rules: [r.id], player, token: r.token, count: n, at: ev.feature.at }, () =>
					`${playerName(g, player)} completed the ${ev.feature.kind} and takes ${n} ${r.token} (now ${tokens[player]}).`
				);
			}
			leave(sc);
		};
	if (majorityRules.length)
		hooks.finalScoring = (g) => {
			const s = g.s;
			const st = state(g);
			for (const r of majorityRules) {
				const tokens = st.tokens[r.token!] ?? filled(s.players.length, 0);
				const most = Math.max(0, ...tokens);
				const points = evNum(r.points, (n) => (n.startsWith('param.') ? (g.c.params[n.slice(6)] ?? 0) : n === 'players' ? s.players.length : 0));
				const winners = most > 0 ? tokens.flatMap((n, p) => (n === most ? [p] : [])) : [];
				for (const p of winners) s.scores[p] += points;
				emit(g, { type: 'majority', rules: [r.id], token: r.token, counts: [...tokens], winners, points, awards: mapped(winners, (p) => ({ player: p, points, arithmetic: `most ${r.token} (${most}): ${points}`, rules: [r.id] })) }, () =>
					winners.length
						? `Most ${r.token} (${most}): ${winners.map((p) => `${playerName(g, p)} +${points}`).join(', ')}.`
						: `Nobody has any ${r.token}: no majority bonus.`
				);
			}
		};
	const module: RuleModule = {
		id,
		name: e.name,
		data: true,
		combine: modifiers,
		rules: texts,
		figures,
		parameters,
		parameterRanges,
		...(dr.rulings ? { rulings: Object.entries(dr.rulings).map(([rid, r]) => ({ id: rid, description: r.description, default: r.default, options: r.options, rules: r.rules ?? [] })) } : {}),
		hooks,
		...(uncited.length ? { uncited } : {})
	};
	if (deniers.size) denyingModules.add(module);
	return module;
}

/** The modules of a game with the expansions' data rules inserted in play order (formats/resolve.ts `orderModules`). */
export function withDataModules(modules: RuleModule[], expansions: readonly Expansion[], allIds: ReadonlySet<string>): RuleModule[] {
	const byId = new Map(modules.map((m) => [m.id, m]));
	const data: Expansion[] = [];
	for (const e of expansions) {
		const m = compileDataRules(e, allIds);
		if (!m) continue;
		byId.set(m.id, m);
		data.push(e);
	}
	if (!data.length) return modules;
	return orderModules(modules.map((m) => m.id), data, allIds).map((id) => byId.get(id)!);
}
