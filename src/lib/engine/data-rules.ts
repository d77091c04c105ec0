// Rules written as data (an expansion's `dataRules`, schemas/expansion.v1.json) compiled into a
// rule module: the same hooks, figures, rule texts and parameters a TypeScript module offers, so
// the engine explains data rules exactly like its own (rule ids in events, arithmetic, refusals).
// Expressions are interpreted (formats/rule-expr.ts), never compiled to code. A document is
// compiled once (cached by object); the module reads parameters from the game's context.
import { compileExpr, evaluate, type Compiled, type Env } from '../formats/rule-expr.ts';
import { VALUE_EFFECTS } from '../formats/data-rules.ts';
import { dataModuleId, orderModules } from '../formats/resolve.ts';
import { featureOf, featureTiles, fieldCities, segsOf } from './features.ts';
import { pack, surroundings, tileAt } from './board.ts';
import { emit } from './events.ts';
import { playerName } from './scoring.ts';
import type { DataFigure, DataRule } from '../formats/schema-types.ts';
import type { Award, Context, Engine, Expansion, FeatureKind, FeatureValue, FigureType, Hooks, RuleModule } from './types.ts';

// each expression object is turned into closures once (rule-expr.ts compileExpr: interpretation, no code generated)
const closures = new WeakMap<object, Compiled>();
function ev(e: unknown, env: Env): number | boolean {
	if (e === null || typeof e !== 'object') return evaluate(e, env);
	let c = closures.get(e);
	if (!c) closures.set(e, (c = compileExpr(e)));
	return c(env);
}
function evNum(e: unknown, env: Env): number {
	const v = ev(e, env);
	return typeof v === 'number' ? v : v ? 1 : 0;
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
	for (const m of g.c.modules) {
		const st = g.s.mod[m.id] as DataState | undefined;
		if (m.data && st && st.denied === root) return st.deniedBy;
	}
	return null;
}

/** The variables of one feature, read when an expression asks (formats/data-rules.ts `dataScope` lists them). */
function featureEnv(g: Engine, root: number, mode: Mode, modifiers: Record<string, string>) {
	const s = g.s;
	const memo = new Map<string, number | boolean>();
	const compute = (name: string): number | boolean => {
		switch (name) {
			case 'tiles':
				return featureTiles(s, root).length;
			case 'pennants': {
				let n = 0;
				for (const seg of segsOf(s, root)) n += featureOf(g, seg).pennants;
				return n;
			}
			case 'cities':
				return featureOf(g, root).kind === 'field' ? fieldCities(g, root).complete.length : 0;
			case 'neighbours':
				return s.bnb[s.st[root]];
			case 'players':
				return s.players.length;
			case 'complete':
				return mode === 'complete';
			case 'final':
				return mode === 'final';
		}
		const dot = name.indexOf('.');
		const head = name.slice(0, dot);
		const rest = name.slice(dot + 1);
		if (head === 'param') return g.c.params[rest] ?? 0;
		if (head === 'modifier') return combine(g, root, rest, modifiers[rest] ?? gameCombine(g.c)[rest] ?? 'sum');
		if (head === 'figures') {
			let n = 0;
			for (const pc of s.figs[root] ?? []) if (s.pieces[pc].kind === rest) n++;
			return n;
		}
		if (head === 'ruling') {
			const i = rest.indexOf('.');
			return g.c.rulings[rest.slice(0, i)] === rest.slice(i + 1);
		}
		if (head === 'onTiles') {
			const tiles = featureTiles(s, root);
			let n = 0;
			for (const p of s.pieces) if (p.kind === rest && p.seg >= 0 && tiles.includes(p.tile)) n++;
			return n;
		}
		if (head === 'icon') {
			let n = 0;
			for (const b of featureTiles(s, root)) if (g.c.tiles[s.bt[b]].icons.has(rest)) n++;
			return n;
		}
		if (head === 'around' && (rest === 'tiles' || rest === 'wildcards' || rest === 'river')) {
			const n = surroundings(g, s.st[root]);
			memo.set('around.tiles', n.tiles).set('around.wildcards', n.wildcards).set('around.river', n.river);
			return n[rest];
		}
		if (head === 'around' && rest.startsWith('icon.')) {
			const icon = rest.slice(5);
			const b = s.st[root];
			let n = 0;
			for (let dx = -1; dx <= 1; dx++)
				for (let dy = -1; dy <= 1; dy++) {
					if (!dx && !dy) continue;
					const o = tileAt(g, pack(s.bx[b] + dx, s.by[b] + dy));
					if (o >= 0 && g.c.tiles[s.bt[o]].icons.has(icon)) n++;
				}
			return n;
		}
		return 0;
	};
	return (name: string) => {
		let v = memo.get(name);
		if (v === undefined) memo.set(name, (v = compute(name)));
		return v;
	};
}

