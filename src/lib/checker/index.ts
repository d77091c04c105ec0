// The interaction checker (pure): run chunks of seeded games, merge them in order, read the report.
import { chunksOf, runGames, type CheckerConfig } from './run.ts';
import { finalize, mergeAll, type Report } from './report.ts';

export * from './run.ts';
export * from './report.ts';

/** Every chunk in this thread, in order (tests, small runs): the report a pool of workers gives too. */
export function simulate(cfg: CheckerConfig, onChunk?: (gamesDone: number) => void): Report {
	let done = 0;
	const parts = chunksOf(cfg.games).map(([from, to]) => {
		const a = runGames(cfg, from, to);
		done += to - from;
		onChunk?.(done);
		return a;
	});
	return finalize(cfg, mergeAll(cfg.players.length, parts));
}
export * from './compare.ts';
