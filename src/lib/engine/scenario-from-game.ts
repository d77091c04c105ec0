// A rules scenario written from a game's history ("Save as scenario"): the game as played and
// expectations the engine produced for it — the scores after every move that scored, the final
// scores when the game is over, every refusal the designer met — so a designer's regression suite
// grows as they play. Pure.
import { replay } from './replay.ts';
import { setupFromRecord, type GameRecord } from './record.ts';
import type { Scenario } from '../formats/schema-types.ts';
import type { Expansion, Move } from './types.ts';

/** A move the engine refused while the designer played: tried after `after` moves. */
export interface MetRefusal {
	after: number;
	move: Move | Record<string, unknown>;
	code: string;
	rules: string[];
}

export interface ScenarioFromGameOptions {
	name: string;
	description?: string;
	refusals?: readonly MetRefusal[];
}

/**
 * The scenario of a recorded game. Its `rules` are every rule id that fired (and those the
 * refusals named), sorted. Throws when the record does not replay (its expansions do not resolve
 * or a move is illegal): the message says which.
 */
export function scenarioFromGame(
	record: GameRecord,
	opts: ScenarioFromGameOptions,
	lookup: (id: string) => Expansion | undefined
): Scenario {
	const { setup, moves, errors } = setupFromRecord(record, lookup);
	if (!setup) throw new Error(`the game cannot be set up: ${errors.join('; ')}`);
	const fired = new Set<string>();
	const scores: { after: number; scores: number[] }[] = [];
	const played = replay(setup, moves, {
		quiet: true,
		onStep(index, _move, events, state) {
			for (const e of events) for (const r of e.rules) fired.add(r);
			if (index >= 0 && events.some((e) => e.type === 'score'))
				scores.push({ after: index + 1, scores: [...state.scores] });
		}
	});
	if (played.error) {
		const { index, refusal } = played.error;
		throw new Error(
			`move ${index} ${JSON.stringify(moves[index])} is illegal: ${refusal.message} (${refusal.code})`
		);
	}
	const refusals = (opts.refusals ?? []).map((r) => ({
		after: r.after,
		move: { ...r.move },
		code: r.code,
		rules: [...r.rules]
	}));
	for (const r of refusals) for (const id of r.rules) fired.add(id);
	const { state } = played;
	const game = structuredClone(record);
	delete game.result;
	return {
		name: opts.name,
		rules: [...fired].sort(),
		description:
			opts.description ??
			`Written from a game of ${moves.length} moves (${record.expansions.map((e) => e.id).join(', ')}): the scores after every move that scored${state.finished ? ', the final scores' : ''}${refusals.length ? ` and ${refusals.length} refused move${refusals.length === 1 ? '' : 's'}` : ''}, as the engine gave them.`,
		game,
		expect: {
			...(scores.length ? { scores } : {}),
			...(refusals.length ? { refusals } : {}),
			...(state.finished ? { final: [...state.scores] } : {}),
			finished: state.finished
		}
	};
}