// how every data modifier of a game combines: a rule may read one its dependency declares (modifier.inn)
const combines = new WeakMap<Context, Record<string, string>>();
function gameCombine(c: Context): Record<string, string> {
	let t = combines.get(c);
	if (!t) {
		t = {};
		for (const m of c.modules) if (m.combine) for (const [k, v] of Object.entries(m.combine)) t[k] ??= v;
		combines.set(c, t);
	}
	return t;
}

/** A modifier over the segments of a feature, combined as its declaration says (sum, max, any, all). */
function combine(g: Engine, root: number, name: string, how: string): number | boolean {
	let sum = 0;
	let max = 0;
	let any = false;
	let all = true;
	for (const seg of segsOf(g.s, root)) {
		const raw = featureOf(g, seg).modifiers[name];
		const n = typeof raw === 'number' ? raw : raw ? 1 : 0;
		sum += n;
		if (n > max) max = n;
		if (n) any = true;
		else all = false;
	}
	return how === 'any' ? any : how === 'all' ? all : how === 'max' ? max : sum;
}

const plural = (n: number, w: string) => (n === 1 ? w : w + 's');

/** Players with figures of type `figure` on the feature (`where` 'feature') or on any feature of its tiles ('tiles'): player → how many. */
function figuresOf(g: Engine, root: number, figure: string, where: string | undefined): Map<number, number> {
	const s = g.s;
	const per = new Map<number, number>();
	if (where === 'tiles') {
		const tiles = featureTiles(s, root);
		for (const p of s.pieces) if (p.kind === figure && p.seg >= 0 && p.owner >= 0 && tiles.includes(p.tile)) per.set(p.owner, (per.get(p.owner) ?? 0) + 1);
	} else for (const pc of s.figs[root] ?? []) if (s.pieces[pc].kind === figure && s.pieces[pc].owner >= 0) per.set(s.pieces[pc].owner, (per.get(s.pieces[pc].owner) ?? 0) + 1);
	return per;
}

