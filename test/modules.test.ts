import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../src/lib/engine/index.ts';
import { loadExpansion as load, playCheckedGame } from './fixtures/checked-play.ts';

describe('modules under random play', () => {
	const sets = {
		base: [load('base')],
		ic: [load('base'), load('inns-and-cathedrals')],
		river: [load('base'), load('river')],
		dragon: [load('base'), load('dragon')],
		all: [load('base'), load('inns-and-cathedrals'), load('river'), load('dragon')]
	};
	for (const [name, expansions] of Object.entries(sets)) {
		it(`plays ${name} games to the end with the invariants holding`, () => {
			for (let seed = 1; seed <= 20; seed++) {
				const { result: r, violations } = playCheckedGame({
					expansions,
					modules: ['pig'],
					players: ['A', 'B', 'C'],
					seed
				});
				expect(r.error).toBeUndefined();
				expect(violations).toEqual([]);
				expect(r.state.finished).toBe(true);
			}
		});
	}
});

describe('The River draw order (RIVER-3.1.1)', () => {
	it('draws the 11 river tiles first, the lake last of them, then land tiles', () => {
		for (let seed = 1; seed <= 10; seed++) {
			const r = playRandomGame(
				{ expansions: [load('base'), load('river')], players: ['A', 'B'], seed },
				{ keepEvents: true }
			);
			// a river tile that fits nowhere is discarded (BASE-1.3.6) but still comes off the river pile first
			const draws = r
				.events!.filter((e) => e.type === 'draw' || e.type === 'discard')
				.map((e) => e.tile as string);
			expect(draws.slice(0, 11).every((t) => t.startsWith('river/'))).toBe(true);
			expect(draws[10]).toBe('river/lake');
			expect(draws.slice(11).some((t) => t.startsWith('river/'))).toBe(false);
			// RIVER-R1 default: all four D tiles are land tiles
			expect(draws.filter((t) => t === 'base/D')).toHaveLength(4);
		}
	});
	it('RIVER-R1 = discard leaves the base start tile in the box', () => {
		const r = playRandomGame(
			{
				expansions: [load('base'), load('river')],
				players: ['A', 'B'],
				seed: 3,
				rulings: { 'RIVER-R1': 'discard' }
			},
			{ keepEvents: true }
		);
		expect(r.events!.filter((e) => e.type === 'draw' && e.tile === 'base/D')).toHaveLength(3);
	});
});
