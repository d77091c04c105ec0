// A figure action (schemas/expansion.v1.json dataActStep, type 'act'): when a feature of a kind in
// `from` is scored completed, each figure of the step's kind on it waits for its owner's choice,
// offered after the turn's scoring one figure at a time, clockwise from the active player. A choice
// either takes the figure home or moves it to a feature within reach (`moveTo`: the kind of that
// feature); a figure with nothing in reach stays in supply. Messengers & Mayors' messenger riding
// on (expansions/messengers-and-mayors.json) is such a step. Step kind and move type are the
// figure's id, the move names its choice ({"type": "messenger", "choice": "road", "x": 1, "y": 0,
// "feature": "r2"}), events are named by the document; every part cites its rule ids. Conditions
// read rulings and parameters only: they are decided once per rules context.
import { find, featureOf, segsOf } from './features.ts';
import { emit } from './events.ts';
import { tileAtXY } from './board-index.ts';
import { playerName, scoreFeature } from './scoring.ts';
import { putPiece } from './modules/base.ts';
import { roadEnd } from './road-ends.ts';
import { ev, type ActEntry, type ActState, type DataState } from './data-scope.ts';
import { perContext, perModuleState } from './per-context.ts';
import { bothRun, unlessNullish, type AnyHook, type Gate } from './data-join.ts';
import { PHASE_AFTER_SCORE } from './phases.ts';
import type { DataActChoice, DataActStep, DataStep } from '../formats/schema-types.ts';
import { surroundedActs } from './data-surrounded.ts';
import { choiceWords } from './data-surrounded-choices.ts';
import { decidedIn } from './data-decided.ts';
import type {
	Context,
	FeatureKind,
	Engine,
	FigureType,
	Hooks,
	Move,
	Refusal,
	RuleModule,
	Step
} from './types.ts';

/** A feature within reach and the choice that moves there. */
interface Target {
	root: number;
	kind: string;
	choice: string;
}

/** One act step compiled: its spec, its choices by name and the ones that move. */
interface Act {
	d: DataActStep;
	index: number;
	choices: [string, DataActChoice][];
	/** Feature kind → the choice that moves the figure there. */
	moveTo: Map<string, string>;
	cited: string[];
}

type AnyStep = DataStep | DataActStep;
const actsOf = (steps: readonly AnyStep[]): DataActStep[] =>
	steps.filter((s): s is DataActStep => s.type === 'act');

/** The features of tile board b that the road ending on segment `seg` leads to (reach `road-end`). */
function roadEndTargets(engine: Engine, seg: number, add: (local: number, b: number) => void) {
	const s = engine.state;
	const b = s.segmentTile[seg];
	const end = roadEnd(engine.rules.tiles[s.boardTile[b]], s.segmentFeature[seg]);
	if (!end) return;
	if ('city' in end) add(end.city, b);
	else for (const j of end.roads) add(j, b);
}

/** The features within reach of the entry's figure now, each once, in the order the reach finds them. */
function targets(engine: Engine, a: Act, e: ActEntry): Target[] {
	const s = engine.state;
	const out: Target[] = [];
	const open = (r: number) => s.openEdges[r] > 0 || (e.extra ?? []).includes(r);
	for (const seg of e.ends)
		roadEndTargets(engine, seg, (local, b) => {
			const r = find(s, s.boardFirstSegment[b] + local);
			const kind = featureOf(engine, r).kind;
			const choice = a.moveTo.get(kind);
			if (choice !== undefined && open(r) && !out.some((d) => d.root === r))
				out.push({ root: r, kind, choice });
		});
	return out;
}

/** The moves of the targets: one per tile of each feature within reach. */
function targetMoves(engine: Engine, a: Act, e: ActEntry, out: Move[]): void {
	const s = engine.state;
	for (const d of targets(engine, a, e))
		for (const seg of segsOf(s, d.root)) {
			const b = s.segmentTile[seg];
			out.push({
				type: a.d.figure,
				choice: d.choice,
				x: s.boardX[b],
				y: s.boardY[b],
				feature: featureOf(engine, seg).id
			});
		}
}

