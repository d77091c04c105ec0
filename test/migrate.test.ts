// Format migrations (src/lib/formats/migrate.ts): documents of format 1 whose `rules` named a module
// whose rules are data now (issue 14) play as they did. The play-*.json scenarios hold the scores
// the engine of commit d71184a (before the data rules) gave the format-1 fixtures; they pass here
// through the migration and fail without it.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { FORMAT_VERSION, migrateExpansion } from '../src/lib/formats/migrate.ts';
import { resolvePointer, validateExpansion } from '../src/lib/formats/validate.ts';
import { ruleRegistry as registry, resolveGame } from '../src/lib/engine/registry.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import { startGame, legalMoves, apply } from '../src/lib/engine/index.ts';
import { generator } from './fuzz-generator.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const read = <T>(name: string) =>
	JSON.parse(readFileSync(`test/fixtures/migrate/${name}.json`, 'utf8')) as T;
const shipped = availableExpansions();
const docs = new Map(shipped);
const fixtures = readdirSync('test/fixtures/migrate').map((f) => f.replace(/\.json$/, ''));
for (const n of fixtures.filter((f) => /^v\d-/.test(f))) docs.set(n, read<Expansion>(n));
const plays = fixtures.filter((f) => f.startsWith('play-'));
const OLD = [
	'v1-inns-by-rules',
	'v1-stables-by-rules',
	'v1-bards-by-rules',
	'v1-buddo-by-rules',
	'v1-town-halls-by-rules',
	'v1-mm-by-rules',
	'v1-fairy-by-rules',
	'v1-festival-by-rules',
	'v1-princess-by-rules',
	'v1-kr-by-rules'
];
const lookup = (id: string) => docs.get(id);

