// The worked example of a rule template (rule-templates.ts): the rule played by the engine on a
// tiny board — the base game's start tile (city N, road W–E), a tile or two of the example carrying
// the modifier or icon, base tiles around — and what the log says of it. Pure.
import type { Expansion } from '../formats/schema-types.ts';
import {
	apply,
	legalMoves,
	resolveExpansions,
	startGame,
	type GameEvent,
	type GameState,
	type Move
} from '../engine/index.ts';
import { addTemplateRule, figureId, templateRuleIn, type Template } from './rule-templates.ts';
import {
	beneathBoard,
	builderBoard,
	tiebreakBoard,
	wagonBoard,
	type Board,
	type Turn,
	type WorkedExample
} from './rule-examples-turns.ts';
import { moveBoard, moveExample } from './rule-examples-moves.ts';
import { markedBoard, surrounded } from './rule-examples-marked.ts';
import { isMove, type MoveTemplate } from './template-moves.ts';

const EXAMPLE = 'worked-example';
const follower = (feature: string) => ({ figure: 'follower', feature });

/** The example's board: a figure's, an award's, a turn's (rule-examples-turns.ts) or a marked feature's (rule-examples-marked.ts). */
function board(t: Exclude<Template, MoveTemplate>): Board {
	if (t.kind === 'figure') return figureBoard(t);
	if (t.kind === 'award') return awardBoard(t);
	if (t.kind === 'builder') return builderBoard(t);
	if (t.kind === 'wagon') return wagonBoard(t);
	if (t.kind === 'tiebreak') return tiebreakBoard(t);
	if (t.kind === 'beneath') return beneathBoard(t);
	return markedBoard(t);
}

/** Ann's figure on a city of hers, Bob's follower on another; Ann's last tile joins and closes them (no city: Ann puts it on a feature it may stand on). */
function figureBoard(t: Extract<Template, { kind: 'figure' }>): Board {
	const mine = (feature: string) => ({ figure: figureId(t.name), feature });
	if (!t.features.includes('city')) {
		const on = t.features.includes('road') ? 'r1' : t.features.includes('field') ? 'f2' : null;
		const turn: Turn = on
			? { draw: 'base/D', x: 1, y: 0, rotation: 0, deploy: mine(on) }
			: { draw: 'base/B', x: 0, y: 1, deploy: mine('m1') };
		return {
			tiles: [],
			turns: [turn],
			words: `Ann's ${t.name} on a ${on ? (on === 'r1' ? 'road' : 'field') : 'monastery'}`
		};
	}
	return {
		tiles: [],
		turns: [
			{ draw: 'base/N', x: 0, y: -1, rotation: 1, deploy: mine('c1') },
			{ draw: 'base/D', x: 1, y: 0, rotation: 0, deploy: follower('c1') },
			{ draw: 'base/N', x: 1, y: -1, rotation: 2 }
		],
		words: `a 4-tile city with Ann's ${t.name} and Bob's follower`
	};
}

/** Ann puts the figure on a feature that completes: a city cap on the start's city, a road closed by two monasteries, a monastery surrounded. */
function awardBoard(t: Extract<Template, { kind: 'award' }>): Board {
	const mine = (feature: string) => ({ figure: t.figure, feature });
	const words = `a completed ${t.feature} with Ann's ${t.name}`;
	if (t.feature === 'city')
		return {
			tiles: [],
			turns: [{ draw: 'base/E', x: 0, y: -1, rotation: 2, deploy: mine('c1') }],
			words
		};
	if (t.feature === 'road')
		return {
			tiles: [],
			turns: [
				{ draw: 'base/U', x: 1, y: 0, rotation: 1, deploy: mine('r1') },
				{ draw: 'base/A', x: 2, y: 0, rotation: 1 },
				{ draw: 'base/A', x: -1, y: 0, rotation: 3 }
			],
			words
		};
	return {
		tiles: [],
		turns: surrounded({ draw: 'base/B', x: 0, y: 1, deploy: mine('m1') }),
		words
	};
}

export type { WorkedExample } from './rule-examples-turns.ts';

