// The turn loop: a turn runs through the engine's moments (phases.ts, which base.json's
// dataRules.turn declares) and the moments documents add after them (turn-moments.ts); modules hook
// into them and may push decision steps (each answered by a move). The engine advances
// automatically between steps.
import { completedBorderRoots, completedInner } from './board.ts';
import { emit } from './events.ts';
import { find, featureOf } from './features.ts';
import { scoreFeature, playerName } from './scoring.ts';
import { tilesLeft } from './bag.ts';
import { drawTile } from './draw.ts';
import { K_RIVER, type Engine } from './types.ts';
import { nextAddedMoment } from './turn-moments.ts';
import {
	BEFORE_TURN,
	PHASE_AFTER_FIGURE,
	PHASE_AFTER_SCORE,
	PHASE_DRAW,
	PHASE_FIGURE,
	PHASE_FIGURE_DONE,
	PHASE_PLACED,
	PHASE_SCORE,
	PHASE_TURN_START
} from './phases.ts';

function scoreTurn(engine: Engine): void {
	const state = engine.state;
	const b = state.placed;
	if (b < 0) return;
	const roots = completedBorderRoots(engine, b);
	for (const r of roots) {
		if (featureOf(engine, r).kindCode === K_RIVER) continue; // the river is never scored (RIVER-3.1.3)
		scoreFeature(engine, r, 'complete');
	}
	for (const seg of completedInner(engine, b)) scoreFeature(engine, find(state, seg), 'complete');
}

/** The final scoring: every unfinished feature with figures, then the modules' (farmers, majorities); the game is over. */
export function finalScoring(engine: Engine): void {
	const state = engine.state;
	emit(
		engine,
		{ type: 'finalScoring', rules: ['BASE-1.7'] },
		() => 'No tiles left: final scoring of every unfinished feature with figures.'
	);
	const done = new Set<number>();
	for (let i = 0; i < state.pieces.length; i++) {
		const p = state.pieces[i];
		if (p.seg < 0 || engine.rules.figures.get(p.kind)?.token) continue; // tokens trigger no scoring
		const root = find(state, p.seg);
		const f = featureOf(engine, root);
		if (f.kind === 'field' || done.has(root)) continue;
		// pieces left on an already scored feature (a ruling kept them there) score nothing more
		if (
			f.inner ? state.boardNeighbours[state.segmentTile[root]] === 8 : state.openEdges[root] === 0
		)
			continue;
		done.add(root);
		scoreFeature(engine, root, 'final');
	}
	for (const h of engine.rules.hooks.finalScoring) h(engine);
	state.finished = true;
	state.pending = [];
	const best = Math.max(...state.scores);
	const winners = state.players.flatMap((_, p) => (state.scores[p] === best ? [p] : []));
	emit(
		engine,
		{ type: 'gameEnd', rules: ['BASE-1.7.3'], scores: [...state.scores], winners },
		() =>
			`Game over. ${state.players.map((n, p) => `${n} ${state.scores[p]}`).join(', ')}. ${winners.map((p) => playerName(engine, p)).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}.`
	);
}

/** Runs the turn phases until a decision is pending or the game is over. */
export function advance(engine: Engine): void {
	const state = engine.state;
	const h = engine.rules.hooks;
	const moments = engine.rules.moments;
	while (!state.finished && state.pending.length === 0) {
		// a moment a document adds after the phase just run (dataRules.moments), before the next
		if (moments !== null && nextAddedMoment(engine, moments)) continue;
		const phase = state.phase + 1;
		state.phase = phase;
		switch (phase) {
			case PHASE_TURN_START:
				for (const f of h.turnStart) f(engine);
				break;
			case PHASE_DRAW:
				if (state.origin.free && tilesLeft(state) > 0)
					state.pending.push({ kind: 'pick', player: state.active });
				else if (drawTile(engine)) state.pending.push({ kind: 'place', player: state.active });
				else if (h.noTile.some((f) => f(engine)))
					break; // a held tile still to place (a town hall) keeps the game going
				else if (engine.unscored) {
					// a trial (apply's `final: false`): the game ends here and the caller scores it (trial.ts)
					state.finished = true;
					state.pending = [];
				} else finalScoring(engine);
				break;
			case PHASE_PLACED:
				for (const f of h.placed) f(engine, state.placed);
				break;
			case PHASE_FIGURE:
				state.pending.push({ kind: 'figure', player: state.active });
				break;
			case PHASE_FIGURE_DONE:
				for (const f of h.figureDone) f(engine);
				break;
			case PHASE_AFTER_FIGURE:
				for (const f of h.afterFigure) f(engine);
				break;
			case PHASE_SCORE:
				scoreTurn(engine);
				break;
			case PHASE_AFTER_SCORE:
				for (const f of h.afterScore) f(engine);
				break;
			default: {
				// PHASE_TURN_END: the next player, or the same one again (an extra turn: every hook asked)
				let again = false;
				for (const f of h.anotherTurn) if (f(engine)) again = true;
				if (!again) state.active = (state.active + 1) % state.players.length;
				state.turn++;
				state.placed = -1;
				state.tile = -1;
				state.acted = false;
				state.phase = BEFORE_TURN;
			}
		}
	}
}
