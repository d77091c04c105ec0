// The rule modules' registry as the validator and the expansion page read it.
import { describe, expect, test } from 'vitest';
import { MODULES } from '../src/lib/engine/modules/index.ts';
import { readFileSync } from 'node:fs';
import {
	modulesEnabledBy,
	modulesOf,
	parametersFor,
	resolveGame,
	ruleRegistry,
	rulingsFor,
	rulingsOfDocument,
	parametersOfDocument
} from '../src/lib/engine/registry.ts';
import { contextFor, rulingsInPlay } from '../src/lib/engine/index.ts';
import { availableExpansions } from '../src/cli/files.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';

describe('rulingsFor / parametersFor', () => {
	test('list exactly the rulings and parameters of the named modules, with their module', () => {
		const base = MODULES.find((m) => m.id === 'base')!;
		expect(rulingsFor(['base']).map((r) => r.id)).toEqual(base.rulings!.map((r) => r.id));
		expect(rulingsFor(['base']).every((r) => r.module === 'base')).toBe(true);
		expect(parametersFor(['base'])).toContainEqual({
			name: 'monasteryPoints',
			default: base.parameters!.monasteryPoints,
			min: 0,
			max: 100,
			module: 'base'
		});
		expect(parametersFor(['base']).some((p) => p.name === 'innTilePoints')).toBe(false);
		expect(parametersFor(['base', 'pig']).some((p) => p.name === 'pigCityPoints')).toBe(true);
		// Inns & Cathedrals' parameters are data (expansions/inns-and-cathedrals.json dataRules), not a module's
		expect(parametersFor(MODULES.map((m) => m.id)).some((p) => p.name === 'innTilePoints')).toBe(
			false
		);
		expect(rulingsFor(['no-such-module'])).toEqual([]);
	});
	test('every parameter has a range of whole numbers holding its default', () => {
		const all = parametersFor(MODULES.map((m) => m.id));
		// (the parameters of rules written as data are declared with their ranges in the documents)
		expect(all.length).toBeGreaterThan(0);
		for (const p of all) {
			expect(
				Number.isInteger(p.min) &&
					Number.isInteger(p.max) &&
					p.min <= p.default &&
					p.default <= p.max,
				p.name
			).toBe(true);
		}
	});
	test('every module ruling has its default among its options', () => {
		const all = rulingsFor(MODULES.map((m) => m.id));
		expect(all.length).toBeGreaterThan(0);
		for (const r of all) expect(Object.keys(r.options), r.id).toContain(r.default);
	});
	test('modulesOf: base always, the module the document names (with its companions), the owners of its figures', () => {
		expect(modulesOf({ id: 'my-set' })).toEqual(['base']);
		expect(modulesOf({ id: 'x', rules: 'dragon' })).toEqual(['base', 'dragon', 'portal']);
		expect(modulesOf({ id: 'base', figures: [{ id: 'abbot', name: 'Abbot' }] as never })).toEqual([
			'base',
			'abbot'
		]);
	});
});

describe('rulingsInPlay: every ruling a game of the documents has, the setup forms list', () => {
	const all = availableExpansions();
	test("the documents' data rulings come with the modules' (IC-R1…R3, Hills & Sheep, a designer's own), as the game's rules context has them", () => {
		const own = {
			...(all.get('base') as Expansion),
			id: 'my-harbour',
			name: 'My harbour',
			tiles: [],
			dependencies: ['base'],
			dataRules: {
				rulings: {
					'HB-R1': {
						description: 'Do harbours score?',
						default: 'yes',
						options: { yes: 'they do', no: 'they do not' }
					}
				}
			}
		} as unknown as Expansion;
		const lookup = (id: string) => (id === own.id ? own : all.get(id));
		for (const ids of [['inns-and-cathedrals'], ['hills-and-sheep', 'bards'], ['my-harbour']]) {
			const r = resolveGame(ids, lookup);
			if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
			const listed = rulingsInPlay(r.expansions, r.modules);
			const ctx = contextFor(r.expansions, r.modules);
			expect(listed.map((x) => x.id).sort(), ids.join()).toEqual(Object.keys(ctx.rulings).sort());
			for (const d of r.expansions)
				for (const id of Object.keys(d.dataRules?.rulings ?? {}))
					expect(
						listed.find((x) => x.id === id),
						id
					).toMatchObject({ moduleName: d.name });
		}
		expect(
			rulingsInPlay([all.get('base')!, all.get('inns-and-cathedrals')!]).map((x) => x.id)
		).toEqual(expect.arrayContaining(['IC-R1', 'IC-R2', 'IC-R3', 'BASE-R1']));
		// the expansion page: the document's own and its dependencies' data rulings
		expect(rulingsOfDocument(own, all).map((x) => x.id)).toContain('HB-R1');
		const withIc = { ...own, dependencies: ['base', 'inns-and-cathedrals'] } as Expansion;
		expect(rulingsOfDocument(withIc, all).map((x) => x.id)).toEqual(
			expect.arrayContaining(['HB-R1', 'IC-R1', 'BASE-R2'])
		);
	});
	test("the expansion page's parameters: the modules' and those the documents' data rules declare (Bards' note tokens)", () => {
		const own = {
			id: 'with-bards',
			name: 'With Bards',
			version: '1.0.0',
			tiles: [],
			dependencies: ['bards']
		} as unknown as Expansion;
		const listed = parametersOfDocument(own, all);
		expect(listed).toContainEqual({
			name: 'noteTokens',
			default: 7,
			min: 0,
			max: 20,
			module: 'bards'
		});
		expect(listed.map((p) => p.name)).toContain('monasteryPoints');
		// every parameter a game of the document reads, none twice
		const r = resolveGame([own.id], (id) => (id === own.id ? own : all.get(id)));
		if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
		const ctx = contextFor(r.expansions, r.modules);
		expect(listed.map((p) => p.name).sort()).toEqual(Object.keys(ctx.params).sort());
	});
});

