// Long because: the one data module built from a document (figures, every scoring hook, rule texts), its hooks read together.
// Rules written as data (an expansion's `dataRules`, schemas/expansion.v1.json) compiled into a
// rule module: the same hooks, figures, rule texts and parameters a TypeScript module offers, so
// the engine explains data rules exactly like its own (rule ids in events, arithmetic, refusals).
// Expressions are interpreted (formats/rule-expr.ts), never compiled to code. A document is
// compiled once (cached by object); its scoring rules are prepared once per rules context (Plan,
// data-plan.ts: parameters, rulings and the mode worked out, closures reading the feature through
// a Scope, data-scope.ts). This file builds the module: figures, hooks, rule texts.
import { dataModuleId, orderModules, playsDataRules } from '../formats/resolve.ts';
import { featureOf } from './features.ts';
import { emit } from './events.ts';
import { beneath, breakTie, explainTie } from './data-tiles.ts';
import { perContext, perModuleState } from './per-context.ts';
import { decidedIn } from './data-decided.ts';
import { capScore, playerName } from './scoring.ts';
import { bound } from '../formats/rule-expr.ts';
import type { DataFigure, DataRule, DataRules, TokenStep } from '../formats/schema-types.ts';
import type {
	Award,
	Context,
	Engine,
	Expansion,
	FeatureKind,
	FeatureValue,
	FigureType,
	Hooks,
	RuleModule,
	ScoreEvent
} from './types.ts';
import { mapped, filled } from './arrays.ts';
import { figureCredit } from './credit.ts';
import { denyingModules, evNum, numOf, push, type DataState, type Scope } from './data-scope.ts';
import {
	applyEffect,
	compilePlan,
	enter,
	groupOf,
	leave,
	type CollectStep,
	type Plan,
	type RuleLists,
	type WinsStep
} from './data-plan.ts';
import { extraTurnHooks, ownFollowerCheck } from './data-extra-turn.ts';
import { withMoveOn } from './data-move-on.ts';
import { withSteps } from './data-token-step.ts';
import { withHeldTiles } from './data-held-tile.ts';
import { withChecks } from './data-check.ts';
import { withTitles } from './data-title.ts';
import { withPieces } from './data-piece-step.ts';
import { withFigureMoves } from './data-figure-moves.ts';
import { withActs } from './data-act.ts';
import { withMarkers } from './data-marker-step.ts';
import { withBags } from './data-bag-step.ts';
import { withSendHome } from './data-send-home.ts';
import { withSecondFigures } from './data-second-figure.ts';
import { applyGates } from './data-join.ts';

export { deniedBy, type DataState } from './data-scope.ts';

const DEFAULT_FEATURES: FeatureKind[] = ['road', 'city', 'monastery', 'field'];
const plural = (n: number, w: string) => (n === 1 ? w : w + 's');

/** One player's award being built by the award rules of one figure type: `n label × (points + bonus…)`, or 0 with a reason. */
interface Building {
	player: number;
	n: number;
	label: string;
	points: number;
	pointsRule: string; // the rule that started the award and set `points` (credited n × points)
	bonuses: { per: number; label: string; rule: string }[];
	zero: string | null;
	rules: string[];
}

function finish(b: Building, engine: Engine): Award {
	let each = b.points;
	for (const x of b.bonuses) each += x.per;
	const points = b.zero === null ? capScore(b.n * each) : 0;
	const credit = engine.silent ? undefined : figureCredit(b.n, b, points);
	if (engine.quiet) return { player: b.player, points, arithmetic: '', rules: b.rules, credit };
	const who = `${b.n} ${plural(b.n, b.label)}`;
	const arithmetic =
		b.zero !== null
			? `${who}: 0 (${b.zero})`
			: b.bonuses.length
				? `${who} × (${[String(b.points), ...b.bonuses.map((x) => `${x.per} ${x.label}`)].join(' + ')}) = ${points}`
				: `${who} × ${each} = ${points}`;
	return { player: b.player, points, arithmetic, rules: b.rules, credit };
}

