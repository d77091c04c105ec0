// The `match` command's worker thread: TypeScript through tsx's loader, as in the main thread.
import { register } from 'tsx/esm/api';

register();
const worker = await import('../src/cli/workers/match-worker.ts');
export default worker.default;
