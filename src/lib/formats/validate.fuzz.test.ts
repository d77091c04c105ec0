// Fuzzing the validator: thousands of randomly broken real documents (fixtures and shipped sets).
// It must never throw, and every problem it reports must point at a place that exists.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { resolvePointer, validateExpansion, validateTile } from './validate.ts';
import type { Expansion } from './schema-types.ts';
import type { Problem } from './problems.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const dirs = [
	'expansions',
	'test/fixtures/expansions/valid',
	'test/fixtures/expansions/invalid',
	'test/fixtures/expansions/warnings'
];
const seeds: Json[] = [
	...dirs.flatMap((dir) =>
		readdirSync(dir)
			.filter((f) => f.endsWith('.json') && f !== 'expectations.json')
			.map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Json)
	),
	// documents of format 1 read through a migration: their problems point into the document as written
	...readdirSync('test/fixtures/migrate')
		.filter((f) => /^v1-.*\.json$/.test(f))
		.map((f) => JSON.parse(readFileSync(`test/fixtures/migrate/${f}`, 'utf8')) as Json)
];
const available = new Map<string, Expansion>();
for (const s of seeds)
	if (s && typeof s === 'object' && !Array.isArray(s) && typeof s.id === 'string')
		available.set(s.id, s as unknown as Expansion);

/** Every place in a document: the container and the key of each value (the root has none). */
function places(doc: Json): { parent: Json[] | { [k: string]: Json }; key: string | number }[] {
	const out: { parent: Json[] | { [k: string]: Json }; key: string | number }[] = [];
	const walk = (v: Json) => {
		if (Array.isArray(v)) v.forEach((x, i) => (out.push({ parent: v, key: i }), walk(x)));
		else if (v && typeof v === 'object')
			for (const k of Object.keys(v)) {
				out.push({ parent: v, key: k });
				walk(v[k]);
			}
	};
	walk(doc);
	return out;
}

// Values that look like the real thing are more likely to get past the schema into the semantic checks.
const plausible = fc.constantFrom<Json>(
	'N',
	'E',
	'S',
	'W',
	'NL',
	'NR',
	'EL',
	'ER',
	'SL',
	'SR',
	'WL',
	'WR',
	'city',
	'road',
	'river',
	'field',
	'monastery',
	'garden',
	'stable',
	'c1',
	'c2',
	'r1',
	'f1',
	'f2',
	'm1',
	'base',
	'river',
	'constructor',
	'__proto__',
	'toString',
	0,
	1,
	2,
	-1,
	1.5,
	1e9,
	true,
	false,
	null,
	'',
	[],
	{},
	['N'],
	['NL', 'NR'],
	{ perPlayer: 1 },
	{ perPlayer: 0 },
	{ id: 'x1', type: 'field', halves: [] },
	{ id: 'c9', type: 'city', sides: ['N'] },
	{ pennants: 2 },
	{ constructor: true }
);
let deep: Json = 'bottom';
for (let i = 0; i < 60; i++) deep = i % 2 ? [deep] : { junk: deep };
const value: fc.Arbitrary<Json> = fc.oneof(
	{ weight: 4, arbitrary: plausible },
	{ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
	{ weight: 1, arbitrary: fc.constant(deep) }
);
const keyName = fc.oneof(
	fc.constantFrom(
		'id',
		'type',
		'sides',
		'halves',
		'cities',
		'crosses',
		'modifiers',
		'count',
		'features',
		'tiles',
		'icons',
		'wildcard',
		'handDrawnAdjacency',
		'dependencies',
		'__proto__',
		'constructor',
		'a/b',
		'c~d'
	),
	fc.string({ maxLength: 6 })
);
type Mutation = {
	kind: 'delete' | 'replace' | 'insert' | 'swap' | 'duplicate';
	pick: number;
	other: number;
	key: string;
	value: Json;
};
const mutation: fc.Arbitrary<Mutation> = fc.record({
	kind: fc.constantFrom<Mutation['kind'][]>('delete', 'replace', 'insert', 'swap', 'duplicate'),
	pick: fc.nat(),
	other: fc.nat(),
	key: keyName,
	value
});

function mutate(doc: Json, mut: Mutation): Json {
	const m = { ...mut, value: structuredClone(mut.value) }; // generated values are shared between runs
	const all = places(doc);
	if (all.length === 0) return m.kind === 'replace' ? m.value : doc;
	const { parent, key } = all[m.pick % all.length];
	const set = (k: string | number, v: Json) => {
		if (Array.isArray(parent)) parent[k as number] = v;
		else
			Object.defineProperty(parent, k, {
				value: v,
				enumerable: true,
				writable: true,
				configurable: true
			});
	};
	switch (m.kind) {
		case 'delete':
			if (Array.isArray(parent)) parent.splice(key as number, 1);
			else delete parent[key as string];
			break;
		case 'replace':
			set(key, m.value);
			break;
		case 'insert':
			if (Array.isArray(parent)) parent.splice(m.other % (parent.length + 1), 0, m.value);
			else
				Object.defineProperty(parent, m.key, {
					value: m.value,
					enumerable: true,
					writable: true,
					configurable: true
				});
			break;
		case 'swap': {
			// Swap this value with another random value of the document (arrays and objects move around).
			const b = all[m.other % all.length];
			const va = (parent as Record<string | number, Json>)[key];
			const vb = (b.parent as Record<string | number, Json>)[b.key];
			if (va === b.parent || vb === parent) break; // would make a cycle
			set(key, structuredClone(vb));
			(b.parent as Record<string | number, Json>)[b.key] = structuredClone(va);
			break;
		}
		case 'duplicate':
			if (Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
			break;
	}
	return doc;
}

function checkAnswer(doc: unknown, problems: Problem[]) {
	expect(Array.isArray(problems)).toBe(true);
	for (const p of problems) {
		expect(['error', 'warning', 'note']).toContain(p.severity);
		expect(typeof p.message).toBe('string');
		expect(p.message.length).toBeGreaterThan(0);
		expect(p.message).not.toMatch(/undefined|\[object Object\]|NaN/);
		// Every problem points at a value that exists (a missing property is reported on its parent).
		expect(resolvePointer(doc, p.pointer), `${p.pointer}: ${p.message}`).not.toBe(undefined);
	}
}

describe('validator fuzzing', () => {
	test('thousands of mutated documents: never a throw, always located problems', () => {
		fc.assert(
			fc.property(
				fc.nat(),
				fc.array(mutation, { minLength: 1, maxLength: 4 }),
				(which, mutations) => {
					let doc = structuredClone(seeds[which % seeds.length]);
					for (const m of mutations) doc = mutate(doc, m);
					// What a file on disk would hold: JSON through and through (own __proto__ keys included).
					doc = JSON.parse(JSON.stringify(doc) ?? 'null') as Json;
					checkAnswer(doc, validateExpansion(doc, { available }));
					const tiles =
						doc && typeof doc === 'object' && !Array.isArray(doc) ? doc.tiles : undefined;
					if (Array.isArray(tiles) && tiles.length > 0) {
						const tile = tiles[which % tiles.length];
						checkAnswer(
							tile,
							validateTile(tile, { available, expansion: { id: 'x', modifiers: { wine: 'w' } } })
						);
					}
				}
			),
			{ numRuns: 3000, seed: 20240601 }
		);
	});
});
