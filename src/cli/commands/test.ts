// carcassonne-lab test [scenario files or dirs]: runs rules scenarios, reports passed and failed.
import { existsSync } from 'node:fs';
import type { CommandContext } from '../main.ts';
import { listJsonFiles } from '../../lib/formats/files.ts';
import { runScenario, type Scenario } from '../../lib/engine/scenario.ts';
import { lookupExpansion, readJson } from '../engine-io.ts';

const usage = `usage: carcassonne-lab test [scenario files or folders...] [--json]

Runs rules scenarios (schemas/scenario.v1.json; default folder: scenarios/) and prints each
result, then "N passed, N failed". Exit 1 when any scenario fails.
--json prints { "passed": n, "failed": n, "results": [{ name, file, passed, failures }] }.`;

export const command = {
	summary: 'run rules scenarios (setup + moves + expected outcome)',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		if (ctx.args.some((a) => a.startsWith('-'))) {
			ctx.stderr(usage);
			return 2;
		}
		const paths = ctx.args.length ? ctx.args : ['scenarios'];
		const missing = paths.find((p) => !existsSync(p));
		if (missing) {
			ctx.stderr(`no such file or folder: ${missing}`);
			return 2;
		}
		const results = [];
		for (const file of paths.flatMap((p) => listJsonFiles(p))) {
			const { doc, error } = readJson(file);
			const sc = doc as Scenario;
			if (error || !sc || typeof sc !== 'object' || !sc.game || !sc.expect) {
				results.push({ name: file, file, passed: false, failures: [error ?? 'not a scenario (name, rules, game, expect)'] });
				continue;
			}
			let r;
			try {
				r = runScenario(sc, lookupExpansion);
			} catch (e) {
				r = { name: sc.name, passed: false, failures: [`crashed: ${e instanceof Error ? e.stack : String(e)}`] };
			}
			results.push({ name: r.name, file, passed: r.passed, failures: r.failures });
		}
		const passed = results.filter((r) => r.passed).length;
		const failed = results.length - passed;
		if (ctx.json) ctx.stdout(JSON.stringify({ passed, failed, results }, null, 2));
		else {
			for (const r of results) {
				ctx.stdout(`${r.passed ? '✓' : '✗'} ${r.name}`);
				for (const f of r.failures) ctx.stdout(`    ${f}`);
			}
			ctx.stdout(`${passed} passed, ${failed} failed`);
		}
		return failed ? 1 : 0;
	}
};
