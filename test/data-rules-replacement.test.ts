// Proof by replacement: the scoring of Inns & Cathedrals, Buddo, Bards and Inn and Stable Owners,
// all of Bards (its note token's step: a data token step), Messengers & Mayors' town hall (a
// held-tile step) and messenger riding on (an act step), Buddo (its coin: a random step; the
// dragon drawn to it, its choice among opponents' pieces), The Princess & the Dragon's fairy (a
// marker step) and Hills & Sheep's shepherd (a bag step) are written as data in their expansion
// files. Every scenario of theirs runs against those
// data-defined rules and passes; the TypeScript modules no longer state or hook those rules; and
// with a document's dataRules taken away its scoring scenarios fail, so the data is what plays.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * left beside it (if any) and the scoring hooks that module no longer has.
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
		rules: [
			'BUDDO-SETUP-1',
			'BUDDO-PLACE-1',
			'BUDDO-PLACE-2',
			'BUDDO-PLACE-3',
			'BUDDO-SCORE-1',
			'BUDDO-SCORE-2',
			'BUDDO-SCORE-3',
			'BUDDO-WANT-1',
			'BUDDO-DRAGON-1',
			'BUDDO-DRAGON-2'
		],
		module: null,
		gone: []
	},
	{
		id: 'bards',
		prefix: 'BARD-',
		rules: [
			'BARD-SETUP-1',
			'BARD-SETUP-2',
			'BARD-PLACE-1',
			'BARD-PLACE-2',
			'BARD-PLACE-3',
			'BARD-PLACE-4',
			'BARD-PLACE-5',
			'BARD-SCORE-1',
			'BARD-SCORE-2',
			'BARD-SCORE-3',
			'BARD-SCORE-4'
		],
		module: null,
		gone: []
	},
	{
		id: 'inn-and-stable-owners',
		prefix: 'ISO-',
		rules: [
			'ISO-SETUP-1',
			'ISO-SETUP-2',
			'ISO-INN-1',
			'ISO-INN-2',
			'ISO-STABLE-1',
			'ISO-SCORE-1',
			'ISO-SCORE-2',
			'ISO-SCORE-3',
			'ISO-SCORE-4',
			'ISO-SCORE-5'
		],
		module: null,
		gone: []
	},
	{
		// the town hall: a held-tile step; the figures: the document's; the messenger's riding on, the
		// mayor's and scarecrow's abilities and the crisis meeting: act steps; the figures' and the town
		// hall's rule ids in score events: value rules that mark (MM-R1 cited by them, `topStrength`); who
		// scores at strength 0: a wins rule (MM-R1); the scarecrow and the pig: `accompanies` (MM-R14); the
		// setup: text rules and a check
		id: 'messengers-and-mayors',
		prefix: 'MM-',
		rules: [
			'MM-TURN-3',
			'MM-HALL-1',
			'MM-HALL-2',
			'MM-HALL-7',
			'MM-HALL-8',
			'MM-END-1',
			'MM-MSG-3',
			'MM-MSG-4',
			'MM-MSG-5',
			'MM-MSG-6',
			'MM-MSG-7',
			'MM-MSG-9',
			'MM-MSG-1',
			'MM-MSG-2',
			'MM-MSG-8',
			'MM-END-2',
			'MM-HALL-3',
			'MM-HALL-6',
			'MM-TURN-2',
			'MM-MAYOR-1',
			'MM-MAYOR-2',
			'MM-MAYOR-3',
			'MM-MAYOR-4',
			'MM-MAYOR-5',
			'MM-MAYOR-6',
			'MM-MAYOR-7',
			'MM-MAYOR-8',
			'MM-MAYOR-9',
			'MM-HALL-5',
			'MM-CROW-1',
			'MM-CROW-2',
			'MM-CROW-3',
			'MM-CROW-4',
			'MM-CROW-5',
			'MM-CROW-6',
			'MM-SETUP-1',
			'MM-SETUP-2',
			'MM-SETUP-3',
			'MM-R1'
		],
		module: null,
		gone: []
	},
	{
		// the shepherd and its flock: a bag step (its hills and vineyards were data already)
		id: 'hills-and-sheep',
		prefix: 'HS-SHEEP-',
		rules: [
			'HS-SHEEP-1',
			'HS-SHEEP-2',
			'HS-SHEEP-3',
			'HS-SHEEP-4',
			'HS-SHEEP-5',
			'HS-SHEEP-6',
			'HS-SHEEP-7'
		],
		module: null,
		gone: []
	},
	{
		// the king and the robber baron: two titles
		id: 'king-and-robber',
		prefix: 'KR-',
		rules: ['KR-1', 'KR-2', 'KR-3'],
		module: null,
		gone: []
	}
] as const;

