// Trials: a bot applies a way to play its turn to a state in place (apply with TRIAL: the game, ended
// early, ends without its final scoring), values the result, and takes it back (game.ts takeBack).
// The value needs the final scoring of the result, and most of it is the final scoring of features
// the trial did not touch: finalBase scores every feature once for the state the trials start from,
// and finishTrial scores again only the features a trial touched. A bot's next decision finds its
// finalBase from the last one's the same way: only the features the moves since touched are scored again.
//
// A feature's final award is taken to depend only on the feature (its segments and pieces) and the
// pieces on its tiles (a data rule's onTiles.<id>: a token), for an inner feature (a monastery, a garden, a stable) on
// the tiles around its tile, and for a field on which of the cities it borders are complete. The
// trials' values are checked against the engine's own final scoring of a copy, and a base found from
// an earlier one against one found afresh (test/trial.test.ts, every shipped expansion).
import { contextOf } from './context.ts';
import { finalScoring } from './turn.ts';
import { engineOf } from './events.ts';
import { find, featureOf, fieldCities } from './features.ts';
import { awardsOf } from './scoring.ts';
import { pack } from './cells.ts';
import { tileAt } from './board-index.ts';
import { filled } from './arrays.ts';
import type { Engine, GameState } from './types.ts';

/** The final scoring of a state, feature by feature (finalBase), for the trials that start from it. */
export interface FinalBase {
	/** The rules it was found with (a later base reuses it only for the same). */
	ctx: GameState['ctx'];
	/** Tiles on the board. */
	tiles: number;
	/** Each tile's cell and rotation, and its design, in board order: a later base checks its board grew from this one. */
	board: number[];
	/** Each piece's segment. */
	segs: number[];
	/** The features final scoring scores (roots), their awards by player and the pieces that go back to supply. */
	roots: number[];
	awards: number[][];
	returned: number[][];
	/** The pieces the modules' states mark for their scoring (Hooks.scoringMarks). */
	marks: number[];
	/** Per root: the city roots a field borders and whether each was complete (else empty). */
	cities: number[][];
	complete: boolean[][];
}

/**
 * Is the final scoring of these rules a sum over features? Not with farm editions that pay a city
 * once (BASE-R2 1st, 2nd) nor with a module's own final scoring (token majorities): finishTrial then
 * runs the engine's final scoring.
 */
function additive(engine: Engine): boolean {
	return engine.rules.rulings['BASE-R2'] === '3rd' && engine.rules.hooks.finalScoring.length === 1;
}

/** The features final scoring would score now (roots, in its order: other features, then fields), each once. */
function scoredRoots(engine: Engine, only: Int32Array | null, mark: number): number[] {
	const state = engine.state;
	const out: number[] = [];
	const fields: number[] = [];
	for (let i = 0; i < state.pieces.length; i++) {
		const p = state.pieces[i];
		if (p.seg < 0) continue;
		const root = find(state, p.seg);
		if (only !== null && only[root] !== mark) continue;
		if (engine.rules.figures.get(p.kind)?.token) continue; // tokens trigger no scoring
		if (out.includes(root) || fields.includes(root)) continue;
		const f = featureOf(engine, root);
		if (f.kind === 'field') fields.push(root);
		// pieces left on an already scored feature (a ruling kept them there) score nothing more
		else if (
			!(f.inner
				? state.boardNeighbours[state.segmentTile[root]] === 8
				: state.openEdges[root] === 0)
		)
			out.push(root);
	}
	for (const f of fields) out.push(f);
	return out;
}

/** Each board tile's x, y, rotation and design, in board order (FinalBase.board). */
function boardOf(state: GameState): number[] {
	const out: number[] = [];
	for (let b = 0; b < state.boardX.length; b++)
		out.push(state.boardX[b], state.boardY[b], state.boardRotation[b], state.boardTile[b]);
	return out;
}

/**
 * Whether `state` was reached by moves from the state of `prev` (the same rules and pieces, and its
 * board's first tiles those of prev's board): then finishTrial's marks say what changed since.
 */
function grewFrom(state: GameState, prev: FinalBase): boolean {
	if (prev.ctx !== state.ctx || prev.segs.length !== state.pieces.length) return false;
	if (state.boardX.length < prev.tiles) return false;
	const b = prev.board;
	for (let i = 0, t = 0; t < prev.tiles; t++, i += 4)
		if (
			b[i] !== state.boardX[t] ||
			b[i + 1] !== state.boardY[t] ||
			b[i + 2] !== state.boardRotation[t] ||
			b[i + 3] !== state.boardTile[t]
		)
			return false;
	return true;
}

/**
 * The final scoring of state `s` by feature, or null when the rules' final scoring is no sum over
 * features. `s` is not changed but for the modules' scratch records their award hooks write: pass a
 * copy, or take them back after. `prev`: the base of an earlier state of the same game (the bot's
 * last decision's): the features no move touched since (finishTrial's marks) keep its awards, and
 * only the others are scored again; a base of another game or of a state this one did not grow from
 * (an undo) is not used.
 */
