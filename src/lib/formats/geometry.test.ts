import { describe, expect, test } from 'vitest';
import {
	HALVES,
	SIDES,
	cornerName,
	cornerNeighbourSide,
	edgeTypes,
	facingHalf,
	halvesOf,
	rotateHalf,
	rotateSide,
	rotatedEdges
} from './geometry.ts';

describe('tile geometry', () => {
	test('a quarter turn moves every side and half one side clockwise', () => {
		expect(SIDES.map((s) => rotateSide(s, 1))).toEqual(['E', 'S', 'W', 'N']);
		expect(HALVES.map((h) => rotateHalf(h, 1))).toEqual([
			'EL',
			'ER',
			'SL',
			'SR',
			'WL',
			'WR',
			'NL',
			'NR'
		]);
		expect(rotateHalf('NL', 4)).toBe('NL');
	});
	test('facing halves are the same stretch of border seen from both tiles', () => {
		expect(facingHalf('NL')).toBe('SR');
		expect(facingHalf('NR')).toBe('SL');
		expect(facingHalf('EL')).toBe('WR');
		expect(facingHalf('WL')).toBe('ER');
		for (const h of HALVES) expect(facingHalf(facingHalf(h))).toBe(h);
	});
	test('each half lies at a corner next to another side', () => {
		expect(cornerNeighbourSide('NL')).toBe('W');
		expect(cornerNeighbourSide('NR')).toBe('E');
		expect(cornerNeighbourSide('SL')).toBe('E');
		expect(cornerNeighbourSide('WR')).toBe('N');
		expect(cornerName('WR')).toBe('north-west');
		expect(cornerName('ER')).toBe('south-east');
		expect(halvesOf('S')).toEqual(['SL', 'SR']);
	});
	test('edge types derive from features and rotate clockwise', () => {
		const d = {
			features: [
				{ id: 'c1', type: 'city' as const, sides: ['N' as const] },
				{ id: 'r1', type: 'road' as const, sides: ['E' as const, 'W' as const] }
			]
		};
		expect(edgeTypes(d)).toEqual(['city', 'road', 'field', 'road']);
		expect(rotatedEdges(edgeTypes(d), 1)).toEqual(['road', 'city', 'road', 'field']);
	});
});
