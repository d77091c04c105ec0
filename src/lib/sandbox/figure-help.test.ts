// The legend's and the figure menu's citations come from the figures' definitions (the expansions'
// data and modules), so they cite what the engine cites: the large meeple's is IC-2.3, not the inn's.
import { describe, expect, test } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { contextOf, resolveGame, ruleBook, startGame, type Move } from '../engine/index.ts';
import { figureHelp, moveHelp } from './moves.ts';

const all = availableExpansions();
const gameOf = (ids: string[]) => {
	const r = resolveGame(ids, all);
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	return startGame({
		expansions: r.expansions,
		modules: r.modules,
		players: ['Ann', 'Bob'],
		seed: 1
	}).state;
};

describe('figure help', () => {
	const state = gameOf(['inns-and-cathedrals']);

	test('the large meeple cites IC-2.3 (its strength), not IC-2.4 (the inn), in the legend and the menu', () => {
		const tip = moveHelp(
			{ type: 'deploy', figure: 'large', feature: 'r1' } as Move,
			ruleBook(state),
			state
		);
		expect(tip.rules).toMatch(/^IC-2\.3: /m);
		expect(tip.rules).not.toMatch(/IC-2\.4/);
		const help = figureHelp('large', state)!;
		expect(help.rules).toContain('IC-2.3');
		expect(help.rules).not.toContain('IC-2.4');
	});

	test('every figure of a game of the shipped expansions cites at least what its definition cites', () => {
		const big = gameOf([
			'inns-and-cathedrals',
			'bards',
			'inn-and-stable-owners',
			'buddo',
			'messengers-and-mayors'
		]);
		for (const [kind, def] of contextOf(big).figures) {
			const rules = figureHelp(kind, big)?.rules ?? [];
			for (const r of [...(def.strengthRules ?? []), ...def.rules])
				expect(rules, kind).toContain(r);
		}
	});
});