describe('the validator with the registry', () => {
	const doc = (extra: object) => ({ id: 'x', name: 'X', version: '1.0.0', tiles: [], ...extra });
	test('checks nothing about rulings and parameters without it', () => {
		expect(
			validateExpansion(doc({ rulings: { 'NO-SUCH': 'x' }, parameters: { nothing: 1 } }))
		).toEqual([]);
	});
	test('an option of a ruling is checked against the ruling of the enabled module', () => {
		expect(
			validateExpansion(doc({ rulings: { 'BASE-R2': '2nd' } }), { registry: ruleRegistry })
		).toEqual([]);
		expect(
			validateExpansion(doc({ rulings: { 'BASE-R2': 'x' } }), { registry: ruleRegistry }).map(
				(p) => [p.pointer, p.severity]
			)
		).toEqual([['/rulings/BASE-R2', 'error']]);
	});
	test('a ruling or parameter of a module enabled through a dependency is known', () => {
		const available = new Map([['dragon', doc({ id: 'dragon', rules: 'dragon' })]]) as never;
		const p = doc({ dependencies: ['dragon'], parameters: { dragonSteps: 4 } });
		expect(validateExpansion(p, { registry: ruleRegistry })).toHaveLength(1);
		expect(validateExpansion(p, { registry: ruleRegistry, available })).toEqual([]);
	});
	test("an icon a document's rule reads (a setup check) has that document's meaning", () => {
		const available = availableExpansions();
		const base = available.get('base')!;
		const tile = { ...base.tiles[0], id: 'T', icons: ['mayor'] };
		const mine = doc({ dependencies: ['base'], tiles: [tile] });
		const found = validateExpansion(mine, { registry: ruleRegistry, available });
		expect(found.find((p) => p.pointer === '/tiles/0/icons/0')?.message).toMatch(
			/^icon 'mayor' needs messengers-and-mayors: add it to dependencies \(MM-SETUP-2, /
		);
		const played = doc({ dependencies: ['base', 'messengers-and-mayors'], tiles: [tile] });
		expect(
			validateExpansion(played, { registry: ruleRegistry, available }).filter((p) =>
				p.pointer.startsWith('/tiles/0/icons')
			)
		).toEqual([]);
	});
});

describe('modulesEnabledBy', () => {
	test('the modules of the expansion and of its dependencies, transitively, in registry order', () => {
		const available = new Map([
			['inns-and-cathedrals', { id: 'inns-and-cathedrals', dependencies: ['base'], dataRules: {} }],
			['iso', { id: 'inn-and-stable-owners', dependencies: ['inns-and-cathedrals'] }]
		]);
		expect(
			modulesEnabledBy({ id: 'mine', rules: 'dragon', dependencies: ['iso', 'missing'] }, available)
		).toEqual(['base', 'inns-and-cathedrals', 'dragon', 'portal']);
		expect(modulesEnabledBy({ id: 'mine' }, available)).toEqual(['base']);
	});
});

describe('modulesEnabledBy agrees with the game the resolver sets up', () => {
	const docs = availableExpansions();
	const fan = JSON.parse(
		readFileSync('test/fixtures/expansions/valid/dependent-fan-set.json', 'utf8')
	) as Expansion;
	docs.set(fan.id, fan);
	test.each([...docs.keys()])('%s', (id) => {
		const r = resolveGame([id], docs);
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		const played = contextFor(r.expansions, r.modules).modules.map((m) => m.id);
		expect(modulesEnabledBy(docs.get(id)!, docs)).toEqual(played);
	});
	test("the fan set of issue 8 puts its dependencies' modules in play", () => {
		expect(modulesEnabledBy(fan, docs)).toEqual([
			'base',
			'inns-and-cathedrals',
			'bards',
			'inn-and-stable-owners',
			'messengers-and-mayors'
		]);
	});
});

describe('meaningOf: the modules declare what they give meaning to', () => {
	test.each([
		['feature', 'garden', 'abbot'],
		['feature', 'river', 'river'],
		['feature', 'road', 'base'],
		['modifier', 'pennants', 'base'],
		['icon', 'volcano', 'dragon'],
		['figure', 'dragon', 'dragon']
	] as const)('%s %s → %s', (kind, name, module) => {
		expect(ruleRegistry.meaningOf(kind, name)?.module).toBe(module);
	});
	test('names no module gives meaning to; the portal has its own module, the princess is data', () => {
		expect(ruleRegistry.meaningOf('modifier', 'wine')).toBeUndefined();
		expect(ruleRegistry.meaningOf('figure', 'wagon')).toBeUndefined();
		expect(ruleRegistry.meaningOf('icon', 'portal')).toEqual({
			module: 'portal',
			rule: 'DRAGON-4.7.1'
		});
		// the dragon document declares it in its dataRules (its send-home step reads it)
		expect(ruleRegistry.meaningOf('modifier', 'princess')).toBeUndefined();
		expect(ruleRegistry.meaningOf('feature', 'river')?.leftOut).toBe(true);
	});
});
