// Game records (schemas/game-record.v1.json): from a finished or running game, and back to a setup.
import { contextOf, expansionHash } from './context.ts';
import { resolveGame } from './registry.ts';
import { chosenPointer } from '../formats/resolve.ts';
import type { GameRecord } from '../formats/schema-types.ts';
import type { Expansion, GameSetup, GameState, Move } from './types.ts';

export type { GameRecord };

/** The record of a game: everything needed to replay it exactly. */
export function recordOf(state: GameState): GameRecord {
	const rules = contextOf(state);
	const rec: GameRecord = {
		schemaVersion: 1,
		expansions: rules.expansions.map((e) => ({ id: e.id, version: e.version, hash: e.hash })),
		rulings: { ...state.rulings },
		players: [...state.players],
		seed: state.seed,
		moves: state.log.map((m) => ({ ...m })) as GameRecord['moves']
	};
	if (state.origin.modules?.length) rec.modules = [...state.origin.modules];
	if (state.origin.start) rec.start = state.origin.start;
	if (state.origin.drawOrder) rec.drawOrder = [...state.origin.drawOrder];
	if (state.origin.outcomes) rec.outcomes = [...state.origin.outcomes];
	if (state.origin.draws) rec.draws = [...state.origin.draws];
	if (state.origin.free) rec.free = true;
	if (state.origin.figures) rec.figures = { ...state.origin.figures };
	rec.result = { finished: state.finished, scores: [...state.scores] };
	return rec;
}

/**
 * The setup a record describes: its expansions (and `modules`) closed over their dependencies by
 * the game's resolver, base first. `lookup` finds an expansion document by id; ids without a
 * document that name a rule module (abbot, pig) enable that module. Errors are located
 * (`/expansions/N`, or the document's `/dependencies/N`); warnings: content hashes that changed.
 */
export function setupFromRecord(
	rec: GameRecord,
	lookup: (id: string) => Expansion | undefined
): { setup?: GameSetup; moves: Move[]; warnings: string[]; errors: string[] } {
	const warnings: string[] = [];
	const listed = rec.modules as unknown;
	if (listed !== undefined && !Array.isArray(listed))
		return {
			moves: [],
			warnings,
			errors: [
				`/modules: a list of rule module ids such as ["pig"], not ${typeof listed === 'string' ? `the text '${listed.slice(0, 40)}'` : typeof listed}`
			]
		};
	const named = rec.expansions.map((e) => e.id);
	const modules = rec.modules ?? [];
	const r = resolveGame([...named, ...modules], lookup);
	if (!r.ok) {
		const groups = [
			['/expansions', named.length],
			['/modules', modules.length]
		] as const;
		return {
			moves: [],
			warnings,
			errors: r.errors.map((e) => `${chosenPointer(e, groups)}: ${e.message}`)
		};
	}
	for (const e of rec.expansions) {
		const doc = r.expansions.find((d) => d.id === e.id);
		if (doc && e.hash && e.hash !== expansionHash(doc))
			warnings.push(
				`expansion '${e.id}' changed since the game was recorded (content hash ${e.hash} → ${expansionHash(doc)})`
			);
	}
	return {
		setup: {
			expansions: r.expansions,
			modules: r.modules,
			players: rec.players,
			seed: rec.seed,
			rulings: rec.rulings,
			drawOrder: rec.drawOrder,
			start: rec.start,
			outcomes: rec.outcomes,
			draws: rec.draws,
			free: rec.free,
			figures: rec.figures
		},
		moves: rec.moves as Move[],
		warnings,
		errors: []
	};
}
