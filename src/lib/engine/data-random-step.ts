// A random step (schemas/expansion.v1.json randomStep, type 'random'): where it sits (`at`:
// 'dragon-enters', the dragon entered the tile of a figure that draws it) one of two outcomes acts
// on a figure — back to the supply or out of the game — drawn from the game's seeded random source
// (a record's fixed outcomes first: 1 the first outcome, 0 the second, as `coin` in bag.ts) or,
// when `enteredBy` holds, entered by the active player as a move ({"type": "coin", "result":
// "tails"}). Its event is named by the figure and the move ('<figure>Coin'). Its condition reads
// rulings and parameters only: decided once per rules context.
import { coin } from './bag.ts';
import { ev, type DataState } from './data-scope.ts';
import { emit } from './events.ts';
import { perContext } from './per-context.ts';
import { returnPiece } from './scoring.ts';
import type { RandomStep } from '../formats/schema-types.ts';
import type { Context, Engine, Move, MoveHandler, Refusal, Step, StepDef } from './types.ts';

/** Reads a condition of rulings and parameters (true or false; absent: `dflt`). */
export function ruleCondition(rules: Context, e: unknown, dflt: boolean): boolean {
	return conditionOf(rules.rulings, rules.params, e, dflt);
}

/** A condition under these rulings; without `params` one reading a parameter holds (bind the hook). */
export function conditionOf(
	rulings: Readonly<Record<string, string>>,
	params: Readonly<Record<string, number>> | null,
	e: unknown,
	dflt: boolean
): boolean {
	if (e === undefined) return dflt;
	if (params === null && JSON.stringify(e).includes('"param.')) return true;
	return (
		ev(e, (name) => {
			if (name.startsWith('param.')) return params?.[name.slice(6)] ?? 0;
			const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
			return m ? rulings[m[1]] === m[2] : 0;
		}) === true
	);
}

/** A compiled random step: what happens to the figure's piece when the step comes. */
export interface RandomPart {
	step: RandomStep;
	/** Draws (or asks the player for) the outcome for `piece` (on the board at `x`,`y`). */
	start(engine: Engine, piece: number, player: number): void;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The random steps of one document: their parts by figure, their step kinds and moves. */
export function randomSteps(
	steps: readonly RandomStep[],
	state: (engine: Engine) => DataState
): {
	parts: Map<string, RandomPart[]>;
	steps: Record<string, StepDef>;
	moves: Record<string, MoveHandler>;
	cited: string[];
} {
	const parts = new Map<string, RandomPart[]>();
	const kinds: Record<string, StepDef> = {};
	const moves: Record<string, MoveHandler> = {};
	for (const s of steps) {
		const resolve = resolverOf(s, state);
		const entered = perContext((rules) => ruleCondition(rules, s.enteredBy, false));
		const part: RandomPart = {
			step: s,
			start(engine, piece, player) {
				const st = engine.state;
				if (entered(engine.rules))
					st.pending.unshift({ kind: s.move, player: st.active, data: { piece } });
				else resolve(engine, piece, s.outcomes[coin(st) === 1 ? 0 : 1], player);
			}
		};
		parts.set(s.figure, [...(parts.get(s.figure) ?? []), part]);
		kinds[s.move] = {
			accepts: [s.move],
			describe: `enter the ${s.move}: ${s.outcomes.join(' or ')}`,
			rules: [...new Set([s.id, ...(s.rules ?? [])])],
			moves(_engine, _step, out: Move[]) {
				for (const o of s.outcomes) out.push({ type: s.move, result: o });
			}
		};
		moves[s.move] = (engine, move, step) => enteredMove(s, resolve, engine, move, step);
	}
	return { parts, steps: kinds, moves, cited: steps.flatMap((s) => [s.id, ...(s.rules ?? [])]) };
}

type Resolve = (engine: Engine, piece: number, outcome: string, player: number) => void;

/** The outcome's effect on the piece and its event ('<figure><Move>'). */
function resolverOf(s: RandomStep, state: (engine: Engine) => DataState): Resolve {
	const type = s.figure + cap(s.move);
	const rules = s.rules ?? [s.id];
	return (engine, piece, outcome, player) => {
		const gs = engine.state;
		const p = gs.pieces[piece];
		const at = { x: gs.boardX[p.tile], y: gs.boardY[p.tile] };
		returnPiece(engine, piece);
		if (s.effects[outcome] === 'removed') {
			p.seg = -2;
			(state(engine).removed ??= []).push(piece);
		}
		emit(
			engine,
			{ type, rules, player, result: outcome, ...at },
			() => s.labels?.[outcome] ?? `${cap(outcome)}.`
		);
	};
}

/** A player's move entering the outcome of a pending random step. */
function enteredMove(
	s: RandomStep,
	resolve: Resolve,
	engine: Engine,
	move: Move,
	step: Step
): Refusal | null {
	const result = (move as { result?: unknown }).result;
	if (typeof result !== 'string' || !s.outcomes.includes(result))
		return {
			code: `bad-${s.move}`,
			message: `the ${s.move} shows ${s.outcomes.map((o) => `'${o}'`).join(' or ')}`,
			rules: [s.id]
		};
	resolve(engine, step.data?.piece as number, result, step.player);
	return null;
}
