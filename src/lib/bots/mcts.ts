// The MCTS bot: information-set Monte-Carlo tree search over determinized tile orders (every
// simulation samples the order of the tiles left from the bot's own PRNG, estimate.ts; the real
// order is never read). Chosen for strength at a small budget:
// - the root's moves are ordered by the greedy bot's weighing of the whole turn (greedy.ts), and
//   progressive widening opens them in that order (2 + √visits of them), so the search spends its
//   simulations on the plausible placements of a tile with 100 of them;
// - the tree covers the steps of the next `tree` turns; its edges are moves keyed by their JSON
//   (a placement names its tile, so tiles drawn differently in two samples are different edges), and
//   UCB counts an edge's availability (how often it was legal when its node was visited);
// - below the tree, a truncated rollout: `depth` turns of the random policy (random.ts), then the
//   game ends after the tile in hand and the engine's own final scoring values the open features
//   (estimate.ts), so a simulation costs a few turns, not a whole game (medium's depth 0: the rest of
//   the turn and the next player's);
// - the reward is a win-chance-like logistic of the score margin (8 points ≈ 73 %), the margin also
//   kept as the move's value. The move played is the most visited.
// - common random numbers (`crn`, medium): the k-th simulation through a root move draws the
//   decision's k-th tile order and random stream (from the bot's seed and the game's position), so
//   the root's moves are compared on the same draws and fewer simulations tell them apart.
// - options (not in the levels: docs/bots.md has their strength and speed): `keep` weighs at the
//   root only the best placements at a glance, `reuse` answers the next step of the turn (figure,
//   owner, note…) from the search that played the placement (the most visited move under it)
//   instead of searching again, `pv` starts each root move with simulations of its weighed value.
// A budget in simulations is deterministic for a seed; one in milliseconds (`ms`) is not.
import {
	apply,
	cloneState,
	copyState,
	finalBase,
	finishTrial,
	legalMoveCount,
	legalMoves,
	legalMovesInto,
	TRIAL,
	randomPlacement,
	randomMove,
	nextRandom,
	seedState,
	type FinalBase,
	type GameState,
	type Move
} from '../engine/index.ts';
import {
	determinize,
	determinizeAgain,
	determinizeInto,
	lastTurn,
	margins,
	moverOf,
	rewardOf
} from './estimate.ts';
import { reserveShare, round, weighTurn } from './greedy.ts';
import type { Alternative, BotFactory, BotSpec, Decision } from './types.ts';

export interface MctsOptions {
	/** Simulations per decision. */
	sims: number;
	/** Milliseconds per decision instead (0: use sims). Not reproducible. */
	ms: number;
	/** Turns of random play after the tree before the game is ended and scored. */
	depth: number;
	/** Turns the tree spans from the decision (1: the current turn's steps). */
	tree: number;
	/** UCB exploration constant. */
	c: number;
	/** Placements at the root: the best `keep` at a glance, weighed with trials (0: all weighed). */
	keep: number;
	/** 1: the steps after a placement are answered from the placement's search (its subtree), 0: searched again. */
	reuse: number;
	/** Simulations a root move starts with, each of the weighing's value (its margin): the weighing as a prior. */
	pv: number;
	/**
	 * 1: common random numbers — the k-th simulation through a root move samples the decision's k-th
	 * tile order and random stream, the same for every root move, so moves are compared on the same
	 * draws; a decision's samples come from the bot's seed and the game's position alone.
	 */
	crn: number;
}

export const MCTS_LEVELS: Record<string, Partial<MctsOptions>> = {
	easy: { sims: 30 },
	medium: { sims: 100, depth: 0, crn: 1 },
	hard: { sims: 600, tree: 2 }
};

const DEFAULTS: MctsOptions = {
	sims: 150,
	ms: 0,
	depth: 4,
	tree: 1,
	c: 0.5,
	keep: 0,
	reuse: 0,
	pv: 0,
	crn: 0
};

/** The options a spec may set (`mcts:medium/sims=300`). */
export const MCTS_OPTIONS: readonly string[] = Object.keys(DEFAULTS);

interface Edge {
	move: Move;
	mover: number;
	/** Simulations through the edge, the prior's (`pv`) included. */
	visits: number;
	/** Of them, the prior's. */
	prior: number;
	avail: number;
	reward: number;
	margin: number;
	child: Node | null;
}
interface Node {
	visits: number;
	edges: Map<string, Edge>;
}
/** A search's root: its node, its moves in the greedy order (their keys and weighed values), and their edges by position. */
interface Root {
	node: Node;
	moves: Move[];
	keys: string[];
	values: number[];
	/** Per move, the position whose edge it takes (the first with its key). */
	slot: number[];
	edges: (Edge | undefined)[];
}

