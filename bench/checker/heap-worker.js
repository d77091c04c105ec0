// bench/checker/heap.ts's worker thread: the checker's chunk (as src/cli/checker-worker.js plays it)
// and this thread's V8 heap after it.
import { getHeapStatistics } from 'node:v8';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runGames } = await import('../../src/lib/checker/run.ts');
export default function ({ from, to }) {
	const aggregate = runGames(workerData, from, to);
	const h = getHeapStatistics();
	return { aggregate, heap: { total: h.total_heap_size, used: h.used_heap_size } };
}
