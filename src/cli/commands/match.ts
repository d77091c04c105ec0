// carcassonne-lab match: seeded games between bots on every core, win rates with 95 % intervals.
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { Piscina } from 'piscina';
import type { CommandContext } from '../command.ts';
import { resolveGame } from '../../lib/engine/index.ts';
import { parseBotSpec, type BotSpec } from '../../lib/bots/index.ts';
import { summarize, type MatchGame } from '../../lib/bots/match.ts';
import { expansionErrors, lookupExpansion, rulingPairs } from '../engine-io.ts';
import { listOption, parseOptions } from '../args.ts';
import { CHECKER_LIMITS, checkerOptions } from '../../lib/checker/options.ts';
import type { MatchTask } from '../workers/match-worker.ts';

const usage = `usage: carcassonne-lab match --bots A,B[,...] [--games N] [--seed S] [--players P] [--expansions a,b,...] [--rulings ID=option,...] [--threads T] [--json]

Plays N seeded games (default 100) between the bots named (random, greedy, mcts:easy|medium|hard)
with the given expansions (default base) and everything they depend on. P seats (default: as many
as bots, at least 2) take the bots in rotation: game i seats bot (p + i) mod B in seat p, and the
deal (the game's seed, S + ⌊i / P⌋) is played from every rotation. Games run in T worker threads
(default: every core). Prints each bot's games, wins (a shared win counts 1/k), win rate with its
95 % Wilson interval, mean score and time per decision (mean and longest).
--json prints { expansions, players, seed, threads, seconds, bots: [{ bot, games, wins, winRate, ci,
meanScore, msPerMove, maxMsPerMove }], games: [{ index, seed, seats, scores, winners }] }.
Same seed, same games (timings aside).`;

const OPTIONS = {
	bots: { type: 'string' },
	games: { type: 'string' },
	seed: { type: 'string' },
	players: { type: 'string' },
	expansions: { type: 'string' },
	rulings: { type: 'string' },
	threads: { type: 'string' }
} as const;

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export const command = {
	summary: 'play seeded games between bots: win rates with 95 % intervals, scores, time per move',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const parsed = parseOptions(ctx.args, OPTIONS);
		if ('error' in parsed) {
			ctx.stderr(`${parsed.error}\n\n${usage}`);
			return 2;
		}
		const { values } = parsed;
		const names = listOption(values.bots);
		if (names.length < 1) {
			ctx.stderr(`--bots names at least one bot\n\n${usage}`);
			return 2;
		}
		const specs: BotSpec[] = [];
		for (const n of names) {
			const s = parseBotSpec(n);
			if ('error' in s) {
				ctx.stderr(`--bots: ${s.error}`);
				return 2;
			}
			specs.push(s);
		}
		// the checker's ranges: games, seed and players as simulate takes them, threads as its workers
		const checked = checkerOptions({
			games: values.games ?? 100,
			seed: values.seed ?? 1,
			players: values.players ?? Math.max(2, names.length),
			sample: 1,
			workers: values.threads ?? Math.min(availableParallelism(), CHECKER_LIMITS.workers.max)
		});
		if (!checked.ok) {
			ctx.stderr(
				checked.problems
					.map((p) => `--${p.option === 'workers' ? 'threads' : p.option}: ${p.message}`)
					.join('\n')
			);
			return 2;
		}
		const { games, seed, players, workers: threads = 1 } = checked.options;
		const rulings = rulingPairs(values.rulings ?? '');
		if (typeof rulings === 'string') {
			ctx.stderr(`--rulings ${rulings}`);
			return 2;
		}
		const ids = listOption(values.expansions, 'base');
		const resolved = resolveGame(ids, lookupExpansion);
		if (!resolved.ok) {
			for (const e of resolved.errors)
				ctx.stderr(e.document ? e.message : `--expansions: ${e.message}`);
			return 1;
		}
		const invalid = expansionErrors(resolved.expansions);
		if (invalid.length) {
			for (const line of invalid) ctx.stderr(line);
			return 1;
		}
		const played = [...resolved.expansions.map((e) => e.id), ...resolved.modules];
		const pool = new Piscina({
			filename: new URL('../match-worker.js', import.meta.url).href,
			minThreads: Math.min(threads, games),
			maxThreads: Math.min(threads, games)
		});
		const bar = process.stderr.isTTY
			? new cliProgress.SingleBar(
					{ clearOnComplete: true, format: 'match [{bar}] {value}/{total} games' },
					cliProgress.Presets.shades_classic
				)
			: null;
		bar?.start(games, 0);
		const t0 = performance.now();
		let results: MatchGame[];
		let done = 0;
		try {
			results = await Promise.all(
				Array.from({ length: games }, (_, index) => {
					const task: MatchTask = { ids, rulings, specs, index, seed, players };
					return (pool.run(task) as Promise<MatchGame>).then((g) => {
						bar?.update(++done);
						return g;
					});
				})
			);
		} catch (e) {
			ctx.stderr(e instanceof Error ? e.message : String(e));
			return 1;
		} finally {
			bar?.stop();
			await pool.destroy();
		}
		const seconds = Math.round((performance.now() - t0) / 10) / 100;
		const bots = summarize(names, results);
		if (ctx.json) {
			ctx.stdout(
				JSON.stringify(
					{
						expansions: played,
						players,
						seed,
						threads,
						seconds,
						bots,
						games: results.map((g) => ({
							index: g.index,
							seed: g.seed,
							seats: g.seats,
							scores: g.scores,
							winners: g.winners
						}))
					},
					null,
					2
				)
			);
			return 0;
		}
		ctx.stdout(
			`${games} games, ${players} seats, seed ${seed}, expansions ${played.join(', ')}; ${threads} threads, ${seconds} s`
		);
		const w = Math.max(6, ...names.map((n) => n.length));
		ctx.stdout(
			`${'bot'.padEnd(w)}  games    wins  win rate  95 % interval     mean score  ms/move  longest`
		);
		for (const b of bots)
			ctx.stdout(
				`${b.bot.padEnd(w)}  ${String(b.games).padStart(5)}  ${String(b.wins).padStart(6)}  ${pct(b.winRate).padStart(8)}  [${pct(b.ci[0])}, ${pct(b.ci[1])}]`.padEnd(
					w + 51
				) +
					`${b.meanScore.toFixed(1).padStart(10)}  ${b.msPerMove.toFixed(1).padStart(7)}  ${b.maxMsPerMove.toFixed(0).padStart(7)}`
			);
		return 0;
	}
};
