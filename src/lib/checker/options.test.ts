import { describe, expect, test } from 'vitest';
import { checkerOptions } from './options.ts';

describe('checkerOptions (the checker page and simulate alike)', () => {
	test('numbers from a form and text from a command line give the same options', () => {
		const want = {
			ok: true,
			options: { games: 200, seed: -5, players: 3, sample: 0.5, workers: 4 }
		};
		expect(checkerOptions({ games: 200, seed: -5, players: 3, sample: 0.5, workers: 4 })).toEqual(
			want
		);
		expect(
			checkerOptions({ games: '200', seed: '-5', players: '3', sample: '0.5', workers: '4' })
		).toEqual(want);
		expect(checkerOptions({ games: 1, seed: 0, players: 1, sample: 0 })).toEqual({
			ok: true,
			options: { games: 1, seed: 0, players: 1, sample: 0 }
		});
	});
	test('every value out of its range is named with the range and what was given', () => {
		const r = checkerOptions({ games: 1e12, seed: 1.5, players: 2.5, sample: -1, workers: 256 });
		expect(r.ok).toBe(false);
		if (!r.ok)
			expect(r.problems).toEqual([
				{ option: 'games', message: 'a whole number from 1 to 1,000,000, not 1000000000000' },
				{ option: 'seed', message: 'a whole number, not 1.5' },
				{ option: 'players', message: 'a whole number from 1 to 8, not 2.5' },
				{ option: 'sample', message: 'a share of the games from 0 to 1, not -1' },
				{ option: 'workers', message: 'a whole number from 1 to 32, not 256' }
			]);
		const empty = checkerOptions({ games: null, seed: '', players: 1e9, sample: 'x' });
		expect(empty.ok ? [] : empty.problems.map((p) => p.message)).toEqual([
			'a whole number from 1 to 1,000,000, not nothing',
			'a whole number, not nothing',
			'a whole number from 1 to 8, not 1000000000',
			'a share of the games from 0 to 1, not x'
		]);
	});
});
