// A game replayed from its setup and moves; undo (the log replayed but the last move) and redo.
import { contextOf } from './context.ts';
import { startGame } from './setup.ts';
import { apply, type ApplyOptions } from './game.ts';
import type { ApplyResult, GameEvent, GameSetup, GameState, Move, Refusal } from './types.ts';

/** The setup that recreates this game from scratch (expansion documents from its context). */
export function setupOf(state: GameState): GameSetup {
	const rules = contextOf(state);
	return {
		expansions: rules.source.expansions,
		modules: state.origin.modules,
		players: state.players,
		seed: state.seed,
		rulings: state.rulings,
		drawOrder: state.origin.drawOrder,
		start: state.origin.start,
		outcomes: state.origin.outcomes,
		draws: state.origin.draws,
		free: state.origin.free,
		figures: state.origin.figures
	};
}

/** Plays moves from a setup; stops at the first refusal and says at which index. */
export function replay(
	setup: GameSetup,
	moves: readonly Move[],
	opts: {
		quiet?: boolean;
		/** false: build no events after the start (the states are the same). */
		events?: boolean;
		onStep?: (index: number, move: Move, events: GameEvent[], state: GameState) => void;
	} = {}
): { state: GameState; events: GameEvent[]; error?: { index: number; refusal: Refusal } } {
	const started = startGame({ ...setup, quiet: opts.quiet ?? setup.quiet });
	let state = started.state;
	const events = [...started.events];
	opts.onStep?.(-1, { type: 'start' }, started.events, state);
	const applyOpts: ApplyOptions = {
		mutate: true,
		quiet: opts.quiet,
		events: opts.events,
		keepRedo: false,
		final: true
	}; // IN_PLACE's shape
	for (let i = 0; i < moves.length; i++) {
		const r = apply(state, moves[i], applyOpts);
		if (!r.ok) return { state, events, error: { index: i, refusal: r.refusal } };
		state = r.state;
		for (const e of r.events) events.push(e);
		opts.onStep?.(i, moves[i], r.events, state);
	}
	return { state, events };
}

/** Takes back the last move (rebuilt from the log); null when there is nothing to undo. */
export function undo(state: GameState): GameState | null {
	if (state.log.length === 0) return null;
	const last = state.log[state.log.length - 1];
	const r = replay(setupOf(state), state.log.slice(0, -1), { quiet: true, events: false });
	if (r.error)
		throw new Error(
			`undo: the log no longer replays (move ${r.error.index}: ${r.error.refusal.message})`
		);
	r.state.redo = [...state.redo, last];
	return r.state;
}

/** Re-applies the last undone move (with apply's options: events, in place); null when there is nothing to redo. */
export function redo(
	state: GameState,
	opts: Omit<ApplyOptions, 'keepRedo'> = {}
): ApplyResult | null {
	if (state.redo.length === 0) return null;
	const move = state.redo[state.redo.length - 1];
	const r = apply(state, move, { ...opts, keepRedo: true });
	if (r.ok) r.state.redo = state.redo.slice(0, -1);
	return r;
}
