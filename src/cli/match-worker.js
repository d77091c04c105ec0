// A piscina worker thread of `match`: loads the CLI's bundle (as bin/ does, src/cli/bundle.js), then
// plays the games it is sent (src/cli/workers/match-worker.ts).
import { load } from './bundle.js';

/** @type {typeof import('./workers/match-worker.ts')} */
const worker = await load('match');
export default worker.default;
