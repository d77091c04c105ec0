// Game records (schemas/game-record.v1.json): from a finished or running game, and back to a setup.
import { contextOf, expansionHash } from './game.ts';
import { MODULES } from './modules/index.ts';
import type { GameRecord } from '../formats/schema-types.ts';
import type { Expansion, GameSetup, GameState, Move } from './types.ts';

export type { GameRecord };

/** The record of a game: everything needed to replay it exactly. */
export function recordOf(state: GameState): GameRecord {
	const c = contextOf(state);
	const rec: GameRecord = {
		schemaVersion: 1,
		expansions: c.expansions.map((e) => ({ id: e.id, version: e.version, hash: e.hash })),
		rulings: { ...state.rulings },
		players: [...state.players],
		seed: state.seed,
		moves: state.log.map((m) => ({ ...m })) as GameRecord['moves']
	};
	if (state.origin.modules?.length) rec.modules = [...state.origin.modules];
	if (state.origin.start) rec.start = state.origin.start;
	if (state.origin.drawOrder) rec.drawOrder = [...state.origin.drawOrder];
	if (state.origin.outcomes) rec.outcomes = [...state.origin.outcomes];
	if (state.origin.free) rec.free = true;
	rec.result = { finished: state.finished, scores: [...state.scores] };
	return rec;
}

/**
 * The setup a record describes. `lookup` finds an expansion document by id; ids without a document
 * that name a rule module (abbot, pig) enable that module. Warnings: content hashes that changed.
 */
export function setupFromRecord(
	rec: GameRecord,
	lookup: (id: string) => Expansion | undefined
): { setup?: GameSetup; moves: Move[]; warnings: string[]; errors: string[] } {
	const warnings: string[] = [];
	const errors: string[] = [];
	const expansions: Expansion[] = [];
	const modules = [...(rec.modules ?? [])];
	for (const e of rec.expansions) {
		const doc = lookup(e.id);
		if (!doc) {
			if (MODULES.some((m) => m.id === e.id)) modules.push(e.id);
			else errors.push(`unknown expansion '${e.id}'`);
			continue;
		}
		if (e.hash && e.hash !== expansionHash(doc)) warnings.push(`expansion '${e.id}' changed since the game was recorded (content hash ${e.hash} → ${expansionHash(doc)})`);
		expansions.push(doc);
	}
	if (!expansions.some((e) => e.id === 'base') && !errors.length) {
		const base = lookup('base');
		if (base) expansions.unshift(base);
	}
	if (errors.length) return { moves: [], warnings, errors };
	return {
		setup: {
			expansions,
			modules,
			players: rec.players,
			seed: rec.seed,
			rulings: rec.rulings,
			drawOrder: rec.drawOrder,
			start: rec.start,
			outcomes: rec.outcomes,
			free: rec.free
		},
		moves: rec.moves as Move[],
		warnings,
		errors
	};
}