const figureName = (engine: Engine, id: string) =>
	(engine.rules.figures.get(id)?.name ?? id).toLowerCase();

/** The module's act steps: their step kinds, moves, hooks and the rule ids they cite. */
export function actSteps(
	steps: readonly AnyStep[],
	state: (engine: Engine) => DataState
): {
	hooks: Pick<Hooks, 'turnStart' | 'scored' | 'afterScore'>;
	module: Pick<RuleModule, 'steps' | 'moves'>;
	cited: string[];
} | null {
	const list = actsOf(steps);
	if (!list.length) return null;
	const acts: Act[] = list.map((d, index) => {
		const choices = Object.entries(d.choices);
		return {
			d,
			index,
			choices,
			moveTo: new Map(choices.flatMap(([n, c]) => (c.moveTo ? [[c.moveTo, n] as const] : []))),
			cited: [
				d.id,
				...choices.flatMap(([, c]) => c.rules ?? []),
				...(d.nothingInReach?.rules ?? []),
				...(d.outOfReach?.rules ?? [])
			]
		};
	});
	const S = perModuleState(
		(engine): ActState => (state(engine).acts ??= { queue: [], waiting: [], scored: [] })
	);
	const into = perContext((rules) => acts.map((a) => decidedIn(rules, a.d.intoCompleted)));
	const offer = offerer(acts, S);
	const module: Pick<RuleModule, 'steps' | 'moves'> = { steps: {}, moves: {} };
	for (const a of acts) {
		module.steps![a.d.figure] = {
			accepts: [a.d.figure],
			describe: a.d.describe ?? `choose the ${a.d.figure}’s action`,
			moveWords: (rules, move) => choiceWords(a, rules, move),
			moves(engine, _step, out) {
				const e = S(engine).queue[0];
				for (const [name, c] of a.choices)
					if (!c.moveTo) out.push({ type: a.d.figure, choice: name });
				targetMoves(engine, a, e, out);
			}
		};
		module.moves![a.d.figure] = (engine, move, step) => choose(engine, a, move, step, S, offer);
	}
	return {
		hooks: {
			turnStart: (engine) => {
				const st = state(engine).acts;
				if (st) st.scored = [];
			},
			scored: (engine, root, event) => {
				const st = S(engine);
				st.scored.push(root);
				if (event.mode !== 'complete') return;
				const entries = entriesOf(engine, acts, into(engine.rules), root, event.feature.kind, st);
				if (!entries.length) return;
				if (engine.state.phase >= PHASE_AFTER_SCORE) offer.enqueue(engine, entries);
				else st.waiting.push(...entries);
			},
			afterScore: (engine) => {
				const st = S(engine);
				if (!st.waiting.length) return; // (most turns: nothing waits)
				const w = st.waiting;
				st.waiting = [];
				offer.enqueue(engine, w);
			}
		},
		module,
		cited: acts.flatMap((a) => a.cited)
	};
}

/** The figures of the acts on a feature just scored completed, as entries. */
function entriesOf(
	engine: Engine,
	acts: Act[],
	into: boolean[],
	root: number,
	kind: string,
	st: ActState
): ActEntry[] {
	const s = engine.state;
	const out: ActEntry[] = [];
	for (const a of acts) {
		if (a.d.when !== 'feature-scores' || !(a.d.from ?? []).includes(kind as FeatureKind)) continue;
		const riders = (s.featurePieces[root] ?? []).filter(
			(pc) => s.pieces[pc].kind === a.d.figure && s.pieces[pc].owner >= 0
		);
		if (!riders.length) continue;
		const ends = segsOf(s, root).filter((seg) => featureOf(engine, seg).sides === 1);
		const extra = into[a.index] ? unscoredCompleted(engine, root, st) : undefined;
		for (const pc of riders)
			out.push({
				act: a.index,
				piece: pc,
				owner: s.pieces[pc].owner,
				ends,
				...(extra ? { extra } : {})
			});
	}
	return out;
}

