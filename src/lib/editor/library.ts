// Library-level calls from the browser: the list of expansions on disk, creating one (a new or a
// duplicated document saved with If-None-Match: *), loading every document for dependencies.
import type { Expansion } from '../formats/schema-types.ts';
import { saveExpansion, type SaveOutcome } from './api.ts';
import { findJsonFault } from '../formats/json-text.ts';

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
export async function loadLibrary(
	fetchFn: typeof fetch
): Promise<{ list: ExpansionSummary[]; available: Map<string, Expansion> }> {
	const res = await fetchFn('/api/expansions?documents');
	const available = new Map<string, Expansion>();
	if (!res.ok) return { list: [], available };
	const body = await res.json();
	const entries: (ExpansionSummary & { document?: Expansion })[] = Array.isArray(body)
		? body
		: (body.expansions ?? []);
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
			.replace(/^-|-$/g, '')
			.slice(0, 50) || 'expansion';
	if (!taken.includes(clean)) return clean;
	for (let n = 2; ; n++) if (!taken.includes(`${clean}-${n}`)) return `${clean}-${n}`;
}

/**
 * Why an imported file is not JSON, located: its line and column, what was expected and what was
 * found, and the line itself with a caret under the place (the parser's own message when the
 * scanner finds no fault).
 */
export function jsonImportError(fileName: string, text: string, error: unknown): string {
	const fault = findJsonFault(text);
	if (!fault)
		return `${fileName} is not JSON: ${error instanceof Error ? error.message : String(error)}`;
	const found =
		fault.position < text.length
			? `'${text.slice(fault.position, fault.position + 12).split('\n')[0]}'`
			: 'the end of the file';
	const line = text.split('\n')[fault.line - 1] ?? '';
	const from = Math.max(0, fault.column - 1 - 40);
	const shown = (from > 0 ? '…' : '') + line.slice(from, fault.column - 1 + 40).replace(/\t/g, ' ');
	const caret = ' '.repeat(fault.column - 1 - from + (from > 0 ? 1 : 0)) + '^';
	return `${fileName} is not JSON: line ${fault.line}, column ${fault.column}: expected ${fault.expected}, found ${found}\n${shown}\n${caret}`;
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * An imported document that parses but breaks the schema, to be fixed in the editor: the id it is
 * kept under (its own when usable and free, else a free one made from it or the file's name) and
 * the document as the draft — or why the editor cannot open it (its tiles are not tiles).
 */
export function importDraft(
	doc: unknown,
	taken: readonly string[],
	fileName: string
): { id: string; doc: Expansion } | { error: string } {
	if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
		return { error: `${fileName} is not an expansion document (not a JSON object)` };
	const d = doc as Record<string, unknown>;
	const tiles = d.tiles ?? [];
	if (!Array.isArray(tiles))
		return { error: `${fileName}: tiles is not a list, so the editor cannot open it` };
	const bad = tiles.findIndex(
		(t) =>
			typeof t !== 'object' ||
			t === null ||
			Array.isArray(t) ||
			!Array.isArray((t as { features?: unknown }).features)
	);
	if (bad >= 0)
		return {
			error: `${fileName}: tile ${bad + 1} is not an object with a list of features, so the editor cannot open it`
		};
	const own = typeof d.id === 'string' ? d.id : '';
	const id =
		ID.test(own) && !taken.includes(own)
			? own
			: freeExpansionId(taken, own || fileName.replace(/\.json$/i, ''));
	const draft = { ...d, id, tiles } as unknown as Expansion;
	delete draft.official;
	return { id, doc: draft };
}
