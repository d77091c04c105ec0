// GET | PUT | DELETE of one document of a store, the contract of docs/api.md for every kind
// of document (expansions, scenarios): the revision as the ETag; PUT with If-Match updates (409
// when stale), with If-None-Match: * creates (201; 409 if it exists), with neither 428; 422 with the
// validator's located problems (a document nested deeper than formats/nesting.ts allows among them); 400 unsafe names or a body naming another document; 403 read-only;
// 404 missing; 413 (readBody). Server-only.
import type { Problem } from '../formats/problems.ts';
import { hasErrors } from '../formats/problems.ts';
import { nestingProblem } from '../formats/nesting.ts';
import {
	currentOf,
	errorResponse,
	etagOf,
	parseJson,
	readBody,
	revisionsFromIfMatch,
	weakIfMatchResponse
} from './api.ts';
import type { DocumentStore, StoreFailure } from './store.ts';

export interface DocumentKind {
	store: DocumentStore;
	/** 'an expansion', 'a scenario': for the messages. */
	a: string;
	/** Where the document names itself (`id`, `name`): a body naming another document gets 400. */
	nameField: string;
	/** The URL path of a document, for `Location`. */
	path: (name: string) => string;
	unsafe: (name: string) => Response;
	notFound: (name: string) => Response;
	readOnly?: (name: string) => Response;
	/** Schema and semantic checks of a document about to be saved under `name`. */
	validate: (doc: unknown, name: string) => Promise<Problem[]>;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function storeFailure(kind: DocumentKind, name: string, f: StoreFailure): Response {
	switch (f.reason) {
		case 'unsafe-id':
			return kind.unsafe(name);
		case 'not-found':
			return kind.notFound(name);
		case 'read-only':
			return kind.readOnly?.(name) ?? errorResponse(403, `'${name}' is read-only`);
		case 'precondition-required':
			return errorResponse(
				428,
				'A write must say what it is based on: If-Match: "<revision>" to update, If-None-Match: * to create'
			);
		case 'exists':
			return errorResponse(
				409,
				`${capital(kind.a)} '${name}' already exists`,
				[],
				{ current: currentOf(f.current) },
				{
					etag: etagOf(f.current.revision)
				}
			);
		case 'stale':
			return errorResponse(
				409,
				`'${name}' was changed since the revision you based this on: the current version is sent back`,
				[],
				{ current: currentOf(f.current) },
				{ etag: etagOf(f.current.revision) }
			);
	}
}

export async function getDocument(kind: DocumentKind, name: string): Promise<Response> {
	const r = await kind.store.read(name);
	if (!r.ok) return storeFailure(kind, name, r);
	return new Response(r.text, {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'cache-control': 'no-cache',
			etag: etagOf(r.revision),
			'x-read-only': String(r.readOnly),
			// The file's text is served as is (even when it does not parse, so the editor can repair it).
			'x-content-type-options': 'nosniff'
		}
	});
}

export async function putDocument(
	kind: DocumentKind,
	name: string,
	request: Request
): Promise<Response> {
	if (!kind.store.isSafeName(name)) return kind.unsafe(name);
	if (kind.store.isReadOnly(name))
		return storeFailure(kind, name, { ok: false, reason: 'read-only' });
	const ifMatch = revisionsFromIfMatch(request.headers.get('if-match'));
	const ifNoneMatch = request.headers.get('if-none-match')?.trim();
	if (ifMatch === '*')
		return errorResponse(428, 'If-Match must name the revision the document is based on, not *');
	if (ifMatch?.length === 0) return weakIfMatchResponse();
	if (ifNoneMatch !== undefined && ifNoneMatch !== '*')
		return errorResponse(428, 'If-None-Match is only accepted as * (create)');
	if (ifMatch === undefined && ifNoneMatch === undefined)
		return storeFailure(kind, name, { ok: false, reason: 'precondition-required' });
	if (ifMatch !== undefined && ifNoneMatch !== undefined)
		return errorResponse(
			400,
			'Send either If-Match (update) or If-None-Match: * (create), not both'
		);

	const body = await readBody(request);
	if (!body.ok) return body.response;
	const parsed = parseJson(body.text);
	if (!parsed.ok) return parsed.response;
	const doc = parsed.value;
	// one bound for every kind, before anything walks the document (a validator, the store, the listing)
	const deep = nestingProblem(doc);
	if (deep) return errorResponse(422, 'The document is invalid: 1 error', [deep]);
	if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) {
		const own = (doc as Record<string, unknown>)[kind.nameField];
		if (typeof own === 'string' && own !== name)
			return errorResponse(
				400,
				`The document's ${kind.nameField} '${own}' differs from the URL's '${name}'`,
				[
					{
						pointer: `/${kind.nameField}`,
						message: `must be '${name}' to be saved here`,
						severity: 'error'
					}
				]
			);
	}
	const problems = await kind.validate(doc, name);
	if (hasErrors(problems)) {
		const n = problems.filter((p) => p.severity === 'error').length;
		return errorResponse(422, `The document is invalid: ${n} error${n === 1 ? '' : 's'}`, problems);
	}
	const r = await kind.store.write(
		name,
		doc,
		ifMatch !== undefined ? { ifMatch } : { ifNoneMatch: '*' }
	);
	if (!r.ok) return storeFailure(kind, name, r);
	const headers: Record<string, string> = {
		'content-type': 'application/json; charset=utf-8',
		'cache-control': 'no-store',
		etag: etagOf(r.revision)
	};
	if (r.created) headers.location = kind.path(name);
	return new Response(
		JSON.stringify({ [kind.nameField]: name, revision: r.revision, created: r.created, problems }),
		{
			status: r.created ? 201 : 200,
			headers
		}
	);
}

export async function deleteDocument(
	kind: DocumentKind,
	name: string,
	request: Request
): Promise<Response> {
	const ifMatch = revisionsFromIfMatch(request.headers.get('if-match'));
	if (ifMatch === '*')
		return errorResponse(428, 'If-Match must name the revision being deleted, not *');
	if (ifMatch?.length === 0) return weakIfMatchResponse();
	const r = await kind.store.remove(name, ifMatch);
	if (!r.ok) return storeFailure(kind, name, r);
	return new Response(null, { status: 204 });
}
