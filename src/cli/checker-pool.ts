// The checker on every core: chunks of games (src/lib/checker/run.ts) spread over a piscina pool of
// worker threads, merged in chunk order, so the report is the same for any number of workers.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import { chunkAt, chunkCount, runGames, type CheckerConfig } from '../lib/checker/run.ts';
import {
	ChunkMerger,
	emptyAggregate,
	mergeInto,
	type Aggregate
} from '../lib/checker/aggregate.ts';

export interface PoolRun {
	/** Worker threads at most (default: every core; HANDOFF_MS); 1 plays in this thread. */
	workers?: number;
	/** Called in order as chunks finish: games done so far. */
	onProgress?: (gamesDone: number) => void;
}

/**
 * Old-generation limit of each game worker thread (MB): its live heap is the rules context and a
 * game or two; the bound makes V8 collect its old garbage before it piles up over a long run.
 */
const WORKER_HEAP_MB = 32;
/**
 * Semi-space of each game worker thread (MB), fixed from the start (its young generation is two of
 * them): large enough that a scavenge seldom copies a game in play, and fixed so that the peak of a
 * long run does not outgrow a short one's as V8's own growth would (docs/benchmarks.md, checker memory).
 */
const WORKER_SEMI_SPACE_MB = 16;
/** Young-generation limit of the coordinating thread (MB): it merges small aggregates; it needs no more. */
const COORDINATOR_YOUNG_MB = 8;
/**
 * Old-generation limit of the coordinating thread (MB): it keeps one merged aggregate (~1 MB) and a
 * few chunks; a small bound makes V8 collect its old garbage early instead of letting it pile up.
 */
const COORDINATOR_HEAP_MB = 32;
export const defaultWorkers = (): number => availableParallelism();

/**
 * CPU time (ms) this thread plays a run alone before it may hand the rest to worker threads: each
 * thread of a pool loads the engine and warms up its JIT anew (a thread's first ~100 games cost
 * several times the later ones, so the pace of the first chunks says little).
 */
export const ALONE_MS = 2000;
/**
 * CPU time (ms) the rest of a run must be expected to take this thread, at the pace of its last
 * chunk, for the worker threads to take it: a pool costs CPU (every thread's start and warm-up) and
 * saves wall time (at most half the rest on two cores), more than it costs only above a few seconds.
 */
export const HANDOFF_MS = 2000;
/**
 * Before ALONE_MS, the rest at the (cold, several times too slow) pace of the last chunk must be
 * expected to take more than this (ms) for the pool to take it at once: a long run (the 10,000-game
 * check) does not spend its first seconds on one core.
 */
export const LONG_MS = 30_000;
/**
 * V8's inlining budget (bytecode inlined into one optimized function, cumulative) while this thread
 * plays, and V8's default, given back before a pool starts. A run played here is short: most of its
 * CPU is the JIT's warm-up, and compiling with less inlined costs less (base greedy against greedy,
 * 300 games, one thread: ~2.0 -> ~1.55 CPU s at 100-200, random play about the same); the long runs
 * on the pool keep the default (the checker's 10,000 games were not faster with smaller budgets).
 */
