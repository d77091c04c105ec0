// The checker's coordinating worker thread (checker-pool.ts): loads the CLI's bundle (src/cli/bundle.js),
// runs the pool of game workers and merges their chunks in chunk order (after those the main thread played), posting the games merged as
// they come in and the merged aggregate at the end.
import { parentPort, workerData } from 'node:worker_threads';
import { load } from './bundle.js';

/** @type {typeof import('./checker-pool.ts')} */
const { runPooled } = await load('pool');
/** @type {{ cfg: import('../lib/checker/run.ts').CheckerConfig, workers: number, from: number, before: import('../lib/checker/aggregate.ts').Aggregate }} */
const { cfg, workers, from, before } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
try {
	port.postMessage({
		total: await runPooled(cfg, workers, (games) => port.postMessage({ games }), from, before)
	});
} catch (e) {
	port.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
