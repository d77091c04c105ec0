import { describe, expect, it } from 'vitest';
import { countRows, toCsv } from './csv.ts';

describe('toCsv', () => {
	it('quotes what needs quoting and takes every column met', () => {
		expect(
			toCsv([
				{ a: 1, b: 'x,y' },
				{ a: 'say "hi"', c: null }
			])
		).toBe('a,b,c\r\n1,"x,y",\r\n"say ""hi""",,\r\n');
	});
	it('turns a record of counts into rows', () => {
		expect(countRows({ 10: 2, 11: 5 }, 'score', 'games')).toEqual([
			{ score: '10', games: 2 },
			{ score: '11', games: 5 }
		]);
	});
});