function compileFigure(
	e: Expansion,
	id: string,
	f: DataFigure,
	read: (engine: Engine, root: number, expr: unknown) => number
): FigureType {
	const decl = (e.figures ?? []).find((x) => x.id === id);
	const strength = f.strength;
	const perKind =
		strength !== null &&
		typeof strength === 'object' &&
		!('var' in strength) &&
		Object.keys(strength).some((k) => k in KIND_SET);
	let strengthOf: FigureType['strength'];
	if (strength === undefined) strengthOf = () => 1;
	else if (typeof strength === 'number') strengthOf = () => evNum(strength, () => 0);
	else if (paramOf(strength)) {
		// the common case, a tunable strength ({"var": "param.largeMeepleStrength"}): no feature to read
		const name = paramOf(strength)!;
		strengthOf = (engine) => Math.max(0, engine.rules.params[name] ?? 0);
	} else
		strengthOf = (engine, _piece, root) => {
			const expr = perKind
				? (strength as Record<string, unknown>)[featureOf(engine, root).kind]
				: strength;
			return expr === undefined ? 1 : Math.max(0, read(engine, root, expr));
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
		...(f.occupiedRules ? { occupiedRules: f.occupiedRules } : {}),
		...(f.afterScoring === 'stay' ? { staysAfterScoring: true } : {}),
		...(f.accompanies !== undefined ? { accompanies: accompaniesOf(f.accompanies) } : {}),
		...(f.accompaniesRules ? { accompaniesRules: f.accompaniesRules } : {}),
		...(f.requiresOwnFollower || f.extraTurn ? { canDeploy: ownFollowerCheck(id, f) } : {})
	};
}
/** A figure's `accompanies` condition, decided once per rules context (it reads rulings and parameters). */
function accompaniesOf(e: unknown): (rules: Context) => boolean {
	return perContext((rules) => decidedIn(rules, e));
}
/** The parameter an expression is exactly ({"var": "param.x"}), or undefined. */
function paramOf(e: unknown): string | undefined {
	if (e === null || typeof e !== 'object') return undefined;
	const v = (e as Record<string, unknown>).var;
	return Object.keys(e).length === 1 && typeof v === 'string' && v.startsWith('param.')
		? v.slice(6)
		: undefined;
}
const KIND_SET: Record<string, true> = {
	road: true,
	city: true,
	river: true,
	field: true,
	monastery: true,
	garden: true,
	stable: true
};

const compiled = new WeakMap<Expansion, RuleModule | null>();

/** The rule module an expansion's dataRules compile to (null without any); `id` avoids a TypeScript module's id. */
export function compileDataRules(e: Expansion, taken: ReadonlySet<string>): RuleModule | null {
	if (compiled.has(e)) return compiled.get(e)!;
	const m = build(e, taken);
	compiled.set(e, m);
	return m;
}

type PlanOf = (rules: Context) => Plan;
type StateOf = (engine: Engine) => DataState;

