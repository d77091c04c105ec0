// A designer's title written as data (test/fixtures/expansions/valid/crown.json): the largest city
// completed so far takes the crown; its holder scores 1 per city completed while holding it
// (`during`) and crownPoints at the end (`end`). The engine plays it from the document alone.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const crown = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/crown.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'crown' ? crown : shipped.get(id));

// Ann closes the start tile's city (2 tiles): the crown; Bob's two city caps; Ann closes a second city of 2 tiles
const scenario = (expect: Scenario['expect']): Scenario => ({
	name: 'crown',
	rules: ['CROWN-1', 'CROWN-2', 'CROWN-3'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: 'crown' }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: ['base/E', 'base/H', 'base/E'],
		moves: [
			{ type: 'place', x: 0, y: -1, rotation: 2 },
			{ type: 'pass' },
			{ type: 'place', x: 1, y: -1, rotation: 0 },
			{ type: 'pass' },
			{ type: 'place', x: 1, y: -2, rotation: 2 },
			{ type: 'pass' }
		]
	},
	expect
});

describe('a title written as data: the crown', () => {
	test('the largest city takes it; a city as large does not, and pays its holder; the end pays crownPoints', () => {
		const r = runScenario(
			scenario({
				events: [
					{ type: 'tokenTaken', move: 1, match: { player: 0, token: 'crown', tiles: 2, from: -1 } },
					{
						type: 'tokenScore',
						move: 5,
						match: { player: 0, token: 'crown', points: 1, rules: ['CROWN-2'] }
					},
					{
						type: 'tokenScore',
						move: 5,
						match: {
							player: 0,
							token: 'crown',
							points: 5,
							arithmetic: '5 for the crown',
							rules: ['CROWN-3']
						}
					}
				],
				final: [6, 0]
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
		const texts = r.events.flatMap((e) => e.events).filter((e) => e.type.startsWith('token'));
		expect(texts.map((e) => e.text)).toEqual([
			'Ann completed the largest city so far (2 tiles) and takes the crown.',
			'Ann holds the crown: +1 for 1 city completed this turn.',
			'Ann holds the crown: 5 for the crown.'
		]);
	});
	test('crownPoints is the document’s parameter', () => {
		const tuned = { ...crown, parameters: { crownPoints: 12 } };
		const r = runScenario(scenario({ final: [13, 0] }), (id) =>
			id === 'crown' ? tuned : shipped.get(id)
		);
		expect(r.failures).toEqual([]);
	});
});
