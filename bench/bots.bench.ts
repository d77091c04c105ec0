// MCTS simulations per second, and time per decision of each bot level. Positions: the placement
// steps of seeded greedy-vs-greedy games at turns 10, 35 and 60 (base; and base + Inns & Cathedrals
// + the four fan expansions). A decision = the greedy weighing of the turn that orders the root
// (measured alone: sims 0) + the simulations; simulations per second = sims / (time − weighing).
// Figures are medians over the positions and repeats (the machine is shared: a preempted run moves
// the mean, not the median). `npm run bench -- bots`
import { availableExpansions } from '../src/cli/files.ts';
import { apply, resolveGame, startGame, type GameState } from '../src/lib/engine/index.ts';
import { createBot, type BotSpec } from '../src/lib/bots/index.ts';
import { MCTS_LEVELS } from '../src/lib/bots/mcts.ts';

const docs = availableExpansions();
const MIXES: Record<string, string[]> = {
	base: ['base'],
	'base+I&C+fan': [
		'inns-and-cathedrals',
		'bards',
		'buddo',
		'inn-and-stable-owners',
		'messengers-and-mayors'
	]
};
const TURNS = [10, 35, 60];
const REPEATS = 3;

function positions(ids: string[]): GameState[] {
	const r = resolveGame(ids, (id) => docs.get(id));
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	const out: GameState[] = [];
	for (const seed of [1, 2]) {
		let { state } = startGame({
			expansions: r.expansions,
			modules: r.modules,
			players: ['A', 'B'],
			seed,
			quiet: true
		});
		const bots = [createBot({ bot: 'greedy' }, seed), createBot({ bot: 'greedy' }, seed + 1)];
		while (!state.finished && out.length < TURNS.length * seed) {
			if (state.pending[0].kind === 'place' && TURNS.includes(state.turn))
				out.push(structuredClone(state));
			state = (
				apply(state, bots[state.pending[0].player].decide(state).move, {
					mutate: true,
					events: false
				}) as { state: GameState }
			).state;
		}
	}
	return out;
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

function time(spec: BotSpec, s: GameState): number {
	const bot = createBot(spec, 7);
	const t0 = performance.now();
	bot.decide(s);
	return performance.now() - t0;
}

export async function run(): Promise<void> {
	for (const [name, ids] of Object.entries(MIXES)) {
		const ps = positions(ids);
		for (const s of ps) time({ bot: 'mcts', level: 'easy' }, s); // warm up the JIT
		const prior: number[] = [];
		const greedy: number[] = [];
		const rates: number[] = [];
		const levels: Record<string, number[]> = {};
		for (let k = 0; k < REPEATS; k++)
			for (const s of ps) {
				const p = time({ bot: 'mcts', options: { sims: 0 } }, s);
				prior.push(p);
				greedy.push(time({ bot: 'greedy' }, s));
				for (const [level, o] of Object.entries(MCTS_LEVELS)) {
					const t = time({ bot: 'mcts', level }, s);
					(levels[level] ??= []).push(t);
					if (level === 'medium') rates.push((o.sims! * 1000) / Math.max(0.001, t - p));
				}
			}
		console.log(`${name}: ${ps.length} placement positions × ${REPEATS}`);
		console.log(
			`  mcts simulations per second (medium, weighing excluded): ${Math.round(median(rates))}`
		);
		console.log(
			`  greedy decision: ${median(greedy).toFixed(1)} ms; mcts root weighing: ${median(prior).toFixed(1)} ms`
		);
		for (const [level, t] of Object.entries(levels))
			console.log(
				`  mcts:${level} (${MCTS_LEVELS[level].sims} sims) decision: median ${median(t).toFixed(0)} ms, longest ${Math.max(...t).toFixed(0)} ms`
			);
	}
}
