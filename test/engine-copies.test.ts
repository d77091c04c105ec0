// The engine's copying apply (the UI's undo and timeline keep every state) against the in-place
// apply of the simulator and the event-less apply of bots: the same game gives the same states, the
// old state stays untouched, and the board index kept beside the state (never in its JSON) is
// rebuilt after a JSON round trip with the game going on exactly as before.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import {
	apply,
	legalMoveAt,
	legalMoveCount,
	legalMoves,
	restoreGame,
	startGame
} from '../src/lib/engine/index.ts';
import { canonical } from '../src/lib/engine/invariants.ts';
import { randomMove } from '../src/lib/engine/random.ts';
import { seedState } from '../src/lib/engine/rng.ts';
import type { Expansion, GameSetup, GameState } from '../src/lib/engine/types.ts';

const docs = availableExpansions();
const get = (id: string) => docs.get(id) as Expansion;
const all = [
	'base',
	'inns-and-cathedrals',
	'river',
	'dragon',
	'bards',
	'inn-and-stable-owners',
	'buddo',
	'messengers-and-mayors'
];
const setups: [string, Omit<GameSetup, 'seed'>][] = [
	['base', { expansions: [get('base')], players: ['A', 'B'] }],
	[
		'base, 1st farm edition',
		{ expansions: [get('base')], players: ['A', 'B'], rulings: { 'BASE-R2': '1st' } }
	],
	[
		'all eight expansions + pig',
		{ expansions: all.map(get), modules: ['pig'], players: ['A', 'B', 'C'] }
	]
];

describe('copying, in-place and event-less apply', () => {
	for (const [name, setup] of setups)
		it(`give the same states, leave the old state unchanged and list placements alike: ${name}`, () => {
			for (const seed of [3]) {
				let copying = startGame({ ...setup, seed }).state;
				const inPlace = startGame({ ...setup, seed }).state;
				const silent = startGame({ ...setup, seed }).state;
				let rng = seedState(seed);
				let moves = 0;
				while (!copying.finished) {
					const options = legalMoves(copying);
					// the placement step's options, counted and built one by one, are the listed ones
					expect(legalMoveCount(inPlace)).toBe(options.length);
					if (copying.pending[0].kind === 'place')
						for (let i = 0; i < options.length; i++)
							expect(legalMoveAt(silent, i)).toEqual(options[i]);
					const [move, next] = randomMove(options, rng);
					rng = next;
					const before = JSON.stringify(copying);
					const a = apply(copying, move);
					const b = apply(inPlace, move, { mutate: true });
					const c = apply(silent, move, { mutate: true, quiet: true, events: false });
					expect(a.ok && b.ok && c.ok).toBe(true);
					if (!a.ok || !b.ok || !c.ok) return;
					expect(JSON.stringify(copying)).toBe(before);
					expect(a.state).not.toBe(copying);
					expect(b.state).toBe(inPlace);
					expect(c.events).toEqual([]);
					expect(a.events).toEqual(b.events);
					expect(canonical(a.state)).toBe(canonical(inPlace));
					expect(canonical(silent)).toBe(canonical(inPlace));
					copying = a.state;
					moves++;
				}
				expect(inPlace.finished && silent.finished).toBe(true);
				expect(moves).toBeGreaterThan(100);
			}
		});

	it('keeps the board index out of the JSON and rebuilds it after a round trip (restoreGame)', () => {
		const [, setup] = setups[2];
		let state: GameState = startGame({ ...setup, seed: 5 }).state;
		let rng = seedState(5);
		const play = (s: GameState, n: number, r: number): [GameState, number] => {
			for (let i = 0; i < n && !s.finished; i++) {
				const [move, next] = randomMove(legalMoves(s), r);
				r = next;
				const res = apply(s, move, { mutate: true });
				if (!res.ok) throw new Error(res.refusal.message);
			}
			return [s, r];
		};
		[state, rng] = play(state, 60, rng);
		const text = JSON.stringify(state);
		expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(state));
		expect(text).not.toContain('fkey');
		for (const copy of [
			restoreGame(JSON.parse(text), all.map(get)),
			structuredClone(state),
			{ ...state }
		]) {
			expect(legalMoves(copy)).toEqual(legalMoves(state));
			// the spread copy shares the arrays: play it alone
			if (copy.boardX === state.boardX) {
				play(copy, 1000, rng);
				expect(copy.finished).toBe(true);
				continue;
			}
			const [a] = play(copy, 1000, rng);
			const [b] = play(JSON.parse(text) as GameState, 1000, rng);
			expect(canonical(a)).toBe(canonical(b));
			expect(a.finished).toBe(true);
		}
	});
});