/** Roots the tile just placed completed that are not scored yet (open for `intoCompleted`). */
function unscoredCompleted(engine: Engine, root: number, st: ActState): number[] {
	const s = engine.state;
	const extra: number[] = [];
	if (s.placed < 0) return extra;
	const t = engine.rules.tiles[s.boardTile[s.placed]];
	for (let i = 0; i < t.features.length; i++) {
		const r = find(s, s.boardFirstSegment[s.placed] + i);
		if (s.openEdges[r] === 0 && r !== root && !st.scored.includes(r) && !extra.includes(r))
			extra.push(r);
	}
	return extra;
}

/** The queue of figures waiting: entries appended clockwise from the active player, offered one at a time. */
function offerer(acts: Act[], S: (engine: Engine) => ActState) {
	const next = (engine: Engine): void => {
		const st = S(engine);
		while (st.queue.length) {
			const e = st.queue[0];
			const a = acts[e.act];
			// a figure back on the board (placed again) has nothing to decide
			if (engine.state.pieces[e.piece].seg < 0) {
				const moves: Move[] = [];
				targetMoves(engine, a, e, moves);
				if (moves.length) {
					engine.state.pending.push({
						kind: a.d.figure,
						player: e.owner,
						data: { piece: e.piece }
					});
					return;
				}
				nothingInReach(engine, a, e);
			}
			st.queue.shift();
		}
	};
	return {
		next,
		enqueue(engine: Engine, entries: ActEntry[]): void {
			if (!entries.length) return;
			const s = engine.state;
			const n = s.players.length;
			const cw = (e: ActEntry) => (e.owner - s.active + n) % n;
			const st = S(engine);
			const busy = st.queue.length > 0;
			st.queue.push(...entries.slice().sort((x, y) => cw(x) - cw(y)));
			if (!busy) next(engine);
		}
	};
}

function nothingInReach(engine: Engine, a: Act, e: ActEntry): void {
	const n = a.d.nothingInReach;
	if (!n) return;
	const kinds = [...a.moveTo.keys()].join(' or ');
	emit(
		engine,
		{ type: n.event, rules: n.rules ?? [], player: e.owner, figure: a.d.figure },
		() =>
			`${playerName(engine, e.owner)}'s ${figureName(engine, a.d.figure)} has no open ${kinds} within reach: it stays in supply.`
	);
}

/** The act's move: the choice named, a target for a choice that moves. */
function choose(
	engine: Engine,
	a: Act,
	move: { type: string; choice?: unknown; x?: unknown; y?: unknown; feature?: unknown },
	step: Step,
	S: (engine: Engine) => ActState,
	offer: ReturnType<typeof offerer>
): Refusal | null {
	const st = S(engine);
	const e = st.queue[0];
	const name = figureName(engine, a.d.figure);
	const c = a.choices.find(([n]) => n === move.choice)?.[1];
	if (!c)
		return {
			code: 'bad-choice',
			message: `a ${name}'s choice is ${a.choices.map(([n]) => `'${n}'`).join(', ')}`,
			rules: [a.d.id]
		};
	const who = playerName(engine, e.owner);
	if (!c.moveTo) {
		emitChoice(engine, a, e, c, { choice: move.choice }, () => `${who}'s ${name}: ${c.label}.`);
	} else {
		const r = moveTo(engine, a, e, move, c);
		if (typeof r !== 'number')
			return { ...r, message: `${playerName(engine, step.player)}'s ${r.message}` };
	}
	st.queue.shift();
	offer.next(engine);
	return null;
}

/** The event of a choice made: the choice's type and rules, the figure and its owner, then `fields`. */
function emitChoice(
	engine: Engine,
	a: Act,
	e: ActEntry,
	c: DataActChoice,
	fields: Record<string, unknown>,
	text: () => string
): void {
	emit(
		engine,
		{ type: c.event, rules: c.rules ?? [], player: e.owner, figure: a.d.figure, ...fields },
		text
	);
}

