// The dragon's movement (DRAGON-4.4): where it may step, the movement started, each step taken
// (figures eaten) and the movement stopped.
import { pack, SIDE_STEP } from '../../cells.ts';
import { tileAt, tileAtXY } from '../../board-index.ts';
import { emit, takeBacks } from '../../events.ts';
import { perContext } from '../../per-context.ts';
import { playerName, returnPiece, figureRef } from '../../scoring.ts';
import type { Engine, FigureRef, GameState, Refusal, Step } from '../../types.ts';
import { D, hasIcon, ICON_DRAGON } from './state.ts';

/**
 * The last listing's targets, kept for the dragon move that answers it: the same state at the same
 * log length (no move applied since) and the same movement (dragon tile, steps made).
 */
let lastFor: GameState | null = null;
let lastLog = -1;
let lastBack = 0;
let lastAt = -1;
let lastSteps = -1;
let lastTargets: number[] = [];
export function listedTargets(engine: Engine): number[] {
	const state = engine.state;
	const d = D(engine);
	if (
		state === lastFor &&
		state.log.length === lastLog &&
		takeBacks === lastBack &&
		d.at === lastAt &&
		d.steps === lastSteps
	)
		return lastTargets;
	lastTargets = targets(engine);
	lastFor = state;
	lastLog = state.log.length;
	lastBack = takeBacks;
	lastAt = d.at;
	lastSteps = d.steps;
	return lastTargets;
}

/** The dragon's moves, built once per rules context and cell (moves are shared immutable values). */
export const dragonMoves = perContext(
	() => new Map<number, { type: 'dragon'; x: number; y: number }>()
);

function targets(engine: Engine): number[] {
	const state = engine.state;
	const d = D(engine);
	const out: number[] = [];
	const cell = pack(state.boardX[d.at], state.boardY[d.at]);
	const visited = d.visited;
	for (let side = 0; side < 4; side++) {
		const n = tileAt(engine, cell + SIDE_STEP[side]);
		// refused: the fairy's tile (DRAGON-4.4.3), a held tile the dragon may not enter (dragonMayEnter)
		if (n < 0 || visited.includes(n) || refusedEntry(engine, n)) continue;
		out.push(n);
	}
	return drawnTo(engine, out)?.tiles ?? out;
}

function refusedEntry(engine: Engine, b: number): boolean {
	const hooks = engine.rules.hooks.dragonEnter;
	for (let i = 0; i < hooks.length; i++) if (hooks[i](engine, b)) return true;
	return false;
}

/** A module that draws the dragon (a data figure with drawsDragon) narrows where it may go next. */
function drawnTo(engine: Engine, open: number[]) {
	for (const h of engine.rules.hooks.dragonTargets) {
		const r = h(engine, open);
		if (r) return r;
	}
	return null;
}

function stopMovement(engine: Engine, reason: string, rules: string[]) {
	const state = engine.state;
	const d = D(engine);
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'dragonStops',
				rules,
				x: state.boardX[d.at],
				y: state.boardY[d.at],
				steps: d.steps,
				reason
			},
			() =>
				`The dragon stops at (${state.boardX[d.at]},${state.boardY[d.at]}) after ${d.steps} step${d.steps === 1 ? '' : 's'}: ${reason}.`
		);
	d.visited = [];
	d.steps = 0;
}

/** Offers the next step to the next mover, or ends the movement. */
function nextStep(engine: Engine, mover: number) {
	const d = D(engine);
	if (d.steps >= engine.rules.params.dragonSteps)
		return stopMovement(engine, 'all its steps are made', ['DRAGON-4.4.2']);
	if (targets(engine).length === 0)
		return stopMovement(engine, 'no tile it may enter (dead end)', ['DRAGON-4.4.4']);
	engine.state.pending.push({ kind: 'dragon', player: mover });
}

