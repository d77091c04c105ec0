// The export endpoints' one path: check the format, validate the document (the CLI refuses documents
// with errors too), run the exporter and encode its files for JSON ({ path, type, encoding, data }:
// text as utf8, bytes as base64). GET /api/expansions/{id}/export exports the stored document,
// POST /api/export/{format} the editor's current one.
import { errorResponse, jsonResponse } from './api.ts';
import { validateDocument } from './validation.ts';
import { hasErrors } from '../formats/problems.ts';
import { EXPORT_FORMATS, isExportFormat, loadExporter } from '../export/index.ts';
import { isPaper, type ExportOptions } from '../export/types.ts';
import type { Expansion } from '../formats/schema-types.ts';

export interface EncodedFile {
	path: string;
	type: string;
	encoding: 'utf8' | 'base64';
	data: string;
}

/** The formats the endpoints accept. */
export const exportFormats = (): string[] => [...EXPORT_FORMATS];

function base64(bytes: Uint8Array): string {
	let s = '';
	for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(s);
}

/**
 * The exporters' options from a query string, for both endpoints: `bleedMm`, `sizePx`, `players`
 * (numbers), `backs` (1/true/yes or 0/false/no; absent: the format's default), `paper` (a4|letter).
 */
export function exportOptionsFrom(query: URLSearchParams): ExportOptions & { players?: number } {
	const num = (name: string) => {
		const v = query.get(name);
		return v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
	};
	const flag = (name: string) => {
		const v = query.get(name);
		return v === null ? undefined : ['1', 'true', 'yes'].includes(v);
	};
	const paper = query.get('paper');
	return {
		bleedMm: num('bleedMm'),
		backs: flag('backs'),
		sizePx: num('sizePx'),
		players: num('players'),
		...(isPaper(paper) ? { paper } : {})
	};
}

export const unknownFormatResponse = (format: string, status = 400) =>
	errorResponse(status, `Unknown export format '${format}' (use ${EXPORT_FORMATS.join(', ')})`);

/**
 * Exports `doc` (with `options.available` resolving its dependencies) as `format`: 200 with
 * `{ format, files, notes }`, 400 for an unknown format, 422 when the document has errors, 500
 * when the exporter fails.
 */
export async function exportResponse(format: string, doc: unknown, options: ExportOptions): Promise<Response> {
	if (!isExportFormat(format)) return unknownFormatResponse(format);
	const label = typeof (doc as Expansion | null)?.id === 'string' ? `'${(doc as Expansion).id}'` : 'The document';
	const problems = validateDocument(doc, options.available);
	if (hasErrors(problems)) return errorResponse(422, `${label} has errors: fix them before exporting`, problems);
	let result;
	try {
		result = await (await loadExporter(format))(doc as Expansion, options);
	} catch (e) {
		return errorResponse(500, `The ${format} export failed: ${e instanceof Error ? e.message : String(e)}`);
	}
	const files: EncodedFile[] = result.files.map((f) =>
		typeof f.data === 'string'
			? { path: f.path, type: f.type, encoding: 'utf8', data: f.data }
			: { path: f.path, type: f.type, encoding: 'base64', data: base64(f.data) }
	);
	return jsonResponse({ format, files, notes: result.notes });
}
