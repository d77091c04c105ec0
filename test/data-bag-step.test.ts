// The bag step beyond Hills & Sheep (its shepherd: scenarios HS-SHEEP-*): a designer's miner on a
// city (test/fixtures/expansions/valid/gold-miners.json) digs a nugget from the bag at once; a city
// that can grow no more (completed: no open side) cashes its hoard in at once, citing closedRules.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const miners = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/gold-miners.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === miners.id ? miners : shipped.get(id));

describe('a bag step written as data: the gold miner', () => {
	test('placed on a city its tile completes, the miner digs (the first token: 1 gold) and the city cashes in at once', () => {
		const scenario: Scenario = {
			name: 'gold-miners',
			rules: ['GOLD-1', 'GOLD-2'],
			game: {
				schemaVersion: 1,
				expansions: [{ id: 'base' }, { id: miners.id }],
				players: ['Ann', 'Bob'],
				seed: 1,
				drawOrder: ['gold-miners/GM-CAP', 'base/A'],
				draws: [0],
				moves: [
					// the cap's city faces south onto the start tile's: the city is complete
					{ type: 'place', x: 0, y: -1, rotation: 2 },
					{ type: 'deploy', figure: 'miner', feature: 'c1' }
				]
			},
			expect: {
				events: [
					{ type: 'dig', move: 1, match: { player: 0, drawn: 1, hoard: [1], rules: ['GOLD-1'] } },
					{ type: 'digScore', move: 1, match: { points: 1, rules: ['GOLD-2'] } }
				],
				scores: [{ after: 2, scores: [1, 0] }]
			}
		} as Scenario;
		const r = runScenario(scenario, lookup);
		expect(r.failures).toEqual([]);
		const texts = r.events.flatMap((e) => e.events).map((e) => e.text);
		expect(texts).toContain("Ann's miner draws 1 gold: the hoard at (0,-1) has 1.");
		expect(texts).toContain('The hoard at (0,-1) goes to the bank: Ann +1 (1 × 1 gold = 1).');
	});
});
