// The export endpoints' one path: check the format, validate the document (the CLI refuses documents
// with errors too), run the exporter and encode its files for JSON ({ path, type, encoding, data }:
// text as utf8, bytes as base64). GET /api/expansions/{id}/export exports the stored document,
// POST /api/export/{format} the editor's current one. The exporter runs in a worker thread (a
// base JCZ export or a large raster takes seconds), so the server keeps answering meanwhile; at
// most MAX_RUNNING at a time, MAX_WAITING more wait, others get 503.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { errorResponse, jsonResponse } from './api.ts';
import { validateDocument } from './validation.ts';
import { hasErrors } from '../formats/problems.ts';
import { bytesToBase64 } from '../formats/base64.ts';
import { EXPORT_FORMATS, isExportFormat, loadExporter } from '../export/index.ts';
import { clampExportOptions } from '../export/options.ts';
import { isPaper, type ExportFormat, type ExportOptions } from '../export/types.ts';
import type { Expansion } from '../formats/schema-types.ts';

export interface EncodedFile {
	path: string;
	type: string;
	encoding: 'utf8' | 'base64';
	data: string;
}

type Outcome = { ok: true; files: EncodedFile[]; notes: string[] } | { ok: false; error: string };

/** The formats the endpoints accept. */
export const exportFormats = (): string[] => [...EXPORT_FORMATS];

export const MAX_RUNNING = 2;
export const MAX_WAITING = 8;
/** An export still running after this long is stopped (the clamped options keep real ones far below). */
export const EXPORT_TIMEOUT_MS = 120_000;

/** Runs the exporter here, in this thread. */
async function runExporter(
	format: ExportFormat,
	doc: Expansion,
	options: ExportOptions
): Promise<Outcome> {
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

// In an export worker this module answers one job and the worker ends.
const ROLE = 'carcassonne-lab-export';
if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
	parentPort!.once(
		'message',
		async (job: { format: ExportFormat; doc: Expansion; options: ExportOptions }) => {
			parentPort!.postMessage(await runExporter(job.format, job.doc, job.options));
		}
	);
}

/**
 * Runs the exporter in a worker thread that loads this very module (from the built server's
 * chunk). The sources (vite dev, unit tests) cannot be loaded by a plain worker: there it runs here.
 */
function runInWorker(
	format: ExportFormat,
	doc: Expansion,
	options: ExportOptions
): Promise<Outcome> {
	const self = import.meta.url;
	if (!self.startsWith('file:') || /\.ts($|\?)/.test(self))
		return runExporter(format, doc, options);
	return new Promise((resolve) => {
		// its own heap limit: an export that runs away ends the worker (a 500), not the server
		const worker = new Worker(`import(${JSON.stringify(self)});`, {
			eval: true,
			workerData: { role: ROLE },
			resourceLimits: { maxOldGenerationSizeMb: 1024 }
		});
		let settled = false;
		const done = (o: Outcome) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			void worker.terminate();
			resolve(o);
		};
		const timer = setTimeout(
			() => done({ ok: false, error: `stopped after ${EXPORT_TIMEOUT_MS / 1000} s` }),
			EXPORT_TIMEOUT_MS
		);
		worker.once('message', (o: Outcome) => done(o));
		worker.once('error', (e) => done({ ok: false, error: e.message }));
		worker.once('exit', (code) =>
			done({ ok: false, error: `the export worker stopped (exit code ${code})` })
		);
		worker.postMessage({ format, doc, options });
	});
}

/**
 * The export options of a request's query string, for both endpoints: `bleedMm`, `sizePx`, `players`
 * (clamped, with the notes saying what was), `backs` (1/true/yes or 0/false/no; absent: the format's
 * default), `paper` (a4|letter).
 */
export function exportOptionsOf(url: URL): { options: ExportOptions; notes: string[] } {
	const q = (name: string) => url.searchParams.get(name) ?? undefined;
	const backs = q('backs');
	const out = clampExportOptions(
		{ bleedMm: q('bleedMm'), sizePx: q('sizePx'), players: q('players') },
		backs === undefined ? undefined : ['1', 'true', 'yes'].includes(backs)
	);
	const paper = q('paper');
	if (isPaper(paper)) out.options.paper = paper;
	return out;
}

let running = 0;
const waiting: (() => void)[] = [];

export const unknownFormatResponse = (format: string, status = 400) =>
	errorResponse(status, `Unknown export format '${format}' (use ${EXPORT_FORMATS.join(', ')})`);

/**
 * Exports `doc` (with `options.available` resolving its dependencies) as `format`: 200 with
 * `{ format, files, notes }` (`notes` first lists what option parsing clamped), 400 for an unknown
 * format, 422 when the document has errors, 503 when too many exports wait, 500 when the exporter fails.
 */
export async function exportResponse(
	format: string,
	doc: unknown,
	options: ExportOptions,
	optionNotes: string[] = []
): Promise<Response> {
	if (!isExportFormat(format)) return unknownFormatResponse(format);
	const label =
		typeof (doc as Expansion | null)?.id === 'string'
			? `'${(doc as Expansion).id}'`
			: 'The document';
	const problems = validateDocument(doc, options.available);
	if (hasErrors(problems))
		return errorResponse(422, `${label} has errors: fix them before exporting`, problems);
	if (running >= MAX_RUNNING) {
		if (waiting.length >= MAX_WAITING)
			return errorResponse(
				503,
				`The server is busy with ${running + waiting.length} exports: try again in a moment`,
				[],
				{},
				{ 'retry-after': '5' }
			);
		await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing export hands its place over
	} else running++;
	let outcome: Outcome;
	try {
		outcome = await runInWorker(format, doc as Expansion, options);
	} finally {
		const next = waiting.shift();
		if (next) next();
		else running--;
	}
	if (!outcome.ok) return errorResponse(500, `The ${format} export failed: ${outcome.error}`);
	return jsonResponse({ format, files: outcome.files, notes: [...optionNotes, ...outcome.notes] });
}
