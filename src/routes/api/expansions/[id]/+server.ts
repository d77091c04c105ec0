// GET | PUT | DELETE /api/expansions/{id}: one document, with its revision as the ETag.
// PUT with If-Match updates (409 when stale), with If-None-Match: * creates (201; 409 if it
// exists); neither gets 428. Invalid documents get 422 with the validator's located problems.
import { notFoundResponse, readOnlyResponse, unsafeIdResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import {
	deleteDocument,
	getDocument,
	putDocument,
	type DocumentKind
} from '$lib/server/document-api.ts';
import { expansionStore, listExpansions } from '$lib/server/store.ts';
import { availableOf, validateDocument } from '$lib/server/validation.ts';
import type { Expansion } from '$lib/formats/schema-types.ts';
import type { RequestHandler } from './$types';

const expansions: DocumentKind = {
	store: expansionStore,
	a: 'an expansion',
	nameField: 'id',
	path: (id) => `/api/expansions/${id}`,
	unsafe: unsafeIdResponse,
	notFound: notFoundResponse,
	readOnly: readOnlyResponse,
	// dependencies resolve against the store, this document standing for its id
	async validate(doc, id) {
		const available = availableOf(await listExpansions());
		if (typeof doc === 'object' && doc !== null && !Array.isArray(doc))
			available.set(id, doc as Expansion);
		return validateDocument(doc, available);
	}
};

export const GET: RequestHandler = ({ params }) => getDocument(expansions, params.id);
export const PUT: RequestHandler = ({ params, request }) =>
	putDocument(expansions, params.id, request);
export const DELETE: RequestHandler = ({ params, request }) =>
	deleteDocument(expansions, params.id, request);

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET', 'PUT', 'DELETE']);
