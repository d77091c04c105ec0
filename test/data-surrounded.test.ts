// A designer's figure that acts when its tile is surrounded, written as data only
// (test/fixtures/expansions/valid/sentinel.json): a figure action with `when: "surrounded"` — the
// placement that gives the sentinel's tile its fourth neighbour lets its owner set it on guard (its
// strength from then on), call a follower to take its place, or take it back. The engine plays it
// from the document alone; Messengers & Mayors' mayor and scarecrow are the same step (MM-MAYOR-*,
// MM-CROW-*, MM-HALL-5 scenarios).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const sentinel = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/sentinel.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'sentinel' ? sentinel : shipped.get(id));

// Ann's sentinel on the post east of the start tile; monasteries above and below it, Bob's post east of it
const game = (moves: Scenario['game']['moves']): Scenario['game'] => ({
	schemaVersion: 1,
	expansions: [{ id: 'base' }, { id: 'sentinel' }],
	players: ['Ann', 'Bob'],
	seed: 1,
	drawOrder: ['sentinel/SN-POST', 'base/B', 'base/B', 'sentinel/SN-POST', 'base/B', 'base/B'],
	moves
});
const surround = [
	{ type: 'place', x: 1, y: 0, rotation: 1 },
	{ type: 'deploy', figure: 'sentinel', feature: 'r1' },
	{ type: 'place', x: 1, y: -1, rotation: 0 },
	{ type: 'pass' },
	{ type: 'place', x: 1, y: 1, rotation: 0 },
	{ type: 'pass' },
	{ type: 'place', x: 2, y: 0, rotation: 1 }
];
const play = (name: string, moves: Scenario['game']['moves'], expect: Scenario['expect']) =>
	runScenario(
		{ name, rules: ['SENT-2'], game: game([...surround, ...moves]), expect } as Scenario,
		lookup
	);

describe('a figure action on a surrounded tile, written as data: the sentinel', () => {
	test('surrounded by a placement of the other player, the owner chooses; on guard it counts 2', () => {
		const r = play(
			'sentinel-guard',
			[
				{ type: 'sentinel', choice: 'guard' },
				{ type: 'pass' },
				{ type: 'place', x: 0, y: 1, rotation: 0 },
				{ type: 'pass' },
				{ type: 'place', x: 2, y: 1, rotation: 0 },
				{ type: 'pass' }
			],
			{
				legal: [
					{ after: 7, move: { type: 'sentinel', choice: 'guard' }, listed: true },
					{ after: 7, move: { type: 'sentinel', choice: 'call' }, listed: true },
					{ after: 7, move: { type: 'sentinel', choice: 'back' }, listed: true },
					{ after: 8, move: { type: 'deploy', figure: 'follower', feature: 'r1' }, listed: false }
				],
				refusals: [
					{
						after: 8,
						move: { type: 'deploy', figure: 'follower', feature: 'r1' },
						code: 'feature-occupied',
						rules: ['BASE-1.4.3']
					},
					{
						after: 7,
						move: { type: 'sentinel', choice: 'sleep' },
						code: 'bad-choice',
						rules: ['SENT-2']
					}
				],
				events: [
					{
						type: 'trigger',
						move: 6,
						match: { player: 0, rules: ['SENT-2'], figure: { figure: 'sentinel', x: 1, y: 0 } }
					},
					{
						type: 'sentinelGuards',
						move: 7,
						match: { player: 0, rules: ['SENT-2'], x: 1, y: 0, feature: 'r1' }
					},
					{
						type: 'score',
						match: {
							final: true,
							feature: { kind: 'road' },
							figures: [{ figure: 'sentinel', owner: 0, strength: 2 }]
						}
					}
				]
			}
		);
		expect(r.failures).toEqual([]);
		const text = r.events.flatMap((e) => e.events).find((e) => e.type === 'sentinelGuards')?.text;
		expect(text).toBe("Ann's sentinel at (1,0): on guard.");
	});
	test('calling a follower puts one of the owner’s in its place; taking it back empties the road', () => {
		const called = play('sentinel-call', [{ type: 'sentinel', choice: 'call' }], {
			events: [{ type: 'sentinelCalls', move: 7, match: { player: 0, x: 1, y: 0, feature: 'r1' } }]
		});
		expect(called.failures).toEqual([]);
		const back = play('sentinel-back', [{ type: 'sentinel', choice: 'back' }], {
			events: [{ type: 'sentinelBack', move: 7, match: { player: 0, rules: ['SENT-2'] } }]
		});
		expect(back.failures).toEqual([]);
	});
});
