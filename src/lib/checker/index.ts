// The interaction checker (pure): run chunks of seeded games, merge them in order, read the report.
import { chunkAt, chunkCount, runGames, type CheckerConfig } from './run.ts';
import { emptyAggregate, mergeInto } from './aggregate.ts';
import { finalize, type Report } from './report.ts';

export * from './run.ts';
export * from './aggregate.ts';
export * from './catalog.ts';
export * from './report.ts';

/** Every chunk in this thread, in order (tests, small runs): the report a pool of workers gives too. */
export function simulate(cfg: CheckerConfig, onChunk?: (gamesDone: number) => void): Report {
	const total = emptyAggregate(cfg.players.length);
	for (let k = 0; k < chunkCount(cfg.games); k++) {
		const [from, to] = chunkAt(cfg.games, k);
		mergeInto(total, runGames(cfg, from, to));
		onChunk?.(to);
	}
	return finalize(cfg, total);
}
export * from './compare.ts';
export * from './advice.ts';
