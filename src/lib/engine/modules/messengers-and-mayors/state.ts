// Module state of Messengers & Mayors and its decision queue: mayor and scarecrow triggers wait
// here and are offered one step at a time, clockwise from the active player.
import type { Engine, GameState, Step } from '../../types.ts';

export const MM = 'messengers-and-mayors';

/** A decision waiting: a triggered mayor or scarecrow. */
export interface Entry {
	k: 'mayor' | 'scarecrow';
	piece: number;
	owner: number;
	/** Board index of the figure's tile when it triggered. */
	tile?: number;
}

export interface MMState {
	/** Compiled index of the town hall tile, -1 if the tile set has none. */
	hallTile: number;
	/** Pieces of lying scarecrows (MM-CROW-3b). */
	lying: number[];
	/** Decisions to offer now, in order. */
	queue: Entry[];
	/** Triggers waiting for their phase (ruling MM-R2). */
	waiting: Entry[];
	/** Ruling MM-R8 = uses-placement: the active player used an ability before their figure step. */
	used: boolean;
}

export const M = (state: GameState): MMState => state.moduleState[MM] as MMState;

/** Position of `player` clockwise from the active player (0 = active). */
export const clockwise = (state: GameState, player: number): number =>
	(player - state.active + state.players.length) % state.players.length;

/** Per entry kind: the step to offer, or null when nothing is left to decide (resolved on the spot). */
export const PREPARE: Partial<Record<Entry['k'], (engine: Engine, e: Entry) => Step | null>> = {};

/** Offers the next decision of the queue (entries that need no decision are resolved on the way). */
export function nextDecision(engine: Engine): void {
	const m = M(engine.state);
	while (m.queue.length) {
		const e = m.queue[0];
		const step = PREPARE[e.k]!(engine, e);
		if (step) {
			engine.state.pending.push(step);
			return;
		}
		m.queue.shift();
	}
}

/** The current decision is made: drop it and offer the next. */
export function decided(engine: Engine): void {
	M(engine.state).queue.shift();
	nextDecision(engine);
}

/** Appends entries to the queue in clockwise order from the active player and offers the first. */
export function enqueue(
	engine: Engine,
	entries: readonly Entry[],
	order: (e: Entry) => number
): void {
	if (!entries.length) return;
	const m = M(engine.state);
	const busy = m.queue.length > 0;
	m.queue.push(...entries.slice().sort((a, b) => order(a) - order(b)));
	if (!busy) nextDecision(engine);
}
