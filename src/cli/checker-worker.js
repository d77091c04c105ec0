// A piscina worker thread of the checker: loads the TypeScript through tsx (as bin/ does), then plays
// the chunks it is sent (src/lib/checker/run.ts).
import { register } from 'tsx/esm/api';

register();
const { runGames } = await import('../lib/checker/run.ts');

/**
 * One task: games [from, to) of the configuration. The first copy of each configuration (by key) is
 * kept, so its expansion documents stay the same objects and their content hashes are computed once.
 */
const configs = new Map();
/** @param {{ key: string, config: import('../lib/checker/run.ts').CheckerConfig, from: number, to: number }} task */
export default function ({ key, config, from, to }) {
	if (!configs.has(key)) configs.set(key, config);
	return runGames(configs.get(key), from, to);
}