function build(e: Expansion, taken: ReadonlySet<string>): RuleModule | null {
	const dr = e.dataRules;
	// the turn's sequence alone (base.json) is read by the context (turn-moments.ts), no module
	if (!dr || !playsDataRules(e)) return null;
	const id = dataModuleId(e.id, taken);
	const modifiers: Record<string, string> = {};
	for (const [k, m] of Object.entries(dr.modifiers ?? {})) modifiers[k] = m.combine;
	const rules = dr.rules ?? [];
	const texts: Record<string, string> = {};
	for (const r of rules) if (r.text && !(r.id in texts)) texts[r.id] = r.text;
	const lists = ruleListsOf(rules, modifiers);
	// compiled once per rules context
	const planOf = perContext((rules) => compilePlan(rules, lists));
	const figures = dataFigures(e, dr, planOf);
	const deniers = new Map(
		Object.entries(dr.figures ?? {})
			.filter(([, f]) => f.deniesScoring)
			.map(([fid, f]) => [fid, f])
	);
	const parameters: Record<string, number> = {};
	const parameterRanges: Record<string, { min: number; max: number }> = {};
	for (const [k, p] of Object.entries(dr.parameters ?? {})) {
		parameters[k] = p.default;
		parameterRanges[k] = { min: p.min ?? 0, max: p.max ?? 100 };
	}
	const cited = citedOf(rules, dr);
	// (kept at hand: a read by the module's name, one among many, is slow)
	const state = perModuleState((engine) => engine.state.moduleState[id] as DataState);
	const hooks = scoringHooks(id, dr, lists, planOf, state, deniers);
	const moveOn = withMoveOn(dr.figures ?? {}, hooks, state);
	if (lists.beneath.length) hooks.placed = (engine, b) => beneath(planOf(engine.rules), engine, b);
	const tokens = (dr.steps ?? []).filter((s): s is TokenStep => s.type === 'token');
	const steps = tokens.length ? withSteps(e, tokens, hooks, state, moveOn) : null;
	if (steps) for (const r of steps.cited) cited.add(r);
	const held = withHeldTiles(e, dr.steps ?? [], hooks, state);
	if (held) for (const r of held.cited) cited.add(r);
	withChecks(
		e,
		rules.filter((r) => r.type === 'check'),
		hooks,
		state
	);
	for (const r of withTitles(
		rules.filter((r) => r.type === 'title'),
		hooks,
		state
	))
		cited.add(r);
	const pieces = withPieces(e, dr.steps ?? [], hooks);
	if (pieces) for (const r of pieces.cited) cited.add(r);
	const acts = withActs(dr.steps ?? [], hooks, state);
	if (acts) for (const r of acts.cited) cited.add(r);
	const bags = withBags(dr.steps ?? [], hooks, state);
	if (bags) for (const r of bags.cited) cited.add(r);
	const figureMoves = withFigureMoves(dr, hooks, state, {
		...moveOn,
		...(steps ? steps.module : {}),
		...(held || acts || bags
			? {
					steps: {
						...(steps?.module.steps ?? moveOn.steps),
						...held?.module.steps,
						...acts?.module.steps,
						...bags?.module.steps
					},
					moves: {
						...(steps?.module.moves ?? moveOn.moves),
						...held?.module.moves,
						...acts?.module.moves,
						...bags?.module.moves
					}
				}
			: {}),
		...(pieces
			? piecesJoined(pieces.module, {
					...(steps ? steps.module : {}),
					moves: {
						...(steps?.module.moves ?? moveOn.moves),
						...held?.module.moves,
						...acts?.module.moves,
						...bags?.module.moves
					}
				})
			: {})
	});
	for (const r of figureMoves.cited) cited.add(r);
	const markers = withMarkers(e, dr.steps ?? [], hooks, state);
	if (markers) for (const r of markers.cited) cited.add(r);
	// after the markers: a send-home step's moves come after a marker's, as the modules' did
	const sent = withSendHome(dr.steps ?? [], hooks);
	if (sent) for (const r of sent.cited) cited.add(r);
	if (sent) joinSendHome(figureMoves.module, sent.module);
	const seconds = withSecondFigures(dr.steps ?? [], hooks);
	if (seconds) {
		for (const r of seconds.cited) cited.add(r);
		figureMoves.module.steps = { ...figureMoves.module.steps, ...seconds.module.steps };
	}
	const uncited = Object.keys(texts).filter((id) => !cited.has(id));
	const module: RuleModule = {
		id,
		name: e.name,
		data: true,
		combine: modifiers,
		rules: texts,
		figures: [
			...(acts ? figures.map(acts.figure) : figures),
			...(steps?.figures ?? []),
			...(pieces?.figures ?? [])
		].map((f) => bags?.deploy(f) ?? f),
		parameters,
		parameterRanges,
		...(dr.rulings
			? {
					rulings: Object.entries(dr.rulings).map(([rid, r]) => ({
						id: rid,
						description: r.description,
						default: r.default,
						options: r.options,
						rules: r.rules ?? []
					}))
				}
			: {}),
		hooks,
		...figureMoves.module,
		...(steps?.module.moments || bags?.module.moments
			? { moments: { ...steps?.module.moments, ...bags?.module.moments } }
			: {}),
		...(markers ? markersJoined(markers.module, figureMoves.module) : {}),
		...(dr.onlyWhen ? { onlyWhen: dr.onlyWhen } : {}),
		...(uncited.length ? { uncited } : {})
	};
	// steps' hooks that act only under some rulings, bound only there
	applyGates(module, [acts?.gate, sent?.gate]);
	if (deniers.size) denyingModules.add(module);
	return module;
}

/** The module's parts from its piece steps joined with those it has (moves; hooks bound under rulings). */
function piecesJoined(
	p: Pick<RuleModule, 'moves' | 'stepMoves' | 'deployMoves' | 'hookWhen'>,
	has: Partial<RuleModule>
): Partial<RuleModule> {
	return {
		moves: { ...has.moves, ...p.moves },
		stepMoves: p.stepMoves,
		deployMoves: { ...has.deployMoves, ...p.deployMoves },
		hookWhen: { ...has.hookWhen, ...p.hookWhen }
	};
}

/** The module's parts from its marker steps joined with those it has (moves, the figure step's moves). */
function markersJoined(
	m: Pick<RuleModule, 'moves' | 'stepMoves' | 'declares'>,
	has: Partial<RuleModule>
): Partial<RuleModule> {
	return {
		moves: { ...has.moves, ...m.moves },
		stepMoves: {
			...has.stepMoves,
			figure: [...(has.stepMoves?.figure ?? []), ...m.stepMoves!.figure]
		},
		declares: m.declares
	};
}