/** The example's game: the turns played, then passes until the end (the final scoring). */
function play(
	doc: Expansion,
	plan: Board,
	lookup: (id: string) => Expansion | undefined
): { state: GameState; events: GameEvent[] } | { error: string } {
	const example: Expansion = {
		...doc,
		id: EXAMPLE,
		name: 'Worked example',
		official: false,
		looks: undefined,
		tiles: plan.tiles
	};
	const resolved = resolveExpansions(
		['base', ...(plan.modules ?? []), EXAMPLE],
		(x: string) => (x === EXAMPLE ? example : lookup(x)),
		{ moduleIds: plan.modules ?? [] }
	);
	if (!resolved.ok) return { error: resolved.errors.map((e) => e.message).join('; ') };
	let { state } = startGame({
		expansions: resolved.expansions,
		modules: resolved.modules,
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: [...plan.turns.filter((s) => !s.instead).map((s) => s.draw), ...(plan.pile ?? [])],
		start: 'base/D'
	});
	const events: GameEvent[] = [];
	const step = (move: Move): string | null => {
		const r = apply(state, move);
		if (!r.ok) return r.refusal.message;
		state = r.state;
		events.push(...r.events);
		return null;
	};
	/** The turn's tile: drawn (a held-tile step offers the draw first) and placed, or the held tile instead. */
	const placeTile = (turn: Turn): string | null => {
		if (turn.instead) return step({ type: turn.instead, x: turn.x, y: turn.y } as Move);
		const draw =
			state.pending[0]?.kind !== 'place' && legalMoves(state).find((m) => m.type === 'draw');
		if (draw && step(draw)) return 'no draw';
		const place =
			turn.rotation === undefined
				? legalMoves(state).find((m) => m.type === 'place' && m.x === turn.x && m.y === turn.y)
				: { type: 'place', x: turn.x, y: turn.y, rotation: turn.rotation };
		return place ? step(place as Move) : `no way to put ${turn.draw} at ${turn.x}, ${turn.y}`;
	};
	/** The figure's action: its first choice with a target (a follower won), or its first. */
	const act = (type: string | undefined): string | null => {
		const listed = type ? legalMoves(state) : [];
		const on =
			listed.find((m) => m.type === type && 'x' in m) ?? listed.find((m) => m.type === type);
		return on ? step(on) : null;
	};
	/** After the figure: the turn's moves (the dragon's), then a figure moved on or its action chosen. */
	const afterFigure = (turn: Turn): string | null => {
		for (const m of turn.then ?? []) {
			const r = step(m as Move);
			if (r) return r;
		}
		if (!turn.moveOn) return act(turn.act);
		const on = legalMoves(state).find((m) => m.type === 'move-on');
		return on ? step(on) : null;
	};
	for (const turn of plan.turns) {
		const refused = placeTile(turn);
		if (refused) return { error: `the example board refused a tile: ${refused}` };
		const moved = turn.step && step(turn.step as Move);
		if (moved) return { error: `the example board refused the step's move: ${moved}` };
		// a figure whose tile the placement surrounded acts at once, before the figure step
		const now = state.pending[0]?.kind === turn.act && act(turn.act);
		if (now) return { error: `the example board refused the figure's action: ${now}` };
		const then = turn.deploy ? { type: 'deploy', ...turn.deploy } : { type: 'pass' };
		if (state.finished) break;
		// a piece put instead of the turn's figure ended the figure step
		if (turn.step && !turn.deploy && state.pending[0]?.kind !== 'figure') continue;
		const no = step(then as Move);
		if (no) return { error: `the example board refused a figure: ${no}` };
		const after = afterFigure(turn);
		if (after) return { error: `the example board refused a move after the figure: ${after}` };
	}
	// the game ends when the pile is empty: pass whatever is left (the final scoring comes then)
	for (let i = 0; i < 8 && !state.finished; i++) {
		const pass = legalMoves(state).find((m) => m.type === 'pass');
		if (!pass || step(pass)) break;
	}
	return { state, events };
}

