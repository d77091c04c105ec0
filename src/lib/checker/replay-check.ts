// The checker's replay check: a finished game's log replayed from its setup must give the same
// state, and undo then redo at one move must give the states before and after it. Pure.
import {
	apply,
	cloneState,
	redo,
	sameMoves,
	sameState,
	setupOf,
	startGame,
	undo,
	IN_PLACE_SILENT,
	type GameState,
	type Violation
} from '../engine/index.ts';

/**
 * Replays the log from the setup (without events, as bots play: the states are the same) and
 * compares the final state with the live one; on the way, undoes and redoes one move: undo must
 * give the replay's state before that move, redo the one after (compared whole, as the final states are).
 */
export function checkReplay(state: GameState, undoAt: number, found: (v: Violation) => void): void {
	// the comparisons leave the logs out; each log is compared with the live one move by move
	const log = state.log;
	const s = startGame({ ...setupOf(state), quiet: true }).state;
	for (let i = 0; i < log.length; i++) {
		// at the undo move, the replay's state before it: what undoing it must give
		const prior = i === undoAt ? cloneState(s) : null;
		const r = apply(s, log[i], IN_PLACE_SILENT);
		if (!r.ok) {
			found({
				invariant: 'replay-reproduces',
				message: `replay refused move ${i}: ${r.refusal.message}`
			});
			return;
		}
		if (prior) {
			// s has undoAt + 1 moves: undo must give prior, redo s again
			const back = undo(s);
			if (!back || !sameState(back, prior) || !sameMoves(back.log, log, undoAt))
				found({
					invariant: 'undo-redo-identity',
					message: `undo of move ${undoAt} does not give the state before it`
				});
			else {
				const fwd = redo(back, IN_PLACE_SILENT);
				if (
					!fwd ||
					!fwd.ok ||
					!sameState(fwd.state, s) ||
					!sameMoves(fwd.state.log, log, undoAt + 1)
				)
					found({
						invariant: 'undo-redo-identity',
						message: `undo then redo at move ${undoAt} changed the state`
					});
			}
		}
	}
	if (!sameState(s, state) || !sameMoves(s.log, log))
		found({ invariant: 'replay-reproduces', message: 'replaying the log gives a different state' });
}
