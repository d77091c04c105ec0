// The journal of a state's writes: while a state is journaled (an MCTS determinization, whose
// simulations are each taken back to the decision's state), every write the engine makes to an
// entry of its union-find arrays (parent, openEdges, nextSegment, lastSegment, featureSize) and its
// neighbour counts is kept — the array, the position and the value before — and taking the state
// back to the state it was journaled from undoes them in reverse instead of copying those arrays
// whole (state-copy.ts copyState); what the moves appended is cut back as before. The writers are
// features.ts (find's path compression, union) and board.ts (putTile); nothing else writes these
// arrays in place.
import type { GameState } from './types.ts';

interface Journal {
	/** The state whose writes are kept (null: none). */
	state: GameState | null;
	/** The state `state` was a copy of when the journal began (taking it back to this one undoes the journal). */
	from: GameState | null;
	/** Writes kept (the first n of the lists below). */
	n: number;
	arrays: number[][];
	at: number[];
	old: number[];
}

export const journal: Journal = { state: null, from: null, n: 0, arrays: [], at: [], old: [] };

/** Keeps a[i] as it is before a write to it (call when the state written is journal.state). */
export function note(a: number[], i: number): void {
	const j = journal;
	const n = j.n++;
	if (n < j.at.length) {
		j.arrays[n] = a;
		j.at[n] = i;
		j.old[n] = a[i];
	} else {
		j.arrays.push(a);
		j.at.push(i);
		j.old.push(a[i]);
	}
}

/**
 * Journals `state`, which is now a copy of `from` (their arrays alike): its writes from here on are
 * kept, to be undone when it is taken back to `from`. `from` must not change while it is journaled.
 */
export function journalFrom(state: GameState, from: GameState): void {
	const j = journal;
	if (j.state !== state || j.from !== from) {
		endJournal();
		j.state = state;
		j.from = from;
	}
}

/** Undoes the writes kept, last first (the journal goes on from there). */
export function undoJournal(): void {
	const j = journal;
	const { arrays, at, old } = j;
	for (let k = j.n - 1; k >= 0; k--) arrays[k][at[k]] = old[k];
	j.n = 0;
}

/** Stops journaling (the writes kept are dropped, and the arrays they name let go). */
export function endJournal(): void {
	const j = journal;
	j.state = null;
	j.from = null;
	j.n = 0;
	const { arrays } = j;
	while (arrays.length > 0) arrays.pop();
}
