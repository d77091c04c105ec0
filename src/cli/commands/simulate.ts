// carcassonne-lab simulate: the interaction checker on every core — seeded games of a mix with a
// policy per seat, invariant checks, findings with reproducing records, statistics.
import cliProgress from 'cli-progress';
import type { CommandContext } from '../command.ts';
import { resolveGame } from '../../lib/engine/index.ts';
import { parseBotSpec, type BotSpec } from '../../lib/bots/index.ts';
import {
	comparisonRuns,
	compareRuns,
	comparisonText,
	finalize,
	sweepRows,
	sweepText,
	textSummary,
	type CheckerConfig,
	type ComparisonSpec,
	type Report
} from '../../lib/checker/index.ts';
import { defaultWorkers, runAggregate } from '../checker-pool.ts';
import { expansionErrors, lookupExpansion, rulingPairs } from '../engine-io.ts';
import { listOption, parseOptions, type ParsedOptions } from '../args.ts';
import { CHECKER_LIMITS, checkerOptions } from '../../lib/checker/options.ts';

const usage = `usage: carcassonne-lab simulate [--expansions a,b,...] [--games N] [--seed S] [--players P]
       [--policies bot,bot,...] [--rulings ID=option,...] [--sample F] [--workers W]
       [--flip ID=option | --sweep pairs|subsets] [--json]

Plays N seeded games (default 100, at most 1,000,000) with the given expansions (default base;
ids of expansions/ files or of rule modules such as pig) and everything they depend on,
transitively (a missing or cyclic dependency, or an expansion the validator rejects, exits 1
naming it), seed S (default 1; any whole number) and P players (default 2, at most 8), spread over
W worker threads (default: every core, at most 32) when the run takes more than a few seconds of
CPU (a shorter one is played in one thread). The same seed gives the same report for any W.
--policies: the bot of each seat (registry names, name:level; the last one fills the other
seats; default random). Checks after every move that no figure is created or lost, no score
falls and no tile vanishes; that every game ends; and, for a share F of the games (default 1: all),
that replaying the log reproduces the game and undo/redo at one move is the identity.
--rulings sets rulings (e.g. BASE-R2=2nd). Prints findings (violations with the game and move,
tiles never placed, features never completed, rules, rulings, choices and figures never seen)
and statistics. Exit 1 when there is a violation or an engine error.
--flip ID=option: ruling sensitivity — the same seeds again with that ruling set, side by side
(scores, game length, share of points, rule firings: difference and significance).
--sweep pairs|subsets: combination sweep — base with every pair (or every subset of two or
more) of the chosen expansions, each against base alone: violations and the shift in points.
--json prints the whole report: { games, seconds, workers, violations: [{ game, seed, step,
invariant, message, record }], violationCounts, findings, stats }.`;

const OPTIONS = {
	expansions: { type: 'string' },
	games: { type: 'string' },
	seed: { type: 'string' },
	players: { type: 'string' },
	rulings: { type: 'string' },
	policies: { type: 'string' },
	sample: { type: 'string' },
	workers: { type: 'string' },
	flip: { type: 'string' },
	sweep: { type: 'string' }
} as const;
type Values = ParsedOptions<typeof OPTIONS>['values'];

/** Parses the options shared by a run; an error message (usage) or the configuration. Nothing is played before every count is checked. */
function parse(
	ctx: CommandContext
):
	| { error: string; code: number }
	| { cfg: CheckerConfig; workers: number; ids: string[]; values: Values } {
	const parsed = parseOptions(ctx.args, OPTIONS);
	if ('error' in parsed) return { error: `${parsed.error}\n\n${usage}`, code: 2 };
	const { values } = parsed;
	const ids = listOption(values.expansions, 'base');
	const checked = checkerOptions({
		games: values.games ?? 100,
		seed: values.seed ?? 1,
		players: values.players ?? 2,
		sample: values.sample ?? 1,
		workers: values.workers ?? Math.min(defaultWorkers(), CHECKER_LIMITS.workers.max)
	});
	if (!checked.ok)
		return {
			error: checked.problems.map((p) => `--${p.option}: ${p.message}`).join('\n'),
			code: 2
		};
	const { games, seed, players, sample, workers } = checked.options;
	const policies: BotSpec[] = [];
	for (const text of listOption(values.policies)) {
		const spec = parseBotSpec(text);
		if ('error' in spec) return { error: `--policies: ${spec.error}`, code: 2 };
		policies.push(spec);
	}
	if (policies.length > players)
		return {
			error: `--policies names ${policies.length} seats but the game has ${players} players`,
			code: 2
		};
	const rulings = rulingPairs(values.rulings ?? '');
	if (typeof rulings === 'string') return { error: `--rulings ${rulings}`, code: 2 };
	const resolved = resolveMix(ids);
	if (typeof resolved === 'string') return { error: resolved, code: 1 };
	const names = Array.from({ length: players }, (_, i) => `P${i + 1}`);
	return {
		cfg: {
			...resolved,
			players: names,
			rulings,
			policies: policies.length ? policies : undefined,
			games,
			seed,
			sample
		},
		workers: workers!,
		ids,
		values
	};
}

