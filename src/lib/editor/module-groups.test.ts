import { describe, expect, it } from 'vitest';
import { groupByModule } from './module-groups.ts';

describe('groupByModule', () => {
	const items = [
		{ module: 'base', name: 'a' },
		{ module: 'bards', name: 'b' },
		{ module: 'base', name: 'c' },
		{ module: 'dragon', name: 'd' },
		{ module: 'bards', name: 'e' }
	];
	it('keeps the registry order when the file sets nothing', () => {
		const groups = groupByModule(items, () => false);
		expect(groups.map((g) => [g.module, g.list.map((i) => i.name), g.set])).toEqual([
			['base', ['a', 'c'], 0],
			['bards', ['b', 'e'], 0],
			['dragon', ['d'], 0]
		]);
	});
	it('puts the groups with something set first, and in a group what is set first', () => {
		const set = new Set(['e', 'd']);
		const groups = groupByModule(items, (i) => set.has(i.name));
		expect(groups.map((g) => [g.module, g.list.map((i) => i.name), g.set])).toEqual([
			['bards', ['e', 'b'], 1],
			['dragon', ['d'], 1],
			['base', ['a', 'c'], 0]
		]);
	});
});
