// GET | PUT | DELETE /api/games/{name}: one game record, the same contract as the expansions and
// scenarios (revision as ETag, If-Match / If-None-Match: *, 428, 409, 422 with located problems).
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import {
	deleteDocument,
	getDocument,
	putDocument,
	type DocumentKind
} from '$lib/server/document-api.ts';
import { gameNotFound, gameStore, unsafeGameName, validateStoredGame } from '$lib/server/games.ts';
import type { RequestHandler } from './$types';

const games: DocumentKind = {
	store: gameStore,
	a: 'a game',
	nameField: 'name',
	path: (name) => `/api/games/${name}`,
	unsafe: unsafeGameName,
	notFound: gameNotFound,
	validate: validateStoredGame
};

export const GET: RequestHandler = ({ params }) => getDocument(games, params.name);
export const PUT: RequestHandler = ({ params, request }) =>
	putDocument(games, params.name, request);
export const DELETE: RequestHandler = ({ params, request }) =>
	deleteDocument(games, params.name, request);

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET', 'PUT', 'DELETE']);