export function finalBase(state: GameState, prev: FinalBase | null = null): FinalBase | null {
	const engine = engineOf(state, contextOf(state), true, true);
	if (!additive(engine)) return null;
	const n = state.players.length;
	const reuse = prev !== null && grewFrom(state, prev) ? touched(state, engine, prev) : 0;
	const base: FinalBase = {
		ctx: state.ctx,
		tiles: state.boardX.length,
		board:
			prev !== null && reuse !== 0 && prev.tiles === state.boardX.length
				? prev.board
				: boardOf(state),
		segs: [],
		roots: scoredRoots(engine, null, 0),
		awards: [],
		returned: [],
		marks: marksOf(engine),
		cities: [],
		complete: []
	};
	for (let i = 0; i < state.pieces.length; i++) base.segs.push(state.pieces[i].seg);
	for (const root of base.roots) {
		// a feature no move touched since prev: its award as prev found it
		const k = reuse === 0 || stamp[root] === reuse ? -1 : prev!.roots.indexOf(root);
		if (k >= 0) {
			base.awards.push(prev!.awards[k]);
			base.returned.push(prev!.returned[k]);
			base.cities.push(prev!.cities[k]);
			base.complete.push(prev!.complete[k]);
			continue;
		}
		const into = filled(n, 0);
		const returned: number[] = [];
		awardsOf(engine, root, 'final', into, returned);
		base.awards.push(into);
		base.returned.push(returned);
		const cities: number[] = [];
		const complete: boolean[] = [];
		if (featureOf(engine, root).kind === 'field')
			for (const c of fieldCities(engine, root).all) {
				cities.push(c);
				complete.push(state.openEdges[c] === 0);
			}
		base.cities.push(cities);
		base.complete.push(complete);
	}
	return base;
}

/** Every module's scoring marks (Hooks.scoringMarks), in one list. */
function marksOf(engine: Engine): number[] {
	const out: number[] = [];
	for (const h of engine.rules.hooks.scoringMarks) for (const pc of h(engine)) out.push(pc);
	return out;
}

let stamp = new Int32Array(1024);
let stampValue = 0;

/** Marks the features (roots) of board tile b's segments, or only its inner features' (a monastery, a garden, a stable). */
function markTile(state: GameState, engine: Engine, b: number, inner: boolean): void {
	const first = state.boardFirstSegment[b];
	const t = engine.rules.tiles[state.boardTile[b]];
	if (inner) for (const i of t.inner) stamp[find(state, first + i)] = stampValue;
	else for (let i = 0; i < t.features.length; i++) stamp[find(state, first + i)] = stampValue;
}

/**
 * Ends trial state `t` as its final scoring would, in what a position's value reads: the scores (every
 * feature's final award paid) and the pieces (those final scoring sends back are in supply). `t` is a
 * state reached by TRIAL moves from the state of `base` whose game ended (apply's `final: false`);
 * its module state and feature lists are left as they are: take it back after. Without a base (rules
 * whose final scoring is no sum over features) the engine's final scoring runs.
 */
export function finishTrial(t: GameState, base: FinalBase | null): void {
	const engine = engineOf(t, contextOf(t), true, true);
	if (base === null) {
		finalScoring(engine);
		return;
	}
	const mark = touched(t, engine, base);
	const scores = t.scores;
	const returned: number[] = [];
	for (const root of scoredRoots(engine, stamp, mark))
		awardsOf(engine, root, 'final', scores, returned);
	for (let k = 0; k < base.roots.length; k++) {
		if (stamp[find(t, base.roots[k])] === mark) continue;
		const a = base.awards[k];
		for (let p = 0; p < a.length; p++) scores[p] += a[p];
		for (const pc of base.returned[k]) returned.push(pc);
	}
	for (const pc of returned) {
		t.pieces[pc].seg = -1;
		t.pieces[pc].tile = -1;
	}
}

/**
 * Stamps (with the value returned) the roots of the features of `t` that moves since the state of
 * `base` touched: the features of every new tile (those it joined included) and the inner features
 * around it, those a piece left or joined, those of pieces a module's state marks or no longer marks,
 * fields whose bordering cities were completed.
 */
function touched(t: GameState, engine: Engine, base: FinalBase): number {
	if (t.parent.length > stamp.length) stamp = new Int32Array(t.parent.length * 2);
	stampValue++;
	if (stampValue > 2_000_000_000) {
		stamp.fill(0);
		stampValue = 1;
	}
	const mark = stampValue;
	// touched: the features of every new tile (those it joined included) and the inner features around it
	for (let b = base.tiles; b < t.boardX.length; b++) {
		markTile(t, engine, b, false);
		const x = t.boardX[b];
		const y = t.boardY[b];
		for (let dx = -1; dx <= 1; dx++)
			for (let dy = -1; dy <= 1; dy++) {
				const nb = dx === 0 && dy === 0 ? -1 : tileAt(engine, pack(x + dx, y + dy));
				if (nb >= 0) markTile(t, engine, nb, true);
			}
	}
	// the features a piece left or joined, and those of its tile (a data rule reading onTiles.<id>: a token
	// on any feature of a tile may zero its unfinished road or city)
	for (let i = 0; i < base.segs.length; i++) {
		const was = base.segs[i];
		const now = t.pieces[i].seg;
		if (was === now) continue;
		if (was >= 0) markTile(t, engine, t.segmentTile[was], false);
		if (now >= 0) markTile(t, engine, t.segmentTile[now], false);
	}
	// the features of pieces marked or no longer marked by a module's state
	const marks = engine.rules.hooks.scoringMarks.length ? marksOf(engine) : base.marks;
	if (marks !== base.marks)
		for (const list of [marks, base.marks])
			for (const pc of list) {
				if (marks.includes(pc) && base.marks.includes(pc)) continue;
				if (base.segs[pc] >= 0) stamp[find(t, base.segs[pc])] = mark;
				if (t.pieces[pc].seg >= 0) stamp[find(t, t.pieces[pc].seg)] = mark;
			}
	// fields whose bordering cities were completed
	for (let k = 0; k < base.roots.length; k++) {
		const cities = base.cities[k];
		for (let j = 0; j < cities.length; j++)
			if (!base.complete[k][j] && t.openEdges[find(t, cities[j])] === 0) {
				stamp[find(t, base.roots[k])] = mark;
				break;
			}
	}
	return mark;
}