/** The send-home steps' step kinds, moves and figure-step moves joined with the module's. */
function joinSendHome(
	m: Partial<RuleModule>,
	p: Pick<RuleModule, 'steps' | 'moves' | 'stepMoves'>
): void {
	m.steps = { ...m.steps, ...p.steps };
	m.moves = { ...m.moves, ...p.moves };
	m.stepMoves = {
		...m.stepMoves,
		figure: [...(m.stepMoves?.figure ?? []), ...(p.stepMoves?.figure ?? [])]
	};
}

/** A data module's scoring rules grouped by type. */
function ruleListsOf(rules: DataRule[], modifiers: Record<string, string>): RuleLists {
	return {
		value: rules.filter((r) => r.type === 'value'),
		award: rules.filter((r) => r.type === 'award'),
		wins: rules.filter((r) => r.type === 'wins'),
		collect: rules.filter((r) => r.type === 'collect'),
		tiebreak: rules.filter((r) => r.type === 'tiebreak'),
		beneath: rules.filter((r) => r.type === 'beneath'),
		modifiers
	};
}

/** The figure types of dataRules' figures, their strengths read through the context's plan. */
function dataFigures(e: Expansion, dr: DataRules, planOf: PlanOf): FigureType[] {
	const readStrength = (engine: Engine, root: number, expr: unknown): number => {
		const p = planOf(engine.rules);
		const get = p.strength(expr);
		const sc = enter(p, engine, root);
		const v = numOf(get(sc));
		leave(sc);
		return v;
	};
	return Object.entries(dr.figures ?? {}).map(([fid, f]) => compileFigure(e, fid, f, readStrength));
}

/** The rule ids events may cite: scoring rules, cites lists and the rules figures name. */
function citedOf(rules: DataRule[], dr: DataRules): Set<string> {
	// a text rule is cited by an event only when a scoring rule, a cites list or a figure names it (IC-2.3: the large meeple's strength)
	const cited = new Set(
		rules.flatMap((r) => (r.type === 'text' ? (r.cites ?? []) : [r.id, ...(r.cites ?? [])]))
	);
	for (const f of Object.values(dr.figures ?? {}))
		for (const id of [
			...(f.rules ?? []),
			...(f.strengthRules ?? []),
			...(f.denyRules ?? []),
			...(f.extraTurnRules ?? []),
			...(f.moveOnRules ?? []),
			...(f.returnRules ?? []),
			...(f.mustBeChosen?.rules ?? []),
			...(f.mustBeChosen?.alwaysRules ?? []),
			...(f.drawsDragon?.rules ?? []),
			...(f.drawsDragon?.stopRules ?? []),
			...(f.drawsDragon?.enterRules ?? [])
		])
			cited.add(id);
	return cited;
}

/** The module's hooks from setup to final scoring (steps, move-on and beneath are added by build). */
function scoringHooks(
	id: string,
	dr: DataRules,
	lists: RuleLists,
	planOf: PlanOf,
	state: StateOf,
	deniers: Map<string, DataFigure>
): Partial<Hooks> {
	const majorityRules = (dr.rules ?? []).filter((r) => r.type === 'majority');
	const hooks: Partial<Hooks> = {
		setup(engine) {
			const st: DataState = { denied: -1, deniedBy: '', tokens: {} };
			engine.state.moduleState[id] = st;
		}
	};
	const extraTurn = new Map(
		Object.entries(dr.figures ?? {}).flatMap(([fid, f]) =>
			f.extraTurn ? [[fid, f.extraTurnRules ?? f.rules ?? []] as const] : []
		)
	);
	if (extraTurn.size) Object.assign(hooks, extraTurnHooks(extraTurn, state));
	if (lists.value.length) hooks.value = valueHook(planOf);
	if (lists.award.length) hooks.awards = awardsHook(planOf);
	if (deniers.size || lists.wins.length || lists.tiebreak.length)
		hooks.winners = winnersHook(lists, planOf, state, deniers);
	if (deniers.size || lists.collect.length || lists.wins.length || lists.tiebreak.length)
		hooks.scored = scoredHook(lists, planOf, state, deniers);
	if (majorityRules.length) hooks.finalScoring = finalScoringHook(majorityRules, state);
	return hooks;
}

