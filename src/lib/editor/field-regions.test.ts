import { describe, expect, it } from 'vitest';
import type { Tile } from '../formats/geometry.ts';
import { assignPlaces, blankTile, createFeature, splitFeature } from './commands.ts';
import { fieldRegions, unseparatedFields } from './field-regions.ts';

const ALL = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] as const;
const tile = (features: unknown[]): Tile => ({ id: 't', count: 1, features }) as Tile;
const road = (id: string, sides: string[]) => ({ id, type: 'road', sides });

describe('a field split follows the geometry', () => {
	it('a road E–W gives the two fields on either side; a city cap lets the field pass beneath it', () => {
		const t = tile([
			{ id: 'c1', type: 'city', sides: ['N'] },
			road('r1', ['E', 'W']),
			{ id: 'f1', type: 'field', halves: ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
		]);
		expect(fieldRegions(t, t.features[2].halves!)).toEqual([
			['EL', 'WR'],
			['ER', 'SL', 'SR', 'WL']
		]);
		const split = splitFeature(t, 'f1').tile;
		expect(split.features.filter((f) => f.type === 'field')).toEqual([
			{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
			{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
		]);
		expect(unseparatedFields(split)).toEqual([]);
	});

	it('a road N–S halves a blank tile; a dead end does not; a crossroads makes four; a city N–S cuts', () => {
		const halves = [...ALL];
		expect(fieldRegions(tile([road('r1', ['N', 'S'])]), halves)).toEqual([
			['NL', 'SR', 'WL', 'WR'],
			['NR', 'EL', 'ER', 'SL']
		]);
		expect(
			fieldRegions(tile([road('r1', ['S']), { id: 'm1', type: 'monastery' }]), halves)
		).toHaveLength(1);
		expect(
			fieldRegions(tile(['N', 'E', 'S', 'W'].map((s, i) => road(`r${i}`, [s]))), halves)
		).toHaveLength(4);
		expect(
			fieldRegions(tile([{ id: 'c1', type: 'city', sides: ['N', 'S'] }]), ['EL', 'ER', 'WL', 'WR'])
		).toEqual([
			['EL', 'ER'],
			['WL', 'WR']
		]);
	});

	it('two fields with nothing between them are named; divided ones are not', () => {
		const t = tile([
			road('r1', ['E', 'W']),
			{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL'] },
			{ id: 'f2', type: 'field', halves: ['WR'] },
			{ id: 'f3', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
		]);
		expect(unseparatedFields(t)).toEqual([{ fields: ['f1', 'f2'], places: ['WR', 'NL'] }]);
	});
});

describe('a city drawn next to a field', () => {
	it('is added to the field’s cities by itself (not on a hand-drawn tile)', () => {
		const drawn = createFeature(blankTile('t'), 'city', ['N']).tile;
		expect(drawn.features.find((f) => f.id === 'f1')).toEqual({
			id: 'f1',
			type: 'field',
			halves: ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'],
			cities: ['c1']
		});
		const more = assignPlaces(drawn, 'c1', ['E']).tile;
		expect(more.features.find((f) => f.id === 'f1')?.cities).toEqual(['c1']);
		const hand = createFeature({ ...blankTile('t'), handDrawnAdjacency: true }, 'city', ['N']).tile;
		expect(hand.features.find((f) => f.id === 'f1')?.cities).toBeUndefined();
	});
});
