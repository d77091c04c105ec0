// A designer's held tile written as data only (test/fixtures/expansions/valid/guild-halls.json): each
// player holds two guild halls (a held-tile step) and may place one instead of drawing; with no land
// tile left the holders must place theirs and the others skip; around a monastery a guild hall counts
// 0 unless ruling GH-R1 says it counts. The engine plays it from the document alone.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const halls = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/guild-halls.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'guild-halls' ? halls : shipped.get(id));

const scenario = (
	drawOrder: string[],
	moves: Scenario['game']['moves'],
	expect: Scenario['expect'],
	rulings?: Record<string, string>
): Scenario => ({
	name: 'guild halls',
	rules: ['GH-1', 'GH-2', 'GH-3'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: 'guild-halls' }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder,
		...(rulings ? { rulings } : {}),
		moves
	},
	expect
});

// Ann's monk on the monastery at (0,1), below the start tile; then no land tile is left and the four
// guild halls must go around it: (1,1) Bob, (-1,1) Ann, (1,0) Bob, (-1,0) Ann
const endGame = [
	{ type: 'draw' },
	{ type: 'place', tile: 'base/B', x: 0, y: 1, rotation: 0 },
	{ type: 'deploy', figure: 'follower', feature: 'm1' },
	{ type: 'guild-hall', x: 1, y: 1 },
	{ type: 'pass' },
	{ type: 'guild-hall', x: -1, y: 1 },
	{ type: 'pass' },
	{ type: 'guild-hall', x: 1, y: 0 },
	{ type: 'pass' },
	{ type: 'guild-hall', x: -1, y: 0 },
	{ type: 'pass' }
];

describe('a held tile written as data: the guild halls', () => {
	test('no figure may stand on a guild hall: the refusal cites the step’s figureRules', () => {
		const r = runScenario(
			scenario(['base/A'], [{ type: 'guild-hall', x: 1, y: 0 }], {
				refusals: [
					{
						after: 1,
						move: { type: 'deploy', figure: 'follower', feature: 'f1' },
						code: 'no-such-feature',
						rules: ['GH-1', 'BASE-1.4.1']
					}
				]
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('at the start of a turn the step offers the draw or the guild hall beside the board; placed, it is held no more', () => {
		const r = runScenario(
			scenario(['base/A', 'base/A'], [{ type: 'guild-hall', x: 1, y: 0 }, { type: 'pass' }], {
				legal: [
					{ after: 0, move: { type: 'draw' }, listed: true },
					{ after: 0, move: { type: 'guild-hall', x: 1, y: 0 }, listed: true },
					{ after: 0, move: { type: 'guild-hall', x: 2, y: 0 }, listed: false }
				],
				refusals: [
					{
						after: 0,
						move: { type: 'guild-hall', x: 0, y: 0 },
						code: 'cell-occupied',
						rules: ['GH-1']
					}
				],
				events: [
					{
						type: 'place',
						move: 0,
						match: { guildHall: true, forced: false, rules: ['GH-1'], x: 1, y: 0 }
					}
				]
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('with no land tile left the holders must place theirs (no draw offered); the game ends once all are placed', () => {
		const r = runScenario(
			scenario(['base/B'], endGame, {
				legal: [{ after: 3, move: { type: 'draw' }, listed: false }],
				events: [
					{ type: 'place', move: 3, match: { guildHall: true, forced: true, rules: ['GH-2'] } },
					{ type: 'allPlaced', move: 10, match: { rules: ['GH-2'] } }
				],
				finished: true
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('around a monastery a guild hall counts 0 (GH-3), or 1 under ruling GH-R1 = counts', () => {
		// 1 + 5 tiles around − 4 guild halls = 2; counted: 6
		const zero = runScenario(scenario(['base/B'], endGame, { final: [2, 0] }), lookup);
		expect(zero.failures).toEqual([]);
		const counts = runScenario(
			scenario(['base/B'], endGame, { final: [6, 0] }, { 'GH-R1': 'counts' }),
			lookup
		);
		expect(counts.failures).toEqual([]);
	});
});
