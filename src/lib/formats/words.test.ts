import { expect, test } from 'vitest';
import { counted } from './words.ts';

test('a count takes the singular for one, the plural otherwise', () => {
	expect(counted(1, 'design')).toBe('1 design');
	expect(counted(0, 'design')).toBe('0 designs');
	expect(counted(2, 'city', 'cities')).toBe('2 cities');
	expect(counted(1500, 'tile')).toBe('1,500 tiles');
});
