// Helpers shared by the +server.ts endpoints: JSON error bodies, ETags and preconditions, a body
// reader that stops at a size limit. Server-only.
import type { Problem } from '../formats/problems.ts';
import { jsonParseProblem, type StoredExpansion } from './store.ts';

/** Largest request body the API accepts (an expansion with embedded artwork stays well below). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface ErrorBody {
	error: string;
	errors: Problem[];
	[extra: string]: unknown;
}

/** A JSON response, `{ "error": message, "errors": [...] }` plus any extra fields. */
export function errorResponse(
	status: number,
	error: string,
	errors: Problem[] = [],
	extra: Record<string, unknown> = {},
	headers: Record<string, string> = {}
): Response {
	const body: ErrorBody = { error, errors, ...extra };
	return jsonResponse(body, status, headers);
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }
	});
}

/** The strong ETag of a revision. */
export const etagOf = (revision: string): string => `"${revision}"`;

/**
 * The revision named by an If-Match header: the first entity tag of the list, without `W/` and
 * quotes. `*` is returned as is (the caller refuses it: a write must name the revision it read).
 */
export function revisionFromIfMatch(header: string | null): string | undefined {
	if (header === null) return undefined;
	const first = header.split(',')[0]?.trim() ?? '';
	if (first === '*') return '*';
	return first.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

export const unsafeIdResponse = (id: string) =>
	errorResponse(
		400,
		`Unsafe expansion id '${id}': use lower-case letters, digits and single '-' (at most 64 characters)`
	);
export const notFoundResponse = (id: string) => errorResponse(404, `No expansion '${id}'`);
export const readOnlyResponse = (id: string) =>
	errorResponse(403, `'${id}' is a shipped set and read-only: duplicate it under a new id to change it`);

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
 * Reads a request body as UTF-8, keeping at most `limit` bytes: past the limit it stops keeping
 * and only drains the rest (so the client, still sending, receives the 413 instead of a reset).
 * Beyond adapter-node's BODY_SIZE_LIMIT the stream errors and the answer is the same 413.
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
	const tooLarge = (): BodyResult => ({
		ok: false,
		response: errorResponse(413, `The request body exceeds the limit of ${limit} bytes`, [], {}, { connection: 'close' })
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
