// A Web Worker of the checker page: plays the chunks it is sent (run.ts) and posts each aggregate
// back. The first copy of each configuration (by key) is kept, so its documents' hashes are computed once.
import { runGames, type CheckerConfig } from './run.ts';
import type { Aggregate } from './aggregate.ts';

export interface ChunkTask {
	key: string;
	config: CheckerConfig;
	chunk: number;
	from: number;
	to: number;
}
export type ChunkAnswer =
	| { key: string; chunk: number; aggregate: Aggregate }
	| { key: string; chunk: number; error: string };

const configs = new Map<string, CheckerConfig>();

self.onmessage = (e: MessageEvent<ChunkTask>) => {
	const { key, config, chunk, from, to } = e.data;
	if (!configs.has(key)) configs.set(key, config);
	let answer: ChunkAnswer;
	try {
		answer = { key, chunk, aggregate: runGames(configs.get(key)!, from, to) };
	} catch (err) {
		answer = { key, chunk, error: err instanceof Error ? err.message : String(err) };
	}
	(self as unknown as Worker).postMessage(answer);
};
