// Random legal play, for the simulator, the invariant tests and the benchmark: every choice is a
// move from legalMoves, picked with a PRNG separate from the game's own.
import { randomStep, randomValue, seedState } from './rng.ts';
import { apply, legalMoveCount, legalMovesInto, placementPick, IN_PLACE } from './game.ts';
import { startGame } from './setup.ts';
import type { GameEvent, GameSetup, GameState, Move, PlaceMove } from './types.ts';

export interface RandomGameResult {
	state: GameState;
	moves: number;
	placements: number;
	events?: GameEvent[];
	/** Set when the engine refused a move it listed as legal. */
	error?: string;
}

/** Plays a whole game with random legal moves (in place, quiet unless asked). */
export function playRandomGame(
	setup: GameSetup,
	opts: {
		chooserSeed?: number;
		keepEvents?: boolean;
		maxMoves?: number;
		onMove?: (state: GameState, m: Move) => void;
	} = {}
): RandomGameResult {
	const started = startGame({ ...setup, quiet: setup.quiet ?? true });
	const state = started.state;
	const events = opts.keepEvents ? [...started.events] : undefined;
	let rng = seedState(opts.chooserSeed ?? setup.seed ^ 0x5bd1e995);
	let moves = 0;
	let placements = 0;
	const max = opts.maxMoves ?? 100_000;
	const applyOpts = setup.quiet === false ? { ...IN_PLACE, quiet: false } : IN_PLACE;
	while (!state.finished && moves < max) {
		if (legalMoveCount(state) === 0)
			return { state, moves, placements, events, error: 'no legal move but the game is not over' };
		const [move, after] = randomLegalMove(state, rng);
		rng = after;
		opts.onMove?.(state, move);
		const r = apply(state, move, applyOpts);
		if (!r.ok)
			return {
				state,
				moves,
				placements,
				events,
				error: `listed move refused: ${JSON.stringify(move)}: ${r.refusal.message}`
			};
		if (events) for (const e of r.events) events.push(e);
		if (move.type === 'place') placements++;
		moves++;
	}
	if (!state.finished)
		return { state, moves, placements, events, error: `game not over after ${max} moves` };
	return { state, moves, placements, events };
}

const kinds: string[] = [];
const types: string[] = [];
const scratch: Move[] = [];
/**
 * The random player's choice among listed moves: a kind of move first (uniform), then a move of that
 * kind, so that an option offered once per open cell (a town hall) does not drown a single
 * alternative (drawing a tile), and passing is not rare. Returns the move and the next PRNG state.
 */
export function randomMove(options: readonly Move[], rng: number): [Move, number] {
	const next = randomStep(rng);
	return [pickMove(options, randomValue(rng), randomValue(next)), randomStep(next)];
}

/**
 * randomMove(legalMoves(state), rng) without listing every placement: the same move and the same next
 * PRNG state, with the placement built alone (placementPick).
 */
export function randomLegalMove(state: GameState, rng: number): [Move, number] {
	if (state.pending[0]?.kind !== 'place') {
		// the other steps' few options, listed into one array kept for the purpose
		const r = randomMove(legalMovesInto(state, scratch), rng);
		while (scratch.length > 0) scratch.pop(); // pops: setting length is a builtin call
		return r;
	}
	return randomPlacement(state, rng) as [Move, number];
}

/**
 * randomLegalMove at a placement step: the placement and the next PRNG state, or undefined where the
 * drawn tile fits nowhere (nothing listed: the caller keeps its PRNG as it was).
 */
export function randomPlacement(state: GameState, rng: number): [PlaceMove | undefined, number] {
	const next = randomStep(rng);
	// every option of the placement step is a 'place': pickMove takes options[⌊w × n⌋]
	return [placementPick(state, randomValue(next)), randomStep(next)];
}

function pickMove(options: readonly Move[], v: number, w: number): Move {
	// the kinds of move offered, in order of appearance (kinds[0 … nk - 1]), and each option's
	// (types[i]: moves come in many shapes, and every read of a member is a lookup by name); both arrays are reused
	let nk = 0;
	const n = options.length;
	next: for (let i = 0; i < n; i++) {
		const type = (types[i] = options[i].type);
		for (let j = 0; j < nk; j++) if (kinds[j] === type) continue next;
		kinds[nk++] = type;
	}
	if (nk === 1) return options[Math.floor(w * n)];
	const kind = kinds[Math.floor(v * nk)];
	let m = 0;
	for (let i = 0; i < n; i++) if (types[i] === kind) m++;
	let k = Math.floor(w * m);
	for (let i = 0; i < n; i++) if (types[i] === kind && k-- === 0) return options[i];
	return options[0];
}