function valueHook(planOf: PlanOf): Hooks['value'] {
	return (engine, root, v) => {
		const p = planOf(engine.rules);
		// a rule that only marks the value (facts, its id) explains: a silent engine skips it
		const steps = (engine.silent ? p.silentValue : p.value).get(v.kind)?.[v.mode];
		if (!steps || !steps.length) return;
		const sc = enter(p, engine, root);
		for (let i = 0; i < steps.length; i++) {
			const st = steps[i];
			if (st.when === null || st.when(sc) === true) applyEffect(st, v, sc);
		}
		leave(sc);
	};
}

function awardsHook(planOf: PlanOf): Hooks['awards'] {
	return (engine, root, v, winners, awards: Award[]) => {
		const p = planOf(engine.rules);
		const steps = p.awards.get(v.kind)?.[v.mode];
		if (!steps || !steps.length) return;
		const sc = enter(p, engine, root);
		sc.winners = winners;
		const players = engine.state.players.length;
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
					b = {
						player,
						n: per.counts[k],
						label: st.label,
						points: 0,
						pointsRule: r.id,
						bonuses: [],
						zero: null,
						rules: []
					};
					open[key] = b;
					(built ??= []).push(b);
				}
				if (st.points !== null) b.points = bound(numOf(st.points(sc)));
				else if (st.bonus !== null)
					b.bonuses.push({ per: bound(numOf(st.bonus(sc))), label: st.bonusLabel, rule: r.id });
				else if (r.zero !== undefined) b.zero = r.zero;
				for (let j = 0; j < st.ids.length; j++) push(b.rules, st.ids[j]);
			}
		}
		leave(sc);
		if (built) for (const b of built) awards.push(finish(b, engine));
	};
}

