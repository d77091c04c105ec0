// Engine throughput: seeded random games through the public API (legalMoves, then apply of one
// listed move, for every step: placement, figure step, dragon steps; scoring runs inside apply).
// One placement = one turn. Quiet mode (no explanation text) and in-place apply, the simulator's
// settings; the last line measures the copying apply the UI uses.
import { readFileSync } from 'node:fs';
import { startGame, apply } from '../src/lib/engine/index.ts';
import { randomLegalMove } from '../src/lib/engine/random.ts';
import { seedState } from '../src/lib/engine/rng.ts';
import type { Expansion, GameSetup } from '../src/lib/engine/types.ts';

const load = (id: string): Expansion => JSON.parse(readFileSync(new URL(`../expansions/${id}.json`, import.meta.url), 'utf8'));

function playFor(ms: number, setup: Omit<GameSetup, 'seed'>, mutate: boolean) {
	let placements = 0;
	let games = 0;
	let rng = seedState(12345);
	const t0 = performance.now();
	let t = t0;
	while (t - t0 < ms) {
		let state = startGame({ ...setup, seed: games + 1, quiet: true }).state;
		while (!state.finished) {
			const [move, next] = randomLegalMove(state, rng);
			rng = next;
			const r = apply(state, move, { mutate, quiet: true });
			if (!r.ok) throw new Error(`refused a listed move: ${r.refusal.message}`);
			state = r.state;
			if (move.type === 'place') placements++;
		}
		games++;
		t = performance.now();
	}
	const seconds = (t - t0) / 1000;
	return { placements: placements / seconds, games: games / seconds };
}

export async function run(): Promise<void> {
	const base = load('base');
	const configs: [string, Omit<GameSetup, 'seed'>, boolean][] = [
		['base', { expansions: [base], players: ['A', 'B'] }, true],
		['base + inns & cathedrals + river', { expansions: [base, load('inns-and-cathedrals'), load('river')], players: ['A', 'B'] }, true],
		['base + I&C + river + dragon + pig (all of issue 3)', { expansions: [base, load('inns-and-cathedrals'), load('river'), load('dragon')], modules: ['pig'], players: ['A', 'B'] }, true],
		[
			'all eight expansions + pig (issue 4)',
			{ expansions: ['inns-and-cathedrals', 'river', 'dragon', 'bards', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'].reduce((l, id) => [...l, load(id)], [base]), modules: ['pig'], players: ['A', 'B'] },
			true
		],
		['base, copying apply (UI mode)', { expansions: [base], players: ['A', 'B'] }, false]
	];
	for (const [name, setup, mutate] of configs) {
		playFor(500, setup, mutate); // warm-up
		const r = playFor(3000, setup, mutate);
		console.log(`${name.padEnd(52)} ${Math.round(r.placements).toLocaleString('en').padStart(9)} placements/s  ${r.games.toFixed(0).padStart(6)} games/s`);
	}
}
