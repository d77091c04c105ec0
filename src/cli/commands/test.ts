// carcassonne-lab test [scenario files or dirs]: runs rules scenarios, reports passed and failed.
import { existsSync } from 'node:fs';
import type { CommandContext } from '../command.ts';
import { listJsonFiles } from '../files.ts';
import { runScenario, MODULES, type Scenario } from '../../lib/engine/index.ts';
import { isJcz, lookupExpansion, readJson, rulingPairs } from '../engine-io.ts';
import { parseOptions } from '../args.ts';
import { jczLines, runJczFile, type JczFileResult } from '../jcz-run.ts';

/** Per rule module, its rule ids and rulings that none of the scenarios names in `rules`. */
export function uncoveredRules(named: ReadonlySet<string>): Record<string, string[]> {
	const out: Record<string, string[]> = {};
	for (const m of MODULES) {
		const ids = [...Object.keys(m.rules), ...(m.rulings ?? []).map((r) => r.id)].filter(
			(id) => !named.has(id)
		);
		if (ids.length) out[m.id] = ids;
	}
	return out;
}

const usage = `usage: carcassonne-lab test [scenario files or folders...] [--rulings ID=option,...] [--json]

Runs rules scenarios (schemas/scenario.v1.json; default folder: scenarios/) and prints each
result, then the rule ids and rulings of each rule module that no scenario names, then
"N passed, N failed". JCloisterZone engine tests (.jcz files with test.assertions, in the
folders given too) run as scenarios: each assertion is read against the replayed game, JCZ's
description is printed with the result, an assertion of a kind not read here is reported as
unsupported (the test fails), and a saved game with content not played here fails with the
import's located errors; --rulings overrides the rulings the import sets for them (another
client's reading: FanCloisterZone's engine reads the river as RIVER-R2=look-ahead-strict).
Exit 1 when any scenario fails.
--json prints { "passed": n, "failed": n, "results": [{ name, file, passed, failures }],
"uncovered": { module: [rule ids] } }.`;

export const command = {
	summary: 'run rules scenarios (setup + moves + expected outcome)',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const parsed = parseOptions(ctx.args, { rulings: { type: 'string' } }, true);
		const rulings = 'error' in parsed ? {} : rulingPairs(parsed.values.rulings ?? '');
		if ('error' in parsed || typeof rulings === 'string') {
			ctx.stderr(`${'error' in parsed ? parsed.error : `--rulings ${rulings}`}\n\n${usage}`);
			return 2;
		}
		const paths = parsed.positionals.length ? parsed.positionals : ['scenarios'];
		const missing = paths.find((p) => !existsSync(p));
		if (missing) {
			ctx.stderr(`no such file or folder: ${missing}`);
			return 2;
		}
		const results = [];
		const named = new Set<string>();
		const jcz: JczFileResult[] = [];
		for (const file of paths.flatMap((p) => listJsonFiles(p, ['.json', '.jcz']))) {
			if (isJcz(file)) {
				const r = runJczFile(file, rulings);
				jcz.push(r);
				results.push({
					name: r.description || file,
					file,
					passed: r.passed,
					failures: [
						...r.errors,
						...(r.error ? [r.error] : []),
						...r.assertions
							.filter((a) => a.status !== 'passed')
							.map((a) => `${a.status}: ${a.assertion}${a.detail ? ` — ${a.detail}` : ''}`)
					]
				});
				continue;
			}
			const { doc, error } = readJson(file);
			const sc = doc as Scenario;
			for (const id of Array.isArray(sc?.rules) ? sc.rules : []) named.add(id);
			if (error || !sc || typeof sc !== 'object' || !sc.game || !sc.expect) {
				results.push({
					name: file,
					file,
					passed: false,
					failures: [error ?? 'not a scenario (name, rules, game, expect)']
				});
				continue;
			}
			let r;
			try {
				r = runScenario(sc, lookupExpansion);
			} catch (e) {
				r = {
					name: sc.name,
					passed: false,
					failures: [`crashed: ${e instanceof Error ? e.stack : String(e)}`]
				};
			}
			results.push({ name: r.name, file, passed: r.passed, failures: r.failures });
		}
		const passed = results.filter((r) => r.passed).length;
		const failed = results.length - passed;
		const uncovered = uncoveredRules(named);
		if (ctx.json) ctx.stdout(JSON.stringify({ passed, failed, results, uncovered }, null, 2));
		else {
			for (const r of results) {
				const j = jcz.find((x) => x.file === r.file);
				if (j) {
					for (const line of jczLines(j)) ctx.stdout(line);
					continue;
				}
				ctx.stdout(`${r.passed ? '✓' : '✗'} ${r.name}`);
				for (const f of r.failures) ctx.stdout(`    ${f}`);
			}
			// (JCZ's tests name no rule ids: the list is the scenarios')
			const mods = Object.entries(uncovered);
			if (results.length > jcz.length) {
				ctx.stdout(
					mods.length
						? 'Rule ids and rulings no scenario names:'
						: 'Every rule id and ruling is named by a scenario.'
				);
				for (const [m, ids] of mods) ctx.stdout(`  ${m}: ${ids.join(' ')}`);
			}
			ctx.stdout(`${passed} passed, ${failed} failed`);
		}
		return failed ? 1 : 0;
	}
};
