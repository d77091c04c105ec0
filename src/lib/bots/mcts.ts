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
//   (estimate.ts), so a simulation costs a few turns, not a whole game;
// - the reward is a win-chance-like logistic of the score margin (8 points ≈ 73 %), the margin also
//   kept as the move's value. The move played is the most visited.
// A budget in simulations is deterministic for a seed; one in milliseconds (`ms`) is not.
import {
	apply,
	cloneState,
	finalBase,
	finishTrial,
	legalMoveCount,
	legalMoves,
	TRIAL,
	randomLegalMove,
	nextRandom,
	type FinalBase,
	type GameState,
	type Move
} from '../engine/index.ts';
import { determinize, determinizeAgain, lastTurn, margins, moverOf, rewardOf } from './estimate.ts';
import { reserveShare, round, weighTurn } from './greedy.ts';
import type { Alternative, BotFactory, BotSpec } from './types.ts';

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
}

export const MCTS_LEVELS: Record<string, Partial<MctsOptions>> = {
	easy: { sims: 30 },
	medium: { sims: 150 },
	hard: { sims: 600, tree: 2 }
};

const DEFAULTS: MctsOptions = { sims: 150, ms: 0, depth: 4, tree: 1, c: 0.5 };

interface Edge {
	move: Move;
	mover: number;
	visits: number;
	avail: number;
	reward: number;
	margin: number;
	child: Node | null;
}
interface Node {
	visits: number;
	edges: Map<string, Edge>;
}

const keyOf = (m: Move) => JSON.stringify(m);

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

	/** One simulation from a determinized state d (changed in place); `base`: the final scoring of the decision's state by feature. */
	function simulate(
		root: Node,
		prior: Move[],
		priorKeys: string[],
		d: GameState,
		base: FinalBase | null
	): void {
		const path: Edge[] = [];
		const visited: Node[] = [root];
		const lastTreeTurn = d.turn + o.tree - 1;
		let node: Node | null = root;
		let s = d;
		while (node && !s.finished && s.turn <= lastTreeTurn) {
			const moves: Move[] = node === root ? prior : legalMoves(s);
			// the root's moves are the same at every simulation: their keys made once
			const keys = node === root ? priorKeys : null;
			if (moves.length === 0) break;
			const allowed = Math.min(moves.length, 2 + Math.floor(Math.sqrt(node.visits)));
			let pick: Edge | null = null;
			let expanded = false;
			let best = -Infinity;
			let untried: number[] | null = null;
			let seen = 0;
			for (let j = 0; j < moves.length; j++) {
				const e = node.edges.get(keys ? keys[j] : keyOf(moves[j]));
				if (!e) {
					(untried ??= []).push(j);
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
			if (untried && seen < allowed) {
				// widen: the root in the greedy order, deeper nodes a random untried move
				let i = 0;
				if (node !== root) {
					let v: number;
					[rng, v] = nextRandom(rng);
					i = Math.floor(v * untried.length);
				}
				const j = untried[i];
				const m: Move = moves[j];
				pick = {
					move: m,
					mover: moverOf(s),
					visits: 0,
					avail: 1,
					reward: 0,
					margin: 0,
					child: null
				};
				node.edges.set(keys ? keys[j] : keyOf(m), pick);
				expanded = true;
			}
			if (!pick) break;
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
			if (legalMoveCount(s) === 0) break;
			const [m, next] = randomLegalMove(s, rng);
			rng = next;
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

	return {
		id: 'mcts',
		decide(state) {
			if (legalMoveCount(state) === 1) return { move: legalMoves(state)[0], alternatives: [] };
			let d: GameState;
			[d, rng] = determinize(state, rng);
			const prior = weighTurn(d, reserveShare(state)).map((a) => a.move);
			const priorKeys = prior.map(keyOf);
			const root: Node = { visits: 0, edges: new Map() };
			const base = finalBase(cloneState(state));
			const t0 = performance.now();
			for (let i = 0; o.ms > 0 ? performance.now() - t0 < o.ms : i < o.sims; i++) {
				rng = determinizeAgain(d, state, rng);
				simulate(root, prior, priorKeys, d, base);
			}
			const ranked = [...root.edges.values()].sort(
				(a, b) => b.visits - a.visits || b.reward / b.visits - a.reward / a.visits
			);
			const alternatives: Alternative[] = ranked.slice(0, 3).map((e) => ({
				move: e.move,
				value: round(e.margin / e.visits),
				visits: e.visits,
				winRate: round(e.reward / e.visits)
			}));
			return { move: ranked[0]?.move ?? prior[0], alternatives };
		}
	};
};
