// Time per turn by the size of the board: 10, 100 and 1,000 tiles already placed, on a pile of 15
// base sets (1,080 tiles). A turn = pick one of the drawn tile's placements at random, place it,
// take the figure step (a random listed move), then scoring and the next draw, in place and without
// events (a bot's playout). Each game is played unmeasured up to the size, then the next 10 turns
// are timed; the figure is the median over many games (the mean in brackets): a game preempted by
// another process only moves the mean. The engine keeps the legal placements up to
// date as the board grows, so the turn should cost about the same on any board.
// `npm run bench -- turn`
import { readFileSync } from 'node:fs';
import * as engine from '../src/lib/engine/index.ts';
import { randomMove } from '../src/lib/engine/random.ts';
import { nextRandom, seedState } from '../src/lib/engine/rng.ts';
import type { Expansion, GameState, Move } from '../src/lib/engine/types.ts';

const base: Expansion = JSON.parse(
	readFileSync(new URL('../expansions/base.json', import.meta.url), 'utf8')
);
const SETS = 15;
const pile: Expansion = {
	...base,
	tiles: base.tiles.map((t) => ({
		...t,
		count: typeof t.count === 'number' ? t.count * SETS : t.count
	}))
};
const WINDOW = 10;

const { startGame, apply, legalMoves } = engine;
// an engine without legalMoveAt (an older commit, for comparison) lists every placement
const at = (engine as Partial<typeof engine>).legalMoveAt;

const PASS: Move = { type: 'pass' };
let figures = true;

/** One random listed move, the placement built alone (legalMoveAt), the other steps from legalMoves (or a pass). */
function pick(state: GameState, rng: number): [Move, number] {
	if (state.pending[0].kind !== 'place')
		return figures ? randomMove(legalMoves(state), rng) : [PASS, rng];
	if (!at) return randomMove(legalMoves(state), rng);
	const [next, w] = nextRandom(rng);
	return [at(state, Math.floor(w * engine.legalMoveCount(state)))!, next];
}

/** Plays one whole turn (until the next placement is pending or the game ends). */
function turn(state: GameState, rng: number): number {
	do {
		const [move, next] = pick(state, rng);
		rng = next;
		const r = apply(state, move, { mutate: true, quiet: true, events: false });
		if (!r.ok) throw new Error(`refused a listed move: ${r.refusal.message}`);
	} while (!state.finished && state.pending[0].kind !== 'place');
	return rng;
}

/** Mean µs per turn with `size` tiles on the board, over games played for about `ms`. */
function perTurn(
	size: number,
	ms: number
): { us: number; mean: number; games: number; open: number } {
	let total = 0;
	let turns = 0;
	let games = 0;
	const each: number[] = [];
	let open = 0;
	const t0 = performance.now();
	while (performance.now() - t0 < ms) {
		const state = startGame({
			expansions: [pile],
			players: ['A', 'B'],
			seed: games + 1,
			quiet: true
		}).state;
		let rng = seedState(games + 7);
		while (state.boardX.length < size && !state.finished) rng = turn(state, rng);
		open += state.front.length;
		const t = performance.now();
		let n = 0;
		for (; n < WINDOW && !state.finished; n++) rng = turn(state, rng);
		const dt = performance.now() - t;
		total += dt;
		turns += n;
		if (n > 0) each.push((dt * 1000) / n);
		games++;
	}
	each.sort((a, b) => a - b);
	return { us: each[each.length >> 1], mean: (total * 1000) / turns, games, open: open / games };
}

export async function run(): Promise<void> {
	for (const withFigures of [true, false]) {
		figures = withFigures;
		console.log(
			withFigures
				? 'random turns (figures as chosen; 7 followers each, so few are left on big boards):'
				: 'placement turns (every figure step a pass):'
		);
		perTurn(100, 500); // warm-up
		const rows = [10, 100, 1000].map((size) => ({
			size,
			...perTurn(size, size === 1000 ? 6000 : 2500)
		}));
		for (const r of rows)
			console.log(
				`${String(r.size).padStart(5)} tiles on the board  ${r.us.toFixed(2).padStart(7)} µs per turn (${r.mean.toFixed(2)})  ${Math.round(r.open)} open cells, ${r.games} games`
			);
		console.log(`1,000 tiles / 10 tiles: ${(rows[2].us / rows[0].us).toFixed(2)}×`);
	}
}
