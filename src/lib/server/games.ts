// The games folder: game records (schemas/game-record.v1.json) the sandbox saves, one `<name>.json`
// each, through the same document store as the expansions and scenarios. Server-only.
import type { Problem } from '../formats/problems.ts';
import { validateGameRecord } from '../formats/validate-scenario.ts';
import { ruleRegistry } from '../engine/index.ts';
import { errorResponse } from './api.ts';
import { isSafeScenarioName, unsafeDocumentName } from './scenarios.ts';
import { documentStore, listExpansions, workspaceFolder, type StoredDocument } from './store.ts';
import { availableOf } from './validation.ts';

/** `GAMES_DIR`, or the app's `workspace/games/`; created on the first write. */
export const gamesDir = (): string => workspaceFolder('GAMES_DIR', 'games');

export const gameStore = documentStore({ dir: gamesDir, isSafeName: isSafeScenarioName });

/** The record schema, and that the game's expansions resolve against the expansions store. */
export async function validateStoredGame(doc: unknown): Promise<Problem[]> {
	return validateGameRecord(doc, {
		available: availableOf(await listExpansions()),
		moduleIds: ruleRegistry.moduleIds,
		registry: ruleRegistry
	});
}

export const unsafeGameName = (name: string) => unsafeDocumentName('game', name);
export const gameNotFound = (name: string) => errorResponse(404, `No game '${name}'`);

/** One row of GET /api/games. */
export function summariseGame(s: StoredDocument) {
	const d = (
		typeof s.doc === 'object' && s.doc !== null && !Array.isArray(s.doc) ? s.doc : {}
	) as Record<string, unknown>;
	return {
		name: s.id,
		expansions: Array.isArray(d.expansions)
			? d.expansions
					.map((e) => (e as { id?: unknown })?.id)
					.filter((id): id is string => typeof id === 'string')
			: [],
		players: Array.isArray(d.players)
			? d.players.filter((p): p is string => typeof p === 'string')
			: [],
		moves: Array.isArray(d.moves) ? d.moves.length : 0,
		revision: s.revision,
		...(s.parseError ? { parseError: s.parseError } : {})
	};
}
