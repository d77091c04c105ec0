// A designer's court, written as data only (test/fixtures/expansions/valid/court.json): a send-home
// step — the player who places a court tile may, instead of a figure, send a follower standing in
// the court's city (anyone's) home; under ruling COURT-R1 = must that is the only move. The engine
// plays it from the document alone; the festival and the princess are the same step (scenarios
// FEST-1-*, DRAGON-4.6.1-*, DRAGON-R5-*).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const court = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/court.json', 'utf8')
) as Expansion;
const lookup = (id: string) => (id === 'court' ? court : shipped.get(id));

// Ann's knight in a full city north of the start; Bob's court city joins it from the west
const game = (
	moves: Scenario['game']['moves'],
	rulings?: Record<string, string>
): Scenario['game'] => ({
	schemaVersion: 1,
	expansions: [{ id: 'base' }, { id: 'court' }],
	players: ['Ann', 'Bob'],
	seed: 1,
	drawOrder: ['base/C', 'court/COURT-CITY'],
	moves: [
		{ type: 'place', x: 0, y: -1, rotation: 0 },
		{ type: 'deploy', figure: 'follower', feature: 'c1' },
		{ type: 'place', x: -1, y: -1, rotation: 0 },
		...moves
	],
	...(rulings ? { rulings } : {})
});
const knight = { x: 0, y: -1, feature: 'c1', owner: 0, figure: 'follower' };

describe('a piece sent home written as data: the court', () => {
	test('instead of a figure, Bob sends Ann’s knight home; the log says it in the document’s words', () => {
		const r = runScenario(
			{
				name: 'court',
				rules: ['COURT-1'],
				game: game([{ type: 'banish', ...knight }]),
				expect: {
					legal: [
						{ after: 3, move: { type: 'banish', ...knight }, listed: true },
						{ after: 3, move: { type: 'pass' }, listed: true }
					],
					refusals: [
						{
							after: 3,
							move: { type: 'banish', ...knight, owner: 1 },
							code: 'no-one-to-banish',
							rules: ['COURT-1']
						}
					],
					events: [
						{
							type: 'banish',
							move: 3,
							match: {
								player: 1,
								rules: ['COURT-1'],
								removed: { owner: 0, figure: 'follower', x: 0, y: -1 },
								text: "Bob banishes Ann's follower from the court's city at (0,-1): back to supply."
							}
						}
					]
				}
			},
			lookup
		);
		expect(r.failures).toEqual([]);
	});
	test('under COURT-R1 = must it is the only move, and the event cites the ruling', () => {
		const r = runScenario(
			{
				name: 'court-must',
				rules: ['COURT-1', 'COURT-R1'],
				game: game([{ type: 'banish', ...knight }], { 'COURT-R1': 'must' }),
				expect: {
					legal: [
						{ after: 3, move: { type: 'banish', ...knight }, listed: true },
						{ after: 3, move: { type: 'pass' }, listed: false }
					],
					refusals: [{ after: 3, move: { type: 'pass' }, code: 'wrong-step' }],
					events: [{ type: 'banish', move: 3, match: { rules: ['COURT-1', 'COURT-R1'] } }]
				}
			},
			lookup
		);
		expect(r.failures).toEqual([]);
	});
	test('no court on the tile just placed: nothing to send home, the move refused', () => {
		const r = runScenario(
			{
				name: 'court-none',
				rules: ['COURT-1'],
				game: {
					...game([]),
					drawOrder: ['base/C', 'base/C'],
					moves: [
						{ type: 'place', x: 0, y: -1, rotation: 0 },
						{ type: 'deploy', figure: 'follower', feature: 'c1' },
						{ type: 'place', x: -1, y: -1, rotation: 0 }
					]
				},
				expect: {
					legal: [{ after: 3, move: { type: 'banish', ...knight }, listed: false }],
					refusals: [{ after: 3, move: { type: 'banish', ...knight }, code: 'no-one-to-banish' }]
				}
			},
			lookup
		);
		expect(r.failures).toEqual([]);
	});
});
