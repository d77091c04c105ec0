// Copies of a game's state: a deep copy (cloneState), and copies in place into a state kept for
// the purpose (copyState, takeBack: a bot's trials are taken back without a copy per trial).
import { copyIndex, restoreIndex, takeBackIndex } from './board-index.ts';
import { tookBack } from './events.ts';
import { copyNumbers, mapped } from './arrays.ts';
import type { GameState, Move } from './types.ts';

/** A deep copy of the state (arrays of numbers are sliced; module state is plain data), with its own board index. */
export function cloneState(state: GameState): GameState {
	const copy = stateRecord({
		...state,
		pending: mapped(state.pending, (p) =>
			p.data === undefined
				? { kind: p.kind, player: p.player }
				: { kind: p.kind, player: p.player, data: p.data }
		),
		scores: state.scores.slice(),
		piles: mapped(state.piles, (p) => ({
			tiles: p.tiles.slice(),
			last: p.last.slice(),
			random: p.random
		})),
		outcomes: state.outcomes.slice(),
		discarded: state.discarded.slice(),
		boardX: state.boardX.slice(),
		boardY: state.boardY.slice(),
		boardTile: state.boardTile.slice(),
		boardRotation: state.boardRotation.slice(),
		boardFirstSegment: state.boardFirstSegment.slice(),
		boardNeighbours: state.boardNeighbours.slice(),
		front: state.front.slice(),
		frontEdges: state.frontEdges.slice(),
		frontMask: state.frontMask.slice(),
		parent: state.parent.slice(),
		segmentTile: state.segmentTile.slice(),
		segmentFeature: state.segmentFeature.slice(),
		openEdges: state.openEdges.slice(),
		nextSegment: state.nextSegment.slice(),
		lastSegment: state.lastSegment.slice(),
		featureSize: state.featureSize.slice(),
		featurePieces: mapped(state.featurePieces, (a) => (a ? a.slice() : null)),
		pieces: mapped(state.pieces, (p) => ({
			kind: p.kind,
			owner: p.owner,
			seg: p.seg,
			tile: p.tile
		})),
		// a JSON round trip gives objects the hidden classes of the modules' literals (a spread does not)
		moduleState: JSON.parse(JSON.stringify(state.moduleState)),
		log: state.log.slice(),
		redo: state.redo.slice()
	});
	copyIndex(state, copy);
	return copy;
}

/**
 * Takes state `s` back to `from`, a copy of it made earlier (cloneState, or copyState into a state
 * kept for the purpose) that has not changed since: `s` keeps its arrays, pieces and module objects
 * and takes `from`'s contents (a bot's trial applies moves to `s` in place, then takes them back: no
 * copy per trial). The board is copied only when a tile was placed since (only a placement changes
 * it; the path compression of a feature lookup changes no feature). `from` stays as it is.
 */
export function takeBack(state: GameState, from: GameState): void {
	copyState(state, from, state.boardX.length !== from.boardX.length ? PLACED : SAME);
}

/**
 * copyState without the board: for a snapshot whose board is never read (the trials from it place no
 * tile), and to take a state back to such a snapshot when they placed none.
 */
export function copyStateButBoard(to: GameState, from: GameState): void {
	copyState(to, from, SAME);
}

/**
 * copyState's board: copied whole, unchanged (not copied: `to`'s board is already `from`'s, or is not
 * to be read), or grown by placements since `from` (arrays only appended to are cut back).
 */
const WHOLE = 0;
const SAME = 1;
const PLACED = 2;

/**
 * Copies state `from` into state `to` in place (`to`'s arrays and objects reused; its board only when
 * `board`): the snapshot a trial is taken back to, kept in one state for many trials.
 */
