// The API's view of the validator: the same checks the CLI prints (schema + semantic lint + the
// rule modules' rulings and parameters).
import type { Problem } from '../formats/problems.ts';
import type { StoredExpansion } from './store.ts';
import type { Expansion } from '../formats/schema-types.ts';
import { validateExpansion } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';

/** The store's documents by id, for resolving dependencies (unparsable files are left out). */
export function availableOf(list: readonly StoredExpansion[]): Map<string, Expansion> {
	const m = new Map<string, Expansion>();
	for (const e of list)
		if (typeof e.doc === 'object' && e.doc !== null && !Array.isArray(e.doc))
			m.set(e.id, e.doc as Expansion);
	return m;
}

/** Schema and semantic checks of a document, with the other expansions of the store available. */
export function validateDocument(
	doc: unknown,
	available?: ReadonlyMap<string, Expansion>
): Problem[] {
	return validateExpansion(doc, { available, registry: ruleRegistry });
}

export interface ExpansionSummary {
	id: string;
	name: string | null;
	version: string | null;
	/** Number of tile designs. */
	tiles: number;
	/** Number of physical tiles (a per-player count counts once per player: see perPlayerTiles). */
	copies: number;
	/** Designs counted per player (town halls): their copies are per player, not in `copies`. */
	perPlayerTiles: number;
	revision: string;
	readOnly: boolean;
	validity: { valid: boolean; errors: number; warnings: number };
	parseError?: Problem;
}

/** One row of GET /api/expansions. */
export function summarise(
	e: StoredExpansion,
	available?: ReadonlyMap<string, Expansion>
): ExpansionSummary {
	const d = (typeof e.doc === 'object' && e.doc !== null ? e.doc : {}) as Record<string, unknown>;
	const tiles = Array.isArray(d.tiles) ? (d.tiles as { count?: unknown }[]) : [];
	let copies = 0;
	let perPlayerTiles = 0;
	for (const t of tiles) {
		if (typeof t?.count === 'number') copies += t.count;
		else if (typeof t?.count === 'object' && t.count !== null) perPlayerTiles++;
	}
	const problems = e.parseError ? [e.parseError] : validateDocument(e.doc, available);
	const errors = problems.filter((p) => p.severity === 'error').length;
	return {
		id: e.id,
		name: typeof d.name === 'string' ? d.name : null,
		version: typeof d.version === 'string' ? d.version : null,
		tiles: tiles.length,
		copies,
		perPlayerTiles,
		revision: e.revision,
		readOnly: e.readOnly,
		validity: {
			valid: errors === 0,
			errors,
			warnings: problems.filter((p) => p.severity === 'warning').length
		},
		...(e.parseError ? { parseError: e.parseError } : {})
	};
}