/** A denying figure's rule (deniesScoring): a feature where such a figure is in the majority, alone or tied, scores for nobody. */
function denyOf(deniers: Map<string, DataFigure>, state: StateOf) {
	return (engine: Engine, root: number, strengths: number[]): number[] | null => {
		const gameState = engine.state;
		const st = state(engine);
		st.denied = -1;
		const players = gameState.players.length;
		for (const pc of gameState.featurePieces[root] ?? []) {
			const p = gameState.pieces[pc];
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
}

function winnersHook(
	lists: RuleLists,
	planOf: PlanOf,
	state: StateOf,
	deniers: Map<string, DataFigure>
): Hooks['winners'] {
	const deny = denyOf(deniers, state);
	return (engine, root, strengths, winners, v) => {
		const st = state(engine);
		st.denied = -1;
		const p = planOf(engine.rules);
		const steps = p.wins.get(v.kind)?.[v.mode];
		if (steps && steps.length) {
			const won = wonBy(engine, p, root, steps, strengths, winners, v);
			if (won) return won;
		}
		const denied = deniers.size ? deny(engine, root, strengths) : null;
		return denied ?? (lists.tiebreak.length ? breakTie(p, engine, root, winners, v, st) : null);
	};
}

/** The players a wins rule gives the feature to (its rule ids in the value, its explanation in `won`), or null. */
function wonBy(
	engine: Engine,
	p: Plan,
	root: number,
	steps: readonly WinsStep[],
	strengths: readonly number[],
	winners: readonly number[],
	v: FeatureValue
): number[] | null {
	let sc: Scope | null = null;
	for (let i = 0; i < steps.length; i++) {
		const w = steps[i];
		if (w.unclaimed && (winners.length || strengths.some((n) => n > 0))) continue;
		sc ??= enter(p, engine, root);
		const per = groupOf(p, sc, w.group);
		if (!per.players.length || (w.when !== null && w.when(sc) !== true)) continue;
		leave(sc);
		for (let j = 0; j < w.ids.length; j++) push(v.rules, w.ids[j]);
		const players = per.players.slice().sort((a, b) => a - b);
		if (!engine.quiet) {
			const names = players.map((q) => playerName(engine, q)).join(' and ');
			v.won = w.why
				? `${w.why} (${names})`
				: `${names} own${players.length > 1 ? '' : 's'} the ${v.kind}`;
		}
		return players;
	}
	if (sc) leave(sc);
	return null;
}

function scoredHook(
	lists: RuleLists,
	planOf: PlanOf,
	state: StateOf,
	deniers: Map<string, DataFigure>
): Hooks['scored'] {
	return (engine, root, ev) => {
		const st = state(engine);
		if (st.tied === root) explainTie(engine, st, ev);
		if (st.denied === root) explainDenial(engine, st, ev, deniers);
		if (ev.mode !== 'complete') return;
		const steps = lists.collect.length
			? planOf(engine.rules).collect.get(ev.feature.kind)
			: undefined;
		if (!steps) return;
		collectTokens(engine, root, ev, planOf(engine.rules), steps, st);
	};
}

/** The scoring event of a feature a denying figure (deniesScoring) kept from scoring says why. */
function explainDenial(
	engine: Engine,
	st: DataState,
	ev: ScoreEvent,
	deniers: Map<string, DataFigure>
): void {
	const f = deniers.get(st.deniedBy)!;
	const name = engine.rules.figures.get(st.deniedBy)?.name ?? st.deniedBy;
	const owner = ev.figures.find((x) => x.figure === st.deniedBy)?.owner ?? -1;
	const strength = owner < 0 ? ev.strengths.neutral : ev.strengths[String(owner)];
	const why = `${name} (${owner < 0 ? 'neutral' : playerName(engine, owner)}, strength ${strength}) is in the majority: nobody scores this ${ev.feature.kind}`;
	if (ev.text && ev.why) ev.text = ev.text.replace(ev.why, why);
	ev.why = why;
	ev[st.deniedBy] = 'denied';
	for (const r of f.denyRules ?? []) push(ev.rules, r);
}

/** The collect rules of a completed feature give its completer tokens. */
function collectTokens(
	engine: Engine,
	root: number,
	ev: ScoreEvent,
	p: Plan,
	steps: CollectStep[],
	st: DataState
): void {
	const gameState = engine.state;
	const sc = enter(p, engine, root);
	for (const c of steps) {
		const r = c.rule;
		if (c.when !== null && c.when(sc) !== true) continue;
		const n = numOf(c.count(sc));
		if (n <= 0) continue;
		const player = gameState.active;
		const tokens = (st.tokens[r.token!] ??= filled(gameState.players.length, 0));
		tokens[player] += n;
		emit(
			engine,
			{ type: 'collect', rules: [r.id], player, token: r.token, count: n, at: ev.feature.at },
			() =>
				`${playerName(engine, player)} completed the ${ev.feature.kind} and takes ${n} ${r.token} (now ${tokens[player]}).`
		);
	}
	leave(sc);
}

/** The majority rules pay, at the end, the players with most of their tokens. */
function finalScoringHook(majorityRules: DataRule[], state: StateOf): Hooks['finalScoring'] {
	return (engine) => {
		const gameState = engine.state;
		const st = state(engine);
		for (const r of majorityRules) {
			const tokens = st.tokens[r.token!] ?? filled(gameState.players.length, 0);
			const most = Math.max(0, ...tokens);
			const points = bound(
				evNum(r.points, (n) =>
					n.startsWith('param.')
						? (engine.rules.params[n.slice(6)] ?? 0)
						: n === 'players'
							? gameState.players.length
							: 0
				)
			);
			const tied = most > 0 ? tokens.flatMap((n, p) => (n === most ? [p] : [])) : [];
			// ties: all of the tied score (the default) or none of them
			const winners = r.ties === 'none' && tied.length > 1 ? [] : tied;
			for (const p of winners) gameState.scores[p] += points;
			emit(
				engine,
				{
					type: 'majority',
					rules: [r.id],
					token: r.token,
					counts: [...tokens],
					winners,
					points,
					awards: mapped(winners, (p) => ({
						player: p,
						points,
						arithmetic: `most ${r.token} (${most}): ${points}`,
						rules: [r.id]
					}))
				},
				() =>
					winners.length
						? `Most ${r.token} (${most}): ${winners.map((p) => `${playerName(engine, p)} +${points}`).join(', ')}.`
						: tied.length
							? `Most ${r.token} (${most}) tied between ${tied.map((p) => playerName(engine, p)).join(' and ')}: a tie scores nothing.`
							: `Nobody has any ${r.token}: no majority bonus.`
			);
		}
	};
}

/** The modules of a game with the expansions' data rules inserted in play order (formats/resolve.ts `orderModules`). */
export function withDataModules(
	modules: RuleModule[],
	expansions: readonly Expansion[],
	allIds: ReadonlySet<string>
): RuleModule[] {
	const byId = new Map(modules.map((m) => [m.id, m]));
	const data: Expansion[] = [];
	for (const e of expansions) {
		const m = compileDataRules(e, allIds);
		if (!m) continue;
		byId.set(m.id, m);
		data.push(e);
	}
	if (!data.length) return modules;
	return orderModules(
		modules.map((m) => m.id),
		data,
		allIds
	).map((id) => byId.get(id)!);
}
