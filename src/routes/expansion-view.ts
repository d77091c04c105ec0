// What the first page shows of one expansion file: its metadata, tile counts, validity and the
// tiles as images drawn by the server (GET /api/expansions/{id}/tiles/{index}.svg: the page works
// without JavaScript, and its HTML carries no drawing).
import type { Problem } from '$lib/formats/problems.ts';

export interface TileView {
	/** `<expansion id>/<tile id>`. */
	ref: string;
	id: string;
	name: string;
	/** '×3', '×1 per player'. */
	count: string;
	/** The drawing's address. */
	image: string;
}

export interface ExpansionView {
	/** The store's id (the file name). */
	id: string;
	name: string;
	version: string;
	description: string;
	official: boolean;
	designs: number;
	/** Physical tiles with a fixed count. */
	copies: number;
	/** Tiles each player gets (town halls). */
	perPlayer: number;
	figures: string[];
	valid: boolean;
	/** The first PROBLEMS_SHOWN errors; errorCount says how many there are. */
	errors: Problem[];
	errorCount: number;
	/** Warnings and notes, shown collapsed. */
	warnings: Problem[];
	warningCount: number;
	/** The first TILES_SHOWN designs (the library stays quick with an expansion of thousands). */
	tiles: TileView[];
}

/** How many of an expansion's designs the library draws; the editor has them all. */
export const TILES_SHOWN = 60;
/** How many errors, and how many warnings, the library lists; the editor lists them all. */
export const PROBLEMS_SHOWN = 20;

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function countOf(count: unknown): { fixed: number; perPlayer: number; label: string } {
	if (typeof count === 'number' && Number.isFinite(count))
		return { fixed: count, perPlayer: 0, label: `×${count}` };
	if (isObject(count) && typeof count.perPlayer === 'number')
		return { fixed: 0, perPlayer: count.perPlayer, label: `×${count.perPlayer} per player` };
	return { fixed: 0, perPlayer: 0, label: '×?' };
}

/** The view of one stored document; `problems` are the validator's findings (or the parse error). */
export function expansionView(
	id: string,
	doc: unknown,
	problems: readonly Problem[]
): ExpansionView {
	const d = isObject(doc) ? doc : {};
	const rawTiles = Array.isArray(d.tiles) ? d.tiles : [];
	let copies = 0;
	let perPlayer = 0;
	const tiles: TileView[] = [];
	rawTiles.forEach((tile, index) => {
		const t = isObject(tile) ? tile : {};
		const c = countOf(t.count);
		copies += c.fixed;
		perPlayer += c.perPlayer;
		if (index >= TILES_SHOWN) return;
		const tileId = str(t.id) || `#${index + 1}`;
		tiles.push({
			ref: `${id}/${tileId}`,
			id: tileId,
			name: str(t.name),
			count: c.label,
			image: `/api/expansions/${id}/tiles/${index}.svg`
		});
	});
	const figures = (Array.isArray(d.figures) ? d.figures : [])
		.map((f) => (isObject(f) ? str(f.name) || str(f.id) : ''))
		.filter(Boolean);
	const errors = problems.filter((p) => p.severity === 'error');
	const warnings = problems.filter((p) => p.severity !== 'error');
	return {
		id,
		name: str(d.name) || id,
		version: str(d.version),
		description: str(d.description),
		official: d.official === true,
		designs: rawTiles.length,
		copies,
		perPlayer,
		figures,
		valid: errors.length === 0,
		errors: errors.slice(0, PROBLEMS_SHOWN),
		errorCount: errors.length,
		warnings: warnings.slice(0, PROBLEMS_SHOWN),
		warningCount: warnings.length,
		tiles
	};
}

/** '72 tiles', '12 tiles + 1 per player', 'no tiles'. */
export function tileCountLabel(e: Pick<ExpansionView, 'copies' | 'perPlayer'>): string {
	const parts: string[] = [];
	if (e.copies > 0) parts.push(`${e.copies} tile${e.copies === 1 ? '' : 's'}`);
	if (e.perPlayer > 0) parts.push(`${e.perPlayer} per player`);
	return parts.length ? parts.join(' + ') : 'no tiles';
}
