// Sweeps the validator fixtures: every invalid file reports exactly its expected errors (pointer and
// message), every warnings file its expected warnings and no error, every valid file and every
// shipped expansion no error at all.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { ruleRegistry as registry } from '../src/lib/engine/registry.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';
import type { Problem } from '../src/lib/formats/problems.ts';

const ROOT = 'test/fixtures/expansions';
type Expected = { pointer: string; message: string; severity?: Problem['severity'] };

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir: string) =>
	readdirSync(dir)
		.filter((f) => f.endsWith('.json') && f !== 'expectations.json')
		.sort();

// Dependencies resolve against the shipped sets and every fixture (the cycle fixtures need each other).
const available = new Map<string, Expansion>();
for (const dir of ['expansions', `${ROOT}/valid`, `${ROOT}/invalid`, `${ROOT}/warnings`]) {
	for (const f of jsonFiles(dir)) {
		const doc = read(`${dir}/${f}`) as Expansion;
		if (doc && typeof doc.id === 'string') available.set(doc.id, doc);
	}
}

const matches = (p: Problem, e: Expected) =>
	p.pointer === e.pointer &&
	p.message.includes(e.message) &&
	p.severity === (e.severity ?? 'error');

function sweep(folder: 'invalid' | 'warnings') {
	const dir = `${ROOT}/${folder}`;
	const expectations = read(`${dir}/expectations.json`) as Record<string, Expected[]>;
	const files = jsonFiles(dir);
	test('every fixture has its expectation and every expectation its fixture', () => {
		expect(Object.keys(expectations).sort()).toEqual(files);
	});
	test.each(files)('%s', (file) => {
		const problems = validateExpansion(read(`${dir}/${file}`), { available, registry });
		const expected = expectations[file];
		expect(expected.length).toBeGreaterThan(0);
		for (const e of expected) {
			expect(
				problems.filter((p) => matches(p, e)),
				`expected ${JSON.stringify(e)} among ${JSON.stringify(problems, null, 1)}`
			).toHaveLength(1);
		}
		// Nothing else is an error: each fixture holds one fault.
		const unexpected = problems.filter(
			(p) => p.severity === 'error' && !expected.some((e) => matches(p, e))
		);
		expect(unexpected).toEqual([]);
	});
}

describe('invalid fixtures: each reports its fault where it is', () => {
	sweep('invalid');
	test('there are at least 45 of them', () => {
		expect(jsonFiles(`${ROOT}/invalid`).length).toBeGreaterThanOrEqual(45);
	});
});

describe('warning fixtures: a warning or note, never an error', () => {
	sweep('warnings');
});

describe('valid fixtures', () => {
	test.each(jsonFiles(`${ROOT}/valid`))('%s has no error and no warning', (file) => {
		const problems = validateExpansion(read(`${ROOT}/valid/${file}`), { available, registry });
		expect(problems.filter((p) => p.severity !== 'note')).toEqual([]);
	});
});

describe('the shipped expansions', () => {
	const files = jsonFiles('expansions');
	test('are all present', () => {
		expect(files.length).toBeGreaterThan(0);
	});
	test.each(files)(
		'expansions/%s has no error and no warning, rulings and parameters included',
		(file) => {
			const problems = validateExpansion(read(`expansions/${file}`), { available, registry });
			expect(problems.filter((p) => p.severity !== 'note')).toEqual([]);
		}
	);
});
