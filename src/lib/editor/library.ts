// Library-level calls from the browser: the list of expansions on disk, creating one (a new or a
// duplicated document saved with If-None-Match: *), loading every document for dependencies.
import type { Expansion } from '../formats/schema-types.ts';
import { loadExpansion, saveExpansion, type SaveOutcome } from './api.ts';

export interface ExpansionSummary {
	id: string;
	name: string | null;
	version: string | null;
	tiles: number;
	revision: string;
	readOnly: boolean;
	validity: { valid: boolean; errors: number; warnings: number };
}

export async function listExpansionSummaries(fetchFn: typeof fetch): Promise<ExpansionSummary[]> {
	const res = await fetchFn('/api/expansions');
	if (!res.ok) return [];
	const body = await res.json();
	return Array.isArray(body) ? body : (body.expansions ?? []);
}

/** Every expansion on disk, by id (documents that do not load are left out). */
export async function loadAvailable(fetchFn: typeof fetch, ids: readonly string[]): Promise<Map<string, Expansion>> {
	const loaded = await Promise.all(ids.map((id) => loadExpansion(fetchFn, id)));
	const out = new Map<string, Expansion>();
	for (const l of loaded) if (l.ok) out.set(l.doc.id, l.doc);
	return out;
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
