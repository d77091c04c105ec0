import { expect, test } from 'vitest';
import type { Expansion } from '../formats/schema-types.ts';
import {
	addTile,
	deleteTile,
	duplicateExpansion,
	duplicateTile,
	featureTotals,
	moveTile,
	setMeta
} from './expansion-commands.ts';

const doc = (): Expansion => ({
	id: 'x',
	name: 'X',
	version: '1.0.0',
	official: true,
	tiles: [
		{
			id: 'A',
			count: 2,
			features: [
				{ id: 'c1', type: 'city', sides: ['N'] },
				{ id: 'f1', type: 'field', halves: ['SL'] }
			]
		},
		{ id: 'B', count: { perPlayer: 1 }, features: [{ id: 'c1', type: 'city', sides: ['N'] }] },
		{ id: 'C', count: 1, features: [{ id: 'r1', type: 'road', sides: ['E', 'W'] }] }
	]
});

test('tiles are added with a free id, duplicated next to the original, deleted and moved', () => {
	let d = addTile(doc()).doc;
	expect(d.tiles.map((t) => t.id)).toEqual(['A', 'B', 'C', 'T4']);
	const dup = duplicateTile(d, 0);
	expect(dup.index).toBe(1);
	expect(dup.doc.tiles.map((t) => t.id)).toEqual(['A', 'A-2', 'B', 'C', 'T4']);
	d = deleteTile(dup.doc, 2);
	expect(d.tiles.map((t) => t.id)).toEqual(['A', 'A-2', 'C', 'T4']);
	d = moveTile(d, 3, 0);
	expect(d.tiles.map((t) => t.id)).toEqual(['T4', 'A', 'A-2', 'C']);
	expect(moveTile(d, 0, 9)).toBe(d);
});

test('totals per feature type respect counts, per-player tiles apart', () => {
	const t = featureTotals(doc());
	expect(t.fixed).toEqual({ city: 2, field: 2, road: 1 });
	expect(t.perPlayer).toEqual({ city: 1 });
	expect(t.tiles).toEqual({ fixed: 3, perPlayer: 1 });
});

test('metadata: empty values remove optional properties; a duplicate is no longer official', () => {
	expect(setMeta(doc(), 'description', 'hi').description).toBe('hi');
	expect('dependencies' in setMeta(doc(), 'dependencies', [])).toBe(false);
	const copy = duplicateExpansion(doc(), 'y', 'Y');
	expect(copy.official).toBeUndefined();
	expect(copy.id).toBe('y');
	expect(copy.tiles).toHaveLength(3);
});
