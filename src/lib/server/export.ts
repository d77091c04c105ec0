// The export endpoints' one path: check the format, validate the document (the CLI refuses documents
// with errors too) and run the exporter (export-run.ts). GET /api/expansions/{id}/export exports the
// stored document, POST /api/export/{format} the editor's current one. The built server runs the
// exporters on a piscina pool of worker threads (a base JCZ export or a large raster takes seconds),
// so it keeps answering meanwhile: MAX_RUNNING at a time, MAX_WAITING more queued, others get 503.
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { errorResponse, jsonResponse } from './api.ts';
import { validateDocument } from './validation.ts';
import { inApp } from './app-root.ts';
import { runExporter, type ExportJob, type Outcome } from './export-run.ts';
import { hasErrors } from '../formats/problems.ts';
import { EXPORT_FORMATS, isExportFormat } from '../export/index.ts';
import { clampExportOptions } from '../export/options.ts';
import { isPaper, type ExportOptions } from '../export/types.ts';
import type { Expansion } from '../formats/schema-types.ts';

/** The formats the endpoints accept. */
export const exportFormats = (): string[] => [...EXPORT_FORMATS];

export const MAX_RUNNING = 2;
export const MAX_WAITING = 8;
/** An export still running after this long is stopped (the clamped options keep real ones far below). */
export const EXPORT_TIMEOUT_MS = 120_000;

let pool: Piscina<ExportJob, Outcome> | undefined;
/** Why a pool was ended (its jobs are rejected with a message of piscina's own). */
const failures = new WeakMap<Piscina<ExportJob, Outcome>, string>();

/**
 * The export pool, started by the first export: MAX_RUNNING worker threads at most, each with its
 * own heap limit (an export that runs away ends its worker, a 500, not the server); idle ones end.
 * A worker that fails outside a job (its file does not load) is an error of the pool, which would
 * end the server unlistened and leaves the pool's jobs waiting for ever: the error is logged, the
 * pool ended (its jobs fail with that error) and made anew by the next export.
 */
function exportPool(filename: string): Piscina<ExportJob, Outcome> {
	if (pool) return pool;
	const made = new Piscina<ExportJob, Outcome>({
		filename,
		minThreads: 0,
		maxThreads: MAX_RUNNING,
		idleTimeout: 60_000,
		resourceLimits: { maxOldGenerationSizeMb: 1024 }
	});
	made.on('error', (e: unknown) => {
		const message = e instanceof Error ? e.message : String(e);
		console.error(`the export worker failed: ${message}`);
		failures.set(made, message);
		if (pool === made) pool = undefined;
		made.destroy().catch(() => {});
	});
	return (pool = made);
}

/**
 * The pool's worker file, src/cli/export-worker.js in the app's own folder (never the working
 * directory's); null from the sources (vite dev, unit tests), where this module is TypeScript:
 * there an export runs in this thread.
 */
const workerUrl = /\.ts($|\?)/.test(import.meta.url)
	? null
	: pathToFileURL(inApp('src', 'cli', 'export-worker.js')).href;

/** Runs the job on the pool (in this thread from the sources). */
async function runInWorker(job: ExportJob): Promise<Outcome> {
	if (!workerUrl) return runExporter(job);
	const running = exportPool(workerUrl);
	try {
		return await running.run(job, { signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
	} catch (e) {
		if (e instanceof Error && e.name === 'AbortError')
			return { ok: false, error: `stopped after ${EXPORT_TIMEOUT_MS / 1000} s` };
		const why = failures.get(running) ?? (e instanceof Error ? e.message : String(e));
		return { ok: false, error: `the export worker stopped (${why})` };
	}
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

/** Exports running or queued (the pool queues them; this bounds the queue). */
let inFlight = 0;

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
	if (inFlight >= MAX_RUNNING + MAX_WAITING)
		return errorResponse(
			503,
			`The server is busy with ${inFlight} exports: try again in a moment`,
			[],
			{},
			{ 'retry-after': '5' }
		);
	inFlight++;
	let outcome: Outcome;
	try {
		outcome = await runInWorker({ format, doc: doc as Expansion, options });
	} finally {
		inFlight--;
	}
	if (!outcome.ok) return errorResponse(500, `The ${format} export failed: ${outcome.error}`);
	return jsonResponse({ format, files: outcome.files, notes: [...optionNotes, ...outcome.notes] });
}
