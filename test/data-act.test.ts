// A designer's figure that rides on, written as data only (test/fixtures/expansions/valid/scout.json):
// a figure action (an act step) — when the scout's road is scored completed its owner takes it
// back or rides on to another open road at a crossroads the road ends at. The engine plays it from
// the document alone; Messengers & Mayors' messenger is the same step (its scenarios MM-MSG-*).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const scout = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/scout.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'scout' ? scout : shipped.get(id));

// junctions west and east of the start tile: its west–east road runs from one crossroads to the other
const game = (moves: Scenario['game']['moves']): Scenario['game'] => ({
	schemaVersion: 1,
	expansions: [{ id: 'base' }, { id: 'scout' }],
	players: ['Ann', 'Bob'],
	seed: 1,
	drawOrder: ['scout/SC-JUNCTION', 'scout/SC-JUNCTION', 'base/A'],
	moves
});
const completeTheRoad = [
	{ type: 'place', x: -1, y: 0, rotation: 0 },
	{ type: 'deploy', figure: 'scout', feature: 'r2' },
	{ type: 'place', x: 1, y: 0, rotation: 2 },
	{ type: 'pass' }
];

describe('a figure action written as data: the scout rides on', () => {
	test('its road scored, the owner chooses among the open roads at both crossroads', () => {
		const r = runScenario(
			{
				name: 'scout',
				rules: ['SCOUT-2'],
				game: game([
					...completeTheRoad,
					{ type: 'scout', choice: 'road', x: -1, y: 0, feature: 'r1' }
				]),
				expect: {
					legal: [
						{ after: 4, move: { type: 'scout', choice: 'back' }, listed: true },
						{
							after: 4,
							move: { type: 'scout', choice: 'road', x: -1, y: 0, feature: 'r3' },
							listed: true
						},
						{
							after: 4,
							move: { type: 'scout', choice: 'road', x: 1, y: 0, feature: 'r1' },
							listed: true
						},
						{
							after: 4,
							move: { type: 'scout', choice: 'road', x: 0, y: 0, feature: 'r1' },
							listed: false
						}
					],
					refusals: [
						{
							after: 4,
							move: { type: 'scout', choice: 'road', x: 0, y: 0, feature: 'r1' },
							code: 'out-of-reach',
							rules: ['SCOUT-2']
						},
						{
							after: 4,
							move: { type: 'scout', choice: 'hide' },
							code: 'bad-choice',
							rules: ['SCOUT-2']
						}
					],
					events: [
						{
							type: 'score',
							move: 3,
							match: { feature: { kind: 'road' }, points: 3, winners: [0] }
						},
						{
							type: 'scoutRides',
							move: 4,
							match: { player: 0, figure: 'scout', kind: 'road', x: -1, y: 0, feature: 'r1' }
						}
					]
				}
			} as Scenario,
			lookup
		);
		expect(r.failures).toEqual([]);
		const text = r.events.flatMap((e) => e.events).find((e) => e.type === 'scoutRides')?.text;
		expect(text).toBe("Ann's scout: ride on to a road — road r1 of (-1,0).");
	});
	test('taking it back is a choice of its own, with its event', () => {
		const r = runScenario(
			{
				name: 'scout-back',
				rules: ['SCOUT-2'],
				game: game([...completeTheRoad, { type: 'scout', choice: 'back' }]),
				expect: {
					events: [{ type: 'scoutBack', move: 4, match: { player: 0, rules: ['SCOUT-2'] } }]
				}
			} as Scenario,
			lookup
		);
		expect(r.failures).toEqual([]);
	});
});
