// The fan modules (Bards, Inn and Stable Owners, Buddo) under random play, and the one mechanism
// for choices among opponents' pieces (BUDDO-WANT-1).
import { describe, expect, it } from 'vitest';
import {
	apply,
	legalMoves,
	startGame,
	contextOf,
	type GameState
} from '../src/lib/engine/index.ts';
import { loadExpansion as load, playCheckedGame } from './fixtures/checked-play.ts';
import { opponentPieceChoices } from '../src/lib/engine/choices.ts';

const official = ['inns-and-cathedrals', 'river', 'dragon'];

describe('fan modules under random play', () => {
	const sets: Record<string, string[]> = {
		bards: ['base', 'bards'],
		iso: ['base', 'inns-and-cathedrals', 'inn-and-stable-owners'],
		buddo: ['base', 'buddo'],
		'bards + official': ['base', ...official, 'bards'],
		'iso + official': ['base', ...official, 'inn-and-stable-owners'],
		'buddo + official': ['base', ...official, 'buddo'],
		'all three + official': ['base', ...official, 'bards', 'inn-and-stable-owners', 'buddo']
	};
	for (const [name, ids] of Object.entries(sets)) {
		it(`plays ${name} games to the end with the invariants holding`, () => {
			const seen = new Set<string>();
			for (let seed = 1; seed <= 12; seed++) {
				const { result: r, violations } = playCheckedGame(
					{ expansions: ids.map(load), modules: ['pig'], players: ['A', 'B', 'C'], seed },
					true
				);
				expect(r.error).toBeUndefined();
				expect(violations).toEqual([]);
				expect(r.state.finished).toBe(true);
				for (const e of r.events ?? []) seen.add(e.type);
			}
			if (ids.includes('bards')) expect(seen.has('note')).toBe(true);
			if (ids.includes('inn-and-stable-owners')) expect(seen.has('owner')).toBe(true);
			if (ids.includes('buddo')) expect(seen.has('buddoReturns')).toBe(true);
		});
	}
});

describe('choices among opponents’ pieces (BUDDO-WANT-1)', () => {
	// Ann puts Buddo on the road east of the start tile, Bob a farmer north of it; Cy chooses among
	// every piece on the board.
	function game(r4: string): GameState {
		let s = startGame({
			expansions: [load('base'), load('buddo')],
			players: ['Ann', 'Bob', 'Cy'],
			seed: 1,
			rulings: { 'BUDDO-R4': r4 },
			drawOrder: ['base/U', 'base/E', 'base/U']
		}).state;
		for (const m of [
			{ type: 'place', x: 1, y: 0, rotation: 1 },
			{ type: 'deploy', figure: 'buddo', feature: 'r1' },
			{ type: 'place', x: 0, y: -1, rotation: 2 },
			{ type: 'deploy', figure: 'follower', feature: 'f1' }
		]) {
			const r = apply(s, m);
			if (!r.ok) throw new Error(r.refusal.message);
			s = r.state;
		}
		return s;
	}
	const onBoard = (s: GameState) => s.pieces.flatMap((p, i) => (p.seg >= 0 ? [i] : []));
	const normal = (s: GameState) => (pc: number) => s.pieces[pc].kind === 'follower';

	it('with BUDDO-R4 off, Buddo (a large meeple) is no candidate for a normal-follower choice', () => {
		const s = game('off');
		const g = { state: s, rules: contextOf(s), events: [], quiet: true };
		const r = opponentPieceChoices(g, 2, onBoard(s), normal(s), 'knight-favour');
		expect(r.pieces.map((pc) => s.pieces[pc].kind)).toEqual(['follower']);
		expect(r.rules).toEqual([]);
	});
	it('with BUDDO-R4 on, Buddo must be chosen among several opponents’ pieces', () => {
		const s = game('on');
		const g = { state: s, rules: contextOf(s), events: [], quiet: true };
		const r = opponentPieceChoices(g, 2, onBoard(s), normal(s), 'knight-favour');
		expect(r.pieces.map((pc) => s.pieces[pc].kind)).toEqual(['buddo']);
		expect(r.rules).toEqual(['BUDDO-R4', 'BUDDO-WANT-1']);
	});
	it('a rule that accepts any opponent meeple gets Buddo forced without BUDDO-R4', () => {
		const s = game('off');
		const g = { state: s, rules: contextOf(s), events: [], quiet: true };
		const r = opponentPieceChoices(g, 2, onBoard(s), () => true, 'any-meeple');
		expect(r.pieces.map((pc) => s.pieces[pc].kind)).toEqual(['buddo']);
		expect(r.rules).toEqual(['BUDDO-WANT-1']);
		expect(legalMoves(s).length).toBeGreaterThan(0);
	});
});
