// What a bot is and returns: the types shared by the registry (index.ts) and the bots.
import type { GameState, Move } from '../engine/index.ts';

/** One alternative a bot weighed, for its explanation (top few, best first). */
export interface Alternative {
	move: Move;
	/** The bot's own value of the move (points, estimate or mean reward). */
	value: number;
	/** MCTS: simulations through this move. */
	visits?: number;
	/** MCTS: share of simulations through this move that the mover won. */
	winRate?: number;
}

export interface Decision {
	move: Move;
	/** Best first; empty for bots that weigh nothing (random). */
	alternatives: Alternative[];
}

/** A seat's player: seeded at creation, so a game with bots replays identically. */
export interface Bot {
	readonly id: string;
	/**
	 * `listed`: legalMoves(state), when the caller has listed them already (never at the placement
	 * step, whose options are built one at a time); a bot may use it instead of listing again.
	 */
	decide(state: GameState, listed?: readonly Move[]): Decision;
}

/** What names a bot across a worker boundary or a CLI flag: `random`, `greedy`, `mcts:hard`. */
export interface BotSpec {
	bot: string;
	/** A named budget or strength (`easy`, `medium`, `hard`), when the bot has levels. */
	level?: string;
	/** Bot-specific numbers (MCTS simulations, …), overriding the level's. */
	options?: Record<string, number>;
}

export type BotFactory = (seed: number, spec: BotSpec) => Bot;
