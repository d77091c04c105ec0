// The checker page's run: chunks of games spread over Web Workers (one per core), merged in chunk
// order as they come in, the report re-read after each merge so it fills in while games finish.
// The same configuration gives the report the CLI gives.
import { chunksOf, type CheckerConfig } from './run.ts';
import { catalogOf, ChunkMerger, finalize, type Catalog, type Report } from './report.ts';
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
	/** Seconds since the start (updated with each merged chunk). */
	seconds = $state(0);
	readonly rate = $derived(this.seconds > 0 ? this.done / this.seconds : 0);
	readonly secondsLeft = $derived(this.rate > 0 ? (this.total - this.done) / this.rate : Infinity);

	#workers: Worker[] = [];
	#merger: ChunkMerger;
	#catalog: Catalog;
	#t0 = 0;

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
		this.#t0 = performance.now();
		const config = $state.snapshot(this.config) as CheckerConfig;
		let handed = 0;
		return new Promise<void>((resolve) => {
			const finish = () => {
				this.stop();
				resolve();
			};
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
						this.seconds = (performance.now() - this.#t0) / 1000;
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

	stop() {
		this.running = false;
		for (const w of this.#workers) w.terminate();
		this.#workers = [];
	}
}