/** Puts the figure on the target named; its root, or a refusal (its message after the player's name). */
function moveTo(
	engine: Engine,
	a: Act,
	e: ActEntry,
	move: { choice?: unknown; x?: unknown; y?: unknown; feature?: unknown },
	c: DataActChoice
): number | Refusal {
	const s = engine.state;
	const b =
		typeof move.x === 'number' && typeof move.y === 'number'
			? tileAtXY(engine, move.x, move.y)
			: -1;
	const local =
		b < 0
			? -1
			: engine.rules.tiles[s.boardTile[b]].features.findIndex((f) => f.id === move.feature);
	const root = local < 0 ? -1 : find(s, s.boardFirstSegment[b] + local);
	const d = targets(engine, a, e).find((x) => x.root === root);
	const name = figureName(engine, a.d.figure);
	if (!d || d.choice !== move.choice)
		return {
			code: a.d.outOfReach?.code ?? 'out-of-reach',
			message: `${name} cannot ${c.label} at ${String(move.feature)} of (${String(move.x)},${String(move.y)}): no open ${c.moveTo} within reach`,
			rules: a.d.outOfReach?.rules ?? [a.d.id]
		};
	putPiece(engine, e.piece, s.boardFirstSegment[b] + local);
	emitChoice(
		engine,
		a,
		e,
		c,
		{ kind: d.kind, x: move.x, y: move.y, feature: move.feature },
		() =>
			`${playerName(engine, e.owner)}'s ${name}: ${c.label} — ${d.kind} ${String(move.feature)} of (${String(move.x)},${String(move.y)}).`
	);
	// `intoCompleted`: a feature the tile completed scores now, with the figure in it
	if (s.openEdges[root] === 0) scoreFeature(engine, root, 'complete');
	return root;
}

/** A number on rulings and parameters, worked out for a rules context (absent: 0). */
function valued(rules: Context, e: unknown): number {
	const v = ev(e, (name: string): number | boolean => {
		if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
		const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
		return m ? rules.rulings[m[1]] === m[2] : 0;
	});
	return typeof v === 'number' ? v : 0;
}

/** Joins hook functions to `hooks`, each after any already there (a refusal: the first; marks: all). */
function join(hooks: Partial<Hooks>, more: Partial<Hooks>): void {
	const h = hooks as Record<string, AnyHook | undefined>;
	for (const [k, fn] of Object.entries(more) as [string, AnyHook][]) {
		const before = h[k];
		if (!before) h[k] = fn;
		else if (k === 'deployCheck') h[k] = unlessNullish(before, fn);
		else if (k === 'scoringMarks')
			h[k] = (engine) => [...(before(engine) as number[]), ...(fn(engine) as number[])];
		else h[k] = bothRun(before, fn);
	}
}

/**
 * A data module's act steps wired in: their hooks join `hooks` (after any already there; the
 * 'surrounded' acts' before the 'feature-scores' acts'), and the step kinds, moves, cited rule ids
 * and the figure strengths a choice changes are returned (null without any act step).
 */
export function withActs(
	steps: readonly AnyStep[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): {
	module: Pick<RuleModule, 'steps' | 'moves'>;
	cited: string[];
	figure: (f: FigureType) => FigureType;
	/** The surrounded acts' deploy check, bound only under the rulings where it may refuse. */
	gate?: Gate;
} | null {
	const all = actsOf(steps);
	const around = surroundedActs(all, state, decidedIn, valued);
	const acts = actSteps(
		all.filter((s) => s.when !== 'surrounded'),
		state
	);
	if (!acts && !around) return null;
	const alone = hooks.deployCheck === undefined;
	if (around) join(hooks, around.hooks);
	const check = alone && around ? hooks.deployCheck : undefined;
	if (acts) join(hooks, acts.hooks);
	return {
		module: {
			steps: { ...acts?.module.steps, ...around?.module.steps },
			moves: { ...acts?.module.moves, ...around?.module.moves }
		},
		cited: [...(acts?.cited ?? []), ...(around?.cited ?? [])],
		figure: around ? around.figure : (f) => f,
		...(check
			? { gate: { name: 'deployCheck', hook: check, when: around!.placementUsedWhen } }
			: {})
	};
}
