// A second figure in the turn, written as data (a second-figure step): the designer's pages
// (test/fixtures/expansions/valid/page.json) — after the turn's figure action a page may follow on
// the tile just placed, but not after a pass nor after the court banished a follower (its
// `notAfter`); and the phantom (expansions/phantom.json), whose TypeScript module is gone: without
// its step the PHANTOM-2 scenario fails.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const fixture = (id: string) =>
	JSON.parse(readFileSync(`test/fixtures/expansions/valid/${id}.json`, 'utf8')) as Expansion;
const docs = new Map([...shipped, ['court', fixture('court')], ['page', fixture('page')]]);

const game = (drawOrder: string[], moves: Scenario['game']['moves']): Scenario['game'] => ({
	schemaVersion: 1,
	expansions: [{ id: 'base' }, { id: 'court' }, { id: 'page' }],
	players: ['Ann', 'Bob'],
	seed: 1,
	drawOrder,
	moves
});
const run = (sc: Omit<Scenario, 'name'>, lookup = (id: string) => docs.get(id)) =>
	runScenario({ name: 'page', ...sc }, lookup).failures;

describe('a second figure in the turn written as data: the pages', () => {
	test('after a follower, a page on the tile just placed: the page only, or a pass', () => {
		const moves = [
			{ type: 'place', x: 1, y: 0, rotation: 1 },
			{ type: 'deploy', figure: 'follower', feature: 'r1' },
			{ type: 'deploy', figure: 'page', feature: 'f1' },
			{ type: 'place', x: -1, y: 0, rotation: 1 },
			{ type: 'pass' }
		];
		const failures = run({
			rules: ['PAGE-2'],
			game: game(['base/U', 'base/U', 'base/U'], moves),
			expect: {
				legal: [
					{ after: 2, move: { type: 'deploy', figure: 'page', feature: 'f1' }, listed: true },
					{ after: 2, move: { type: 'pass' }, listed: true },
					{ after: 2, move: { type: 'deploy', figure: 'follower', feature: 'f1' }, listed: false },
					// Bob passed: no page follows, Ann places the next tile
					{ after: 5, move: { type: 'place', x: 2, y: 0, rotation: 1 }, listed: true }
				],
				refusals: [
					{
						after: 2,
						move: { type: 'deploy', figure: 'follower', feature: 'f1' },
						code: 'wrong-figure',
						rules: ['PAGE-2']
					}
				],
				events: [
					{
						type: 'deploy',
						move: 2,
						match: { player: 0, figure: 'page', rules: ['PAGE-1', 'PAGE-2'] }
					}
				]
			}
		});
		expect(failures).toEqual([]);
	});
	// Ann's knight in a full city north of the start; Bob's court city joins it and banishes it
	const banished = game(
		['base/C', 'court/COURT-CITY', 'base/U'],
		[
			{ type: 'place', x: 0, y: -1, rotation: 0 },
			{ type: 'deploy', figure: 'follower', feature: 'c1' },
			{ type: 'place', x: -1, y: -1, rotation: 0 },
			{ type: 'banish', x: 0, y: -1, feature: 'c1', owner: 0, figure: 'follower' }
		]
	);
	const pageAfterBanish = { after: 4, move: { type: 'deploy', figure: 'page', feature: 'f1' } };
	test('not after the court banished a follower (notAfter); without notAfter, a page follows', () => {
		expect(
			run({
				rules: ['PAGE-2'],
				game: banished,
				expect: { legal: [{ ...pageAfterBanish, listed: false }] }
			})
		).toEqual([]);
		const page = fixture('page');
		const steps = page.dataRules!.steps!.map((s) => ({ ...s, notAfter: undefined }));
		const loose = { ...page, dataRules: { ...page.dataRules, steps } } as Expansion;
		const lookup = (id: string) => (id === 'page' ? loose : docs.get(id));
		const game2 = {
			rules: ['PAGE-2'],
			game: banished,
			expect: { legal: [{ ...pageAfterBanish, listed: true }] }
		};
		expect(run(game2, lookup)).toEqual([]);
	});
});

describe('the phantom written as data', () => {
	const phantom = JSON.parse(
		readFileSync('scenarios/PHANTOM-2-phantom-after-the-turns-figure.json', 'utf8')
	) as Scenario;
	test('its module is gone and no source names its rules; its document plays PHANTOM-2', () => {
		expect(existsSync('src/lib/engine/modules/phantom.ts')).toBe(false);
		const sources = (dir: string): string[] =>
			readdirSync(dir, { withFileTypes: true }).flatMap((f) =>
				f.isDirectory() ? sources(`${dir}/${f.name}`) : [`${dir}/${f.name}`]
			);
		expect(sources('src').filter((f) => readFileSync(f, 'utf8').includes('PHANTOM-'))).toEqual([]);
		expect(runScenario(phantom, (id) => shipped.get(id)).failures).toEqual([]);
	});
	test('without its second-figure step the PHANTOM-2 scenario fails', () => {
		const doc = shipped.get('phantom')!;
		const stripped = { ...doc, dataRules: { ...doc.dataRules, steps: undefined } } as Expansion;
		const lookup = (id: string) => (id === 'phantom' ? stripped : shipped.get(id));
		expect(runScenario(phantom, lookup).failures.length).toBeGreaterThan(0);
	});
});
