// A send-home step (schemas/expansion.v1.json dataSendHomeStep, type 'send-home'): in the figure
// step, instead of placing a figure, the player sends a piece on the board back to its owner's
// supply — one of their own anywhere (the festival, when the tile just placed shows the step's
// `icon`), or anyone's standing in a feature of the tile just placed that has the step's
// `modifier` (the princess's city). It scores nothing and counts as the turn's figure. Under `must`
// it is the only move when there is one (the figure step is replaced). The move is named by the
// step (`move`) and names the piece: {"type": "festival", "x": 1, "y": 0, "feature": "r1",
// "owner": 0, "figure": "follower"}; the event is of the same type, its sentence the document's
// `text`. Conditions read rulings and parameters only: they are decided once per rules context.
import { find } from './features.ts';
import { PHASE_FIGURE } from './phases.ts';
import { emit } from './events.ts';
import { figureRef, playerName, returnPiece } from './scoring.ts';
import { pieceNamedBy } from './choices.ts';
import { perContext } from './per-context.ts';
import { decidedIn } from './data-decided.ts';
import { joinHooks } from './data-token-step.ts';
import { holdsUnder, type Gate } from './data-join.ts';
import type { DataStep, SendHomeStep } from '../formats/schema-types.ts';
import type {
	Context,
	Engine,
	FigureRef,
	Hooks,
	Move,
	Refusal,
	RuleModule,
	Step
} from './types.ts';

/** What a send-home step decides per rules context. */
interface Decided {
	inPlay: boolean;
	must: boolean;
	followersOnly: boolean;
	/** The rule ids its event cites (the step's, and those of the conditions that hold). */
	rules: string[];
	/** With a `modifier`: per tile (compiled index) its features that have it (local indexes), null for none. */
	modified: (readonly number[] | null)[];
}

const DEFAULT_TEXT =
	'{player} sends {owner}’s {figure} at ({x},{y}) back to supply instead of placing a figure.';

const NONE: readonly number[] = [];

function decide(rules: Context, d: SendHomeStep): Decided {
	const must = decidedIn(rules, d.must, false);
	const followersOnly = decidedIn(rules, d.followersOnly, false);
	return {
		inPlay: decidedIn(rules, d.inPlay, true),
		must,
		followersOnly,
		rules: [
			...(d.rules ?? [d.id]),
			...(followersOnly ? (d.followersRules ?? []) : []),
			...(must ? (d.mustRules ?? []) : [])
		],
		modified: rules.tiles.map((t) => {
			const local: number[] = [];
			if (d.modifier !== undefined)
				for (let i = 0; i < t.features.length; i++)
					if (t.features[i].modifiers[d.modifier]) local.push(i);
			return local.length ? local : null;
		})
	};
}

/** The pieces the step may send home now (none when it may not act). */
function candidates(
	engine: Engine,
	d: SendHomeStep,
	k: Decided,
	player: number
): readonly number[] {
	const s = engine.state;
	if (s.placed < 0 || s.acted || !k.inPlay) return NONE;
	const tile = s.boardTile[s.placed];
	if (d.icon !== undefined && !engine.rules.tiles[tile].icons.has(d.icon)) return NONE;
	let out: number[] | null = null;
	if (d.modifier === undefined) {
		for (let pc = 0; pc < s.pieces.length; pc++)
			if (s.pieces[pc].seg >= 0 && fits(engine, d, k, player, pc)) (out ??= []).push(pc);
		return out ?? NONE;
	}
	// the pieces in the features of the tile just placed that have the modifier (as joined)
	const local = k.modified[tile];
	if (local === null) return NONE; // (most tiles: no such feature)
	for (const i of local)
		for (const pc of s.featurePieces[find(s, s.boardFirstSegment[s.placed] + i)] ?? [])
			if (fits(engine, d, k, player, pc) && !(out ??= []).includes(pc)) out.push(pc);
	return out ?? NONE;
}

/** May the step send piece pc home (whose it is, what figure)? */
function fits(engine: Engine, d: SendHomeStep, k: Decided, player: number, pc: number): boolean {
	const p = engine.state.pieces[pc];
	if (p.owner < 0 || (d.whose === 'own' && p.owner !== player)) return false;
	const ft = engine.rules.figures.get(p.kind);
	return !!ft && !ft.token && (!k.followersOnly || ft.follower);
}

const moveOf = (type: string, r: FigureRef): Move => ({
	type,
	x: r.x,
	y: r.y,
	feature: r.feature,
	owner: r.owner,
	figure: r.figure
});

/** The step's sentence with its slots filled (the slots a text may name: formats/data-step-send-home.ts). */
function sentence(text: string, slots: Record<string, string | number>): string {
	return text.replace(/\{([a-z]+)\}/g, (all, name: string) =>
		name in slots ? String(slots[name]) : all
	);
}