export function copyState(to: GameState, from: GameState, board = WHOLE): void {
	// the index of a board grown since: only what the placements changed written back (read first)
	if (board === PLACED) takeBackIndex(from, to);
	to.rng = from.rng;
	to.turn = from.turn;
	to.active = from.active;
	to.phase = from.phase;
	to.finished = from.finished;
	to.tile = from.tile;
	to.placed = from.placed;
	to.acted = from.acted;
	const pending = to.pending;
	while (pending.length > 0) pending.pop();
	for (let i = 0; i < from.pending.length; i++) {
		const p = from.pending[i];
		pending.push(
			p.data === undefined
				? { kind: p.kind, player: p.player }
				: { kind: p.kind, player: p.player, data: p.data }
		);
	}
	copyNumbers(to.scores, from.scores);
	if (to.piles.length !== from.piles.length)
		to.piles = mapped(from.piles, (p) => ({
			tiles: p.tiles.slice(),
			last: p.last.slice(),
			random: p.random
		}));
	else
		for (let i = 0; i < from.piles.length; i++) {
			copyNumbers(to.piles[i].tiles, from.piles[i].tiles);
			copyNumbers(to.piles[i].last, from.piles[i].last);
			to.piles[i].random = from.piles[i].random;
		}
	copyNumbers(to.outcomes, from.outcomes);
	copyNumbers(to.discarded, from.discarded);
	if (board === PLACED) {
		// a tile's position, rotation and segments, a segment's tile and place on it never change
		cutBack(to.boardX, from.boardX.length);
		cutBack(to.boardY, from.boardY.length);
		cutBack(to.boardTile, from.boardTile.length);
		cutBack(to.boardRotation, from.boardRotation.length);
		cutBack(to.boardFirstSegment, from.boardFirstSegment.length);
		cutBack(to.segmentTile, from.segmentTile.length);
		cutBack(to.segmentFeature, from.segmentFeature.length);
	} else if (board === WHOLE) {
		copyNumbers(to.boardX, from.boardX);
		copyNumbers(to.boardY, from.boardY);
		copyNumbers(to.boardTile, from.boardTile);
		copyNumbers(to.boardRotation, from.boardRotation);
		copyNumbers(to.boardFirstSegment, from.boardFirstSegment);
		copyNumbers(to.segmentTile, from.segmentTile);
		copyNumbers(to.segmentFeature, from.segmentFeature);
	}
	if (board !== SAME) {
		copyNumbers(to.boardNeighbours, from.boardNeighbours);
		copyNumbers(to.front, from.front);
		copyNumbers(to.frontEdges, from.frontEdges);
		copyNumbers(to.frontMask, from.frontMask);
		copyNumbers(to.parent, from.parent);
		copyNumbers(to.openEdges, from.openEdges);
		copyNumbers(to.nextSegment, from.nextSegment);
		copyNumbers(to.lastSegment, from.lastSegment);
		copyNumbers(to.featureSize, from.featureSize);
	}
	// what a trial takes back is mostly as it was: compared before written (a read is cheaper)
	const lists = to.featurePieces;
	while (lists.length > from.featurePieces.length) lists.pop();
	for (let i = 0; i < from.featurePieces.length; i++) {
		const list = from.featurePieces[i];
		if (i >= lists.length) lists.push(list === null ? null : list.slice());
		else if (list === null) {
			if (lists[i] !== null) lists[i] = null;
		} else {
			const mine = lists[i];
			if (mine === null) lists[i] = list.slice();
			else if (!sameNumbers(mine, list)) copyNumbers(mine, list);
		}
	}
	if (to.pieces.length !== from.pieces.length)
		to.pieces = mapped(from.pieces, (p) => ({
			kind: p.kind,
			owner: p.owner,
			seg: p.seg,
			tile: p.tile
		}));
	else
		for (let i = 0; i < from.pieces.length; i++) {
			const p = to.pieces[i];
			const q = from.pieces[i];
			if (p.kind !== q.kind) p.kind = q.kind;
			if (p.owner !== q.owner) p.owner = q.owner;
			if (p.seg !== q.seg) p.seg = q.seg;
			if (p.tile !== q.tile) p.tile = q.tile;
		}
	to.moduleState = sameData(to.moduleState, from.moduleState) as GameState['moduleState'];
	copyMoves(to.log, from.log);
	copyMoves(to.redo, from.redo);
	if (board !== PLACED) restoreIndex(from, to, board === WHOLE);
	tookBack();
}

