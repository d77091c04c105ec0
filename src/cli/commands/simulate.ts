// carcassonne-lab simulate: the interaction checker on every core — seeded games of a mix with a
// policy per seat, invariant checks, findings with reproducing records, statistics.
import cliProgress from 'cli-progress';
import type { CommandContext } from '../main.ts';
import { resolveGame } from '../../lib/engine/registry.ts';
import { parseBotSpec, type BotSpec } from '../../lib/bots/index.ts';
import { finalize, textSummary, type CheckerConfig, type Report } from '../../lib/checker/index.ts';
import { defaultWorkers, runAggregate } from '../checker-pool.ts';
import { lookupExpansion, option } from '../engine-io.ts';

const usage = `usage: carcassonne-lab simulate [--expansions a,b,...] [--games N] [--seed S] [--players P]
       [--policies bot,bot,...] [--rulings ID=option,...] [--sample F] [--workers W] [--json]

Plays N seeded games (default 100) with the given expansions (default base; ids of expansions/
files or of rule modules such as pig) and everything they depend on, transitively (a missing or
cyclic dependency exits 1 naming it), seed S (default 1) and P players (default 2), spread over
W worker threads (default: every core). The same seed gives the same report for any W.
--policies: the bot of each seat (registry names, name:level; the last one fills the other
seats; default random). Checks after every move that no figure is created or lost, no score
falls and no tile vanishes; that every game ends; and, for a share F of the games (default 1: all),
that replaying the log reproduces the game and undo/redo at one move is the identity.
--rulings sets rulings (e.g. BASE-R2=2nd). Prints findings (violations with the game and move,
tiles never placed, features never completed, rules, rulings, choices and figures never seen)
and statistics. Exit 1 when there is a violation or an engine error.
--json prints the whole report: { games, seconds, workers, violations: [{ game, seed, step,
invariant, message, record }], violationCounts, findings, stats }.`;

const allowed = ['--expansions', '--games', '--seed', '--players', '--rulings', '--policies', '--sample', '--workers'];

/** Parses the options shared by a run; an error message (usage) or the configuration. */
function parse(ctx: CommandContext): { error: string; code: number } | { cfg: CheckerConfig; workers: number } {
	const bad = ctx.args.find((a, i) => (a.startsWith('-') ? !allowed.includes(a.split('=')[0]) : !allowed.includes(ctx.args[i - 1])));
	if (bad) return { error: `unexpected argument ${bad}\n\n${usage}`, code: 2 };
	const ids = (option(ctx.args, 'expansions') ?? 'base').split(',').map((s) => s.trim()).filter(Boolean);
	const games = Number(option(ctx.args, 'games') ?? 100);
	const seed = Number(option(ctx.args, 'seed') ?? 1);
	const players = Number(option(ctx.args, 'players') ?? 2);
	const sample = Number(option(ctx.args, 'sample') ?? 1);
	const workers = Number(option(ctx.args, 'workers') ?? defaultWorkers());
	if (!Number.isInteger(games) || games < 1 || !Number.isInteger(seed) || !Number.isInteger(players) || players < 1 || players > 8)
		return { error: `--games and --players must be positive integers (players 1..8), --seed an integer\n\n${usage}`, code: 2 };
	if (!(sample >= 0 && sample <= 1)) return { error: `--sample is a share of the games from 0 to 1, not '${option(ctx.args, 'sample')}'`, code: 2 };
	if (!Number.isInteger(workers) || workers < 1 || workers > 256) return { error: `--workers must be an integer from 1 to 256`, code: 2 };
	const policies: BotSpec[] = [];
	for (const text of (option(ctx.args, 'policies') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
		const spec = parseBotSpec(text);
		if ('error' in spec) return { error: `--policies: ${spec.error}`, code: 2 };
		policies.push(spec);
	}
	if (policies.length > players) return { error: `--policies names ${policies.length} seats but the game has ${players} players`, code: 2 };
	const rulings: Record<string, string> = {};
	for (const pair of (option(ctx.args, 'rulings') ?? '').split(',').filter(Boolean)) {
		const [id, value] = pair.split('=');
		if (!id || !value) return { error: `--rulings takes ID=option pairs separated by commas, not '${pair}'`, code: 2 };
		rulings[id.trim()] = value.trim();
	}
	// base and every dependency, transitively: the game the designer means
	const resolved = resolveGame(ids, lookupExpansion);
	if (!resolved.ok) return { error: resolved.errors.map((e) => (e.document ? e.message : `--expansions: ${e.message}`)).join('\n'), code: 1 };
	const names = Array.from({ length: players }, (_, i) => `P${i + 1}`);
	return {
		cfg: { expansions: resolved.expansions, modules: resolved.modules, players: names, rulings, policies: policies.length ? policies : undefined, games, seed, sample },
		workers
	};
}

export const command = {
	summary: 'the interaction checker: seeded games on every core, findings and statistics',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const p = parse(ctx);
		if ('error' in p) {
			ctx.stderr(p.error);
			return p.code;
		}
		const { cfg, workers } = p;
		const bar = process.stderr.isTTY
			? new cliProgress.SingleBar({ clearOnComplete: true, format: 'checking [{bar}] {value}/{total} games | {rate} games/s | {eta_formatted} left' }, cliProgress.Presets.shades_classic)
			: null;
		const t0 = performance.now();
		bar?.start(cfg.games, 0, { rate: 0 });
		let report: Report;
		try {
			const agg = await runAggregate(cfg, { workers, onProgress: (done) => bar?.update(done, { rate: Math.round(done / ((performance.now() - t0) / 1000)) }) });
			report = finalize(cfg, agg);
		} catch (e) {
			bar?.stop();
			ctx.stderr(e instanceof Error ? e.message : String(e));
			return 1;
		}
		bar?.stop();
		const seconds = Math.round((performance.now() - t0) / 10) / 100;
		if (ctx.json) ctx.stdout(JSON.stringify({ ...report, seconds, workers }, null, 2));
		else ctx.stdout(textSummary(report, seconds));
		return report.violations.length ? 1 : 0;
	}
};
