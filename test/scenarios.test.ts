// Every rules scenario in scenarios/ as one vitest test (the CLI's `test` command runs the same).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { listJsonFiles, availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import { MODULES } from '../src/lib/engine/modules/index.ts';
import Ajv2020 from 'ajv/dist/2020.js';

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync('schemas/game-record.v1.json', 'utf8')));
const validScenario = ajv.compile(JSON.parse(readFileSync('schemas/scenario.v1.json', 'utf8')));

const files = listJsonFiles('scenarios');
const expansions = availableExpansions();

describe('rules scenarios', () => {
	it('has at least 60 scenarios', () => {
		expect(files.length).toBeGreaterThanOrEqual(60);
	});
	// the official rules of issue 3; add a module's id here once its scenarios are written
	const COVERED_MODULES = ['base', 'abbot', 'inns-and-cathedrals', 'river', 'dragon', 'pig'];
	it(
		'names every rule of these modules in at least one scenario: ' + COVERED_MODULES.join(', '),
		() => {
			const covered = new Set(
				files.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as Scenario).rules)
			);
			const missing = MODULES.filter((m) => COVERED_MODULES.includes(m.id))
				.flatMap((m) => Object.keys(m.rules))
				.filter((id) => !covered.has(id));
			expect(missing).toEqual([]);
		}
	);
	for (const file of files) {
		const sc = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
		it(sc.name ?? file, () => {
			expect(validScenario(sc) ? [] : validScenario.errors).toEqual([]);
			expect(file.endsWith(`${sc.name}.json`)).toBe(true);
			const r = runScenario(sc, (id) => expansions.get(id));
			expect(r.failures).toEqual([]);
		});
	}
});
