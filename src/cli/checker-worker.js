// A piscina worker thread of the checker: loads the TypeScript through tsx (as bin/ does), then plays
// the chunks it is sent (src/lib/checker/run.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runGames } = await import('../lib/checker/run.ts');

/**
 * The run's configuration comes once, as the pool's workerData (a pool plays one run): its expansion
 * documents stay the same objects, so their content hashes are computed once, and a task is two numbers.
 * @type {import('../lib/checker/run.ts').CheckerConfig}
 */
const config = workerData;

/** @param {{ from: number, to: number }} task games [from, to) of the configuration */
export default function ({ from, to }) {
	return runGames(config, from, to);
}
