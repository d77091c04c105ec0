// A designer's held tile that goes in a hole, written as data only
// (test/fixtures/expansions/valid/plazas.json): each player holds a plaza, offered in a step of its
// own (`offer: own-step`) only when a hole is free (`where: hole`: a tile on each of its four sides),
// beside a pass that draws as usual; after the last land tile a final round asks each holder once,
// in turn order (`endsGame: after-a-final-round`), unless ruling PZ-R1 says there is none. The same
// step plays Abbey & Mayor's abbey (expansions/abbey-and-mayor.json, scenarios AM-5.1.*).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const plazas = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/plazas.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'plazas' ? plazas : shipped.get(id));

// straight roads at (-1,0) and (1,0), monasteries at (-1,-1), (-1,-2) and (1,-1), a city cap at
// (0,-2) facing south: the cell (0,-1) becomes a hole once the sixth tile is placed
const around = [
	{ type: 'place', x: -1, y: 0, rotation: 1 },
	{ type: 'pass' },
	{ type: 'place', x: 1, y: 0, rotation: 1 },
	{ type: 'pass' },
	{ type: 'place', x: -1, y: -1, rotation: 0 },
	{ type: 'pass' },
	{ type: 'place', x: -1, y: -2, rotation: 0 },
	{ type: 'pass' },
	{ type: 'place', x: 0, y: -2, rotation: 2 },
	{ type: 'pass' },
	{ type: 'place', x: 1, y: -1, rotation: 0 },
	{ type: 'pass' }
];
const drawn = ['base/U', 'base/U', 'base/B', 'base/B', 'base/E', 'base/B'];

const scenario = (
	drawOrder: string[],
	moves: Scenario['game']['moves'],
	expect: Scenario['expect'],
	rulings?: Record<string, string>
): Scenario => ({
	name: 'plazas',
	rules: ['PZ-1', 'PZ-2'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: 'plazas' }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder,
		...(rulings ? { rulings } : {}),
		moves
	},
	expect
});

describe('a held tile in a hole, with a final round: the plazas', () => {
	test('offered in its own step only once a hole is free: the hole or a pass, nowhere else', () => {
		const r = runScenario(
			scenario([...drawn, 'base/B'], [...around, { type: 'pass' }], {
				legal: [
					// no hole yet: the turn begins with the draw, no plaza step
					{ after: 0, move: { type: 'plaza', x: 0, y: -1 }, listed: false },
					{ after: 12, move: { type: 'plaza', x: 0, y: -1 }, listed: true },
					{ after: 12, move: { type: 'pass' }, listed: true },
					{ after: 12, move: { type: 'plaza', x: 1, y: -2 }, listed: false }
				],
				refusals: [
					{
						after: 12,
						move: { type: 'plaza', x: 1, y: -2 },
						code: 'not-a-hole',
						rules: ['PZ-1']
					}
				],
				events: [{ type: 'pass', move: 12, match: { step: 'plaza', rules: ['PZ-1'] } }]
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('placed in the hole instead of drawing, it closes what runs into it; the tile stays to draw', () => {
		const r = runScenario(
			scenario([...drawn, 'base/B'], [...around, { type: 'plaza', x: 0, y: -1 }], {
				events: [
					{
						type: 'place',
						move: 12,
						match: { plaza: true, end: false, x: 0, y: -1, rules: ['PZ-1'] }
					}
				],
				finished: false
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('after the last tile each holder is asked once, from the next player: a pass, a placement, the end', () => {
		const r = runScenario(
			scenario(
				drawn,
				[...around, { type: 'pass' }, { type: 'plaza', x: 0, y: -1 }, { type: 'pass' }],
				{
					events: [
						{ type: 'pass', move: 12, match: { player: 0, step: 'plaza-end', rules: ['PZ-2'] } },
						{
							type: 'place',
							move: 13,
							match: { player: 1, plaza: true, end: true, rules: ['PZ-2'] }
						}
					],
					finished: true
				}
			),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('ruling PZ-R1 = no-round: the game ends with the last land tile, the plazas still held', () => {
		const r = runScenario(
			scenario(drawn, around, { finished: true }, { 'PZ-R1': 'no-round' }),
			lookup
		);
		expect(r.failures).toEqual([]);
		const round = runScenario(scenario(drawn, around, { finished: true }), lookup);
		expect(round.failures).toEqual(['finished is false, expected true']);
	});
});
