// The checker page's run: chunks of games spread over Web Workers (one per core), merged in chunk
// order as they come in, the report re-read after each merge so it fills in while games finish.
// The same configuration gives the report the CLI gives.
import { chunksOf, type CheckerConfig } from './run.ts';
import { ChunkMerger } from './aggregate.ts';
import { catalogOf, type Catalog } from './catalog.ts';
import { finalize, type Report } from './report.ts';
import { compareRuns, type Comparison, type LabelledRun } from './compare.ts';
import type { ChunkAnswer, ChunkTask } from './worker.ts';

export type WorkerFactory = () => Worker;

let runs = 0;

export class CheckerRun {
	readonly config: CheckerConfig;
	done = $state(0);
	total = $state(0);
	running = $state(false);
	cancelled = $state(false);
	error = $state('');
	report = $state.raw<Report | null>(null);

	#workers: Worker[] = [];
	#merger: ChunkMerger;
	#catalog: Catalog;
	#settle: (() => void) | null = null;

	constructor(config: CheckerConfig) {
		this.config = config;
		this.total = config.games;
		this.#merger = new ChunkMerger(config.players.length);
		this.#catalog = catalogOf(config);
	}

	/** Starts `workers` workers; resolves when every game is in, or the run is cancelled or fails. */
	start(create: WorkerFactory, workers: number): Promise<void> {
		const chunks = chunksOf(this.total);
		const key = `run-${++runs}`;
		this.running = true;
		const config = $state.snapshot(this.config) as CheckerConfig;
		let handed = 0;
		return new Promise<void>((resolve) => {
			this.#settle = resolve;
			const finish = () => this.stop();
			const hand = (w: Worker) => {
				if (handed >= chunks.length || !this.running) return;
				const [from, to] = chunks[handed];
				const task: ChunkTask = { key, config, chunk: handed++, from, to };
				w.postMessage(task);
			};
			const n = Math.max(1, Math.min(workers, chunks.length));
			for (let i = 0; i < n; i++) {
				const w = create();
				this.#workers.push(w);
				w.onmessage = (e: MessageEvent<ChunkAnswer>) => {
					if (!this.running) return;
					const a = e.data;
					if ('error' in a) {
						this.error = `chunk ${a.chunk}: ${a.error}`;
						finish();
						return;
					}
					const games = this.#merger.add(a.chunk, a.aggregate);
					if (games) {
						this.done += games;
						this.report = finalize(this.config, this.#merger.total, this.#catalog);
					}
					if (this.done >= this.total) finish();
					else hand(w);
				};
				w.onerror = (e) => {
					this.error = e.message || 'a worker failed';
					finish();
				};
				hand(w);
			}
		});
	}

	cancel() {
		if (!this.running) return;
		this.cancelled = true;
		this.stop();
	}

	/** Ends the run (its workers terminated); the promise start gave resolves. */
	stop() {
		this.running = false;
		for (const w of this.#workers) w.terminate();
		this.#workers = [];
		this.#settle?.();
		this.#settle = null;
	}
}

/**
 * The runs of one request one after the other on the same number of workers: a single run, or a
 * comparison's runs (comparisonRuns: the reference, then the flipped ruling or each combination).
 * Progress, rate and time left are over all the runs' games; the comparisons against the first run
 * (compare.ts) fill in as the later runs do.
 */
/** Seconds as "42 s" or "3 min 5 s" ("…" while unknown). */
export function duration(s: number): string {
	if (!Number.isFinite(s)) return '…';
	return s < 60 ? `${Math.ceil(s)} s` : `${Math.floor(s / 60)} min ${Math.ceil(s % 60)} s`;
}

export class CheckerBatch {
	readonly runs: { label: string; run: CheckerRun }[];
	/** A single run, a ruling flip (two runs) or a combination sweep (base alone, then each mix). */
	readonly kind: 'single' | 'flip' | 'sweep';
	current = $state(0);
	cancelled = $state(false);
	running = $state(false);
	#t0 = 0;
	#now = $state(0);

	constructor(runs: readonly LabelledRun[], kind: CheckerBatch['kind']) {
		this.runs = runs.map((r) => ({ label: r.label, run: new CheckerRun(r.cfg) }));
		this.kind = kind;
	}

	// getters over the runs' state (reactive through it); the page memoises what it derives
	get total(): number {
		return this.runs.reduce((n, r) => n + r.run.total, 0);
	}
	get done(): number {
		return this.runs.reduce((n, r) => n + r.run.done, 0);
	}
	get seconds(): number {
		return this.#now;
	}
	get rate(): number {
		return this.#now > 0 ? this.done / this.#now : 0;
	}
	get secondsLeft(): number {
		return this.rate > 0 ? (this.total - this.done) / this.rate : Infinity;
	}
	get error(): string {
		return this.runs.map((r) => r.run.error).find(Boolean) ?? '';
	}
	/** The progress in a line: "120 / 200 games (run 1 of 2: …) · 97 games/s · 1 s left". */
	get progressLine(): string {
		const run =
			this.runs.length > 1
				? ` (run ${this.current + 1} of ${this.runs.length}: ${this.runs[this.current].label})`
				: '';
		const rate = this.rate >= 10 ? Math.round(this.rate) : this.rate.toFixed(1);
		const state = this.running
			? `${duration(this.secondsLeft)} left`
			: this.cancelled
				? 'cancelled'
				: this.error
					? 'failed'
					: `done in ${duration(this.seconds)}`;
		return `${this.done} / ${this.total} games${run} · ${rate} games/s · ${state}`;
	}
	/** The first run: the report the page shows in full. */
	get reference(): CheckerRun {
		return this.runs[0].run;
	}
	/** The reports of the runs that have games in (in order: a run starts after the one before). */
	get reports(): Report[] {
		return this.runs.map((r) => r.run.report).filter((r): r is Report => r !== null);
	}
	/** Every later run that has games in, against the first. */
	get comparisons(): Comparison[] {
		const reports = this.reports;
		if (this.kind === 'single' || !reports.length) return [];
		return compareRuns(
			this.runs.slice(0, reports.length).map((r) => r.label),
			reports
		);
	}

	async start(create: WorkerFactory, workers: number): Promise<void> {
		this.running = true;
		this.#t0 = performance.now();
		const tick = setInterval(() => (this.#now = (performance.now() - this.#t0) / 1000), 250);
		try {
			for (let k = 0; k < this.runs.length && !this.cancelled; k++) {
				this.current = k;
				const { run } = this.runs[k];
				await run.start(create, workers);
				if (run.error || run.cancelled) break;
			}
		} finally {
			clearInterval(tick);
			this.#now = (performance.now() - this.#t0) / 1000;
			this.running = false;
		}
	}

	cancel() {
		if (!this.running) return;
		this.cancelled = true;
		this.runs[this.current].run.cancel();
	}

	/** Ends the batch (a new request replaces it). */
	stop() {
		if (this.running) this.cancelled = true;
		for (const r of this.runs) r.run.stop();
	}
}
