// A piscina worker thread of `match`: loads the TypeScript through tsx (as bin/ does), then plays
// the games it is sent (src/cli/workers/match-worker.ts).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./workers/match-worker.ts');
export default worker.default;
