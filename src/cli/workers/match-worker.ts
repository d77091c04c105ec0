// One `match` game per task, in a worker thread: the expansions are resolved here (by id, from disk)
// once per worker and kept.
import { resolveGame } from '../../lib/engine/index.ts';
import { playBotGame, type MatchGame } from '../../lib/bots/match.ts';
import type { BotSpec } from '../../lib/bots/index.ts';
import { lookupExpansion } from '../engine-io.ts';

export interface MatchTask {
	ids: string[];
	rulings: Record<string, string>;
	specs: BotSpec[];
	index: number;
	seed: number;
	players: number;
}

const setups = new Map<string, ReturnType<typeof resolveGame>>();

export default function run(task: MatchTask): MatchGame {
	const key = JSON.stringify(task.ids);
	let r = setups.get(key);
	if (!r) setups.set(key, (r = resolveGame(task.ids, lookupExpansion)));
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	return playBotGame(
		{ expansions: r.expansions, modules: r.modules, rulings: task.rulings },
		task.specs,
		task.index,
		task.seed,
		task.players
	);
}
