import { expect, test } from 'vitest';
import { describeDifferences } from './differences.ts';

test('lists metadata and tile differences between mine and theirs', () => {
	const base = {
		id: 'x',
		name: 'X',
		version: '1.0.0',
		tiles: [
			{ id: 'A', count: 1, features: [] },
			{ id: 'B', count: 1, features: [] }
		]
	};
	const theirs = {
		...base,
		name: 'Theirs',
		tiles: [
			{ id: 'A', count: 2, features: [] },
			{ id: 'C', count: 1, features: [] }
		]
	};
	expect(describeDifferences(base, theirs)).toEqual([
		'name: mine "X", theirs "Theirs"',
		'tile A: changed',
		'tile B: only in mine',
		'tile C: only in theirs'
	]);
	expect(describeDifferences(base, base)).toEqual([]);
});
