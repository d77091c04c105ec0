import { describe, expect, it } from 'vitest';
import { defaultSetup, setupFromParams, setupToParams, type SandboxSetup } from './setup.ts';

describe('sandbox setup in the URL', () => {
	it('round-trips every field', () => {
		const s: SandboxSetup = {
			expansions: ['base', 'inns-and-cathedrals', 'bards'],
			players: [
				{ name: 'Ann Lee', colour: 'green' },
				{ name: 'Bob', colour: 'blue', bot: 'greedy' },
				{ name: 'Cid', colour: 'purple', bot: 'mcts:hard' }
			],
			seed: 42,
			rulings: { 'BASE-R1': 'modern', 'BARD-R8': 'feature' },
			free: true,
			start: 'base/D',
			draft: 'my-set',
			ready: ['my-set/T1', 'my-set/T2']
		};
		const q = new URLSearchParams(setupToParams(s).toString());
		expect(setupFromParams(q)).toEqual({ setup: s, problems: [] });
	});

	it('reports what it cannot read and keeps the defaults there', () => {
		const { setup, problems } = setupFromParams(
			new URLSearchParams('x=base,../etc&p=A&seed=-3&r=nope&start=x y&ready=a/b,c')
		);
		expect(setup.expansions).toEqual(['base']);
		expect(setup.players).toEqual(defaultSetup().players);
		expect(setup.seed).toBe(1);
		expect(problems).toEqual([
			"expansions: '../etc' is not an expansion id",
			'players: 1 given, the sandbox seats 2 to 6',
			"seed: '-3' is not a whole number from 0 to 4294967295",
			"rulings: 'nope' is not RULING-ID:option",
			"start: 'x y' is not a tile key (expansion/tile id)",
			"ready: 'c' is not a tile key (expansion/tile id)"
		]);
		expect(setup.ready).toEqual(['a/b']);
	});

	it('gives a missing or repeated colour the first free one', () => {
		const { setup } = setupFromParams(new URLSearchParams('p=A~blue,B~blue,C'));
		expect(setup.players.map((p) => p.colour)).toEqual(['blue', 'orange', 'green']);
	});

	it('seats a person where the bot named is unknown, and says so', () => {
		const { setup, problems } = setupFromParams(
			new URLSearchParams('p=A~blue~mcts:extreme,B~red~nobody,C~green~random')
		);
		expect(setup.players.map((p) => p.bot)).toEqual([undefined, undefined, 'random']);
		expect(problems).toEqual([
			'players: seat 1: bot "mcts" has no level "extreme"; levels: easy, medium, hard (a person plays it)',
			'players: seat 2: unknown bot "nobody"; known: random, greedy, mcts, hoarder, greedy-exact (a person plays it)'
		]);
	});
});
