// Proof by replacement (issue 14): the scoring of Inns & Cathedrals, Buddo, Bards and Inn and Stable
// Owners is written as data in their expansion files. Every scenario of theirs runs against those
// data-defined rules and passes; the TypeScript modules no longer state or hook those rules; and
// with a document's dataRules taken away its scoring scenarios fail, so the data is what plays.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { listJsonFiles, availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import { MODULES } from '../src/lib/engine/modules/index.ts';
import { resolveGame } from '../src/lib/engine/registry.ts';
import { contextFor } from '../src/lib/engine/index.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const expansions = availableExpansions();
const scenarios = listJsonFiles('scenarios').map(
	(f) => JSON.parse(readFileSync(f, 'utf8')) as Scenario
);

/**
 * Each replaced expansion: its scenarios' prefix, the rule ids its data states, the TypeScript module
 * left beside it (if any) and the scoring hooks that module no longer has (Buddo keeps an awards hook
 * for ruling BUDDO-R5, the fairy's points on a denied feature: a rule between two modules).
 */
const REPLACED = [
	{
		id: 'inns-and-cathedrals',
		prefix: 'IC-',
		rules: ['IC-2.3', 'IC-2.4', 'IC-2.5'],
		module: null,
		gone: []
	},
	{
		id: 'buddo',
		prefix: 'BUDDO-',
		rules: ['BUDDO-PLACE-1', 'BUDDO-PLACE-2', 'BUDDO-SCORE-1', 'BUDDO-SCORE-2'],
		module: 'buddo',
		gone: ['value', 'winners']
	},
	{
		id: 'bards',
		prefix: 'BARD-',
		rules: ['BARD-SCORE-1', 'BARD-SCORE-2', 'BARD-SCORE-3', 'BARD-SCORE-4'],
		module: 'bards',
		gone: ['value', 'winners', 'awards']
	},
	{
		id: 'inn-and-stable-owners',
		prefix: 'ISO-',
		rules: ['ISO-SCORE-1', 'ISO-SCORE-2', 'ISO-SCORE-3', 'ISO-SCORE-4', 'ISO-SCORE-5'],
		module: 'inn-and-stable-owners',
		gone: ['value', 'winners', 'awards', 'scored']
	}
] as const;

const playsWith = (sc: Scenario, id: string) => sc.game.expansions.some((e) => e.id === id);

describe.each(REPLACED)('$id: its rules are data', ({ id, prefix, rules, module, gone }) => {
	const mine = scenarios.filter((sc) => sc.name!.startsWith(prefix));
	test('its document states the rules as data, and a game of it plays them from a data module', () => {
		const doc = expansions.get(id)!;
		const stated = new Set((doc.dataRules?.rules ?? []).map((r) => r.id));
		for (const r of rules) expect(stated.has(r), r).toBe(true);
		const game = resolveGame([id], expansions);
		expect(game.ok).toBe(true);
		if (!game.ok) return;
		const c = contextFor(game.expansions, game.modules);
		const data = c.modules.find((m) => m.data && (m.id === id || m.id === `${id}:data`));
		expect(data, 'the data module').toBeDefined();
		for (const r of rules) expect(Object.keys(data!.rules)).toContain(r);
	});
	test('the TypeScript it replaced is gone', () => {
		const ts = MODULES.find((m) => m.id === id);
		if (module === null) return expect(ts).toBeUndefined();
		expect(ts).toBeDefined();
		for (const r of rules) expect(Object.keys(ts!.rules)).not.toContain(r);
		// no scoring hook of its own for these rules: they come from the data module
		for (const h of gone) expect(ts!.hooks?.[h as 'value'], h).toBeUndefined();
	});
	test(`every ${prefix}* scenario (${mine.length}) passes against the data-defined rules`, () => {
		expect(mine.length).toBeGreaterThan(3);
		const failures = mine.flatMap((sc) => {
			expect(
				playsWith(sc, id) ||
					sc.game.expansions.some((e) => expansions.get(e.id)?.dependencies?.includes(id)),
				sc.name
			).toBe(true);
			return runScenario(sc, (x) => expansions.get(x)).failures.map((f) => `${sc.name}: ${f}`);
		});
		expect(failures).toEqual([]);
	});
	test('without its dataRules its scoring scenarios fail', () => {
		const stripped = { ...expansions.get(id)!, dataRules: undefined } as Expansion;
		const lookup = (x: string) => (x === id ? stripped : expansions.get(x));
		const scoring = mine.filter((sc) =>
			rules.some((r) => sc.rules.includes(r) && !r.startsWith('BUDDO-PLACE'))
		);
		expect(scoring.length).toBeGreaterThan(0);
		const failed = scoring.filter((sc) => {
			try {
				return runScenario(sc, lookup).failures.length > 0;
			} catch {
				return true;
			}
		});
		expect(failed.length, `of ${scoring.length}`).toBeGreaterThan(scoring.length / 2);
	});
});
