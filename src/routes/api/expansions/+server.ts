// GET /api/expansions: every expansion in the store with its revision and a validity summary;
// with `?documents`, each summary carries its `document` too (left out when the file does not
// parse), so a page that needs the whole library (dependencies, validation) asks once.
import { jsonResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { listExpansions } from '$lib/server/store.ts';
import { availableOf, summarise } from '$lib/server/validation.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url }) => {
	const list = await listExpansions();
	const available = availableOf(list);
	const documents = url.searchParams.has('documents');
	return jsonResponse({
		expansions: list.map((e) => ({
			...summarise(e, available),
			...(documents && available.has(e.id) ? { document: available.get(e.id) } : {})
		}))
	});
};

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
