// The board index (board.ts: a grid of the cells beside the state, grown as the board spreads, and
// the per-fit-class placement counts) kept up to date move by move must answer what an index built
// afresh from the state answers: on large boards (a pile of several base sets, the grid grown on
// every side) and on copies (the copying apply shares the index until one of them places a tile).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
	apply,
	contextOf,
	legalMoveCount,
	legalMoves,
	cloneState,
	copyState,
	startGame,
	takeBack,
	TRIAL
} from '../src/lib/engine/index.ts';
import { frontAt, tileAt } from '../src/lib/engine/board-index.ts';
import { pack } from '../src/lib/engine/cells.ts';
import { engineOf } from '../src/lib/engine/events.ts';
import { randomMove } from '../src/lib/engine/random.ts';
import { seedState } from '../src/lib/engine/rng.ts';
import type { Expansion, GameState } from '../src/lib/engine/types.ts';

const base: Expansion = JSON.parse(
	readFileSync(new URL('../expansions/base.json', import.meta.url), 'utf8')
);
const SETS = 10;
const pile: Expansion = {
	...base,
	tiles: base.tiles.map((t) => ({
		...t,
		count: typeof t.count === 'number' ? t.count * SETS : t.count
	}))
};

/** Every cell of the board's bounding box and two beyond: the tile or open cell each index sees there. */
function cells(state: GameState): { x: number; y: number; tile: number; front: number }[] {
	const g = engineOf(state, contextOf(state), true);
	const xs = [...state.boardX, 0];
	const ys = [...state.boardY, 0];
	const out = [];
	for (let x = Math.min(...xs) - 2; x <= Math.max(...xs) + 2; x++)
		for (let y = Math.min(...ys) - 2; y <= Math.max(...ys) + 2; y++)
			out.push({ x, y, tile: tileAt(g, pack(x, y)), front: frontAt(g, pack(x, y)) });
	return out;
}

/** The same state without its index (a JSON copy): the engine builds one from the state when asked. */
const fresh = (state: GameState): GameState => JSON.parse(JSON.stringify(state));

describe('the board index kept up to date equals one built afresh', () => {
	for (const seed of [1, 2, 3]) {
		it(`seed ${seed}: a ${SETS}-set pile played to the end`, () => {
			let state = startGame({ expansions: [pile], players: ['A', 'B'], seed, quiet: true }).state;
			let rng = seedState(seed * 31);
			let checked = 0;
			let moves = 0;
			while (!state.finished) {
				if (state.pending[0].kind === 'place' && state.boardX.length % 40 === 0) {
					const copy = fresh(state);
					expect(cells(state)).toEqual(cells(copy));
					expect(legalMoveCount(state)).toBe(legalMoveCount(copy));
					expect(legalMoves(state)).toEqual(legalMoves(copy));
					checked++;
				}
				const [move, next] = randomMove(legalMoves(state), rng);
				rng = next;
				// every few moves a copying apply: the copy goes on, the original must stay as it was
				const copying = moves++ % 29 === 0;
				const before = copying ? JSON.stringify(state) : '';
				const beforeCells = copying ? cells(state) : [];
				const r = apply(state, move, { mutate: !copying, quiet: true, events: false });
				if (!r.ok) throw new Error(r.refusal.message);
				if (copying) {
					expect(JSON.stringify(state)).toBe(before);
					expect(cells(state)).toEqual(beforeCells);
				}
				state = r.state;
			}
			// the board spread past the first grid's 32 columns or rows: the grid grew
			const spread = Math.max(
				Math.max(...state.boardX) - Math.min(...state.boardX),
				Math.max(...state.boardY) - Math.min(...state.boardY)
			);
			expect(spread).toBeGreaterThan(32);
			expect(checked).toBeGreaterThan(10);
		});
	}
});

describe('a state taken back after trials that placed tiles (takeBack: only the cells they changed written back)', () => {
	it('answers as an index built afresh, on a small board and on one whose grid grew', () => {
		let state = startGame({ expansions: [pile], players: ['A', 'B'], seed: 4, quiet: true }).state;
		let rng = seedState(77);
		const kept = cloneState(state);
		let checked = 0;
		while (!state.finished) {
			if (state.pending[0].kind === 'place' && state.boardX.length % 100 === 1) {
				// a bot's kept state (copied into: determinizeInto), a few turns played on it, then taken back
				copyState(kept, state);
				for (let trial = 0; trial < 3; trial++) {
					for (let i = 0; i < 12 && !kept.finished && legalMoveCount(kept) > 0; i++) {
						const [move, next] = randomMove(legalMoves(kept), rng);
						rng = next;
						if (!apply(kept, move, TRIAL).ok) throw new Error('a listed move was refused');
					}
					expect(kept.boardX.length).toBeGreaterThan(state.boardX.length);
					takeBack(kept, state);
					const copy = fresh(state);
					expect(cells(kept)).toEqual(cells(copy));
					expect(legalMoves(kept)).toEqual(legalMoves(copy));
					// the count is read from the fit keys' counts, the list from the open cells' keys
					expect(legalMoveCount(kept)).toBe(legalMoveCount(copy));
					// and plays on alike (a key's count left behind would show when the key comes back)
					for (let i = 0; i < 12 && !copy.finished; i++) {
						const [move, next] = randomMove(legalMoves(copy), rng);
						rng = next;
						apply(copy, move, TRIAL);
						apply(kept, move, TRIAL);
						expect(legalMoveCount(kept)).toBe(legalMoveCount(copy));
					}
					takeBack(kept, state);
					checked++;
				}
			}
			const [move, next] = randomMove(legalMoves(state), rng);
			rng = next;
			state = (apply(state, move, TRIAL) as { state: GameState }).state;
		}
		expect(checked).toBeGreaterThan(15);
	});
});
