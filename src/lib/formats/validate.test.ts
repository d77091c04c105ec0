import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateExpansion, validateTile } from './validate.ts';
import type { Expansion, Tile } from './schema-types.ts';

const load = (name: string): Expansion => JSON.parse(readFileSync(`test/fixtures/expansions/valid/${name}.json`, 'utf8'));
const errors = (doc: unknown) => validateExpansion(doc).filter((p) => p.severity === 'error');

describe('validateExpansion', () => {
	test('a well-formed set has no errors', () => {
		expect(errors(load('small-set'))).toEqual([]);
	});
	test('a field that forgets its neighbouring city is located by pointer', () => {
		const doc = load('small-set');
		doc.tiles[1].features[2].cities = [];
		expect(errors(doc)).toEqual([
			{
				pointer: '/tiles/1/features/2/cities',
				message: 'field f1 touches city c1 along the north-east corner but does not list it',
				severity: 'error'
			}
		]);
	});
	test('hand-drawn adjacency turns the mismatches into notes', () => {
		const problems = validateExpansion(load('hand-drawn'));
		expect(problems.length).toBeGreaterThan(0);
		expect(problems.every((p) => p.severity === 'note')).toBe(true);
	});
	test('junk never throws and is reported at the root', () => {
		for (const junk of [null, 3, 'x', [], {}, { tiles: 'no' }]) {
			const problems = validateExpansion(junk);
			expect(problems.length).toBeGreaterThan(0);
		}
	});
});

describe('validateTile', () => {
	test('checks one tile with pointers relative to it', () => {
		const tile: Tile = structuredClone(load('small-set').tiles[1]);
		expect(validateTile(tile)).toEqual([]);
		tile.features[1].sides = ['E', 'N'];
		expect(validateTile(tile).map((p) => p.pointer)).toContain('/features/1/sides/1');
	});
	test('knows the modifiers its expansion declares', () => {
		const tile: Tile = structuredClone(load('small-set').tiles[2]);
		tile.features[0].modifiers = { wine: 1 };
		expect(validateTile(tile).map((p) => p.severity)).toEqual(['warning']);
		const expansion = { id: 'x', modifiers: { wine: 'a barrel of wine' } };
		expect(validateTile(tile, { expansion })).toEqual([]);
	});
});
