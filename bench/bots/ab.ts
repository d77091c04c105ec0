// A bot's time per move in two checkouts side by side in one process (a benchmark, not a test): the
// CLI bundle of each (its own, built by this checkout's src/cli/bundle.js when missing or stale)
// plays `match` games alternately — the same deals, seats and bots — after a warm-up game of each, so
// the machine's drift falls on both alike. Per move of the first bot: the CPU time of the whole
// game (its moves dominate; the other bot's and the engine's count too, on both sides) and the wall
// time of its decisions (what `match` reports); the ratios A / B in both orders of play and their
// geometric mean. It also says how many games both checkouts played move for move alike (a speed
// change that keeps the bots' choices plays every game alike). The bundle loaded first (A) runs
// 5–10 % slower, whichever it is: run it again with the checkouts swapped and take the geometric
// mean of the two runs' ratios (one inverted).
//   node bin/run-ts.js bench/bots/ab.ts <checkout A> <checkout B> [--games 6] [--expansions a,b,...]
//     [--bots mcts:medium,random]
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseOptions } from '../../src/cli/args.ts';
import { ensureBundle } from '../../src/cli/bundle.js';
import { parseBotSpec, type BotSpec } from '../../src/lib/bots/index.ts';
import type { MatchGame } from '../../src/lib/bots/match.ts';
import type { MatchTask } from '../../src/cli/workers/match-worker.ts';

const parsed = parseOptions(
	process.argv.slice(2),
	{ games: { type: 'string' }, expansions: { type: 'string' }, bots: { type: 'string' } },
	true
);
const [a, b] = 'error' in parsed ? [] : parsed.positionals;
if ('error' in parsed || !a || !b) {
	console.error(
		'usage: node bin/run-ts.js bench/bots/ab.ts <checkout A> <checkout B> [--games 6] [--expansions a,b,...] [--bots mcts:medium,random]'
	);
	process.exit(2);
}
const games = Number(parsed.values.games ?? 6);
const specs: BotSpec[] = (parsed.values.bots ?? 'mcts:medium,random').split(',').map((t) => {
	const s = parseBotSpec(t);
	if ('error' in s) throw new Error(s.error);
	return s;
});
const ids = ['base', ...(parsed.values.expansions ? parsed.values.expansions.split(',') : [])];

const require = createRequire(import.meta.url);
/** The checkout's own CLI bundle (bundlePath), built by this bundler when missing or stale: both sides bundled alike. */
async function load(checkout: string): Promise<(task: MatchTask) => MatchGame> {
	const { bundle } = await ensureBundle({ root: path.resolve(checkout) });
	return require(bundle).match.default;
}
const task = (index: number): MatchTask => ({
	ids,
	rulings: {},
	specs,
	index,
	seed: 1,
	players: 2
});
// loaded in order, A first
const sides: {
	name: string;
	play: (task: MatchTask) => MatchGame;
	ms: number;
	cpu: number;
	moves: number;
}[] = [];
for (const name of [a, b]) sides.push({ name, play: await load(name), ms: 0, cpu: 0, moves: 0 });
for (const s of sides) s.play(task(1000)); // warm-up
const load0 = loadavg()[0].toFixed(1);
/** The first bot's decisions of a game: [milliseconds, count]. */
function firstBot(g: MatchGame): [number, number] {
	let ms = 0;
	let n = 0;
	g.seats.forEach((bot, p) => {
		if (bot !== 0) return;
		ms += g.ms[p];
		n += g.decisions[p];
	});
	return [ms, n];
}
// per order of play, per side: [CPU ms, wall ms of the first bot's decisions, its moves]
const per = [0, 1].map(() => sides.map(() => [0, 0, 0]));
let alike = 0;
for (let i = 0; i < games; i++) {
	const order = i % 2;
	const played: string[] = [];
	for (const s of order === 0 ? sides : [...sides].reverse()) {
		const u = process.cpuUsage();
		const g = s.play(task(i));
		const du = process.cpuUsage(u);
		const cpu = (du.user + du.system) / 1000;
		played.push(JSON.stringify(g.moves));
		const [ms, n] = firstBot(g);
		const sum = per[order][sides.indexOf(s)];
		sum[0] += cpu;
		sum[1] += ms;
		sum[2] += n;
		s.cpu += cpu;
		s.ms += ms;
		s.moves += n;
	}
	if (played[0] === played[1]) alike++;
}
const [A, B] = sides;
const ratio = (o: number, k: number) => per[o][0][k] / per[o][0][2] / (per[o][1][k] / per[o][1][2]);
const line = (k: number) =>
	`A/B ${ratio(0, k).toFixed(2)} (A first), ${ratio(1, k).toFixed(2)} (B first), geometric mean ${Math.sqrt(ratio(0, k) * ratio(1, k)).toFixed(2)}`;
const side = (s: (typeof sides)[number]) =>
	`${s.name} CPU ${(s.cpu / s.moves).toFixed(2)} ms, wall ${(s.ms / s.moves).toFixed(2)} ms a move (${s.moves} moves)`;
console.log(
	`${games} games of ${specs.map((s) => JSON.stringify(s)).join(' vs ')} in ${ids.join(',')} ` +
		`(load average ${load0} → ${loadavg()[0].toFixed(1)})\n` +
		`  A ${side(A)}\n  B ${side(B)}\n  CPU: ${line(0)}\n  wall: ${line(1)}\n` +
		`  games played alike, move for move: ${alike} of ${games}`
);
