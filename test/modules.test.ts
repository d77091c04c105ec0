import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { playRandomGame, type Expansion } from '../src/lib/engine/index.ts';
import { checkState, snapshot } from '../src/lib/engine/invariants.ts';

const load = (id: string): Expansion => JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8'));

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
				const violations: string[] = [];
				let prev: ReturnType<typeof snapshot> | null = null;
				const r = playRandomGame(
					{ expansions, modules: ['pig'], players: ['A', 'B', 'C'], seed },
					{
						onMove: (s) => {
							if (prev) violations.push(...checkState(s, prev).map((v) => v.message));
							prev = snapshot(s);
						}
					}
				);
				expect(r.error).toBeUndefined();
				expect(violations).toEqual([]);
				expect(r.state.finished).toBe(true);
			}
		});
	}
});