describe('migration rules-written-as-data (format 1 → 2)', () => {
	test.each(OLD)("%s: the module's data rules are copied in, and it validates clean", (id) => {
		const old = docs.get(id)!;
		const m = migrateExpansion(old, lookup);
		expect(m.applied).toEqual(['rules-written-as-data']);
		expect(m.doc.formatVersion).toBe(FORMAT_VERSION);
		expect(m.doc.dataRules?.rules?.length).toBeGreaterThan(0);
		expect(old.formatVersion, 'the document read is left unchanged').toBeUndefined();
		const problems = validateExpansion(old, { available: docs, registry });
		expect(problems.filter((p) => p.severity !== 'note')).toEqual([]);
		expect(problems).toContainEqual(
			expect.objectContaining({
				pointer: '',
				severity: 'note',
				message: expect.stringContaining('rules-written-as-data')
			})
		);
	});
	test('problems of the migrated form point into the document as written, saying where in the migrated form they are', () => {
		// without note tokens (its own, or the shipped document's to copy) the copied BARD rules name an
		// unknown figure: rules the designer never wrote
		const { tokens: _tokens, ...old } = docs.get('v1-bards-by-rules')!;
		const available = new Map(docs).set('bards', { ...docs.get('bards')!, tokens: undefined });
		const problems = validateExpansion(old, { available, registry });
		expect(problems.length).toBeGreaterThan(1);
		for (const p of problems)
			expect(resolvePointer(old, p.pointer), `${p.pointer}: ${p.message}`).not.toBe(undefined);
		expect(problems).toContainEqual(
			expect.objectContaining({
				pointer: '',
				severity: 'error',
				message: expect.stringMatching(
					/^unknown figure 'note' .*\(at \/dataRules\/rules\/\d+\/when\/.* of the document as the migration rules-written-as-data rewrites it\)$/
				)
			})
		);
	});
	test('inns-and-cathedrals, bards, inn-and-stable-owners and buddo have no TypeScript module left: their `rules` is dropped', () => {
		expect(migrateExpansion(docs.get('v1-inns-by-rules')!, lookup).doc.rules).toBeUndefined();
		expect(migrateExpansion(docs.get('v1-bards-by-rules')!, lookup).doc.rules).toBeUndefined();
		expect(migrateExpansion(docs.get('v1-stables-by-rules')!, lookup).doc.rules).toBeUndefined();
		const buddo = migrateExpansion(docs.get('v1-buddo-by-rules')!, lookup).doc;
		expect(buddo.rules).toBeUndefined();
		// its moves, where its rules play and when they can come up travel with them
		expect(buddo.dataRules?.steps?.map((s) => s.type)).toEqual(['random']);
		expect(buddo.dataRules?.last).toBe(true);
		expect(Object.keys(buddo.dataRules?.onlyWhen ?? {})).toContain('coin');
	});
	test('a `rules` naming the abbey (Abbey & Mayor’s data now, its tile that document’s only) is dropped: no warning, nothing copied', () => {
		const old = {
			...docs.get('v1-inns-by-rules')!,
			id: 'my-abbeys',
			rules: 'abbey',
			dataRules: undefined
		} as unknown as Expansion;
		const m = migrateExpansion(old, lookup);
		expect(m.applied).toEqual(['rules-written-as-data']);
		expect(m.doc.rules).toBeUndefined();
		expect(m.doc.dataRules).toBeUndefined();
		const problems = validateExpansion(old, { available: docs, registry });
		expect(problems.filter((p) => p.pointer === '/rules')).toEqual([]);
	});
	test('a held tile is copied with the tile of that id, else the document’s town hall, else left out', () => {
		const old = docs.get('v1-town-halls-by-rules')!;
		const step = (doc: Expansion) =>
			migrateExpansion(doc, lookup).doc.dataRules?.steps?.find((s) => s.type === 'held-tile');
		expect(step(old)).toMatchObject({ tile: 'town-hall' });
		const renamed = { ...old, tiles: [{ ...old.tiles[0], id: 'hall' }] };
		expect(step(renamed)).toMatchObject({ tile: 'hall' });
		expect(step({ ...old, tiles: docs.get('v1-inns-by-rules')!.tiles })).toBeUndefined();
	});
	test('there is a play scenario for each format-1 fixture', () => {
		for (const id of OLD)
			expect(
				plays.some((p) => read<Scenario>(p).game.expansions.some((e) => e.id === id)),
				id
			).toBe(true);
	});
	test.each(plays)('%s: the scores of the engine before the data rules', (name) => {
		const sc = read<Scenario>(name);
		expect(runScenario(sc, lookup).failures).toEqual([]);
		// without the migration (the same document declared format 2) the scores differ
		const unmigrated = (id: string) => {
			const d = docs.get(id);
			return d && id.startsWith('v1-') ? ({ ...d, formatVersion: 2 } as Expansion) : d;
		};
		expect(runScenario(sc, unmigrated).failures.length).toBeGreaterThan(0);
	});
	test('an old document plays identically to its migrated form (seeded random games)', () => {
		for (const id of OLD) {
			const migrated = new Map(docs).set(id, migrateExpansion(docs.get(id)!, lookup).doc);
			for (let seed = 1; seed <= 4; seed++) {
				const play = (available: Map<string, Expansion>) => {
					const r = resolveGame([id], available);
					if (!r.ok) throw new Error(r.errors[0].message);
					let s = startGame({
						expansions: r.expansions,
						modules: r.modules,
						players: ['A', 'B'],
						seed
					}).state;
					const g = generator(seed);
					const trail: unknown[] = [];
					for (let i = 0; i < 80 && !s.finished; i++) {
						const moves = legalMoves(s);
						if (!moves.length) break;
						const out = apply(s, g.pick(moves));
						if (!out.ok) throw new Error(out.refusal.message);
						s = out.state;
						trail.push(out.events.map((e) => [e.type, (e as { points?: number }).points ?? null]));
					}
					return { scores: s.scores, trail };
				};
				expect(play(docs)).toEqual(play(migrated));
			}
		}
	});
});

describe('documents no migration changes', () => {
	test('the shipped sets and a format-2 document come back as the same object', () => {
		for (const d of [...shipped.values(), docs.get('v2-inns-by-rules')!]) {
			const m = migrateExpansion(d, lookup);
			expect(m.applied).toEqual([]);
			expect(m.doc).toBe(d);
		}
	});
	test('format 2 naming inns-and-cathedrals in rules: nothing copied, a warning, the inn a plain road', () => {
		const problems = validateExpansion(docs.get('v2-inns-by-rules')!, {
			available: docs,
			registry
		});
		expect(problems).toContainEqual(
			expect.objectContaining({ pointer: '/rules', severity: 'warning' })
		);
	});
	test('format 1 reaching inns-and-cathedrals through its dependencies: its rules are not copied twice, only `rules` is dropped', () => {
		const m = migrateExpansion(docs.get('v1-inns-with-the-dependency')!, lookup);
		expect(m.doc.dataRules).toBeUndefined();
		expect(m.doc.rules).toBeUndefined();
		expect(
			validateExpansion(docs.get('v1-inns-with-the-dependency')!, {
				available: docs,
				registry
			}).filter((p) => p.severity !== 'note')
		).toEqual([]);
	});
	test('an unknown version is left for the validator to report', () => {
		const d = { ...docs.get('v1-inns-by-rules')!, formatVersion: 3 } as unknown as Expansion;
		expect(migrateExpansion(d, lookup).doc).toBe(d);
		expect(validateExpansion(d, { available: docs, registry })).toContainEqual(
			expect.objectContaining({ pointer: '/formatVersion', severity: 'error' })
		);
	});
});
