// Library-level calls from the browser: the list of expansions on disk, creating one (a new or a
// duplicated document saved with If-None-Match: *), loading every document for dependencies.
import type { Expansion } from '../formats/schema-types.ts';
import { saveExpansion, type SaveOutcome } from './api.ts';

export interface ExpansionSummary {
	id: string;
	name: string | null;
	version: string | null;
	tiles: number;
	revision: string;
	readOnly: boolean;
	validity: { valid: boolean; errors: number; warnings: number };
}

/** The list of expansions on disk and every document that parses, by id: one request (`GET /api/expansions?documents`). */
export async function loadLibrary(fetchFn: typeof fetch): Promise<{ list: ExpansionSummary[]; available: Map<string, Expansion> }> {
	const res = await fetchFn('/api/expansions?documents');
	const available = new Map<string, Expansion>();
	if (!res.ok) return { list: [], available };
	const body = await res.json();
	const entries: (ExpansionSummary & { document?: Expansion })[] = Array.isArray(body) ? body : (body.expansions ?? []);
	const list: ExpansionSummary[] = [];
	for (const { document, ...summary } of entries) {
		list.push(summary);
		if (document) available.set(summary.id, document);
	}
	return { list, available };
}

/** Saves a document under a new id; refuses (409) when the id is taken. */
export function createExpansion(fetchFn: typeof fetch, doc: Expansion): Promise<SaveOutcome> {
	return saveExpansion(fetchFn, doc, null);
}

/** A suggestion for a free id: `base-copy`, `base-copy-2`, … */
export function freeExpansionId(taken: readonly string[], base: string): string {
	const clean =
		base
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '')
			.slice(0, 50) || 'expansion';
	if (!taken.includes(clean)) return clean;
	for (let n = 2; ; n++) if (!taken.includes(`${clean}-${n}`)) return `${clean}-${n}`;
}