/** Base and every dependency, transitively, each valid: the game the designer means (or the located errors). */
function resolveMix(ids: string[]): Pick<CheckerConfig, 'expansions' | 'modules'> | string {
	const resolved = resolveGame(ids, lookupExpansion);
	if (!resolved.ok)
		return resolved.errors
			.map((e) => (e.document ? e.message : `--expansions: ${e.message}`))
			.join('\n');
	const invalid = expansionErrors(resolved.expansions);
	if (invalid.length) return invalid.join('\n');
	return { expansions: resolved.expansions, modules: resolved.modules };
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
		const { cfg, workers, ids, values } = p;
		const { flip, sweep } = values;
		if (flip !== undefined && sweep !== undefined) {
			ctx.stderr(`--flip and --sweep are two comparisons: give one\n\n${usage}`);
			return 2;
		}
		if (sweep !== undefined && sweep !== 'pairs' && sweep !== 'subsets') {
			ctx.stderr(`--sweep takes 'pairs' or 'subsets', not '${sweep}'`);
			return 2;
		}
		let spec: ComparisonSpec | undefined;
		if (sweep !== undefined) spec = { sweep };
		else if (flip !== undefined) {
			const flipped = rulingPairs(flip);
			if (typeof flipped === 'string' || Object.keys(flipped).length === 0) {
				ctx.stderr(`--flip ${typeof flipped === 'string' ? flipped : 'needs ID=option'}`);
				return 2;
			}
			spec = { flip: flipped };
		}
		// the runs: the mix itself, then the variant (flip); or base and the sub-mixes (sweep)
		const runs = comparisonRuns(cfg, ids, spec, resolveMix);
		if ('error' in runs) {
			ctx.stderr(`--${sweep !== undefined ? 'sweep' : 'flip'}: ${runs.error}`);
			return runs.usage ? 2 : 1;
		}
		const total = runs.reduce((n, r) => n + r.cfg.games, 0);
		const bar = process.stderr.isTTY
			? new cliProgress.SingleBar(
					{
						clearOnComplete: true,
						format: 'checking [{bar}] {value}/{total} games | {rate} games/s | {eta_formatted} left'
					},
					cliProgress.Presets.shades_classic
				)
			: null;
		const t0 = performance.now();
		bar?.start(total, 0, { rate: 0 });
		const reports: Report[] = [];
		try {
			let before = 0;
			for (const run of runs) {
				const agg = await runAggregate(run.cfg, {
					workers,
					onProgress: (done) =>
						bar?.update(before + done, {
							rate: Math.round((before + done) / ((performance.now() - t0) / 1000))
						})
				});
				before += run.cfg.games;
				reports.push(finalize(run.cfg, agg));
			}
		} catch (e) {
			bar?.stop();
			ctx.stderr(e instanceof Error ? e.message : String(e));
			return 1;
		}
		bar?.stop();
		const seconds = Math.round((performance.now() - t0) / 10) / 100;
		const [first] = reports;
		const labels = runs.map((r) => r.label);
		const comparisons = compareRuns(labels, reports);
		if (ctx.json) {
			if (runs.length === 1) ctx.stdout(JSON.stringify({ ...first, seconds, workers }, null, 2));
			else
				ctx.stdout(
					JSON.stringify(
						{
							seconds,
							workers,
							runs: runs.map((r, i) => ({ label: r.label, report: reports[i] })),
							comparisons
						},
						null,
						2
					)
				);
		} else if (flip !== undefined)
			ctx.stdout([textSummary(first, seconds), '', comparisonText(comparisons[0])].join('\n'));
		else if (sweep !== undefined)
			ctx.stdout(sweepText(sweepRows(labels, reports, comparisons), first.games, seconds));
		else ctx.stdout(textSummary(first, seconds));
		return reports.some((r) => r.violations.length) ? 1 : 0;
	}
};
