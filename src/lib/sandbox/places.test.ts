// Places in words, from the feature's geometry: the sides, the half-sides' direction, the middle,
// turned with the tile.
import { describe, expect, it } from 'vitest';
import type { Tile } from '../engine/index.ts';
import { placeName, placeWords } from './places.ts';

// base D: a city cap to the north, a road east–west, a field between them and one to the south
const D = {
	id: 'D',
	count: 1,
	features: [
		{ id: 'c1', type: 'city', sides: ['N'] },
		{ id: 'r1', type: 'road', sides: ['W', 'E'] },
		{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
		{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
	]
} as unknown as Tile;
// a monastery with a road to the south; a crossroads' four road ends
const B = {
	id: 'B',
	count: 1,
	features: [
		{ id: 'm1', type: 'monastery' },
		{ id: 'r1', type: 'road', sides: ['S'] },
		{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
	]
} as unknown as Tile;
const TWO = {
	id: 'T',
	count: 1,
	features: [
		{ id: 'c1', type: 'city', sides: ['N'] },
		{ id: 'c2', type: 'city', sides: ['N'] }
	]
} as unknown as Tile;

describe('places in words', () => {
	it('names a road or city by the sides it touches, turned with the tile', () => {
		expect(placeName(D, 'c1', 0)).toBe('the city, north');
		expect(placeName(D, 'c1', 1)).toBe('the city, east');
		expect(placeName(D, 'c1', 3)).toBe('the city, west');
		expect(placeName(D, 'r1', 0)).toBe('the road, east and west');
		expect(placeName(D, 'r1', 1)).toBe('the road, north and south');
	});
	it('names a field by the direction of its half-sides', () => {
		expect(placeName(D, 'f1', 0)).toBe('the field, north');
		expect(placeName(D, 'f2', 0)).toBe('the field, south');
		expect(placeName(D, 'f2', 1)).toBe('the field, west');
		expect(placeWords(D, 'f2', 2)).toBe('north');
		expect(placeWords(B, 'f1', 0)).toBe('all round');
	});
	it('names a feature in the middle by its kind alone', () => {
		expect(placeName(B, 'm1', 2)).toBe('the monastery');
		expect(placeName(B, 'r1', 2)).toBe('the road, north');
	});
	it('adds the id only when two features of a kind read the same', () => {
		expect(placeName(TWO, 'c2', 0)).toBe('the city, north (c2)');
		expect(placeName(D, 'x9', 0)).toBe('feature x9');
	});
});
