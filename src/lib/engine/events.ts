// The engine object and the event helper shared by the engine and the modules.
import type { Context, Engine, GameEvent, GameState } from './types.ts';

/**
 * The engine over state s: every engine is made here with the same fields in the same order (the
 * board index slot included), so each engine read in the modules sees one object shape.
 */
export function engineOf(
	state: GameState,
	rules: Context,
	quiet: boolean,
	silent = false,
	unscored = false
): Engine {
	return {
		state,
		rules,
		events: silent ? NO_EVENTS : [],
		quiet,
		silent,
		index: undefined,
		unscored
	};
}
/** The events of every silent engine: nothing is ever pushed (emit and the score events check engine.silent), so one array serves all. */
const NO_EVENTS: GameEvent[] = [];

/** Pushes an event; the text is built only when not quiet; nothing when silent. */
export function emit(engine: Engine, ev: GameEvent, text?: () => string): void {
	if (engine.silent) return;
	if (!engine.quiet && text) ev.text = text();
	engine.events.push(ev);
}

/**
 * How many times a state was taken back (trial.ts `takeBack`). A cache kept for "the same state at the
 * same log length" (the lute's slots, the dragon's targets) compares it too: a state taken back and
 * played on has the same log length again with another board.
 */
export let takeBacks = 0;
export function tookBack(): void {
	takeBacks++;
}
