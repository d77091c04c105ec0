// The journal of a state's writes: while a state is journaled (an MCTS determinization, whose
// simulations are each taken back to the decision's state), every write the engine makes to an
// entry of its union-find arrays (parent, openEdges, nextSegment, lastSegment, featureSize) and its
// neighbour counts is kept — the array, the position and the value before — and taking the state
// back to the state it was journaled from undoes them in reverse instead of copying those arrays
// whole (state-copy.ts copyState); what the moves appended is cut back as before. The writers are
// features.ts (find's path compression, union) and board.ts (putTile); nothing else writes these
// arrays in place. Of the pieces' lists per feature (featurePieces) only which roots' lists changed
// is kept (union's moveList, putPiece, returnPiece, scoring's returnPieces): those are copied back.
import type { GameState } from './types.ts';

interface Journal {
	/** The state whose writes are kept (null: none). */
	state: GameState | null;
	/** The state `state` was a copy of when the journal began (taking it back to this one undoes the journal). */
	from: GameState | null;
	/** Segments and tiles of `from`: only writes to their entries are kept (the rest is cut back). */
	segs: number;
	tiles: number;
	/** Writes kept (the first n of the lists below). */
	n: number;
	arrays: number[][];
	at: number[];
	old: number[];
	/** The roots whose piece lists (featurePieces) changed (the first m), each at least once. */
	m: number;
	lists: number[];
}

export const journal: Journal = {
	state: null,
	from: null,
	segs: 0,
	tiles: 0,
	n: 0,
	arrays: [],
	at: [],
	old: [],
	m: 0,
	lists: []
};

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

/** note(a, i) for a union-find array, unless segment i was appended since the journal began. */
export function noteSeg(a: number[], i: number): void {
	if (i < journal.segs) note(a, i);
}

/** Keeps that the piece list of root i changes (call when the state written is journal.state). */
export function noteList(i: number): void {
	const j = journal;
	if (j.m < j.lists.length) j.lists[j.m] = i;
	else j.lists.push(i);
	j.m++;
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
		j.segs = from.parent.length;
		j.tiles = from.boardX.length;
	}
}

/**
 * Undoes the writes kept, last first, and returns how many roots' piece lists changed (journal.lists,
 * for the caller to copy back before the journal goes on: the next write empties them).
 */
export function undoJournal(): number {
	const j = journal;
	const { arrays, at, old } = j;
	for (let k = j.n - 1; k >= 0; k--) arrays[k][at[k]] = old[k];
	j.n = 0;
	const m = j.m;
	j.m = 0;
	return m;
}

/** Stops journaling (the writes kept are dropped, and the arrays they name let go). */
export function endJournal(): void {
	const j = journal;
	j.state = null;
	j.from = null;
	j.n = 0;
	j.m = 0;
	const { arrays } = j;
	while (arrays.length > 0) arrays.pop();
}
