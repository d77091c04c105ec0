// Engine throughput: seeded random games through the public API (one listed move, then apply, for
// every step: placement, figure step, dragon steps; scoring runs inside apply). One placement = one
// turn. The random player is randomLegalMove (the move randomMove would pick from legalMoves, the
// placement built alone). In-place apply without events (a bot's playout) for the expansion mixes;
// then base with quiet events (the simulator's settings) and the copying apply the UI uses.
// Each line runs for 3 s of this process's CPU time (BENCH_MS sets another budget) after a 2 s warm-up (WARM_MS) and gives placements per CPU second (the
// figure to compare: other processes on a loaded machine stretch the wall clock, not that) and per
// wall-clock second. Copied into an older checkout (git worktree) it measures that engine with
// the same games: without randomLegalMove and `events: false` it lists the moves and builds events.
import { readFileSync } from 'node:fs';
import { startGame, apply, legalMoves } from '../src/lib/engine/index.ts';
import type { ApplyOptions } from '../src/lib/engine/game.ts';
import * as random from '../src/lib/engine/random.ts';
import { seedState } from '../src/lib/engine/rng.ts';
import type { Expansion, GameSetup, GameState, Move } from '../src/lib/engine/types.ts';

const randomLegalMove =
	(random as Partial<typeof random>).randomLegalMove ??
	((state: GameState, rng: number): [Move, number] => random.randomMove(legalMoves(state), rng));
const cpu = () => {
	const u = process.cpuUsage();
	return (u.user + u.system) / 1000;
};

const load = (id: string): Expansion =>
	JSON.parse(readFileSync(new URL(`../expansions/${id}.json`, import.meta.url), 'utf8'));

type Mode = 'bot' | 'simulator' | 'copying';
const OPTIONS: Record<Mode, ApplyOptions> = {
	bot: { mutate: true, quiet: true, events: false },
	simulator: { mutate: true, quiet: true },
	copying: { quiet: true }
};

function playFor(ms: number, setup: Omit<GameSetup, 'seed'>, mode: Mode) {
	const opts = OPTIONS[mode];
	let placements = 0;
	let games = 0;
	let rng = seedState(12345);
	const t0 = performance.now();
	const c0 = cpu();
	let c = c0;
	while (c - c0 < ms) {
		let state = startGame({ ...setup, seed: games + 1, quiet: true }).state;
		while (!state.finished) {
			const [move, next] = randomLegalMove(state, rng);
			rng = next;
			const r = apply(state, move, opts);
			if (!r.ok) throw new Error(`refused a listed move: ${r.refusal.message}`);
			state = r.state;
			if (move.type === 'place') placements++;
		}
		games++;
		c = cpu();
	}
	const seconds = (c - c0) / 1000;
	const wall = (performance.now() - t0) / 1000;
	return { placements: placements / seconds, games: games / seconds, wall: placements / wall };
}

// The games of 5a0278f (issue 29's reference): its base game had the abbot, its Dragon neither the
// princess nor the magic portal. An older checkout ignores the module it already has and the
// rulings it does not know, so both sides play the same games (same moves, same scores).
const SAME_AS_5A0278F = { modules: ['abbot'], rulings: { 'DRAGON-R5': 'off', 'DRAGON-R6': 'off' } };

export async function run(): Promise<void> {
	const base = load('base');
	const issue3 = [base, load('inns-and-cathedrals'), load('river'), load('dragon')];
	const issue4 = [
		'inns-and-cathedrals',
		'river',
		'dragon',
		'bards',
		'inn-and-stable-owners',
		'buddo',
		'messengers-and-mayors'
	].reduce((l, id) => [...l, load(id)], [base]);
	const then = (setup: Omit<GameSetup, 'seed'>): Omit<GameSetup, 'seed'> => ({
		...setup,
		modules: [...SAME_AS_5A0278F.modules, ...(setup.modules ?? [])],
		rulings: SAME_AS_5A0278F.rulings
	});
	const two = ['A', 'B'];
	const configs: [string, Omit<GameSetup, 'seed'>, Mode][] = [
		['base', then({ expansions: [base], players: two }), 'bot'],
		[
			'base + inns & cathedrals + river',
			then({ expansions: [base, load('inns-and-cathedrals'), load('river')], players: two }),
			'bot'
		],
		[
			'base + I&C + river + dragon + pig (all of issue 3)',
			then({ expansions: issue3, modules: ['pig'], players: two }),
			'bot'
		],
		[
			'all eight expansions + pig (issue 4)',
			then({ expansions: issue4, modules: ['pig'], players: two }),
			'bot'
		],
		['base, quiet events (simulator)', then({ expansions: [base], players: two }), 'simulator'],
		['base, copying apply (UI mode)', then({ expansions: [base], players: two }), 'copying'],
		// as each checkout plays these setups today (its own base game and Dragon rules)
		[
			'as is: base + I&C + river + dragon + pig',
			{ expansions: issue3, modules: ['pig'], players: two },
			'bot'
		],
		[
			'as is: all eight expansions + pig',
			{ expansions: issue4, modules: ['pig'], players: two },
			'bot'
		]
	];
	for (const [name, setup, mode] of configs) {
		playFor(Number(process.env.WARM_MS ?? 2000), setup, mode); // warm-up: the JIT settles on the mix's code (the module-heavy mixes need seconds)
		const r = playFor(Number(process.env.BENCH_MS ?? 3000), setup, mode);
		console.log(
			`${name.padEnd(52)} ${Math.round(r.placements).toLocaleString('en').padStart(9)} placements/CPU s  ${r.games.toFixed(0).padStart(6)} games/CPU s  (${Math.round(r.wall).toLocaleString('en').padStart(9)} per wall s)`
		);
	}
}
