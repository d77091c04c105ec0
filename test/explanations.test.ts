// Refusal explanations name what is in the way (official-reference conventions: the occupant, with
// rule ids), not only the code.
import { describe, expect, it } from 'vitest';
import { apply, startGame, type GameState } from '../src/lib/engine/index.ts';
import { loadExpansion as load } from './fixtures/checked-play.ts';

function play(ids: string[], drawOrder: string[], moves: object[]): GameState {
	let s = startGame({ expansions: ids.map(load), players: ['Ann', 'Bob'], seed: 1, drawOrder }).state;
	for (const m of moves) {
		const r = apply(s, m as never);
		if (!r.ok) throw new Error(r.refusal.message);
		s = r.state;
	}
	return s;
}

describe('note token refusals (BARD-PLACE-2, BARD-R5)', () => {
	// Bob's knight stands in the city north of the start tile; Ann's lute corner joins that city
	const s = play(['base', 'bards'], ['base/U', 'base/R', 'bards/lute-corner'], [
		{ type: 'place', x: 1, y: 0, rotation: 1 },
		{ type: 'pass' },
		{ type: 'place', x: 0, y: -1, rotation: 2 },
		{ type: 'deploy', figure: 'follower', feature: 'c1' },
		{ type: 'place', x: 1, y: -1, rotation: 3 }
	]);

	it('names the occupant of the joined city', () => {
		const r = apply(s, { type: 'note', feature: 'c1' } as never);
		expect(r.ok).toBe(false);
		if (r.ok) return;
		expect(r.refusal.code).toBe('note-occupied');
		expect(r.refusal.message).toContain("Bob's follower at (0,-1) on c1");
		expect(r.refusal.details?.occupant).toMatchObject({ owner: 1, figure: 'follower', x: 0, y: -1, feature: 'c1' });
		expect(r.refusal.rules).toContain('BARD-R5');
	});
});
