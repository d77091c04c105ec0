// GET /api/games: every game record of the games folder (the sandbox's saved games) with its revision.
import { jsonResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { gameStore, summariseGame } from '$lib/server/games.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async () =>
	jsonResponse({ games: (await gameStore.list()).map(summariseGame) });

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
