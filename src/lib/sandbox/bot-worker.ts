// The sandbox's bots think here, off the page's thread, so the board stays responsive: a request
// carries the game (setup and moves, replayed here) and the bot; the answer is its decision.
import { replay } from '../engine/index.ts';
import { createBot } from '../bots/index.ts';
import type { BotRequest, BotAnswer } from './bots.ts';

let last: { key: string; state: ReturnType<typeof replay>['state'] } | null = null;

self.onmessage = (e: MessageEvent<BotRequest>) => {
	const { id, setup, moves, specs, seed } = e.data;
	try {
		// the whole setup (documents, modules, rulings, free mode) and the moves: the same game
		const key = JSON.stringify([setup, moves]);
		let state = last?.key === key ? last.state : null;
		if (!state) {
			const r = replay(setup, moves, { quiet: true });
			if (r.error)
				throw new Error(`move ${r.error.index + 1} is refused: ${r.error.refusal.message}`);
			state = r.state;
			last = { key, state };
		}
		const decisions = specs.map((spec) => {
			const t0 = performance.now();
			const d = createBot(spec, seed).decide(state);
			return {
				spec,
				move: d.move,
				alternatives: d.alternatives,
				ms: Math.round(performance.now() - t0)
			};
		});
		self.postMessage({ id, decisions } satisfies BotAnswer);
	} catch (err) {
		self.postMessage({
			id,
			error: err instanceof Error ? err.message : String(err)
		} satisfies BotAnswer);
	}
};
