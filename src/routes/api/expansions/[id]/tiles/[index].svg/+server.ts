// GET /api/expansions/{id}/tiles/{index}.svg: one tile design of a stored expansion, drawn by the
// renderer. The library shows its tiles as these images, so its HTML carries no drawing (and no
// copy of one in the page data): each design is drawn once per revision of the document, which is
// the image's ETag (the browser revalidates, the server answers 304).
import { version } from '$app/environment';
import { errorResponse, notFoundResponse, unsafeIdResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { readExpansion } from '$lib/server/store.ts';
import { renderTileSvg } from '$lib/render/tile-svg.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, request }) => {
	const r = await readExpansion(params.id);
	if (!r.ok) return r.reason === 'unsafe-id' ? unsafeIdResponse(params.id) : notFoundResponse(params.id);
	const tiles = (r.doc as { tiles?: unknown } | undefined)?.tiles;
	const index = /^\d{1,4}$/.test(params.index) ? Number(params.index) : -1;
	if (!Array.isArray(tiles) || index < 0 || index >= tiles.length) return errorResponse(404, `No tile ${params.index} in '${params.id}'`);
	const etag = `"${r.revision}-${version}-${index}"`;
	const headers = { etag, 'cache-control': 'no-cache', 'content-type': 'image/svg+xml; charset=utf-8' };
	if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
	return new Response(renderTileSvg(tiles[index], { size: 96, idPrefix: `t${index}-` }), { headers });
};

export const fallback: RequestHandler = ({ request, url }) => methodNotAllowed(request.method, url.pathname, ['GET']);
