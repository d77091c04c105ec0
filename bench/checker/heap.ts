// Where the checker's memory goes (a benchmark, not a test): base games on a piscina pool of two
// worker threads like src/cli/checker-pool.ts, with the young generation of each worker capped or
// not; every 5 s the main thread's heap, each worker's heap total and use (after its last chunk) and
// the process's resident set; at the end the peak resident set, the CPU time and games per second.
//   node bin/run-ts.js bench/checker/heap.ts [--games 4000] [--young 8] [--old 96]   (--young 0: V8's default)
import { Piscina } from 'piscina';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chunksOf, type CheckerConfig } from '../../src/lib/checker/run.ts';
import { ChunkMerger, type Aggregate } from '../../src/lib/checker/aggregate.ts';
import { resolveGame } from '../../src/lib/engine/registry.ts';
import { lookupExpansion } from '../../src/cli/engine-io.ts';

const arg = (name: string, fallback: string) => {
	const i = process.argv.indexOf(`--${name}`);
	return Number(i >= 0 ? process.argv[i + 1] : fallback);
};
const [games, young, old] = [arg('games', '4000'), arg('young', '8'), arg('old', '96')];
const mix = resolveGame(['base'], lookupExpansion);
if (!mix.ok) throw new Error(mix.errors.map((e) => e.message).join('; '));
const cfg: CheckerConfig = {
	expansions: mix.expansions,
	modules: mix.modules,
	players: ['P1', 'P2'],
	games,
	seed: 3,
	sample: 1
};
const pool = new Piscina({
	filename: new URL('./heap-worker.js', import.meta.url).href,
	minThreads: 2,
	maxThreads: 2,
	workerData: cfg,
	resourceLimits: {
		maxOldGenerationSizeMb: old,
		...(young ? { maxYoungGenerationSizeMb: young } : {})
	}
});
const MB = (b: number) => Math.round(b / 2 ** 20);
const vm = (field: string) =>
	Math.round(
		Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) /
			1024
	);
const chunks = chunksOf(games);
const merger = new ChunkMerger(2);
const workerHeaps = new Map<number, { total: number; used: number }>();
let next = 0;
let done = 0;
const t0 = performance.now();
const feed = async (): Promise<void> => {
	while (next < chunks.length) {
		const k = next++;
		const [from, to] = chunks[k];
		const r = (await pool.run({ from, to })) as {
			aggregate: Aggregate;
			heap: { total: number; used: number };
		};
		workerHeaps.set(k % 2, r.heap);
		done += merger.add(k, r.aggregate);
	}
};
const timer = setInterval(() => {
	const m = process.memoryUsage();
	const w = [...workerHeaps.values()]
		.map((h) => `${MB(h.total)} MB (${MB(h.used)} used)`)
		.join(', ');
	console.log(
		`${done} games, ${Math.round((performance.now() - t0) / 1000)} s: RSS ${vm('VmRSS')} MB; main heap ${MB(m.heapTotal)} MB (${MB(m.heapUsed)} used); workers ${w}`
	);
}, 5000);
await Promise.all(Array.from({ length: 4 }, feed));
clearInterval(timer);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage();
console.log(
	`${games} base games, young generation ${young ? `${young} MB` : 'default'}, old ${old} MB: peak RSS ${vm('VmHWM')} MB, ${seconds.toFixed(1)} s (${(games / seconds).toFixed(1)} games/s), CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, load average ${loadavg()
		.map((x) => x.toFixed(1))
		.join(' ')}`
);
await pool.destroy();