/** Keys of the moves met, by object: the engine lists many moves as shared objects (a tile's deploys, the pass). */
const moveKeys = new WeakMap<Move, string>();
function keyOf(m: Move): string {
	let k = moveKeys.get(m);
	if (k === undefined) moveKeys.set(m, (k = JSON.stringify(m)));
	return k;
}

/** Simulations through a node below which a step is answered from the tree (reuse) rather than searched again. */
const REUSE_VISITS = 8;

const byVisits = (a: Edge, b: Edge) =>
	b.visits - a.visits || b.reward / b.visits - a.reward / a.visits;

export function mctsOptions(spec: BotSpec): MctsOptions {
	return {
		...DEFAULTS,
		...(spec.level ? MCTS_LEVELS[spec.level] : MCTS_LEVELS.medium),
		...(spec.options ?? {})
	} as MctsOptions;
}

export const mctsBot: BotFactory = (seed, spec) => {
	const o = mctsOptions(spec);
	let rng = seed >>> 0;

	function ucb(e: Edge, c: number): number {
		return e.reward / e.visits + c * Math.sqrt(Math.log(e.avail) / e.visits);
	}

	// a simulation's edges and nodes, and a rollout step's moves: arrays kept for the purpose
	const path: Edge[] = [];
	const visited: Node[] = [];
	const listed: Move[] = [];

	/** The edge a simulation takes at `node` of state `s`: UCB1 among its opened edges, or a new one (widening: no simulation through it yet). */
	function select(top: Root, node: Node, moves: readonly Move[], s: GameState): Edge | null {
		// the root's moves are the same at every simulation: their edges found by position
		const atRoot: boolean = node === top.node;
		const allowed = Math.min(moves.length, 2 + Math.floor(Math.sqrt(node.visits)));
		let pick: Edge | null = null;
		let best = -Infinity;
		let untried: number[] | null = null;
		// at the root, the first untried move (the root widens in the greedy order)
		let first = -1;
		let seen = 0;
		for (let j = 0; j < moves.length; j++) {
			const e: Edge | undefined = atRoot ? top.edges[top.slot[j]] : node.edges.get(keyOf(moves[j]));
			if (!e) {
				if (!atRoot) (untried ??= []).push(j);
				else if (first < 0) first = j;
				continue;
			}
			e.avail++;
			seen++;
			const u = ucb(e, o.c);
			if (u > best) {
				best = u;
				pick = e;
			}
		}
		if ((untried || first >= 0) && seen < allowed) {
			// widen: the root in the greedy order, deeper nodes a random untried move
			let j = first;
			if (untried) {
				let v: number;
				[rng, v] = nextRandom(rng);
				j = untried[Math.floor(v * untried.length)];
			}
			const m: Move = moves[j];
			// at the root, pv simulations of the weighing's value
			const pre: number = atRoot ? o.pv : 0;
			const v = pre > 0 ? top.values[j] : 0;
			pick = {
				move: m,
				mover: moverOf(s),
				visits: pre,
				prior: pre,
				avail: 1,
				reward: pre * rewardOf(v),
				margin: pre * v,
				child: null
			};
			node.edges.set(atRoot ? top.keys[j] : keyOf(m), pick);
			if (atRoot) top.edges[top.slot[j]] = pick;
		}
		return pick;
	}

	/**
	 * One simulation from a determinized state d (changed in place); `base`: the final scoring of the
	 * decision's state by feature; `rootPick`: the root's edge when already selected (crn).
	 */
	function simulate(top: Root, d: GameState, base: FinalBase | null, rootPick: Edge | null): void {
		const root: Node = top.node;
		while (path.length > 0) path.pop();
		while (visited.length > 0) visited.pop();
		visited.push(root);
		const lastTreeTurn = d.turn + o.tree - 1;
		let node: Node | null = root;
		let s = d;
		while (node && !s.finished && s.turn <= lastTreeTurn) {
			let pick: Edge | null = node === root ? rootPick : null;
			if (!pick) {
				const moves: Move[] = node === root ? top.moves : legalMoves(s);
				if (moves.length === 0) break;
				pick = select(top, node, moves, s);
			}
			if (!pick) break;
			// an edge just opened has had no simulation through it: the simulation leaves the tree there
			const expanded = pick.visits === pick.prior;
			const r = apply(s, pick.move, TRIAL);
			if (!r.ok) throw new Error(`mcts: a listed move was refused: ${r.refusal.message}`);
			s = r.state;
			path.push(pick);
			if (expanded) break;
			node = pick.child ??= { visits: 0, edges: new Map() };
			visited.push(node);
		}
		// rollout: `depth` turns of random play, then the game ends after the tile in hand
		const endTurn = s.turn + o.depth;
		let share = 0;
		let ended = false;
		for (let guard = 0; !s.finished && guard < 5000; guard++) {
			if (!ended && s.turn >= endTurn && s.tile >= 0) {
				share = reserveShare(s);
				lastTurn(s);
				ended = true;
			}
			// the random player's move (random.ts), the moves of a step but the placement's listed once
			let m: Move;
			if (s.pending[0]?.kind === 'place') {
				// the placement built alone; none when the tile fits nowhere (the PRNG then left as it was)
				const [pick, after] = randomPlacement(s, rng);
				if (pick === undefined) break;
				m = pick;
				rng = after;
			} else {
				legalMovesInto(s, listed);
				if (listed.length === 0) break;
				[m, rng] = randomMove(listed, rng);
				while (listed.length > 0) listed.pop();
			}
			if (!apply(s, m, TRIAL).ok) break;
		}
		// the game ended without its final scoring (TRIAL): scored by what the simulation touched (trial.ts)
		if (s.finished) finishTrial(s, base);
		const m = margins(s, share);
		for (const n of visited) n.visits++;
		for (const e of path) {
			e.visits++;
			e.margin += m[e.mover];
			e.reward += rewardOf(m[e.mover]);
		}
	}

	/** The searched node the game is at: the child of the move last played (`at`: the log's length after it, `key` its JSON). */
	let last: { at: number; key: string; node: Node } | null = null;
	// the states of its decisions, written again at each (no copies made anew)
	let d: GameState | null = null;
	let spare: GameState | null = null;

	/** The edges of the search that is still the game's (`last`'s node) that are legal now, most visited first; null when there is none. */
	function fromTree(state: GameState, listed: readonly Move[] | undefined): Edge[] | null {
		const at = last;
		last = null;
		if (!at || at.at !== state.log.length || at.node.visits < REUSE_VISITS) return null;
		if (JSON.stringify(state.log[at.at - 1]) !== at.key) return null;
		const legal = new Set((listed ?? legalMoves(state)).map(keyOf));
		const edges = [...at.node.edges].filter(([key]) => legal.has(key)).map(([, e]) => e);
		return edges.length > 0 ? edges.sort(byVisits) : null;
	}

	/** The most visited edge played (kept as `last` to answer the next step from, with reuse), the top 3 explained. */
	function answer(state: GameState, ranked: Edge[], fallback: Move): Decision {
		const move = ranked[0]?.move ?? fallback;
		const child = ranked[0]?.child;
		last =
			o.reuse > 0 && child ? { at: state.log.length + 1, key: keyOf(move), node: child } : null;
		const alternatives: Alternative[] = ranked.slice(0, 3).map((e) => ({
			move: e.move,
			value: round(e.margin / e.visits),
			visits: e.visits - e.prior,
			winRate: round(e.reward / e.visits)
		}));
		return { move, alternatives };
	}

	return {
		id: 'mcts',
		decide(state, listed) {
			if (legalMoveCount(state) === 1) {
				last = null;
				return { move: (listed ?? legalMoves(state))[0], alternatives: [] };
			}
			const reused = o.reuse > 0 ? fromTree(state, listed) : null;
			if (reused) return answer(state, reused, reused[0].move);
			if (o.crn > 0) rng = seedState(seed ^ Math.imul(state.log.length + 1, 0x9e3779b1));
			const decisionSeed = rng;
			if (d === null) [d, rng] = determinize(state, rng);
			else rng = determinizeInto(d, state, rng);
			const weighed = weighTurn(d, reserveShare(state), o.keep);
			const moves = weighed.map((a) => a.move);
			const keys = moves.map(keyOf);
			const top: Root = {
				node: { visits: 0, edges: new Map() },
				moves,
				keys,
				values: weighed.map((a) => a.value),
				// moves with one key share an edge (its first position's)
				slot: keys.map((k) => keys.indexOf(k)),
				edges: keys.map(() => undefined)
			};
			// finalBase's award hooks write the modules' scratch records: it scores a copy
			if (spare === null) spare = cloneState(state);
			else copyState(spare, state);
			const base = finalBase(spare);
			const t0 = performance.now();
			for (let i = 0; o.ms > 0 ? performance.now() - t0 < o.ms : i < o.sims; i++) {
				// with crn, the root's edge first: its k-th simulation draws the decision's k-th sample
				const first = o.crn > 0 ? select(top, top.node, moves, state) : null;
				if (first)
					rng = seedState(decisionSeed ^ Math.imul(first.visits - first.prior + 1, 0x85ebca6b));
				rng = determinizeAgain(d, state, rng);
				simulate(top, d, base, first);
			}
			return answer(state, [...top.node.edges.values()].sort(byVisits), moves[0]);
		}
	};
};