export function startMovement(engine: Engine) {
	const state = engine.state;
	const d = D(engine);
	if (state.placed < 0 || !hasIcon(engine, state.boardTile[state.placed], ICON_DRAGON) || d.at < 0)
		return;
	d.visited = [d.at];
	d.steps = 0;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'dragonWakes',
				rules: ['DRAGON-4.4.1', 'DRAGON-4.4.2'],
				x: state.boardX[d.at],
				y: state.boardY[d.at]
			},
			() =>
				`A dragon tile: the dragon at (${state.boardX[d.at]},${state.boardY[d.at]}) moves up to ${engine.rules.params.dragonSteps} steps, ${playerName(engine, state.active)} first.`
		);
	nextStep(engine, state.active);
}

export function dragonMove(
	engine: Engine,
	move: { type: string; x: number; y: number },
	step: Step
): Refusal | null {
	const state = engine.state;
	const d = D(engine);
	const n = tileAtXY(engine, move.x, move.y);
	const to = pack(move.x, move.y);
	const from = pack(state.boardX[d.at], state.boardY[d.at]);
	const adjacent =
		from + SIDE_STEP[0] === to ||
		from + SIDE_STEP[1] === to ||
		from + SIDE_STEP[2] === to ||
		from + SIDE_STEP[3] === to;
	if (n < 0 || !adjacent)
		return {
			code: 'dragon-not-adjacent',
			message: `the dragon moves one step to a placed tile next to (${state.boardX[d.at]},${state.boardY[d.at]})`,
			rules: ['DRAGON-4.4.2', 'DRAGON-4.4.3']
		};
	const allowed = listedTargets(engine);
	if (!allowed.includes(n)) {
		if (d.visited.includes(n))
			return {
				code: 'dragon-visited',
				message: `the dragon already visited (${move.x},${move.y}) in this movement`,
				rules: ['DRAGON-4.4.3']
			};
		for (const h of engine.rules.hooks.dragonEnter) {
			const r = h(engine, n);
			if (r) return r;
		}
		const drawn = drawnTo(engine, allowed);
		return {
			code: 'dragon-drawn',
			message: `the dragon must go to (${state.boardX[allowed[0]]},${state.boardY[allowed[0]]}): ${drawn?.reason ?? 'no other tile'}`,
			rules: ['DRAGON-4.4.2', ...(drawn?.rules ?? [])]
		};
	}
	d.at = n;
	d.visited.push(n);
	d.steps++;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'dragonMove',
				rules: ['DRAGON-4.4.2'],
				player: step.player,
				x: move.x,
				y: move.y,
				step: d.steps
			},
			() =>
				`${playerName(engine, step.player)} moves the dragon to (${move.x},${move.y}) (step ${d.steps}).`
		);
	let stop: { reason: string; rules: string[] } | null = null;
	let spare: number[] | null = null;
	const enters = engine.rules.hooks.dragonEnters;
	for (let i = 0; i < enters.length; i++) {
		const r = enters[i](engine, n, step.player);
		if (!r) continue;
		if (r.stop) stop = { reason: r.stop, rules: r.rules ?? [] };
		if (r.spare) (spare ??= []).push(...r.spare);
	}
	// the eaten figures are named only for the event (none is built when silent)
	const eaten: FigureRef[] | null = engine.silent ? null : [];
	const ps = state.pieces;
	for (let i = 0; i < ps.length; i++) {
		if (ps[i].tile !== n || ps[i].seg < 0 || (spare !== null && spare.includes(i))) continue;
		if (eaten) eaten.push(figureRef(engine, i));
		returnPiece(engine, i);
	}
	if (eaten && eaten.length)
		emit(
			engine,
			{ type: 'eaten', rules: ['DRAGON-4.4.5'], x: move.x, y: move.y, figures: eaten },
			() =>
				`The dragon eats ${eaten.map((f) => `${playerName(engine, f.owner)}'s ${f.figure} on ${f.feature}`).join(', ')}: back to supply.`
		);
	if (stop) stopMovement(engine, stop.reason, stop.rules);
	else nextStep(engine, (step.player + 1) % state.players.length);
	return null;
}
