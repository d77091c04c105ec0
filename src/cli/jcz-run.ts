// A JCloisterZone engine test (.jcz with test.assertions) run as a scenario: shared by
// `carcassonne-lab test` and scripts/jcz-engine-tests.ts.
import { expansionErrors, lookupExpansion, readJcz } from './engine-io.ts';
import { runJczTest, setupFromRecord, type AssertionResult } from '../lib/engine/index.ts';

export interface JczFileResult {
	file: string;
	/** JCZ's description of the test. */
	description: string;
	/** The import's errors (content not played here): the game was not replayed. */
	errors: string[];
	warnings: string[];
	/** Why the replay stopped (a move refused), if it did. */
	error?: string;
	assertions: AssertionResult[];
	/** Every assertion passed (a test without assertions never passes). */
	passed: boolean;
}

/** Runs one .jcz engine test; `rulings` override the import's (another client's reading, e.g. RIVER-R2=look-ahead-strict). */
export function runJczFile(file: string, rulings: Record<string, string> = {}): JczFileResult {
	const { imported, errors, warnings } = readJcz(file);
	if (!imported) return { file, description: '', errors, warnings, assertions: [], passed: false };
	if (Object.keys(rulings).length)
		imported.record.rulings = { ...imported.record.rulings, ...rulings };
	const description = imported.test?.description ?? '';
	if (!imported.test)
		return {
			file,
			description,
			errors: [`${file}: no test (test.assertions) in this saved game`],
			warnings,
			assertions: [],
			passed: false
		};
	// a game is never played with rules the validator rejects
	const { setup } = setupFromRecord(imported.record, lookupExpansion);
	const invalid = setup ? expansionErrors(setup.expansions) : [];
	if (invalid.length)
		return {
			file,
			description,
			errors: invalid.map((e) => `${file}: ${e}`),
			warnings,
			assertions: [],
			passed: false
		};
	let r;
	try {
		r = runJczTest(imported, lookupExpansion);
	} catch (e) {
		return {
			file,
			description,
			errors: [],
			warnings,
			error: `crashed: ${e instanceof Error ? e.stack : String(e)}`,
			assertions: [],
			passed: false
		};
	}
	const passed = r.results.length > 0 && r.results.every((a) => a.status === 'passed');
	return {
		file,
		description,
		errors: [],
		warnings,
		...(r.error ? { error: r.error } : {}),
		assertions: r.results,
		passed
	};
}

/** The lines `test` prints for one .jcz: the verdict and description, then each assertion not passed (all with `all`). */
export function jczLines(r: JczFileResult, all = false): string[] {
	const out = [`${r.passed ? '✓' : '✗'} ${r.description || r.file} (${r.file})`];
	for (const e of r.errors) out.push(`    ${e}`);
	for (const w of r.warnings) out.push(`    warning: ${w}`);
	if (r.error) out.push(`    ${r.error}`);
	for (const a of r.assertions) {
		if (a.status === 'passed' && !all) continue;
		const mark = a.status === 'passed' ? '✓' : a.status === 'failed' ? '✗' : '? unsupported:';
		out.push(`    ${mark} ${a.assertion}${a.detail ? ` — ${a.detail}` : ''}`);
	}
	return out;
}
