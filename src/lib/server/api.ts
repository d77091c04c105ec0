// Helpers shared by the +server.ts endpoints: JSON error bodies, ETags and preconditions, a body
// reader that stops at a size limit. Server-only.
import { listedProblems, type Problem } from '../formats/problems.ts';
import { jsonParseProblem, type StoredExpansion } from './store.ts';

/**
 * The header an export request must carry (any value): a page on another site can make the browser
 * send a plain GET (an <img>), never one with a header of its own without the server's consent (CORS).
 */
export const EXPORT_HEADER = 'x-requested-with';

/** Largest request body the API accepts (an expansion with embedded artwork stays well below). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** adapter-node's own body limit (BODY_SIZE_LIMIT, read as it reads it; 512K unless set): scripts/serve.js sets 16M. */
export function adapterBodyLimit(value = process.env.BODY_SIZE_LIMIT ?? '512K'): number {
	if (value.trim() === 'Infinity') return Infinity;
	const m = /^(\d+)\s*([KMG]?)$/i.exec(value.trim());
	if (!m) return 512 * 1024;
	return Number(m[1]) * 1024 ** ' KMG'.indexOf(m[2].toUpperCase() || ' ');
}

/** The body limit that really applies: ours, or adapter-node's when it is smaller (started as `node build`). */
export const bodyLimit = (wanted = MAX_BODY_BYTES): number => Math.min(wanted, adapterBodyLimit());

const sizeText = (bytes: number): string =>
	bytes % (1024 * 1024) === 0
		? `${bytes / 1024 / 1024} MiB`
		: bytes % 1024 === 0
			? `${bytes / 1024} KiB`
			: `${bytes} bytes`;

export interface ErrorBody {
	error: string;
	errors: Problem[];
	[extra: string]: unknown;
}

/** A JSON response, `{ "error": message, "errors": [...] }` (the first 100 and a note of how many more) plus any extra fields. */
export function errorResponse(
	status: number,
	error: string,
	errors: Problem[] = [],
	extra: Record<string, unknown> = {},
	headers: Record<string, string> = {}
): Response {
	const body: ErrorBody = { error, errors: listedProblems(errors), ...extra };
	return jsonResponse(body, status, headers);
}

export function jsonResponse(
	body: unknown,
	status = 200,
	headers: Record<string, string> = {}
): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'cache-control': 'no-store',
			...headers
		}
	});
}

/** The strong ETag of a revision. */
export const etagOf = (revision: string): string => `"${revision}"`;

/**
 * The revisions named by an If-Match header: every entity tag of the list, without quotes (an
 * unquoted revision is taken too). Weak tags (`W/"…"`) are left out: If-Match compares strongly
 * (RFC 9110 §13.1.1), so a weak tag never matches and a list of only weak tags is empty. `*` is
 * returned as is (the caller refuses it: a write must name the revision it read).
 */
export function revisionsFromIfMatch(header: string | null): string[] | '*' | undefined {
	if (header === null) return undefined;
	const tags = header
		.split(',')
		.map((t) => t.trim())
		.filter(Boolean);
	if (tags.includes('*')) return '*';
	return tags.filter((t) => !/^W\//i.test(t)).map((t) => t.replace(/^"(.*)"$/, '$1'));
}

export const weakIfMatchResponse = () =>
	errorResponse(
		428,
		'If-Match names only weak entity tags (W/"…"), which never match a write: send the ETag as it came, "<revision>"'
	);

export const unsafeIdResponse = (id: string) =>
	errorResponse(
		400,
		`Unsafe expansion id '${id}': use lower-case letters, digits and single '-' (at most 64 characters)`
	);
export const notFoundResponse = (id: string) => errorResponse(404, `No expansion '${id}'`);
export const readOnlyResponse = (id: string) =>
	errorResponse(
		403,
		`'${id}' is a shipped set and read-only: duplicate it under a new id to change it`
	);

/** The stored state of a document, as sent back with 409 so the editor can show both versions. */
export function currentOf(stored: StoredExpansion) {
	return {
		revision: stored.revision,
		document: stored.doc ?? null,
		text: stored.text,
		...(stored.parseError ? { parseError: stored.parseError } : {})
	};
}

export type BodyResult = { ok: true; text: string } | { ok: false; response: Response };

/**
 * Reads a request body as UTF-8, keeping at most `wanted` bytes (or adapter-node's smaller limit,
 * which the 413 then names): past the limit it stops keeping and only drains the rest (so the
 * client, still sending, receives the 413 instead of a reset). Beyond adapter-node's
 * BODY_SIZE_LIMIT the stream errors and the answer is the same 413.
 */
export async function readBody(request: Request, wanted = MAX_BODY_BYTES): Promise<BodyResult> {
	const limit = bodyLimit(wanted);
	const tooLarge = (): BodyResult => ({
		ok: false,
		response: errorResponse(
			413,
			`The request body exceeds the limit of ${sizeText(limit)} (${limit} bytes)${limit < wanted ? `: the server was started without scripts/serve.js, whose limit is ${sizeText(wanted)} (start it with npm start, or set BODY_SIZE_LIMIT)` : ''}`,
			[],
			{ limit },
			{ connection: 'close' }
		)
	});
	if (!request.body) return { ok: true, text: '' };
	const declared = Number(request.headers.get('content-length') ?? NaN);
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = Number.isFinite(declared) && declared > limit ? declared : 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			if (size <= limit) chunks.push(value);
		}
	} catch (e) {
		if (size > limit || (e as { status?: number }).status === 413) return tooLarge();
		return { ok: false, response: errorResponse(400, 'The request body could not be read') };
	}
	if (size > limit) return tooLarge();
	const all = new Uint8Array(size);
	let at = 0;
	for (const c of chunks) {
		all.set(c, at);
		at += c.byteLength;
	}
	try {
		return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(all) };
	} catch {
		return { ok: false, response: errorResponse(400, 'The request body is not valid UTF-8') };
	}
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; response: Response };

/** Parses a JSON body; a malformed one gets 400 with the position of the fault. */
export function parseJson(text: string): JsonResult {
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch (e) {
		const problem = jsonParseProblem(text, e);
		return { ok: false, response: errorResponse(400, problem.message, [problem]) };
	}
}