type ScoreEvent = {
	type: 'score';
	arithmetic: string;
	points: number;
	rules?: string[];
	feature?: { kind?: string };
	awards?: { player: number; points: number; arithmetic: string; rules?: string[] }[];
};
/** The templates whose example is a turn's event: the event that shows the rule. */
const TURN_EVENTS = {
	builder: 'extraTurn',
	wagon: 'moveOn',
	tiebreak: 'score',
	beneath: 'beneath'
} as const;
type MajorityEvent = { type: 'majority'; rules: string[]; text?: string; points: number };

/**
 * The rule played on a tiny board by the engine: a game of base, the document's dependencies and an
 * example expansion with the document's data rules (the new one included) and the example's tiles;
 * what the log says of the rule (the score's arithmetic, the majority's line).
 */
export function workedExample(
	doc: Expansion,
	t: Template,
	lookup: (id: string) => Expansion | undefined
): WorkedExample {
	// a rule the document has already (just added) is shown as it is, not counted twice
	const present = templateRuleIn(doc, t);
	const { doc: withRule, id } = present ? { doc, id: present } : addTemplateRule(doc, t);
	const plan = isMove(t) ? moveBoard(t, withRule) : board(t);
	try {
		const game = play(withRule, plan, lookup);
		if ('error' in game) return { ok: false, error: game.error };
		const { state, events } = game;
		const where = plan.words;
		if (isMove(t)) return moveExample(events, withRule, t, where, id);
		if (
			t.kind === 'builder' ||
			t.kind === 'wagon' ||
			t.kind === 'tiebreak' ||
			t.kind === 'beneath'
		) {
			const logged = TURN_EVENTS[t.kind];
			const e = events.find(
				(x) =>
					x.type === logged &&
					(logged !== 'score' || (x as unknown as ScoreEvent).rules?.includes(id))
			) as unknown as (ScoreEvent & { text?: string }) | undefined;
			if (!e?.text) return { ok: false, error: `on ${where}, the rule did not apply` };
			return { ok: true, board: where, arithmetic: e.text, points: e.points ?? 0, rule: id };
		}
		if (t.kind === 'majority') {
			const m = events.find(
				(e) => e.type === 'majority' && (e as unknown as MajorityEvent).rules.includes(id)
			) as unknown as MajorityEvent | undefined;
			if (!m) return { ok: false, error: `on ${where}, the rule did not apply` };
			return { ok: true, board: where, arithmetic: m.text ?? '', points: m.points, rule: id };
		}
		if (t.kind === 'award') {
			const s = events.find(
				(e) => e.type === 'score' && (e as unknown as ScoreEvent).feature?.kind === t.feature
			) as unknown as ScoreEvent | undefined;
			const a = s?.awards?.find((x) => x.rules?.includes(id));
			if (!a) return { ok: false, error: `on ${where}, the rule did not apply` };
			return { ok: true, board: where, arithmetic: a.arithmetic, points: a.points, rule: id };
		}
		if (t.kind === 'figure') {
			if (!t.features.includes('city'))
				return {
					ok: true,
					board: where,
					arithmetic: `the engine lets Ann put her ${t.name} there`,
					points: 0,
					rule: id
				};
			const s = events.find(
				(e) => e.type === 'score' && (e as unknown as ScoreEvent).feature?.kind === 'city'
			) as unknown as (ScoreEvent & { text?: string; winners?: number[] }) | undefined;
			if (!s) return { ok: false, error: `on ${where}, the city did not score` };
			const who = (s.winners ?? []).map((p) => state.players[p]).join(' and ') || 'nobody';
			return {
				ok: true,
				board: where,
				arithmetic: `strength ${t.strength} against 1: ${who} scores ${s.arithmetic}`,
				points: s.points,
				rule: id
			};
		}
		const score = events.find(
			(e) =>
				e.type === 'score' &&
				(e as unknown as ScoreEvent).feature?.kind === t.feature &&
				(e as unknown as ScoreEvent).rules?.includes(id)
		) as unknown as ScoreEvent | undefined;
		if (!score)
			return {
				ok: false,
				error: `on ${where}, the rule did not apply (another rule of the expansion may take its place)`
			};
		return { ok: true, board: where, arithmetic: score.arithmetic, points: score.points, rule: id };
	} catch (e) {
		return { ok: false, error: e instanceof Error ? e.message : String(e) };
	}
}
