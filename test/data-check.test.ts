// A check at setup written as data (a dataRules rule of type 'check'): the game's tiles with an
// icon, land and river, counted against the numbers the rule expects; one event says what was
// found. Messengers & Mayors' mayor-symbol tiles against ruling MM-R6 are such a check (its
// scenarios MM-SETUP-3-*, MM-R6-*); here a designer's starred tiles, from the document alone.
import { describe, expect, test } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { startGame } from '../src/lib/engine/index.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { ruleRegistry as registry } from '../src/lib/engine/registry.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const base = shipped.get('base')!;
const monastery = base.tiles.find((t) => t.id === 'B')!;

/** Two starred monasteries, and a check that expects `land` of them (3 with ruling ST-R1 = three). */
const starred = (land: unknown): Expansion => ({
	id: 'starred',
	name: 'Starred',
	version: '1.0.0',
	formatVersion: 2,
	dependencies: ['base'],
	icons: { star: 'A star: marks this expansion’s tiles.' },
	dataRules: {
		rulings: {
			'ST-R1': {
				description: 'How many starred tiles the box holds.',
				default: 'two',
				options: { two: 'two', three: 'three' },
				rules: ['ST-1']
			}
		},
		rules: [
			{
				id: 'ST-1',
				type: 'check',
				text: 'The starred tiles are shuffled into the land tiles.',
				icon: 'star',
				land: land as number,
				river: 0
			}
		]
	},
	tiles: [{ ...monastery, id: 'starred', name: 'Starred monastery', count: 2, icons: ['star'] }]
});

const setupEvent = (doc: Expansion, rulings?: Record<string, string>) =>
	startGame({ expansions: [base, doc], players: ['Ann', 'Bob'], seed: 1, rulings }).events.find(
		(e) => e.type === 'check'
	);

describe('a check at setup written as data', () => {
	const doc = starred({ if: [{ var: 'ruling.ST-R1.three' }, 3, 2] });
	test('the document validates clean', () => {
		const problems = validateExpansion(doc, { available: shipped, registry });
		expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
	});
	test('its event counts the tiles with the icon and says the set matches', () => {
		const ev = setupEvent(doc);
		expect(ev).toMatchObject({
			rules: ['ST-1'],
			starTiles: { land: 2, river: 0 },
			tileSetMatches: true
		});
	});
	test('under a ruling that expects another count the set does not match, and the log says so', () => {
		const ev = setupEvent(doc, { 'ST-R1': 'three' });
		expect(ev).toMatchObject({ starTiles: { land: 2, river: 0 }, tileSetMatches: false });
		expect(ev?.text).toContain('rule ST-1 expects 3 land and 0 river tiles');
	});
});
