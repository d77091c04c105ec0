// One export job: run the exporter and encode its files for JSON ({ path, type, encoding, data }:
// text as utf8, bytes as base64). Run by the server's export worker threads (export-worker.ts) and,
// from the sources (vite dev, unit tests), in the server's own thread.
import { bytesToBase64 } from '../formats/base64.ts';
import { loadExporter } from '../export/index.ts';
import type { ExportFormat, ExportOptions } from '../export/types.ts';
import type { Expansion } from '../formats/schema-types.ts';

export interface EncodedFile {
	path: string;
	type: string;
	encoding: 'utf8' | 'base64';
	data: string;
}

export type Outcome =
	{ ok: true; files: EncodedFile[]; notes: string[] } | { ok: false; error: string };

export interface ExportJob {
	format: ExportFormat;
	doc: Expansion;
	options: ExportOptions;
}

/** Runs the exporter here, in this thread; a failure is an outcome, never a throw. */
export async function runExporter({ format, doc, options }: ExportJob): Promise<Outcome> {
	try {
		const result = await (await loadExporter(format))(doc, options);
		const files: EncodedFile[] = result.files.map((f) =>
			typeof f.data === 'string'
				? { path: f.path, type: f.type, encoding: 'utf8', data: f.data }
				: { path: f.path, type: f.type, encoding: 'base64', data: bytesToBase64(f.data) }
		);
		return { ok: true, files, notes: result.notes };
	} catch (e) {
		return { ok: false, error: e instanceof Error ? e.message : String(e) };
	}
}
