// A designer's mechanic with a move, written as data only (test/fixtures/expansions/valid/lighthouse.json):
// after placing a tile with a lighthouse icon the player puts a lighthouse token on one of its
// roads (a token step); a completed road with a lighthouse scores 1 more per tile (a value rule);
// the token then returns to the supply. The engine plays it from the document alone.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const lighthouse = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/lighthouse.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'lighthouse' ? lighthouse : shipped.get(id));

// the start tile's road runs west–east: a lighthouse straight at (1,0), monastery road ends at (2,0) and (-1,0)
const scenario = (moves: Scenario['game']['moves'], expect: Scenario['expect']): Scenario => ({
	name: 'lighthouse',
	rules: ['LH-1', 'LH-2'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: 'lighthouse' }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: ['lighthouse/LH-STRAIGHT', 'base/A', 'base/A'],
		moves
	},
	expect
});
const placeLighthouse = [
	{ type: 'place', x: 1, y: 0, rotation: 0 },
	{ type: 'lighthouse', feature: 'r1' }
];

describe('a token step written as data: the lighthouse', () => {
	test('after its tile, the step offers its roads only; the token bars the turn’s figure from its road', () => {
		const r = runScenario(
			scenario([...placeLighthouse, { type: 'pass' }], {
				legal: [
					{ after: 1, move: { type: 'lighthouse', feature: 'r1' }, listed: true },
					{ after: 1, move: { type: 'lighthouse', feature: 'f1' }, listed: false }
				],
				refusals: [
					{
						after: 1,
						move: { type: 'lighthouse', feature: 'f1' },
						code: 'lighthouse-occupied',
						rules: ['LH-1']
					},
					{
						after: 2,
						move: { type: 'deploy', figure: 'follower', feature: 'r1' },
						code: 'lighthouse-feature',
						rules: ['LH-1']
					}
				],
				events: [
					{
						type: 'lighthouse',
						move: 1,
						match: { player: 0, feature: 'r1', kind: 'road', rules: ['LH-1'] }
					}
				]
			} as Scenario['expect']),
			lookup
		);
		expect(r.failures).toEqual([]);
		const text = r.events.flatMap((e) => e.events).find((e) => e.type === 'lighthouse')?.text;
		expect(text).toBe(
			'Ann puts a lighthouse token on road r1 of the lighthouse tile at (1,0); no figure may join that road this turn (it was the only free feature).'
		);
	});
	test('its completed road scores 1 more per tile, and the token goes back to the supply', () => {
		const r = runScenario(
			scenario(
				[
					...placeLighthouse,
					{ type: 'pass' },
					{ type: 'place', x: 2, y: 0, rotation: 1 },
					{ type: 'deploy', figure: 'follower', feature: 'r1' },
					{ type: 'place', x: -1, y: 0, rotation: 3 },
					{ type: 'pass' }
				],
				{
					events: [
						{
							type: 'score',
							move: 6,
							match: { feature: { kind: 'road' }, points: 8, winners: [1] }
						},
						{ type: 'lighthousesReturn', move: 6, match: { count: 1, rules: ['LH-2'] } }
					],
					finished: true
				} as Scenario['expect']
			),
			lookup
		);
		expect(r.failures).toEqual([]);
		const score = r.events.flatMap((e) => e.events).find((e) => e.type === 'score')?.text;
		expect(score).toContain('Bob +8 (4 tiles × (1 + 1 lighthouse) = 8)');
	});
});

// A designer's piece step written as data only (test/fixtures/expansions/valid/watchtower.json):
// instead of the turn's figure, a watchman on a city part with a watchtower of the tile just placed;
// a completed city pays the watchman's owner 1 per tile.
const watchtower = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/watchtower.json', 'utf8')
) as Expansion;
const watchLookup = (id: string) => (id === 'watchtower' ? watchtower : shipped.get(id));
const watchScenario = (moves: Scenario['game']['moves'], expect: Scenario['expect']): Scenario => ({
	name: 'watchtower',
	rules: ['WT-1', 'WT-2'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: 'watchtower' }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: ['watchtower/WT-CAP', 'base/A'],
		moves
	},
	expect
});

describe('a piece step written as data: the watchman, instead of the turn’s figure', () => {
	// the watchtower cap at (0,-1) turned south closes the start tile's city
	const place = { type: 'place', x: 0, y: -1, rotation: 2 };
	test('listed on the watchtower only; placed, it is the turn’s figure: the city scores at once', () => {
		const r = runScenario(
			watchScenario([place, { type: 'watchman', feature: 'c1' }], {
				legal: [
					{ after: 1, move: { type: 'watchman', feature: 'c1' }, listed: true },
					{ after: 1, move: { type: 'watchman', feature: 'f1' }, listed: false }
				],
				refusals: [
					{
						after: 1,
						move: { type: 'watchman', feature: 'f1' },
						code: 'not-watchman-place',
						rules: ['WT-1']
					}
				],
				events: [
					{
						type: 'watchman',
						move: 1,
						match: { player: 0, feature: 'c1', role: 'lookout', rules: ['WT-1'] }
					},
					{ type: 'score', move: 1, match: { feature: { kind: 'city' } } }
				],
				scores: [{ after: 2, scores: [2, 0] }]
			} as Scenario['expect']),
			watchLookup
		);
		expect(r.failures).toEqual([]);
		const text = r.events.flatMap((e) => e.events).find((e) => e.type === 'watchman')?.text;
		expect(text).toBe(
			'Ann puts a watchman as lookout on c1 of (0,-1), instead of the usual figure.'
		);
	});
});