test('no King & Robber module, and no source names its rules (only the JCloisterZone mapping its rulings)', () => {
	expect(existsSync('src/lib/engine/modules/king-and-robber.ts')).toBe(false);
	expect(expansions.get('king-and-robber')!.rules).toBeUndefined();
	expect(sources('src').filter((f) => /KR-[0-9]/.test(readFileSync(f, 'utf8')))).toEqual([]);
});

test('no shepherd module, and no source names its rules (they are in its document)', () => {
	expect(MODULES.map((m) => m.id)).not.toContain('shepherd');
	expect(sources('src').filter((f) => /HS-SHEEP-/.test(readFileSync(f, 'utf8')))).toEqual([]);
});

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
			rules.some((r) => sc.rules.includes(r) && !/-(PLACE|SETUP)-/.test(r))
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

/** Every TypeScript source under src/ (tests aside). */
function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const path = join(dir, e.name);
		if (e.isDirectory()) return sources(path);
		return /\.(ts|svelte)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
	});
}

/**
 * Each expansion written wholly as data: its id, the pattern of its rule ids, the scenarios of its
 * moves (data steps), and the sources that may still name its rules (none now: Messengers & Mayors'
 * town hall next to a stable, ruling MM-R3, is its held-tile step's `landTile.around`).
 */
const WHOLLY = [
	{
		id: 'bards',
		file: 'bards.ts',
		named: /BARD-[A-Z0-9]/,
		moves: (sc: Scenario) => sc.name!.startsWith('BARD-PLACE-'),
		between: [] as string[]
	},
	{
		id: 'inn-and-stable-owners',
		file: 'inn-and-stable-owners.ts',
		named: /ISO-[A-Z0-9]/,
		// every scenario that puts an owner down
		moves: (sc: Scenario) => sc.game.moves.some((m) => m.type === 'owner'),
		between: [] as string[]
	}
];

describe.each(WHOLLY)('$id: written wholly as data', ({ id, file, named, moves, between }) => {
	test('no engine module, and no source names its rules (they are in its document)', () => {
		expect(existsSync(`src/lib/engine/modules/${file}`)).toBe(false);
		const naming = sources('src').filter(
			(f) => named.test(readFileSync(f, 'utf8')) && !between.some((b) => f.startsWith(b))
		);
		expect(naming).toEqual([]);
		// its moves play from the document: without its steps no token or piece is put down
		const doc = expansions.get(id)!;
		expect(doc.rules).toBeUndefined();
		const placing = scenarios.filter(moves);
		expect(placing.length).toBeGreaterThan(3);
		const stripped = { ...doc, dataRules: { ...doc.dataRules, steps: undefined } } as Expansion;
		const lookup = (x: string) => (x === id ? stripped : expansions.get(x));
		for (const sc of placing)
			expect(
				(() => {
					try {
						return runScenario(sc, lookup).failures.length;
					} catch {
						return 1;
					}
				})(),
				sc.name
			).toBeGreaterThan(0);
	});
});

/** Runs a scenario; a thrown error counts as a failure. */
const failures = (sc: Scenario, lookup: (x: string) => Expansion | undefined) => {
	try {
		return runScenario(sc, lookup).failures.length;
	} catch {
		return 1;
	}
};

