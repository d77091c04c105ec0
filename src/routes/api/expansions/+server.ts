// GET /api/expansions: every expansion in the store with its revision and a validity summary.
import { jsonResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { listExpansions } from '$lib/server/store.ts';
import { availableOf, summarise } from '$lib/server/validation.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async () => {
	const list = await listExpansions();
	const available = availableOf(list);
	return jsonResponse({ expansions: list.map((e) => summarise(e, available)) });
};

export const fallback: RequestHandler = ({ request, url }) => methodNotAllowed(request.method, url.pathname, ['GET']);
