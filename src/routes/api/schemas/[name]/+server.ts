// GET /api/schemas/{name}: the JSON Schemas of schemas/ (e.g. expansion.v1.json), bundled at build
// time, for the editor's JSON language service.
import { errorResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import type { RequestHandler } from './$types';

const files = import.meta.glob('/schemas/*.json', {
	eager: true,
	query: '?raw',
	import: 'default'
}) as Record<string, string>;
const schemas = new Map(
	Object.entries(files).map(([file, text]) => [file.slice('/schemas/'.length), text])
);

export const GET: RequestHandler = async ({ params }) => {
	const name = params.name.endsWith('.json') ? params.name : `${params.name}.json`;
	const text = schemas.get(name);
	if (text === undefined)
		return errorResponse(
			404,
			`No schema '${params.name}' (available: ${[...schemas.keys()].join(', ')})`
		);
	return new Response(text, {
		headers: {
			'content-type': 'application/schema+json; charset=utf-8',
			'cache-control': 'no-cache'
		}
	});
};

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
