// A title (a dataRules rule of type 'title', schemas/expansion.v1.json): a token held by the player
// who completed the largest feature of its kind so far (in tiles), passed on to whoever completes a
// strictly larger one (a tie leaves it where it is), event `tokenTaken`. Its holder scores at the
// end (`end`: the first case whose condition holds, event `tokenScore` with the arithmetic) or, with
// `during`, each turn features of its kind are completed (the holder before that turn's change, per
// feature). Whether a title is in play (`when`) reads rulings and parameters only: decided once per
// rules context. King & Robber's king and robber baron are two titles.
import { featureTiles } from './features.ts';
import { emit } from './events.ts';
import { perContext } from './per-context.ts';
import { capScore, playerName } from './scoring.ts';
import { bound } from '../formats/rule-expr.ts';
import { ev, evNum } from './data-scope.ts';
import type { DataRule, TitleScore } from '../formats/schema-types.ts';
import type { Context, Engine, Hooks } from './types.ts';
import type { DataState } from './data-scope.ts';
import type { TitleState } from './data-step-states.ts';

const fresh = (): TitleState => ({ player: -1, record: 0, completed: 0, thisTurn: 0, best: 0 });
const kindWord = (kind: string, n: number): string =>
	n === 1 ? kind : kind === 'city' ? 'cities' : `${kind}s`;

/** The variables of a title's expressions: rulings, parameters and the counts given. */
const lookupOf =
	(rules: Context, vars: Record<string, number>) =>
	(name: string): number | boolean => {
		if (Object.hasOwn(vars, name)) return vars[name];
		if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
		const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
		return m ? rules.rulings[m[1]] === m[2] : 0;
	};
const holds = (e: unknown, rules: Context, vars: Record<string, number> = {}): boolean =>
	e === undefined || ev(e, lookupOf(rules, vars)) === true;

/** What one case pays (null: its condition fails), and its arithmetic. */
function pay(
	c: TitleScore,
	kind: string,
	rules: Context,
	vars: Record<string, number>
): { points: number; arithmetic: string } | null {
	if (!holds(c.when, rules, vars)) return null;
	const look = lookupOf(rules, vars);
	if (c.perFeature !== undefined) {
		const per = bound(evNum(c.perFeature, look));
		const n = vars.completed;
		const points = capScore(n * per);
		return { points, arithmetic: `${n} completed ${kindWord(kind, n)} × ${per} = ${points}` };
	}
	const points = bound(evNum(c.points ?? 0, look));
	return { points, arithmetic: `${points} for ${c.label ?? 'the title'}` };
}

/** The document's titles: setup, counting completed features, passing titles on, scoring (none: hooks unchanged). */
export function withTitles(
	titles: readonly DataRule[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): string[] {
	if (!titles.length) return [];
	const inPlay = perContext((rules) => titles.map((t) => holds(t.when, rules)));
	const indexOf = new Map<string, number[]>();
	titles.forEach((t, i) => indexOf.set(t.feature!, [...(indexOf.get(t.feature!) ?? []), i]));
	const setup = hooks.setup;
	hooks.setup = (engine) => {
		setup?.(engine);
		state(engine).titles = titles.map(fresh);
	};
	const scored = hooks.scored;
	hooks.scored = (engine, root, e) => {
		scored?.(engine, root, e);
		if (e.final) return;
		const at = indexOf.get(e.feature.kind);
		if (!at) return;
		const all = state(engine).titles!;
		for (const i of at) {
			const h = all[i];
			h.completed++;
			h.thisTurn++;
			h.best = Math.max(h.best, featureTiles(engine.state, root).length);
		}
	};
	const afterScore = hooks.afterScore;
	hooks.afterScore = (engine) => {
		afterScore?.(engine);
		const all = state(engine).titles!;
		const on = inPlay(engine.rules);
		for (let i = 0; i < titles.length; i++) passOn(engine, titles[i], all[i], on[i]);
	};
	const finalScoring = hooks.finalScoring;
	hooks.finalScoring = (engine) => {
		finalScoring?.(engine);
		const all = state(engine).titles!;
		const on = inPlay(engine.rules);
		const held = all.filter((h, i) => on[i] && h.player >= 0);
		for (let i = 0; i < titles.length; i++)
			if (on[i] && all[i].player >= 0)
				endScore(engine, titles[i], all[i], held.filter((h) => h.player === all[i].player).length);
	};
	return titles.flatMap((t) => [
		...(t.end ?? []).flatMap((c) => c.rules ?? []),
		...(t.during?.rules ?? [])
	]);
}

/** After the turn's scoring: `during` pays the holder, then a larger feature takes the title. */
function passOn(engine: Engine, t: DataRule, h: TitleState, on: boolean): void {
	if (!h.thisTurn) return;
	const s = engine.state;
	const n = h.thisTurn;
	h.thisTurn = 0;
	const best = h.best;
	h.best = 0;
	if (!on) return;
	const kind = t.feature!;
	const name = t.label!;
	const during = t.during;
	if (during && h.player >= 0 && holds(during.when, engine.rules, { completed: n })) {
		const per = bound(evNum(during.perFeature ?? 0, lookupOf(engine.rules, { completed: n })));
		const points = capScore(n * per);
		const holder = h.player;
		s.scores[holder] += points;
		emit(
			engine,
			{
				type: 'tokenScore',
				rules: during.rules ?? [t.id],
				player: holder,
				token: t.token,
				points
			},
			() =>
				`${playerName(engine, holder)} holds ${name}: +${points} for ${n} ${kindWord(kind, n)} completed this turn.`
		);
	}
	if (best <= h.record) return;
	const from = h.player;
	h.player = s.active;
	h.record = best;
	emit(
		engine,
		{ type: 'tokenTaken', rules: [t.id], player: s.active, token: t.token, from, tiles: best },
		() =>
			`${playerName(engine, s.active)} completed the largest ${kind} so far (${best} tiles) and takes ${name}${from >= 0 && from !== s.active ? ` from ${playerName(engine, from)}` : ''}.`
	);
}

/** At the end: the first case of `end` that holds pays the holder (0 points: no event). */
function endScore(engine: Engine, t: DataRule, h: TitleState, titlesHeld: number): void {
	const vars = { completed: h.completed, titles: titlesHeld };
	for (const c of t.end ?? []) {
		const p = pay(c, t.feature!, engine.rules, vars);
		if (!p) continue;
		if (p.points <= 0) return;
		engine.state.scores[h.player] += p.points;
		emit(
			engine,
			{
				type: 'tokenScore',
				rules: c.rules ?? [t.id],
				player: h.player,
				token: t.token,
				points: p.points,
				arithmetic: p.arithmetic
			},
			() => `${playerName(engine, h.player)} holds ${t.label}: ${p.arithmetic}.`
		);
		return;
	}
}