/** One send-home step compiled: its hooks, its own step (under `must`) and its move. */
function compile(d: SendHomeStep) {
	const of = perContext((rules) => decide(rules, d));
	const list = (engine: Engine, player: number, out: Move[]) => {
		for (const pc of candidates(engine, d, of(engine.rules), player))
			out.push(moveOf(d.move, figureRef(engine, pc)));
	};
	const hooks: Partial<Hooks> = {
		figureOptions: list,
		...(d.must !== undefined
			? {
					placed(engine: Engine) {
						// under `must` the action replaces the figure step (PHASE_FIGURE: skipped)
						const k = of(engine.rules);
						if (!k.must || candidates(engine, d, k, engine.state.active).length === 0) return;
						engine.state.pending.push({ kind: d.move, player: engine.state.active });
						engine.state.phase = PHASE_FIGURE;
					}
				}
			: {})
	};
	const handler = (engine: Engine, move: Move, step: Step): Refusal | null =>
		sendHome(engine, d, of(engine.rules), move as Readonly<Record<string, unknown>>, step);
	const stepDef = {
		accepts: [d.move],
		describe: d.describe ?? `send a piece home (${d.move})`,
		moves: (engine: Engine, step: Step, out: Move[]) => list(engine, step.player, out)
	};
	return { hooks, handler, stepDef };
}

function sendHome(
	engine: Engine,
	d: SendHomeStep,
	k: Decided,
	move: Readonly<Record<string, unknown>>,
	step: Step
): Refusal | null {
	const s = engine.state;
	if (!k.inPlay)
		return {
			code: d.notInPlay?.code ?? 'not-in-play',
			message: `the ${d.move} is not in play in this game`,
			rules: d.notInPlay?.rules ?? [d.id]
		};
	const list = candidates(engine, d, k, step.player);
	const target = pieceNamedBy(
		engine,
		list,
		d.whose === 'own' ? { ...move, owner: step.player } : move
	);
	if (target === undefined)
		return {
			code: d.refusal?.code ?? 'nothing-to-send-home',
			message: list.length
				? `no piece the ${d.move} may send home at (${String(move.x)},${String(move.y)}) on ${String(move.feature)}`
				: s.acted
					? `the ${d.move} comes instead of the turn’s figure, and a figure was already placed`
					: `the tile just placed gives no ${d.move}, or there is no piece it may send home`,
			rules: d.refusal?.rules ?? [d.id],
			details: { candidates: list.map((pc) => figureRef(engine, pc)) }
		};
	const ref = figureRef(engine, target);
	returnPiece(engine, target);
	s.acted = true;
	if (!engine.silent)
		emit(
			engine,
			{
				type: d.move,
				rules: k.rules,
				player: step.player,
				removed: ref,
				x: ref.x,
				y: ref.y,
				feature: ref.feature
			},
			() =>
				sentence(d.text ?? DEFAULT_TEXT, {
					player: playerName(engine, step.player),
					owner: playerName(engine, ref.owner),
					figure: ref.figure,
					x: ref.x,
					y: ref.y,
					feature: ref.feature
				})
		);
	return null;
}

/**
 * A document's send-home steps wired in: their hooks join `hooks` (after those already there); the
 * module gets their step kinds (under `must`), moves, and the figure step accepts their moves.
 */
export function withSendHome(
	list: readonly DataStep[],
	hooks: Partial<Hooks>
): {
	cited: string[];
	module: Pick<RuleModule, 'steps' | 'moves' | 'stepMoves'>;
	/** The placed hook (`must`), bound only under the rulings where some step must act. */
	gate?: Gate;
} | null {
	const steps = list.filter((d): d is SendHomeStep => d.type === 'send-home');
	if (!steps.length) return null;
	const alone = hooks.placed === undefined;
	const module: Pick<RuleModule, 'steps' | 'moves' | 'stepMoves'> = {
		steps: {},
		moves: {},
		stepMoves: { figure: steps.map((d) => d.move) }
	};
	for (const d of steps) {
		const c = compile(d);
		joinHooks(hooks, c.hooks);
		module.steps![d.move] = c.stepDef;
		module.moves![d.move] = c.handler;
	}
	return {
		cited: steps.flatMap((d) => [
			d.id,
			...(d.rules ?? []),
			...(d.followersRules ?? []),
			...(d.mustRules ?? []),
			...(d.notInPlay?.rules ?? []),
			...(d.refusal?.rules ?? [])
		]),
		module,
		...(alone && hooks.placed
			? {
					gate: {
						name: 'placed',
						hook: hooks.placed,
						when: (rulings) => steps.some((d) => holdsUnder(d.must, rulings))
					}
				}
			: {})
	};
}
