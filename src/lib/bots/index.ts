// Players that are code: the seam shared by the interaction checker (policies per seat), the bots
// (greedy, MCTS), the sandbox's bot seats and the `match` command. Pure: a bot sees only the state and
// uses only legalMoves / apply / undo, so it plays every module the engine lists moves for.
import { legalMoves, randomLegalMove, randomMove } from '../engine/index.ts';
import type { Bot, BotFactory, BotSpec } from './types.ts';
import { exactGreedyBot, greedyBot } from './greedy.ts';
import { MCTS_LEVELS, MCTS_OPTIONS, mctsBot } from './mcts.ts';

export type { Alternative, Bot, BotFactory, BotSpec, Decision } from './types.ts';

/** The simulator's policy: a kind of move uniformly, then a move of that kind (random.ts). */
export const randomBot: BotFactory = (seed) => {
	let rng = seed >>> 0;
	return {
		id: 'random',
		decide(state, listed) {
			// the same move and PRNG state either way: randomLegalMove is randomMove over the listing
			const [move, next] = listed ? randomMove(listed, rng) : randomLegalMove(state, rng);
			rng = next;
			return { move, alternatives: [] };
		}
	};
};

/** Followers the hoarding policy keeps in its supply. */
export const HOARD = 4;

/**
 * The checker's follower-hoarding policy: plays like the random bot, but while it has HOARD
 * followers or fewer in its supply it deploys no figure if it can do anything else (pass, move the
 * fairy, …). A designer sees what a mix does when players keep their followers back.
 */
export const hoarderBot: BotFactory = (seed) => {
	let rng = seed >>> 0;
	return {
		id: 'hoarder',
		decide(state, listed) {
			const step = state.pending[0];
			if (
				step &&
				step.kind !== 'place' &&
				state.pieces.filter((p) => p.owner === step.player && p.kind === 'follower' && p.seg === -1)
					.length <= HOARD
			) {
				const options = listed ?? legalMoves(state);
				const keep = options.filter((m) => m.type !== 'deploy');
				if (keep.length && keep.length < options.length) {
					const [move, next] = randomMove(keep, rng);
					rng = next;
					return { move, alternatives: [] };
				}
			}
			const [move, next] = listed ? randomMove(listed, rng) : randomLegalMove(state, rng);
			rng = next;
			return { move, alternatives: [] };
		}
	};
};

/**
 * Every bot by name: `name` short (the seat pickers' options), `about` what it does. Bots added here
 * are offered by the checker, the sandbox seats and `match`.
 */
export const BOTS: Record<
	string,
	{
		name: string;
		about: string;
		levels?: string[];
		/** The `/key=value` options it reads (parseBotSpec refuses others). */
		options?: readonly string[];
		create: BotFactory;
	}
> = {
	random: { name: 'Random', about: 'uniform over kinds of move', create: randomBot },
	greedy: {
		name: 'Greedy',
		about: 'the best value of the whole turn',
		options: ['keep'],
		create: greedyBot
	},
	mcts: {
		name: 'MCTS',
		about: 'search over sampled tile orders',
		levels: Object.keys(MCTS_LEVELS),
		options: MCTS_OPTIONS,
		create: mctsBot
	},
	hoarder: {
		name: 'Follower-hoarding',
		about: 'never deploys a figure if it can do anything else',
		create: hoarderBot
	},
	'greedy-exact': {
		name: 'Greedy, exact',
		about: 'every placement weighed; slower',
		create: exactGreedyBot
	}
};

/** A spec as `name`, `name:level` and its options `/key=value` (what parseBotSpec reads). */
export const botSpecText = (s: BotSpec): string =>
	(s.level ? `${s.bot}:${s.level}` : s.bot) +
	Object.entries(s.options ?? {})
		.map(([k, v]) => `/${k}=${v}`)
		.join('');

/**
 * Parses `name` or `name:level`, then any `/key=value` options (numbers overriding the level's, as
 * `mcts:medium/sims=300`: CLI flags, URL parameters).
 */
export function parseBotSpec(text: string): BotSpec | { error: string } {
	const [head, ...pairs] = text.split('/');
	const [bot, level] = head.split(':');
	const known = BOTS[bot];
	if (!known) return { error: `unknown bot "${bot}"; known: ${Object.keys(BOTS).join(', ')}` };
	if (level !== undefined && !known.levels?.includes(level))
		return {
			error: `bot "${bot}" has no level "${level}"${known.levels ? `; levels: ${known.levels.join(', ')}` : ''}`
		};
	const options: Record<string, number> = {};
	for (const pair of pairs) {
		const [key, value] = pair.split('=');
		if (!key || value === undefined || value.trim() === '' || !Number.isFinite(Number(value)))
			return { error: `bot option "${pair}" of "${text}" is not key=number` };
		if (!known.options?.includes(key))
			return {
				error: `bot "${bot}" has no option "${key}"${known.options ? `; options: ${known.options.join(', ')}` : ''}`
			};
		options[key] = Number(value);
	}
	const spec: BotSpec = level === undefined ? { bot } : { bot, level };
	return pairs.length > 0 ? { ...spec, options } : spec;
}

export function createBot(spec: BotSpec, seed: number): Bot {
	const known = BOTS[spec.bot];
	if (!known) throw new Error(`unknown bot "${spec.bot}"`);
	return known.create(seed, spec);
}
