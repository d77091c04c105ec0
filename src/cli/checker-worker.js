// A piscina worker thread of the checker: loads the CLI's bundle (as bin/ does, src/cli/bundle.js),
// then plays the chunks it is sent (src/lib/checker/run.ts).
import { workerData } from 'node:worker_threads';
import { load } from './bundle.js';

/** @type {typeof import('../lib/checker/run.ts')} */
const { runGames } = await load('checker');

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
