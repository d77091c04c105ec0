// Bots against each other: one seeded game (run by `match`'s workers) and the summary of many
// (win rates with 95 % Wilson intervals, average scores, time per move). Pure.
import {
	apply,
	startGame,
	IN_PLACE_SILENT,
	seedState,
	type GameSetup,
	type Move
} from '../engine/index.ts';
import { createBot, type BotSpec } from './index.ts';
import { moverOf } from './estimate.ts';
import { wilson } from '../stats.ts';

export interface MatchGame {
	/** Index of the game in the match. */
	index: number;
	/** The bot (index into the match's bots) in each seat. */
	seats: number[];
	seed: number;
	scores: number[];
	/** Seats with the best score. */
	winners: number[];
	moves: Move[];
	/** Per seat: decisions taken and their total milliseconds. */
	decisions: number[];
	ms: number[];
	/** Per seat: the longest decision (milliseconds). */
	maxMs: number[];
}

/**
 * The seats of game `index` among `bots` bots and `players` seats: rotated, so each bot sits in each
 * seat equally often; the deal (the game's seed) stays the same for `players` games in a row, so
 * each deal is played from every seat.
 */
export function gamePlan(
	index: number,
	bots: number,
	players: number,
	seed: number
): { seats: number[]; seed: number } {
	const seats = Array.from({ length: players }, (_, p) => (p + index) % bots);
	return { seats, seed: seed + Math.floor(index / players) };
}

/** Plays one game between bots (quiet, in place). */
export function playBotGame(
	setup: Omit<GameSetup, 'seed' | 'players'>,
	specs: BotSpec[],
	index: number,
	seed: number,
	players = 2
): MatchGame {
	const plan = gamePlan(index, specs.length, players, seed);
	let { state } = startGame({
		...setup,
		players: plan.seats.map((b, p) => `P${p + 1}`),
		seed: plan.seed,
		quiet: true
	});
	const bots = plan.seats.map((b, p) =>
		createBot(specs[b], seedState(seed * 1009 + index * 31 + p))
	);
	const decisions = plan.seats.map(() => 0);
	const ms = plan.seats.map(() => 0);
	const maxMs = plan.seats.map(() => 0);
	const moves: Move[] = [];
	for (let guard = 0; !state.finished; guard++) {
		if (guard > 20_000) throw new Error(`game ${index} did not end`);
		const seat = moverOf(state);
		const t0 = performance.now();
		const { move } = bots[seat].decide(state);
		const took = performance.now() - t0;
		ms[seat] += took;
		if (took > maxMs[seat]) maxMs[seat] = took;
		decisions[seat]++;
		const r = apply(state, move, IN_PLACE_SILENT);
		if (!r.ok)
			throw new Error(
				`game ${index}: ${bots[seat].id} chose a refused move ${JSON.stringify(move)}: ${r.refusal.message}`
			);
		state = r.state;
		moves.push(move);
	}
	const best = Math.max(...state.scores);
	return {
		index,
		seats: plan.seats,
		seed: plan.seed,
		scores: state.scores.slice(),
		winners: state.scores.flatMap((v, p) => (v === best ? [p] : [])),
		moves,
		decisions,
		ms,
		maxMs
	};
}

export interface BotSummary {
	bot: string;
	games: number;
	/** Wins, a shared win counting 1 / number of winners. */
	wins: number;
	winRate: number;
	/** 95 % Wilson score interval of the win rate. */
	ci: [number, number];
	meanScore: number;
	msPerMove: number;
	/** The longest single decision. */
	maxMsPerMove: number;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function summarize(names: string[], games: MatchGame[]): BotSummary[] {
	return names.map((bot, b) => {
		let n = 0,
			wins = 0,
			score = 0,
			dec = 0,
			ms = 0,
			max = 0;
		for (const g of games)
			g.seats.forEach((sb, p) => {
				if (sb !== b) return;
				n++;
				score += g.scores[p];
				dec += g.decisions[p];
				ms += g.ms[p];
				max = Math.max(max, g.maxMs[p]);
				if (g.winners.includes(p)) wins += 1 / g.winners.length;
			});
		const [lo, hi] = wilson(wins, n);
		return {
			bot,
			games: n,
			wins: r3(wins),
			winRate: r3(n ? wins / n : 0),
			ci: [r3(lo), r3(hi)],
			meanScore: r3(n ? score / n : 0),
			msPerMove: r3(dec ? ms / dec : 0),
			maxMsPerMove: r3(max)
		};
	});
}
