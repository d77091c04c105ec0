// The browser side of the expansions API: load with the revision, save with a precondition, and
// the typed outcomes the editor reacts to (409 both versions, 422 located problems, 428, 413, 403).
import type { Problem } from '../formats/problems.ts';
import type { Expansion } from '../formats/schema-types.ts';

type Fetch = typeof fetch;

/** The revision in an ETag header, without quotes. */
export const revisionOfEtag = (etag: string | null): string | null =>
	etag ? etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') : null;

export interface Loaded {
	doc: Expansion;
	revision: string;
	readOnly: boolean;
}

export type LoadOutcome =
	({ ok: true } & Loaded) | { ok: false; status: number; message: string; problems: Problem[] };

export async function loadExpansion(fetchFn: Fetch, id: string): Promise<LoadOutcome> {
	const res = await fetchFn(`/api/expansions/${encodeURIComponent(id)}`, {
		headers: { accept: 'application/json' }
	});
	if (!res.ok) {
		const body = await res.json().catch(() => ({}));
		return {
			ok: false,
			status: res.status,
			message: body.error ?? res.statusText,
			problems: body.errors ?? []
		};
	}
	const text = await res.text();
	try {
		return {
			ok: true,
			doc: JSON.parse(text) as Expansion,
			revision: revisionOfEtag(res.headers.get('etag')) ?? '',
			readOnly: res.headers.get('x-read-only') === 'true'
		};
	} catch (e) {
		return {
			ok: false,
			status: 500,
			message: `The stored file is not valid JSON: ${(e as Error).message}`,
			problems: []
		};
	}
}

export type SaveOutcome =
	| { kind: 'saved'; revision: string; created: boolean; problems: Problem[] }
	/** 409: someone saved another revision (or, on create, the id exists). */
	| {
			kind: 'conflict';
			message: string;
			theirs: Expansion | null;
			theirsText: string;
			revision: string;
	  }
	/** 422 (and 400 with located problems): the document is kept as a draft, the problems shown. */
	| { kind: 'invalid'; message: string; problems: Problem[] }
	| { kind: 'refused'; status: number; message: string };

/**
 * Saves a document: with a base revision as an update (If-Match), without one as a creation
 * (If-None-Match: *). Never overwrites silently: a stale base comes back as a conflict.
 */
/** What the server answers to a save (src/routes/api/expansions): each part only where it applies. */
interface SaveAnswer {
	revision?: string | number;
	problems?: Problem[];
	error?: string;
	errors?: Problem[];
	current?: { document?: Expansion | null; text?: string; revision?: string | number };
}

export async function saveExpansion(
	fetchFn: Fetch,
	doc: Expansion,
	base: string | null
): Promise<SaveOutcome> {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (base) headers['if-match'] = `"${base}"`;
	else headers['if-none-match'] = '*';
	const body = JSON.stringify(doc, null, '\t') + '\n';
	let res: Response;
	try {
		res = await fetchFn(`/api/expansions/${encodeURIComponent(doc.id)}`, {
			method: 'PUT',
			headers,
			body
		});
	} catch (e) {
		return {
			kind: 'refused',
			status: 0,
			message: `The server could not be reached: ${(e as Error).message}`
		};
	}
	const data = (await res.json().catch(() => ({}))) as SaveAnswer;
	if (res.ok)
		return {
			kind: 'saved',
			revision: revisionOfEtag(res.headers.get('etag')) ?? String(data.revision ?? ''),
			created: res.status === 201,
			problems: data.problems ?? []
		};
	const message: string = data.error ?? res.statusText;
	if (res.status === 409) {
		const current = data.current ?? {};
		return {
			kind: 'conflict',
			message,
			theirs: (current.document as Expansion | null) ?? null,
			theirsText:
				typeof current.text === 'string'
					? current.text
					: JSON.stringify(current.document ?? null, null, '\t'),
			revision: String(current.revision ?? revisionOfEtag(res.headers.get('etag')) ?? '')
		};
	}
	if (
		res.status === 422 ||
		(res.status === 400 && Array.isArray(data.errors) && data.errors.length)
	)
		return { kind: 'invalid', message, problems: data.errors ?? [] };
	if (res.status === 413)
		return {
			kind: 'refused',
			status: 413,
			message: `Too large to save: ${message}. Large artwork is the usual cause.`
		};
	if (res.status === 428)
		return {
			kind: 'refused',
			status: 428,
			message: `The server wants to know which revision this is based on: ${message}`
		};
	return { kind: 'refused', status: res.status, message };
}

export async function deleteExpansionRemote(
	fetchFn: Fetch,
	id: string,
	revision?: string
): Promise<{ ok: boolean; message: string }> {
	const res = await fetchFn(`/api/expansions/${encodeURIComponent(id)}`, {
		method: 'DELETE',
		headers: revision ? { 'if-match': `"${revision}"` } : {}
	});
	if (res.ok) return { ok: true, message: '' };
	const data = await res.json().catch(() => ({}));
	return { ok: false, message: data.error ?? res.statusText };
}
