// A designer's neutral figure the dragon is drawn to, written as data only
// (test/fixtures/expansions/valid/gnome.json): a figure that draws the dragon (drawsDragon) and a
// random step at 'dragon-enters' (a toss: the gnome lives or dies), drawn from the game's seeded
// source, a record's fixed outcomes, or entered by the player under a ruling. The engine plays it
// from the document alone, with its own names: move 'toss', events 'gnomeChewed', 'gnomeToss'.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const gnome = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/gnome.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'gnome' ? gnome : shipped.get(id));

// Ann puts the gnome on the monastery at (1,1); Bob's dragon tile at (1,0) wakes the dragon at the
// volcano (0,1), next to the gnome: the dragon must go there (as BUDDO-DRAGON-1-heads, with a gnome)
const scenario = (
	extra: Partial<Scenario['game']>,
	moves: Scenario['game']['moves'],
	expect: Scenario['expect']
): Scenario => ({
	name: 'gnome',
	rules: ['GN-2', 'GN-3'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: 'dragon' }, { id: 'gnome' }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: ['dragon/volcano-field', 'base/B', 'dragon/dragon-straight', 'base/U'],
		...extra,
		moves: [
			{ type: 'place', x: 0, y: 1, rotation: 0 },
			{ type: 'pass' },
			{ type: 'place', x: 1, y: 1, rotation: 0 },
			{ type: 'deploy', figure: 'gnome', feature: 'm1' },
			{ type: 'place', x: 1, y: 0, rotation: 0 },
			{ type: 'pass' },
			{ type: 'dragon', x: 1, y: 1 },
			...moves
		]
	},
	expect
});

describe('a random step written as data: the gnome’s toss', () => {
	test('the dragon is drawn to the gnome and stops; a fixed outcome 0 (the second) removes it', () => {
		const r = runScenario(
			scenario({ outcomes: [0] }, [{ type: 'place', x: -1, y: 0, rotation: 1 }, { type: 'pass' }], {
				refusals: [
					{ after: 6, move: { type: 'dragon', x: 0, y: 0 }, code: 'dragon-drawn', rules: ['GN-2'] }
				],
				legal: [
					{ after: 8, move: { type: 'deploy', figure: 'gnome', feature: 'r1' }, listed: false }
				],
				events: [
					{ type: 'gnomeChewed', move: 6, match: { rules: ['GN-2'] } },
					{ type: 'gnomeToss', move: 6, match: { result: 'dies', rules: ['GN-3'] } },
					{ type: 'dragonStops', move: 6, match: { steps: 1 } }
				]
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});
	test('a fixed outcome 1 (the first): the gnome lives and can be placed again', () => {
		const r = runScenario(
			scenario({ outcomes: [1] }, [{ type: 'place', x: -1, y: 0, rotation: 1 }, { type: 'pass' }], {
				legal: [
					{ after: 8, move: { type: 'deploy', figure: 'gnome', feature: 'r1' }, listed: true }
				],
				events: [{ type: 'gnomeToss', move: 6, match: { result: 'lives' } }]
			}),
			lookup
		);
		expect(r.failures).toEqual([]);
	});
	test('under its ruling the player enters the toss: both outcomes listed, another refused', () => {
		const r = runScenario(
			scenario(
				{ rulings: { 'GN-R1': 'player' } },
				[
					{ type: 'toss', result: 'lives' },
					{ type: 'place', x: -1, y: 0, rotation: 1 },
					{ type: 'pass' }
				],
				{
					legal: [
						{ after: 7, move: { type: 'toss', result: 'dies' }, listed: true },
						{ after: 7, move: { type: 'toss', result: 'lives' }, listed: true }
					],
					refusals: [
						{ after: 7, move: { type: 'toss', result: 'maybe' }, code: 'bad-toss', rules: ['GN-3'] }
					],
					events: [{ type: 'gnomeToss', move: 7, match: { result: 'lives' } }]
				}
			),
			lookup
		);
		expect(r.failures).toEqual([]);
	});
});