const MAIN_INLINING = 200;
const V8_INLINING = 920;
const inlining = (bytes: number) =>
	setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${bytes}`);
/** Set to `always` to hand a run with more than one chunk to the pool after its first chunk (tests). */
export const POOL_ENV = 'CARCASSONNE_LAB_POOL';

/**
 * Plays every game of the configuration; resolves to the merged aggregate. This thread plays the
 * first chunks; the worker threads take the rest when it would take this thread more than
 * HANDOFF_MS at the pace of its last chunk, once it has played ALONE_MS (before: more than LONG_MS),
 * so a short run never starts them. The report is the same either way: chunks are merged in chunk
 * order wherever they were played.
 */
export async function runAggregate(cfg: CheckerConfig, opts: PoolRun = {}): Promise<Aggregate> {
	const workers = Math.max(1, opts.workers ?? defaultWorkers());
	const chunks = chunkCount(cfg.games);
	const total = emptyAggregate(cfg.players.length);
	const start = process.cpuUsage();
	// the tests' way to the pool for a short run: the rest goes to it after the first chunk
	const always = process.env[POOL_ENV] === 'always';
	inlining(MAIN_INLINING);
	let done = 0;
	let k = 0;
	while (k < chunks) {
		const [from, to] = chunkAt(cfg.games, k);
		const t = process.cpuUsage();
		mergeInto(total, runGames(cfg, from, to));
		const chunk = process.cpuUsage(t);
		k++;
		opts.onProgress?.((done += to - from));
		if (workers === 1 || k === chunks) continue;
		const played = process.cpuUsage(start);
		const paceMs = (chunk.user + chunk.system) / 1000 / (to - from);
		const alone = (played.user + played.system) / 1000 >= ALONE_MS;
		if (always || (cfg.games - to) * paceMs > (alone ? HANDOFF_MS : LONG_MS)) {
			inlining(V8_INLINING);
			return coordinated(cfg, workers, k, total, (games) => opts.onProgress?.((done += games)));
		}
	}
	inlining(V8_INLINING);
	return total;
}

/**
 * The pool and the merging run in a worker thread of their own (checker-coordinator.js) with bounded
 * generations: the thread that merges receives every aggregate, and the main thread's unbounded heap
 * grew with the run's length. Resolves to the merged aggregate; `progress` gets the games merged by
 * each message.
 */
function coordinated(
	cfg: CheckerConfig,
	workers: number,
	from: number,
	before: Aggregate,
	progress: (games: number) => void
): Promise<Aggregate> {
	return new Promise((resolve, reject) => {
		const thread = new Worker(new URL('./checker-coordinator.js', import.meta.url), {
			workerData: { cfg, workers, from, before },
			resourceLimits: {
				maxOldGenerationSizeMb: COORDINATOR_HEAP_MB,
				maxYoungGenerationSizeMb: COORDINATOR_YOUNG_MB
			}
		});
		let total: Aggregate | null = null;
		thread.on('message', (m: { games: number } | { total: Aggregate } | { error: string }) => {
			if ('games' in m) progress(m.games);
			else if ('total' in m) total = m.total;
			else reject(new Error(m.error));
		});
		thread.on('error', reject);
		thread.on('exit', (code) =>
			total
				? resolve(total)
				: reject(new Error(`the checker's coordinating thread stopped (exit ${code})`))
		);
	});
}

/**
 * Plays the chunks of the configuration from chunk `from` on a pool of `workers` threads, merged in
 * chunk order (in the coordinating thread) into `before`, the merged chunks before `from`.
 */
export async function runPooled(
	cfg: CheckerConfig,
	workers: number,
	progress: (games: number) => void,
	from = 0,
	before: Aggregate = emptyAggregate(cfg.players.length)
): Promise<Aggregate> {
	const chunks = chunkCount(cfg.games);
	// loaded here, in the coordinating thread: a run that stays in the main thread never loads it
	const { Piscina } = await import('piscina');
	// the least semi-space of the isolates created from here on (a V8 flag: a worker's resourceLimits set
	// only the most): the game workers start at their limit instead of growing to it over the run
	setFlagsFromString(`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
	const pool = new Piscina({
		filename: new URL('./checker-worker.js', import.meta.url).href,
		minThreads: workers,
		maxThreads: workers,
		idleTimeout: 1000,
		// the configuration (its expansion documents) goes to each worker once, not with every chunk
		workerData: cfg,
		// bounded generations make V8 collect instead of growing the heap with the run's length
		resourceLimits: {
			maxOldGenerationSizeMb: WORKER_HEAP_MB,
			maxYoungGenerationSizeMb: 2 * WORKER_SEMI_SPACE_MB
		}
	});
	try {
		// merged in chunk order as they come in; at most two chunks per worker are handed out at a time,
		// so neither the queue nor the chunks waiting for an earlier one grow with the run (flat memory)
		const merger = new ChunkMerger(cfg.players.length, from, before);
		let next = from;
		const feed = async (): Promise<void> => {
			while (next < chunks) {
				const k = next++;
				const [from, to] = chunkAt(cfg.games, k);
				const games = merger.add(k, (await pool.run({ from, to })) as Aggregate);
				if (games) progress(games);
			}
		};
		await Promise.all(Array.from({ length: workers * 2 }, feed));
		return merger.total;
	} finally {
		await pool.destroy();
	}
}
