// The sandbox's bot seats: which seat a bot plays, and the page's side of the bot worker
// (bot-worker.ts): one request at a time per question, answered with the bot's decision and the
// alternatives it weighed.
import { parseBotSpec, type Alternative, type BotSpec } from '../bots/index.ts';
import { seedState, type GameSetup, type GameState, type Move } from '../engine/index.ts';
import type { PlayerSetup } from './setup.ts';

export interface BotRequest {
	id: number;
	setup: GameSetup;
	moves: Move[];
	specs: BotSpec[];
	seed: number;
}
export interface BotDecision {
	spec: BotSpec;
	move: Move;
	alternatives: Alternative[];
	ms: number;
}
export type BotAnswer =
	| { id: number; decisions: BotDecision[]; error?: undefined }
	| { id: number; error: string; decisions?: undefined };

/** What a hint asks: every bot that weighs its moves, at its default strength. */
export const HINT_BOTS: BotSpec[] = [{ bot: 'greedy' }, { bot: 'mcts', level: 'medium' }];

/** What a bot found about an alternative: its value, and for MCTS its simulations and win rate. */
export function weighedText(a: Alternative): string {
	return `value ${a.value}${a.visits !== undefined ? `, ${a.visits} simulations` : ''}${a.winRate !== undefined ? `, win ${Math.round(a.winRate * 100)} %` : ''}`;
}

/** The bot of seat p, or null when a person plays it. */
export function seatBot(players: readonly PlayerSetup[], p: number): BotSpec | null {
	const text = players[p]?.bot;
	if (!text) return null;
	const spec = parseBotSpec(text);
	return 'error' in spec ? null : spec;
}

/** A bot's seed for a decision: from the game's seed and the moves so far, so the same game gets the same answers. */
export function decisionSeed(state: GameState): number {
	return seedState(state.seed * 7919 + state.log.length);
}

export class BotWorker {
	private worker: Worker;
	private next = 1;
	private waiting = new Map<number, (a: BotAnswer) => void>();

	constructor() {
		this.worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
		this.worker.onmessage = (e: MessageEvent<BotAnswer>) => {
			const done = this.waiting.get(e.data.id);
			this.waiting.delete(e.data.id);
			done?.(e.data);
		};
		// a worker that fails (a script error, an answer that cannot be read) fails every question: none waits for ever
		this.worker.onerror = (e) => {
			e.preventDefault();
			this.failAll(`the bot's worker stopped: ${e.message || 'a script error'}`);
		};
		this.worker.onmessageerror = () => this.failAll("the bot's answer could not be read");
	}

	/** The decisions of the bots named for the game's current state (the worker replays the setup and moves). */
	ask(setup: GameSetup, state: GameState, specs: BotSpec[]): Promise<BotAnswer> {
		const id = this.next++;
		return new Promise((resolve) => {
			try {
				const request: BotRequest = {
					id,
					setup: plainCopy(setup),
					moves: plainCopy(state.log),
					specs: plainCopy(specs),
					seed: decisionSeed(state)
				};
				this.waiting.set(id, resolve);
				this.worker.postMessage(request);
			} catch (err) {
				this.waiting.delete(id);
				resolve({
					id,
					error: `the question could not be sent to the bot: ${err instanceof Error ? err.message : String(err)}`
				});
			}
		});
	}

	private failAll(error: string): void {
		for (const [id, done] of this.waiting) done({ id, error });
		this.waiting.clear();
	}

	terminate(): void {
		this.worker.terminate();
		this.failAll('stopped');
	}
}

/** A plain copy for postMessage (no proxies, no functions). */
function plainCopy<T>(v: T): T {
	return JSON.parse(JSON.stringify(v)) as T;
}
