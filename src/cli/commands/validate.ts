// carcassonne-lab validate <file|dir>...: schema and semantic checks of expansion files.
import { existsSync } from 'node:fs';
import type { CommandContext } from '../command.ts';
import { availableExpansions, loadPaths } from '../files.ts';
import { validateExpansion } from '../../lib/formats/validate.ts';
import { ruleRegistry } from '../../lib/engine/index.ts';
import type { Severity } from '../../lib/formats/problems.ts';
import { parseOptions } from '../args.ts';

const usage = `usage: carcassonne-lab validate <file|dir>... [--json]

Checks expansion files (a folder: every *.json in it) against the schema and the tile rules.
Prints each problem as file:/json/pointer: message. Exit 0 when there is no error (warnings and
notes allowed), 1 when any file has an error, 2 on a usage error.
--json prints { "valid": bool, "errors": [{ file, pointer, message, severity }] }.`;

export interface FileProblem {
	file: string;
	pointer: string;
	message: string;
	severity: Severity;
}

export const command = {
	summary: 'check expansion files: schema, geometry, adjacency, references',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const parsed = parseOptions(ctx.args, {}, true);
		if ('error' in parsed || parsed.positionals.length === 0) {
			ctx.stderr('error' in parsed ? `${parsed.error}\n\n${usage}` : usage);
			return 2;
		}
		const paths = parsed.positionals;
		const missing = paths.find((a) => !existsSync(a));
		if (missing !== undefined) {
			ctx.stderr(`no such file or folder: ${missing}`);
			return 2;
		}
		const files = loadPaths(paths);
		const available = availableExpansions(files);
		const found: FileProblem[] = [];
		for (const f of files) {
			const problems =
				f.doc === undefined
					? f.problems
					: validateExpansion(f.doc, { available, registry: ruleRegistry });
			// the contract: { file, pointer, message, severity } (a problem's editor-only `places` left out)
			for (const p of problems)
				found.push({ file: f.file, pointer: p.pointer, message: p.message, severity: p.severity });
		}
		const errors = found.filter((p) => p.severity === 'error').length;
		if (ctx.json) {
			ctx.stdout(JSON.stringify({ valid: errors === 0, errors: found }, null, 2));
		} else {
			for (const p of found)
				ctx.stdout(
					`${p.file}:${p.pointer}: ${p.severity === 'error' ? '' : p.severity + ': '}${p.message}`
				);
			const warnings = found.filter((p) => p.severity === 'warning').length;
			const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
			ctx.stdout(
				`${plural(files.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`
			);
		}
		return errors === 0 ? 0 : 1;
	}
};
