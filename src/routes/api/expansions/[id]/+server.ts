// GET | PUT | DELETE /api/expansions/{id}: one document, with its revision as the ETag.
// PUT with If-Match updates (409 when stale), with If-None-Match: * creates (201; 409 if it
// exists); neither gets 428. Invalid documents get 422 with the validator's located problems.
import {
	currentOf,
	errorResponse,
	etagOf,
	notFoundResponse,
	parseJson,
	readBody,
	readOnlyResponse,
	revisionsFromIfMatch,
	weakIfMatchResponse,
	unsafeIdResponse
} from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { deleteExpansion, isSafeId, listExpansions, readExpansion, writeExpansion, type StoreFailure } from '$lib/server/store.ts';
import { isShipped } from '$lib/formats/shipped.ts';
import { hasErrors } from '$lib/formats/problems.ts';
import { availableOf, validateDocument } from '$lib/server/validation.ts';
import type { Expansion } from '$lib/formats/schema-types.ts';
import type { RequestHandler } from './$types';

function failure(id: string, f: StoreFailure): Response {
	switch (f.reason) {
		case 'unsafe-id':
			return unsafeIdResponse(id);
		case 'not-found':
			return notFoundResponse(id);
		case 'read-only':
			return readOnlyResponse(id);
		case 'precondition-required':
			return errorResponse(
				428,
				'A write must say what it is based on: If-Match: "<revision>" to update, If-None-Match: * to create'
			);
		case 'exists':
			return errorResponse(409, `An expansion '${id}' already exists`, [], { current: currentOf(f.current) }, {
				etag: etagOf(f.current.revision)
			});
		case 'stale':
			return errorResponse(
				409,
				`'${id}' was changed since the revision you based this on: the current version is sent back`,
				[],
				{ current: currentOf(f.current) },
				{ etag: etagOf(f.current.revision) }
			);
	}
}

export const GET: RequestHandler = async ({ params }) => {
	const r = await readExpansion(params.id);
	if (!r.ok) return failure(params.id, r);
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
};

export const PUT: RequestHandler = async ({ params, request, url }) => {
	const id = params.id;
	if (!isSafeId(id)) return unsafeIdResponse(id);
	if (isShipped(id)) return readOnlyResponse(id);
	const ifMatch = revisionsFromIfMatch(request.headers.get('if-match'));
	const ifNoneMatch = request.headers.get('if-none-match')?.trim();
	if (ifMatch === '*') return errorResponse(428, 'If-Match must name the revision the document is based on, not *');
	if (ifMatch?.length === 0) return weakIfMatchResponse();
	if (ifNoneMatch !== undefined && ifNoneMatch !== '*')
		return errorResponse(428, 'If-None-Match is only accepted as * (create)');
	if (ifMatch === undefined && ifNoneMatch === undefined) return failure(id, { ok: false, reason: 'precondition-required' });
	if (ifMatch !== undefined && ifNoneMatch !== undefined)
		return errorResponse(400, 'Send either If-Match (update) or If-None-Match: * (create), not both');

	const body = await readBody(request);
	if (!body.ok) return body.response;
	const parsed = parseJson(body.text);
	if (!parsed.ok) return parsed.response;
	const doc = parsed.value;
	if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) {
		const bodyId = (doc as { id?: unknown }).id;
		if (typeof bodyId === 'string' && bodyId !== id)
			return errorResponse(400, `The document's id '${bodyId}' differs from the URL's '${id}'`, [
				{ pointer: '/id', message: `must be '${id}' to be saved here`, severity: 'error' }
			]);
	}
	const available = availableOf(await listExpansions());
	if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) available.set(id, doc as Expansion);
	const problems = validateDocument(doc, available);
	if (hasErrors(problems)) {
		const n = problems.filter((p) => p.severity === 'error').length;
		return errorResponse(422, `The document is invalid: ${n} error${n === 1 ? '' : 's'}`, problems);
	}
	const r = await writeExpansion(id, doc, ifMatch !== undefined ? { ifMatch } : { ifNoneMatch: '*' });
	if (!r.ok) return failure(id, r);
	const headers: Record<string, string> = {
		'content-type': 'application/json; charset=utf-8',
		'cache-control': 'no-store',
		etag: etagOf(r.revision)
	};
	if (r.created) headers.location = new URL(`/api/expansions/${id}`, url).pathname;
	return new Response(JSON.stringify({ id, revision: r.revision, created: r.created, problems }), {
		status: r.created ? 201 : 200,
		headers
	});
};

export const DELETE: RequestHandler = async ({ params, request }) => {
	const id = params.id;
	const ifMatch = revisionsFromIfMatch(request.headers.get('if-match'));
	if (ifMatch === '*') return errorResponse(428, 'If-Match must name the revision being deleted, not *');
	if (ifMatch?.length === 0) return weakIfMatchResponse();
	const r = await deleteExpansion(id, ifMatch);
	if (!r.ok) return failure(id, r);
	return new Response(null, { status: 204 });
};

export const fallback: RequestHandler = ({ request, url }) => methodNotAllowed(request.method, url.pathname, ['GET', 'PUT', 'DELETE']);
