// GET /api/scenarios: every scenario of the scenarios folder with its revision.
import { jsonResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { scenarioStore, summariseScenario } from '$lib/server/scenarios.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async () =>
	jsonResponse({ scenarios: (await scenarioStore.list()).map(summariseScenario) });

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