/** Pops `a` down to n items. */
function cutBack(a: number[], n: number): void {
	while (a.length > n) a.pop();
}

/** `to` gets the moves of `from` (a log: mostly the same first moves). */
function copyMoves(to: Move[], from: readonly Move[]): void {
	const n = from.length;
	while (to.length > n) to.pop();
	const m = to.length;
	for (let i = 0; i < m; i++) if (to[i] !== from[i]) to[i] = from[i];
	for (let i = m; i < n; i++) to.push(from[i]);
}

/** Are the numbers of `a` those of `b`? */
function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
}

/**
 * Plain data `from` (module state) written into `to` where they have the same shape (objects with the
 * same keys, arrays), so that `to`'s objects keep their hidden classes; elsewhere a JSON copy of `from`
 * (as cloneState copies module state). Returns what `to` is to become.
 */
function sameData(to: unknown, from: unknown): unknown {
	if (from === null || typeof from !== 'object') return from;
	if (to === null || typeof to !== 'object' || Array.isArray(to) !== Array.isArray(from))
		return JSON.parse(JSON.stringify(from));
	if (Array.isArray(from)) {
		const a = to as unknown[];
		while (a.length > from.length) a.pop();
		for (let i = 0; i < a.length; i++) {
			const now = sameData(a[i], from[i]);
			if (now !== a[i]) a[i] = now;
		}
		for (let i = a.length; i < from.length; i++) a.push(sameData(undefined, from[i]));
		return a;
	}
	const o = to as Record<string, unknown>;
	const f = from as Record<string, unknown>;
	let keys = 0;
	for (const k in f) {
		// a key `to` lacks is added here, and found below: then `to` is given up for a copy
		const was = o[k];
		const now = sameData(was, f[k]);
		if (now !== was || was === undefined) o[k] = now;
		keys++;
	}
	for (const _ in o) keys--;
	return keys === 0 ? o : JSON.parse(JSON.stringify(from));
}

/**
 * A state with its fields in one order, built by one object literal: every state the engine makes
 * (a new game, a copy) has the same hidden class, so the engine's reads of a state stay
 * monomorphic. (A copy made with a spread has another hidden class: games that met both, as the
 * checker's redo makes them, ran slower everywhere.)
 */
export function stateRecord(f: GameState): GameState {
	return {
		version: f.version,
		ctx: f.ctx,
		players: f.players,
		seed: f.seed,
		rulings: f.rulings,
		rng: f.rng,
		turn: f.turn,
		active: f.active,
		phase: f.phase,
		pending: f.pending,
		finished: f.finished,
		scores: f.scores,
		tile: f.tile,
		placed: f.placed,
		acted: f.acted,
		piles: f.piles,
		outcomes: f.outcomes,
		discarded: f.discarded,
		boardX: f.boardX,
		boardY: f.boardY,
		boardTile: f.boardTile,
		boardRotation: f.boardRotation,
		boardFirstSegment: f.boardFirstSegment,
		boardNeighbours: f.boardNeighbours,
		front: f.front,
		frontEdges: f.frontEdges,
		frontMask: f.frontMask,
		parent: f.parent,
		segmentTile: f.segmentTile,
		segmentFeature: f.segmentFeature,
		openEdges: f.openEdges,
		nextSegment: f.nextSegment,
		lastSegment: f.lastSegment,
		featureSize: f.featureSize,
		featurePieces: f.featurePieces,
		pieces: f.pieces,
		moduleState: f.moduleState,
		log: f.log,
		redo: f.redo,
		origin: f.origin
	};
}
