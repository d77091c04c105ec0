// The API's view of the validator: the same checks the CLI prints (schema + semantic lint).
import type { Problem } from '../formats/problems.ts';
import type { StoredExpansion } from './store.ts';

// TEMPORARY until src/lib/formats/validate.ts lands on main.
export function validateDocument(doc: unknown): Problem[] {
	if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
		return [{ pointer: '', message: 'An expansion is a JSON object', severity: 'error' }];
	const d = doc as Record<string, unknown>;
	const out: Problem[] = [];
	for (const k of ['id', 'name', 'version', 'tiles'])
		if (!(k in d)) out.push({ pointer: '', message: `missing '${k}'`, severity: 'error' });
	if ('tiles' in d && !Array.isArray(d.tiles)) out.push({ pointer: '/tiles', message: 'not an array', severity: 'error' });
	return out;
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
export function summarise(e: StoredExpansion): ExpansionSummary {
	const d = (typeof e.doc === 'object' && e.doc !== null ? e.doc : {}) as Record<string, unknown>;
	const tiles = Array.isArray(d.tiles) ? (d.tiles as { count?: unknown }[]) : [];
	let copies = 0;
	let perPlayerTiles = 0;
	for (const t of tiles) {
		if (typeof t?.count === 'number') copies += t.count;
		else if (typeof t?.count === 'object' && t.count !== null) perPlayerTiles++;
	}
	const problems = e.parseError ? [e.parseError] : validateDocument(e.doc);
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
		validity: { valid: errors === 0, errors, warnings: problems.filter((p) => p.severity === 'warning').length },
		...(e.parseError ? { parseError: e.parseError } : {})
	};
}
