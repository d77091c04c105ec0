import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Expansion, Tile } from '../formats/schema-types.ts';
import { similarText, similarTiles, tileShape } from './similar-tiles.ts';
import { harbourTile } from '../../../test/fixtures/harbour.ts';

const base = JSON.parse(readFileSync('expansions/base.json', 'utf8')) as Expansion;
const harbour = harbourTile('T1');

describe('a tile like one that exists', () => {
	it("the harbour tile is base's D with a port, as drawn", () => {
		const found = similarTiles(harbour, 'mine/T1', [base]);
		expect(found).toEqual([
			{ ref: 'base/D', name: 'City cap with straight road', rotation: 0, modifiers: ['+port'] }
		]);
		expect(similarText(found[0])).toBe('base/D “City cap with straight road” (modifiers +port)');
	});

	it('in any turn: a road E–W between two fields is U turned once; ids and the order of lists do not count', () => {
		const road: Tile = {
			id: 'X',
			count: 1,
			features: [
				{ id: 'a', type: 'field', halves: ['SR', 'SL', 'WL', 'ER'] },
				{ id: 'b', type: 'road', sides: ['W', 'E'] },
				{ id: 'c', type: 'field', halves: ['NL', 'NR', 'EL', 'WR'] }
			]
		};
		const found = similarTiles(road, 'mine/X', [base]);
		expect(found.map((s) => [s.ref, s.rotation])).toEqual([['base/U', 1]]);
		expect(similarText(found[0])).toBe('base/U “Straight road” (turned once)');
	});

	it('a different split of the field is another tile; the tile itself and an empty tile match nothing', () => {
		const oneField: Tile = {
			...harbour,
			features: [
				harbour.features[0],
				harbour.features[1],
				{ id: 'f1', type: 'field', halves: ['EL', 'WR', 'ER', 'SL', 'SR', 'WL'] }
			]
		};
		expect(similarTiles(oneField, 'mine/T1', [base])).toEqual([]);
		expect(similarTiles(harbour, 'mine/T1', [{ id: 'mine', tiles: [harbour] }])).toEqual([]);
		expect(similarTiles({ id: 'E', count: 1, features: [] }, 'mine/E', [base])).toEqual([]);
		// the expansion's own tiles count too
		const copy = { ...harbour, id: 'T2' };
		expect(similarTiles(harbour, 'mine/T1', [{ id: 'mine', tiles: [harbour, copy] }])).toEqual([
			{ ref: 'mine/T2', rotation: 0, modifiers: [] }
		]);
	});

	it('a shape turned four times is itself', () => {
		for (const t of base.tiles) expect(tileShape(t, 4)).toBe(tileShape(t, 0));
	});
});
