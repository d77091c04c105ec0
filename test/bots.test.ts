// The bot seam: bots named by spec, seeded, and playing whole games through the engine's own moves.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import {
	apply,
	IN_PLACE_SILENT,
	legalMoveCount,
	legalMoves,
	resolveGame,
	startGame,
	type Expansion
} from '../src/lib/engine/index.ts';
import {
	botSpecText,
	createBot,
	parseBotSpec,
	type Bot,
	type BotSpec,
	type Decision
} from '../src/lib/bots/index.ts';
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
		// options after the level: numbers overriding the level's, written back the same way
		const spec = parseBotSpec('mcts:medium/sims=150/depth=4');
		expect(spec).toEqual({ bot: 'mcts', level: 'medium', options: { sims: 150, depth: 4 } });
		expect(botSpecText(spec as BotSpec)).toBe('mcts:medium/sims=150/depth=4');
		for (const bad of ['mcts/sims', 'mcts/sims=', 'mcts/sims=many', 'mcts:medium/=3'])
			expect(parseBotSpec(bad)).toMatchObject({
				error: expect.stringContaining('is not key=number')
			});
		// an option the bot does not read is refused, with the ones it does
		expect(parseBotSpec('mcts:medium/stop=0')).toEqual({
			error: expect.stringContaining('bot "mcts" has no option "stop"; options: sims, ms, depth')
		});
		expect(parseBotSpec('random/keep=2')).toEqual({
			error: 'bot "random" has no option "keep"'
		});
		expect(parseBotSpec('greedy/keep=2')).toEqual({ bot: 'greedy', options: { keep: 2 } });
	});

	it('greedy and mcts play whole games with listed moves, identically for the same seed', () => {
		for (const spec of [
			{ bot: 'greedy' },
			{ bot: 'greedy-exact' },
			{ bot: 'mcts', level: 'easy', options: { sims: 8 } }
		]) {
			const a = playWith(3, spec);
			expect(a.moves.length).toBeGreaterThan(71);
			expect(playWith(3, spec)).toEqual(a);
		}
	});

	it('greedy plays the rest of its turn as weighed at the placement (what a fresh greedy decides there), unless another placement was played', () => {
		const mix = resolveGame(
			['bards', 'inns-and-cathedrals', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'],
			(id) => docs.get(id)
		);
		if (!mix.ok) throw new Error('the checker mix does not resolve');
		for (const setup of [
			{ expansions: [base] },
			{ expansions: mix.expansions, modules: mix.modules }
		]) {
			let { state } = startGame({ ...setup, players: ['A', 'B'], seed: 4, quiet: true });
			const bots = [createBot({ bot: 'greedy' }, 3), createBot({ bot: 'greedy' }, 4)];
			let planned = 0;
			const last: (Decision | null)[] = [null, null];
			while (!state.finished) {
				const seat = state.pending[0]?.player ?? state.active;
				const decision = bots[seat].decide(state);
				// a planned step after the placement gives its planned move as its one alternative, with the value of the placement
				if (
					state.pending[0]?.kind !== 'place' &&
					legalMoveCount(state) > 1 &&
					decision.alternatives.length === 1
				) {
					planned++;
					expect(decision.alternatives[0].value).toBe(last[seat]?.alternatives[0].value);
					expect(createBot({ bot: 'greedy' }, 9).decide(state).move).toEqual(decision.move);
				}
				last[seat] = decision;
				state = (apply(state, decision.move, IN_PLACE_SILENT) as { state: GameState }).state;
			}
			expect(planned).toBeGreaterThan(20);
		}
		// another placement than its own played (a hint not taken): the next step is weighed afresh
		const { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 4, quiet: true });
		const bot = createBot({ bot: 'greedy' }, 3);
		const mine = bot.decide(state).move;
		const other = legalMoves(state).find((m) => JSON.stringify(m) !== JSON.stringify(mine))!;
		const after = (apply(state, other, IN_PLACE_SILENT) as { state: GameState }).state;
		expect(bot.decide(after)).toEqual(createBot({ bot: 'greedy' }, 3).decide(after));
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

	it('mcts with reuse answers the steps after its placement from the search of that placement (its subtree)', () => {
		let { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 6, quiet: true });
		const bots = [
			createBot({ bot: 'mcts', level: 'medium', options: { keep: 4, reuse: 1 } }, 1),
			createBot({ bot: 'random' }, 2)
		];
		let answered = 0;
		let placement: Decision | null = null;
		while (!state.finished) {
			const seat = state.pending[0]?.player ?? state.active;
			const step = state.pending[0]?.kind;
			const decision = bots[seat].decide(state);
			if (seat === 0 && step !== 'place' && legalMoveCount(state) > 1 && placement) {
				// the subtree's simulations are those through the placement played, fewer than a search's
				const through = placement.alternatives[0].visits!;
				const visits = decision.alternatives.reduce((n, a) => n + a.visits!, 0);
				expect(visits).toBeLessThanOrEqual(through);
				expect(through).toBeLessThan(150);
				answered++;
			}
			placement = seat === 0 && step === 'place' ? decision : null;
			state = (apply(state, decision.move, IN_PLACE_SILENT) as { state: GameState }).state;
		}
		expect(answered).toBeGreaterThan(5);
	});

	it('mcts:medium and the medium before common random numbers play a seeded game as pinned', () => {
		// speed changes keep a bot's choices: the first moves of a seeded game against random, in base
		// and in the checker's fan mix. The old medium (150 simulations, 4 random turns, no crn) as it
		// played since issue 33; medium as it plays now (100 simulations with crn, depth 0: its
		// choices changed by design, shown as strong in matches, docs/bots.md)
		const fan = ['inns-and-cathedrals', 'bards', 'inn-and-stable-owners', 'buddo'];
		const old = { sims: 150, depth: 4, crn: 0 };
		const pinned: [string[], Record<string, number>, string][] = [
			[['base'], old, 'f41974e61bc1f87e'],
			[[...fan, 'messengers-and-mayors'], old, '712ce6a6a0ecf9c8'],
			[['base'], {}, 'd672d2e7cf7da586'],
			[[...fan, 'messengers-and-mayors'], {}, '3b0b4d5fe77d4bc5']
		];
		for (const [ids, options, hash] of pinned) {
			const r = resolveGame(ids, (id) => docs.get(id));
			if (!r.ok) throw new Error(r.errors[0].message);
			let { state } = startGame({ ...r, players: ['A', 'B'], seed: 3, quiet: true });
			const bots = [
				createBot({ bot: 'mcts', level: 'medium', options }, 5),
				createBot({ bot: 'random' }, 6)
			];
			const moves: string[] = [];
			while (!state.finished && moves.length < 40) {
				const { move } = bots[state.pending[0]?.player ?? state.active].decide(state);
				moves.push(JSON.stringify(move));
				state = (apply(state, move, IN_PLACE_SILENT) as { state: GameState }).state;
			}
			expect(createHash('sha1').update(moves.join('\n')).digest('hex').slice(0, 16)).toBe(hash);
		}
	});

	it('mcts with crn decides from its seed and the position alone: a bot kept across a game as a fresh one', () => {
		let { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 4, quiet: true });
		const kept = createBot({ bot: 'mcts', level: 'medium', options: { sims: 20 } }, 7);
		for (let i = 0; i < 12; i++) {
			const { move } = kept.decide(state);
			if (legalMoveCount(state) > 1)
				expect(
					createBot({ bot: 'mcts', level: 'medium', options: { sims: 20 } }, 7).decide(state).move
				).toEqual(move);
			state = (apply(state, move, IN_PLACE_SILENT) as { state: GameState }).state;
		}
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
