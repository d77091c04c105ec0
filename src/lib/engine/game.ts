// Playing a game: the legal moves at the current step, and apply(state, move) — the next state and
// its events up to the next decision, or a refusal naming the rule.
import { engineOf } from './events.ts';
import { playerName } from './scoring.ts';
import { contextOf } from './context.ts';
import { drawnPlacements, placementAt, placementCount } from './placements.ts';
import { advance } from './turn.ts';
import { cloneState } from './state-copy.ts';
import type { ApplyResult, GameState, Move, PlaceMove } from './types.ts';

/** Every option at the current step (empty when the game is over). Do not mutate the result. */
export function legalMoves(state: GameState): Move[] {
	if (state.finished || state.pending.length === 0) return [];
	if (state.pending[0].kind === 'place')
		return drawnPlacements(engineOf(state, contextOf(state), true));
	return legalMovesInto(state, []);
}

/**
 * legalMoves appended to the caller's array: a player that keeps no list of its own (randomLegalMove)
 * lists every step into one array. The move objects may be shared with other listings: never change one.
 */
export function legalMovesInto(state: GameState, out: Move[]): Move[] {
	if (state.finished || state.pending.length === 0) return out;
	const rules = contextOf(state);
	const step = state.pending[0];
	const engine = engineOf(state, rules, true);
	if (step.kind === 'place') {
		const moves = drawnPlacements(engine);
		for (let i = 0; i < moves.length; i++) out.push(moves[i]);
		return out;
	}
	rules.steps.get(step.kind)?.moves(engine, step, out);
	return out;
}

/**
 * How many moves legalMoves would list, without building them at the placement step (a bot or a
 * playout picks one with legalMoveAt).
 */
export function legalMoveCount(state: GameState): number {
	if (state.finished || state.pending.length === 0) return 0;
	if (state.pending[0].kind === 'place')
		return placementCount(engineOf(state, contextOf(state), true));
	return legalMoves(state).length;
}

/**
 * At the placement step, the placement ⌊w × the number of placements⌋ (w in [0, 1)) built alone: a
 * random player's pick in one engine (legalMoveAt(state, ⌊w × legalMoveCount(state)⌋)).
 */
export function placementPick(state: GameState, w: number): PlaceMove | undefined {
	const engine = engineOf(state, contextOf(state), true);
	const n = placementCount(engine);
	return n > 0 ? placementAt(engine, Math.floor(w * n)) : undefined;
}

/** legalMoves(state)[n], built alone at the placement step. */
export function legalMoveAt(state: GameState, n: number): Move | undefined {
	if (state.finished || state.pending.length === 0 || n < 0) return undefined;
	if (state.pending[0].kind === 'place') {
		const engine = engineOf(state, contextOf(state), true);
		return n < placementCount(engine) ? placementAt(engine, n) : undefined;
	}
	return legalMoves(state)[n];
}

function refuse(
	code: string,
	message: string,
	rules: string[],
	details?: Record<string, unknown>
): ApplyResult {
	return { ok: false, refusal: { code, message, rules, ...(details ? { details } : {}) } };
}

export interface ApplyOptions {
	/** Change the given state in place instead of returning a copy (simulation; the caller keeps no old state). */
	mutate?: boolean;
	/** Skip explanation text (events keep their data). */
	quiet?: boolean;
	/** false: build no events at all (bots, playouts); the result's events are empty. */
	events?: boolean;
	/** Internal: keep the redo stack (redo). */
	keepRedo?: boolean;
	/** false: a game that ends ends without its final scoring (a bot's trial: trial.ts scores it). */
	final?: boolean;
}

// Options for callers that apply move after move, every member in ApplyOptions' order: apply reads
// its options at every move, and options of many shapes make each read a lookup by name.
/** In place, quiet events (a simulated game). */
export const IN_PLACE: Readonly<ApplyOptions> = {
	mutate: true,
	quiet: true,
	events: true,
	keepRedo: false,
	final: true
};
/** In place, no events (a replay, a playout). */
export const IN_PLACE_SILENT: Readonly<ApplyOptions> = {
	mutate: true,
	quiet: true,
	events: false,
	keepRedo: false,
	final: true
};
/** In place, no events, no final scoring (a bot's trial, taken back after: trial.ts). */
export const TRIAL: Readonly<ApplyOptions> = {
	mutate: true,
	quiet: true,
	events: false,
	keepRedo: false,
	final: false
};

/** Applies a move: the next state and the events up to the next decision, or a refusal naming why. */
export function apply(state: GameState, move: Move, opts: ApplyOptions = {}): ApplyResult {
	const rules = contextOf(state);
	// read once: moves come in many shapes, and every read of a member is a lookup by name
	const type = move && typeof move === 'object' ? move.type : undefined;
	if (typeof type !== 'string') return refuse('bad-move', 'a move is an object with a type', []);
	if (state.finished) return refuse('game-over', 'the game is over', ['BASE-1.7.3']);
	const step = state.pending[0];
	const handler = rules.handlers.get(step.kind)?.get(type);
	if (!handler) {
		const def = rules.steps.get(step.kind);
		return refuse(
			'wrong-step',
			`'${type}' is not possible now: ${playerName(engineOf(state, rules, true), step.player)} must ${def?.describe ?? step.kind} (moves: ${def?.accepts.join(', ')})`,
			['BASE-1.2.1'],
			{ step: step.kind, player: step.player, accepts: def?.accepts ?? [] }
		);
	}
	const next = opts.mutate ? state : cloneState(state);
	const silent = opts.events === false;
	const engine = engineOf(next, rules, silent || opts.quiet === true, silent, opts.final === false);
	// the step leaves the queue (usually its only entry: a pop is cheaper than the shift builtin)
	if (next.pending.length === 1) next.pending.pop();
	else next.pending.shift();
	const r = handler(engine, move, step);
	if (r) {
		next.pending.unshift(step);
		return { ok: false, refusal: r };
	}
	next.log.push(move);
	if (!opts.keepRedo && next.redo.length) next.redo = [];
	advance(engine);
	return { ok: true, state: next, events: engine.events };
}
