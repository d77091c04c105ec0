// Choices among opponents' pieces: every rule that makes a player pick one of the opponents'
// meeples (a mayor winning a knight's favour, …) builds its candidates here, so the modules'
// filters apply everywhere (a data figure that must be chosen: when it can be, it is).
import type { Engine } from './types.ts';
import { figureRef } from './scoring.ts';

/**
 * The piece of `pieces` that `move` names by its x, y, feature, owner and (optionally) figure, if
 * any: how a move picks an opponent's piece (the mayor's favour, the princess's knight).
 */
export function pieceNamedBy(
	engine: Engine,
	pieces: readonly number[],
	move: Readonly<Record<string, unknown>>
): number | undefined {
	return pieces.find((pc) => {
		const r = figureRef(engine, pc);
		return (
			r.x === move.x &&
			r.y === move.y &&
			r.feature === move.feature &&
			r.owner === move.owner &&
			(move.figure === undefined || r.figure === move.figure)
		);
	});
}

export interface OpponentChoice {
	/** The pieces the chooser may pick (empty: no choice). */
	pieces: number[];
	/** Rule ids that shaped the list (a must-be-chosen figure's). */
	rules: string[];
}

/**
 * The opponents' pieces `chooser` may pick for `purpose`: the pieces of `pool` (the pieces the rule
 * looks at, e.g. every piece in the mayor's city) that are not the chooser's and that `eligible`
 * accepts; neutral pieces count as an opponent's. Then each module's `opponentChoice` hook may add
 * pieces of the pool or narrow the list.
 */
export function opponentPieceChoices(
	engine: Engine,
	chooser: number,
	pool: readonly number[],
	eligible: (piece: number) => boolean,
	purpose: string
): OpponentChoice {
	let pieces = pool.filter(
		(pc) =>
			engine.state.pieces[pc].owner !== chooser &&
			engine.state.pieces[pc].seg !== -2 &&
			eligible(pc)
	);
	const rules: string[] = [];
	for (const h of engine.rules.hooks.opponentChoice) {
		const r = h(engine, chooser, [...pool], pieces, purpose);
		if (r) {
			pieces = r.pieces;
			rules.push(...r.rules);
		}
	}
	return { pieces, rules };
}
