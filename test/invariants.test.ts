// Invariants under seeded random play: 1,000 games across the expansion combinations. After every
// move no figure is created or lost and no score falls; every game ends; replaying a game's log
// from its record reproduces the state; undo then redo is the identity.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { simulate } from '../src/lib/checker/index.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const docs = availableExpansions();
const get = (id: string) => docs.get(id) as Expansion;

const combos: {
	name: string;
	ids: string[];
	modules?: string[];
	games: number;
	players: string[];
}[] = [
	{ name: 'base', ids: ['base'], games: 250, players: ['A', 'B'] },
	{
		name: 'base + inns & cathedrals',
		ids: ['base', 'inns-and-cathedrals'],
		games: 200,
		players: ['A', 'B', 'C']
	},
	{ name: 'base + river', ids: ['base', 'river'], games: 150, players: ['A', 'B', 'C', 'D'] },
	{ name: 'base + dragon', ids: ['base', 'dragon'], games: 200, players: ['A', 'B', 'C'] },
	{
		name: 'everything (+ pig)',
		ids: ['base', 'inns-and-cathedrals', 'river', 'dragon'],
		modules: ['pig'],
		games: 200,
		players: ['A', 'B', 'C', 'D', 'E']
	},
	{
		name: 'base + messengers & mayors',
		ids: ['base', 'messengers-and-mayors'],
		games: 80,
		players: ['A', 'B', 'C']
	},
	{
		name: 'base + inns & cathedrals + messengers & mayors',
		ids: ['base', 'inns-and-cathedrals', 'messengers-and-mayors'],
		games: 50,
		players: ['A', 'B']
	},
	{
		name: 'base + river + messengers & mayors',
		ids: ['base', 'river', 'messengers-and-mayors'],
		games: 50,
		players: ['A', 'B', 'C', 'D']
	},
	{
		name: 'base + dragon + messengers & mayors',
		ids: ['base', 'dragon', 'messengers-and-mayors'],
		games: 50,
		players: ['A', 'B', 'C']
	},
	{ name: 'base + bards', ids: ['base', 'bards'], games: 40, players: ['A', 'B', 'C'] },
	{
		name: 'base + inns & cathedrals + inn and stable owners',
		ids: ['base', 'inns-and-cathedrals', 'inn-and-stable-owners'],
		games: 40,
		players: ['A', 'B']
	},
	{ name: 'base + buddo', ids: ['base', 'buddo'], games: 40, players: ['A', 'B', 'C'] },
	{
		name: 'official + bards',
		ids: ['base', 'inns-and-cathedrals', 'river', 'dragon', 'bards'],
		modules: ['pig'],
		games: 30,
		players: ['A', 'B', 'C']
	},
	{
		name: 'official + inn and stable owners',
		ids: ['base', 'inns-and-cathedrals', 'river', 'dragon', 'inn-and-stable-owners'],
		modules: ['pig'],
		games: 30,
		players: ['A', 'B', 'C']
	},
	{
		name: 'official + buddo',
		ids: ['base', 'inns-and-cathedrals', 'river', 'dragon', 'buddo'],
		modules: ['pig'],
		games: 30,
		players: ['A', 'B', 'C']
	},
	{
		name: 'everything with the fan expansions',
		ids: [
			'base',
			'inns-and-cathedrals',
			'river',
			'dragon',
			'bards',
			'inn-and-stable-owners',
			'buddo'
		],
		modules: ['pig'],
		games: 30,
		players: ['A', 'B', 'C', 'D']
	},
	{
		name: 'everything with messengers & mayors',
		ids: ['base', 'inns-and-cathedrals', 'river', 'dragon', 'messengers-and-mayors'],
		modules: ['pig'],
		games: 50,
		players: ['A', 'B', 'C', 'D']
	},
	{
		name: 'all expansions (official and fan) together',
		ids: [
			'base',
			'inns-and-cathedrals',
			'river',
			'dragon',
			'bards',
			'inn-and-stable-owners',
			'buddo',
			'messengers-and-mayors'
		],
		games: 60,
		players: ['A', 'B', 'C']
	}
];

describe('invariants under random play', () => {
	it('covers at least 1,000 games', () => {
		expect(combos.reduce((n, c) => n + c.games, 0)).toBeGreaterThanOrEqual(1000);
	});
	for (const c of combos) {
		it(`${c.name}: ${c.games} games`, () => {
			const r = simulate({
				expansions: c.ids.map(get),
				modules: c.modules,
				players: c.players,
				games: c.games,
				seed: 11
			});
			expect(r.games).toBe(c.games);
			expect(r.violations.map((v) => `game ${v.game}: ${v.invariant}: ${v.message}`)).toEqual([]);
			expect(r.sampled).toBe(c.games);
			expect(r.placements).toBeGreaterThan(c.games * 60);
		});
	}
});
