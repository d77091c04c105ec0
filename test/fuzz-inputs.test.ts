// Seeded mutations of our own saved games (.jcz) and game records (test/fuzz-inputs.ts): nothing
// throws on the way through the import, the record check, the engine and the .jcz export, and
// every refusal is located. The same at 50,000 of each: scripts/fuzz-imports.ts (docs/benchmarks.md).
import { describe, expect, test } from 'vitest';
import { fuzz, runJcz, runRecord, seeds } from './fuzz-inputs.ts';

const FILES = 500;
const { jcz, records } = seeds(10);

describe(`${FILES} mutated saved games and ${FILES} mutated records`, () => {
	test('no .jcz throws; the mutants reach every outcome', { timeout: 120_000 }, () => {
		const t = fuzz(jcz, FILES, 1, runJcz);
		expect(t.throws).toEqual([]);
		expect(t.outcomes.refused).toBeGreaterThan(FILES / 2);
		expect(t.outcomes.played).toBeGreaterThan(FILES / 50);
		expect(t.outcomes['illegal move']).toBeGreaterThan(0);
	});
	test('no record throws; the mutants reach every outcome', { timeout: 120_000 }, () => {
		const texts = records.map((r) => JSON.stringify(r));
		const t = fuzz(texts, FILES, 2, runRecord);
		expect(t.throws).toEqual([]);
		expect(t.outcomes.refused).toBeGreaterThan(FILES / 2);
		expect(t.outcomes.played).toBeGreaterThan(FILES / 50);
		expect(t.outcomes['illegal move']).toBeGreaterThan(FILES / 50);
	});
});