describe('Buddo written wholly as data', () => {
	test('no engine module, and no source names Buddo or its rules (they are in its document)', () => {
		expect(existsSync('src/lib/engine/modules/buddo.ts')).toBe(false);
		expect(expansions.get('buddo')!.rules).toBeUndefined();
		// the rules engine and the formats name no figure of it (the sandbox's drawings of figures aside);
		// Inn and Stable Owners' module states its own ruling on Buddo's denial (ISO-R6)
		const named = [...sources('src/lib/engine'), ...sources('src/lib/formats')].filter(
			(f) =>
				!/schema-types\.ts$|migrate\.ts$|shipped\.ts$|inn-and-stable-owners\.ts$/.test(f) &&
				/buddo|BUDDO-/i.test(readFileSync(f, 'utf8'))
		);
		expect(named).toEqual([]);
		const bySandbox = sources('src/lib/sandbox').filter((f) =>
			/BUDDO-/.test(readFileSync(f, 'utf8'))
		);
		expect(bySandbox).toEqual([]);
	});
	test('its coin is a random step and the dragon is drawn by its figure: without them their scenarios fail', () => {
		const doc = expansions.get('buddo')!;
		const figure = doc.dataRules!.figures!.buddo;
		const { drawsDragon: _d, ...undrawn } = figure;
		const cases: [string, Expansion][] = [
			[
				'BUDDO-DRAGON-2-',
				{ ...doc, dataRules: { ...doc.dataRules, steps: undefined } } as Expansion
			],
			['BUDDO-R1-', { ...doc, dataRules: { ...doc.dataRules, steps: undefined } } as Expansion],
			[
				'BUDDO-DRAGON-1-',
				{ ...doc, dataRules: { ...doc.dataRules, figures: { buddo: undrawn } } } as Expansion
			]
		];
		for (const [prefix, stripped] of cases) {
			const mine = scenarios.filter((sc) => sc.name!.startsWith(prefix));
			expect(mine.length, prefix).toBeGreaterThan(0);
			const lookup = (x: string) => (x === 'buddo' ? stripped : expansions.get(x));
			for (const sc of mine) expect(failures(sc, lookup), sc.name).toBeGreaterThan(0);
		}
	});
});

describe("The Princess & the Dragon's fairy written as data", () => {
	test('the dragon module states no fairy rule and has no fairy hooks; its document does', () => {
		expect(existsSync('src/lib/engine/modules/dragon/fairy.ts')).toBe(false);
		const dragon = MODULES.find((m) => m.id === 'dragon')!;
		expect(Object.keys(dragon.rules).filter((r) => r.startsWith('DRAGON-4.5.'))).toEqual([]);
		expect(Object.keys(dragon.hooks ?? {})).not.toContain('figureOptions');
		expect(Object.keys(dragon.hooks ?? {})).not.toContain('turnStart');
		expect(Object.keys(dragon.hooks ?? {})).not.toContain('awards');
		// (ruling DRAGON-R4, which of the dragon and the fairy are in play, stays the module's: it names DRAGON-4.5.1)
		const named = sources('src/lib/engine/modules/dragon').filter((f) =>
			/DRAGON-4\.5\.2|DRAGON-R[237]\b/.test(readFileSync(f, 'utf8'))
		);
		expect(named).toEqual([]);
		const doc = expansions.get('dragon')!;
		expect(doc.dataRules?.steps?.map((s) => s.type)).toEqual(['marker', 'send-home']);
	});
	test('without its marker step every scenario moving the fairy fails', () => {
		const doc = expansions.get('dragon')!;
		const stripped = { ...doc, dataRules: { ...doc.dataRules, steps: undefined } } as Expansion;
		const lookup = (x: string) => (x === 'dragon' ? stripped : expansions.get(x));
		const mine = scenarios.filter((sc) => sc.game.moves.some((m) => m.type === 'fairy'));
		expect(mine.length).toBeGreaterThan(8);
		for (const sc of mine) expect(failures(sc, lookup), sc.name).toBeGreaterThan(0);
	});
});
