// The bot seam: bots named by spec, seeded, and playing whole games through the engine's own moves.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { apply, legalMoves, startGame, type Expansion } from '../src/lib/engine/index.ts';
import { createBot, parseBotSpec, type Bot, type BotSpec } from '../src/lib/bots/index.ts';
import { gamePlan, playBotGame, summarize } from '../src/lib/bots/match.ts';
import type { GameState } from '../src/lib/engine/types.ts';

const docs = availableExpansions();
const base = docs.get('base') as Expansion;

function playWith(seed: number, spec: BotSpec = { bot: 'random' }) {
	const { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 7 });
	const bots = [createBot(spec, seed), createBot(spec, seed + 1)];
	let s = state;
	const moves: string[] = [];
	while (!s.finished) {
		const seat = (s.pending[0] as { player?: number }).player ?? s.active;
		const { move } = bots[seat].decide(s);
		expect(legalMoves(s)).toContainEqual(move);
		const r = apply(s, move);
		if (!r.ok) throw new Error(r.refusal.message);
		s = r.state;
		moves.push(JSON.stringify(move));
	}
	return { moves, scores: s.scores };
}

describe('bots', () => {
	it('a seeded random bot plays a whole game with listed moves, identically for the same seed', () => {
		const a = playWith(11);
		expect(a.moves.length).toBeGreaterThan(71);
		expect(playWith(11)).toEqual(a);
		expect(playWith(12).moves).not.toEqual(a.moves);
	});

	it('parses bot specs and names what is wrong', () => {
		expect(parseBotSpec('random')).toEqual({ bot: 'random' });
		expect(parseBotSpec('nobody')).toMatchObject({
			error: expect.stringContaining('unknown bot "nobody"')
		});
		expect(parseBotSpec('random:hard')).toMatchObject({
			error: expect.stringContaining('no level "hard"')
		});
	});

	it('greedy and mcts play whole games with listed moves, identically for the same seed', () => {
		for (const spec of [{ bot: 'greedy' }, { bot: 'mcts', level: 'easy', options: { sims: 8 } }]) {
			const a = playWith(3, spec);
			expect(a.moves.length).toBeGreaterThan(71);
			expect(playWith(3, spec)).toEqual(a);
		}
	});

	it('the bag stays hidden: a state whose tiles left come in another order gets the same decision', () => {
		// play into the game, then change the real order of what is left (the PRNG that draws it)
		let { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 5, quiet: true });
		const r = createBot({ bot: 'random' }, 1);
		for (let i = 0; i < 20; i++)
			state = (
				apply(state, r.decide(state).move, { mutate: true, events: false }) as { state: GameState }
			).state;
		const other: GameState = { ...structuredClone(state), rng: state.rng ^ 0x5f3759df };
		const decide = (spec: BotSpec, s: GameState) => createBot(spec, 9).decide(s);
		for (const spec of [{ bot: 'greedy' }, { bot: 'mcts', options: { sims: 12 } }])
			expect(decide(spec, other)).toEqual(decide(spec, state));
	});

	it('mcts explains its choice: the most visited of its top three, with visits and win rates', () => {
		const { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 8, quiet: true });
		const bot: Bot = createBot({ bot: 'mcts', options: { sims: 40 } }, 2);
		const { move, alternatives } = bot.decide(state);
		expect(alternatives.length).toBe(3);
		expect(alternatives[0].move).toEqual(move);
		const visits = alternatives.map((a) => a.visits!);
		expect(visits).toEqual([...visits].sort((x, y) => y - x));
		expect(visits.reduce((x, y) => x + y)).toBeLessThanOrEqual(40);
		for (const a of alternatives) {
			expect(a.winRate).toBeGreaterThanOrEqual(0);
			expect(a.winRate).toBeLessThanOrEqual(1);
		}
	});

	it('greedy outscores random over seeded games from both seats', () => {
		const games = Array.from({ length: 4 }, (_, i) =>
			playBotGame({ expansions: [base] }, [{ bot: 'greedy' }, { bot: 'random' }], i, 1)
		);
		const [greedy, random] = summarize(['greedy', 'random'], games);
		expect(greedy.games).toBe(4);
		expect(greedy.meanScore).toBeGreaterThan(random.meanScore + 15);
		expect(greedy.wins + random.wins).toBe(4);
	});

	it('match seats bots in rotation, each deal from every seat', () => {
		expect([0, 1, 2, 3].map((i) => gamePlan(i, 2, 2, 10))).toEqual([
			{ seats: [0, 1], seed: 10 },
			{ seats: [1, 0], seed: 10 },
			{ seats: [0, 1], seed: 11 },
			{ seats: [1, 0], seed: 11 }
		]);
	});
});
