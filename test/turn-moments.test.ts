// The turn's sequence as data: base.json declares the engine's moments (dataRules.turn), a document
// adds a moment of its own after one of them (dataRules.moments) and a token step sits there
// (test/fixtures/expansions/valid/lantern-evening.json: the lighthouse's token step at 'evening',
// after the turn's scoring, so the turn's figure comes first).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { runScenario, type Scenario } from '../src/lib/engine/scenario.ts';
import { PHASES } from '../src/lib/engine/phases.ts';
import { turnSequence } from '../src/lib/formats/turn-moments.ts';
import { contextFor } from '../src/lib/engine/context.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Expansion;
const evening = read('test/fixtures/expansions/valid/lantern-evening.json');
const lookup = (id: string) => (id === evening.id ? evening : shipped.get(id));

const scenario = (moves: Scenario['game']['moves'], expect: Scenario['expect']): Scenario => ({
	name: 'lantern-evening',
	rules: ['LH-1'],
	game: {
		schemaVersion: 1,
		expansions: [{ id: 'base' }, { id: evening.id }],
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: ['lantern-evening/LH-STRAIGHT', 'base/A', 'base/A'],
		moves
	},
	expect
});

describe("the turn's sequence as data", () => {
	test("base.json declares the engine's moments, in the order the turn loop runs them", () => {
		expect(shipped.get('base')?.dataRules?.turn).toEqual([...PHASES]);
	});

	test('an added moment goes right after the moment it names, after those added there before it', () => {
		const added = new Map([
			['dusk', 'afterScore'],
			['night', 'dusk'],
			['market', 'afterFigure'],
			['evening', 'afterScore']
		]);
		expect(turnSequence(added)).toEqual([
			'turnStart',
			'draw',
			'placed',
			'figure',
			'figureDone',
			'afterFigure',
			'market',
			'score',
			'afterScore',
			'dusk',
			'night',
			'evening',
			'turnEnd'
		]);
		// a moment after one nobody adds, or after the turn's end, is not in the turn
		expect(turnSequence(new Map([['x', 'nowhere']]))).toEqual([...PHASES]);
		expect(turnSequence(new Map([['x', 'turnEnd']]))).toEqual([...PHASES]);
	});

	test('a token step at an added moment comes after the figure step and the scoring', () => {
		const r = runScenario(
			scenario(
				[
					{ type: 'place', x: 1, y: 0, rotation: 0 },
					{ type: 'deploy', figure: 'follower', feature: 'f1' },
					{ type: 'lighthouse', feature: 'r1' }
				],
				{
					legal: [
						// the figure step first: the token is not yet there to bar the road
						{ after: 1, move: { type: 'deploy', figure: 'follower', feature: 'r1' }, listed: true },
						{ after: 1, move: { type: 'lighthouse', feature: 'r1' }, listed: false },
						{ after: 2, move: { type: 'lighthouse', feature: 'r1' }, listed: true }
					],
					events: [
						{ type: 'deploy', move: 1, match: { player: 0 } },
						{ type: 'lighthouse', move: 2, match: { player: 0, feature: 'r1', rules: ['LH-1'] } }
					]
				} as Scenario['expect']
			),
			lookup
		);
		expect(r.failures).toEqual([]);
	});

	test('a game without added moments compiles none: the turn loop tests one null', () => {
		const base = shipped.get('base')!;
		expect(contextFor([base], []).moments).toBeNull();
		expect(
			contextFor([base, evening], []).moments?.[PHASES.indexOf('afterScore') + 1]
		).toHaveLength(1);
	});
});