/** Heads per player on the feature: followers, and any figure with strength above 0 there (award variables heads, othersHeads). */
function headsOf(g: Engine, root: number): number[] {
	const s = g.s;
	const heads = s.players.map(() => 0);
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

function compileFigure(e: Expansion, id: string, f: DataFigure, modifiers: Record<string, string>): FigureType {
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
			return expr === undefined ? 1 : Math.max(0, evNum(expr, featureEnv(g, root, 'complete', modifiers)));
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

/** Applies one value rule's effect to the feature's value. */
function applyEffect(rule: DataRule, v: FeatureValue, env: (n: string) => number | boolean): void {
	const e = rule.effect!;
	const op = VALUE_EFFECTS.find((k) => e[k] !== undefined);
	if (op === undefined) {
		// marks only
	} else if (op === 'zero') v.zero = e.zero!;
	else if (op === 'add') {
		const a = e.add!;
		v.parts.push({ id: rule.id, label: a.label, count: evNum(a.count, env), per: evNum(a.per, env) });
	} else if (op === 'multiply') (v.factors ??= []).push({ by: evNum(e.multiply, env), label: e.label ?? rule.id });
	else {
		const part = v.parts.find((p) => p.id === PART[op]);
		if (!part) return;
		const n = evNum(e[op], env);
		if (op.startsWith('set')) part.per = n;
		else (part.extra ??= []).push({ label: e.label ?? rule.id, per: n });
	}
	if (e.fact) v.facts[e.fact] = true;
	if (e.facts) for (const [k, x] of Object.entries(e.facts)) v.facts[k] = ev(x, env);
	push(v.rules, rule.id);
	for (const c of rule.cites ?? []) push(v.rules, c);
}

const NONE: DataRule[] = [];
/** Rules grouped by the feature kind they are about. */
function byKind(rules: DataRule[]): Map<string, DataRule[]> {
	const out = new Map<string, DataRule[]>();
	for (const r of rules) out.set(r.feature!, [...(out.get(r.feature!) ?? []), r]);
	return out;
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
	const figures = Object.entries(dr.figures ?? {}).map(([fid, f]) => compileFigure(e, fid, f, modifiers));
	const deniers = new Map(Object.entries(dr.figures ?? {}).filter(([, f]) => f.deniesScoring).map(([fid, f]) => [fid, f]));
	const parameters: Record<string, number> = {};
	const parameterRanges: Record<string, { min: number; max: number }> = {};
	for (const [k, p] of Object.entries(dr.parameters ?? {})) {
		parameters[k] = p.default;
		parameterRanges[k] = { min: p.min ?? 0, max: p.max ?? 100 };
	}
	const inModes = (r: DataRule, mode: Mode, dflt: Mode[]) => ((r.at as Mode[] | undefined) ?? dflt).includes(mode);
	const valueRules = rules.filter((r) => r.type === 'value');
	const valueByKind = byKind(valueRules);
	const awardRules = rules.filter((r) => r.type === 'award');
	const awardsByKind = byKind(awardRules);
	const collectRules = rules.filter((r) => r.type === 'collect');
	const majorityRules = rules.filter((r) => r.type === 'majority');
	const winsRules = rules.filter((r) => r.type === 'wins');
	const winsByKind = byKind(winsRules);
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
	const holds = (r: DataRule, env: (n: string) => number | boolean) => r.when === undefined || ev(r.when, env) === true;
	const state = (g: Engine) => g.s.mod[id] as DataState;
	const hooks: Partial<Hooks> = {
		setup(g) {
			const st: DataState = { denied: -1, deniedBy: '', won: -1, tokens: {} };
			g.s.mod[id] = st;
		}
	};
	if (valueRules.length)
		hooks.value = (g, root, v) => {
			const list = valueByKind.get(v.kind);
			if (!list) return;
			let env: ((n: string) => number | boolean) | null = null;
			for (const r of list) {
				if (!inModes(r, v.mode, ['complete', 'final'])) continue;
				env ??= featureEnv(g, root, v.mode, modifiers);
				if (holds(r, env)) applyEffect(r, v, env);
			}
		};
	if (awardRules.length)
		hooks.awards = (g, root, v, winners, awards: Award[]) => {
			const list = awardsByKind.get(v.kind);
			if (!list) return;
			let env: ((n: string) => number | boolean) | null = null;
			let heads: number[] | null = null;
			let denied: boolean | null = null;
			// the award under construction per figure type and player (a points rule starts a new one)
			let open: Map<string, Building> | null = null;
			const built: Building[] = [];
			// several rules pay the same figures (a points rule, then its bonuses): found once per figure type and place
			const found = new Map<string, Map<number, number>>();
			for (const r of list) {
				if (!inModes(r, v.mode, ['complete'])) continue;
				const at = `${r.figure}\u0000${r.where ?? 'feature'}`;
				let per = found.get(at);
				if (!per) found.set(at, (per = figuresOf(g, root, r.figure!, r.where)));
				if (!per.size) continue;
				open ??= new Map();
				const base = (env ??= featureEnv(g, root, v.mode, modifiers));
				for (const [player, n] of per) {
					const penv = (name: string): number | boolean => {
						switch (name) {
							case 'winner':
								return winners.includes(player);
							case 'heads':
								return (heads ??= headsOf(g, root))[player];
							case 'othersHeads': {
								heads ??= headsOf(g, root);
								let most = 0;
								for (let q = 0; q < heads.length; q++) if (q !== player && heads[q] > most) most = heads[q];
								return most;
							}
							case 'denied':
								return (denied ??= deniedBy(g, root) !== null);
						}
						return base(name);
					};
					if (!holds(r, penv)) continue;
					const key = `${r.figure}\u0000${player}`;
					let b = open.get(key);
					if (!b || r.points !== undefined) {
						const name = g.c.figures.get(r.figure!)?.name.toLowerCase() ?? r.figure!;
						b = { player, n, label: (r.bonus === undefined ? r.label : undefined) ?? name, points: 0, bonuses: [], zero: null, rules: [] };
						open.set(key, b);
						built.push(b);
					}
					if (r.points !== undefined) b.points = evNum(r.points, penv);
					else if (r.bonus !== undefined) b.bonuses.push({ per: evNum(r.bonus, penv), label: r.label ?? r.id });
					else if (r.zero !== undefined) b.zero = r.zero;
					push(b.rules, r.id);
					for (const c of r.cites ?? []) push(b.rules, c);
				}
			}
			for (const b of built) awards.push(finish(b, g.quiet));
		};
	if (deniers.size || winsRules.length)
		hooks.winners = (g, root, strengths, _winners, v) => {
			const st = state(g);
			st.won = -1;
			st.denied = -1;
			let env: ((n: string) => number | boolean) | null = null;
			for (const r of winsByKind.get(v.kind) ?? NONE) {
				if (!inModes(r, v.mode, ['complete', 'final'])) continue;
				const per = figuresOf(g, root, r.figure!, r.where);
				if (!per.size || !holds(r, (env ??= featureEnv(g, root, v.mode, modifiers)))) continue;
				st.won = root;
				push(v.rules, r.id);
				for (const c of r.cites ?? []) push(v.rules, c);
				return [...per.keys()].sort((a, b) => a - b);
			}
			return deniers.size ? deny(g, root, strengths) : null;
		};
	if (deniers.size || collectRules.length || winsRules.length)
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
			const s = g.s;
			for (const r of collectRules) {
				if (r.feature !== ev.feature.kind) continue;
				const env = featureEnv(g, root, 'complete', modifiers);
				if (!holds(r, env)) continue;
				const m = env(`modifier.${r.modifier}`);
				const n = typeof m === 'number' ? m : m ? 1 : 0;
				if (n <= 0) continue;
				const player = s.active;
				const tokens = (st.tokens[r.token!] ??= s.players.map(() => 0));
				tokens[player] += n;
				emit(g, { type: 'collect', rules: [r.id], player, token: r.token, count: n, at: ev.feature.at }, () =>
					`${playerName(g, player)} completed the ${ev.feature.kind} and takes ${n} ${r.token} (now ${tokens[player]}).`
				);
			}
		};
	if (majorityRules.length)
		hooks.finalScoring = (g) => {
			const s = g.s;
			const st = state(g);
			for (const r of majorityRules) {
				const tokens = st.tokens[r.token!] ?? s.players.map(() => 0);
				const most = Math.max(0, ...tokens);
				const points = evNum(r.points, (n) => (n.startsWith('param.') ? (g.c.params[n.slice(6)] ?? 0) : n === 'players' ? s.players.length : 0));
				const winners = most > 0 ? tokens.flatMap((n, p) => (n === most ? [p] : [])) : [];
				for (const p of winners) s.scores[p] += points;
				emit(g, { type: 'majority', rules: [r.id], token: r.token, counts: [...tokens], winners, points, awards: winners.map((p) => ({ player: p, points, arithmetic: `most ${r.token} (${most}): ${points}`, rules: [r.id] })) }, () =>
					winners.length
						? `Most ${r.token} (${most}): ${winners.map((p) => `${playerName(g, p)} +${points}`).join(', ')}.`
						: `Nobody has any ${r.token}: no majority bonus.`
				);
			}
		};
	return {
		id,
		name: e.name,
		data: true,
		combine: modifiers,
		rules: texts,
		figures,
		parameters,
		parameterRanges,
		hooks
	};
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
