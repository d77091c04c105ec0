// GET /api/expansions/{id}/tiles/{index}.svg: one tile design of a stored expansion, drawn by the
// renderer. The library shows its tiles as these images, so its HTML carries no drawing (and no
// copy of one in the page data): each design is drawn once per revision of the document, which is
// the image's ETag (the browser revalidates, the server answers 304).
import { version } from '$app/environment';
import { errorResponse, notFoundResponse, unsafeIdResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { readExpansion } from '$lib/server/store.ts';
import { renderTileSvg } from '$lib/render/tile-svg.ts';
import { dependencyIds, looksInPlay } from '$lib/render/looks.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, request }) => {
	const r = await readExpansion(params.id);
	if (!r.ok)
		return r.reason === 'unsafe-id' ? unsafeIdResponse(params.id) : notFoundResponse(params.id);
	const tiles = (r.doc as { tiles?: unknown } | undefined)?.tiles;
	const index = /^\d{1,4}$/.test(params.index) ? Number(params.index) : -1;
	if (!Array.isArray(tiles) || index < 0 || index >= tiles.length)
		return errorResponse(404, `No tile ${params.index} in '${params.id}'`);
	// the looks of its icons and modifiers come from it and its dependencies: their revisions are in the ETag
	const deps = new Map<string, { doc: unknown; revision: string }>();
	const queue = dependencyIds(r.doc);
	while (queue.length > 0 && deps.size < 64) {
		const id = queue.shift()!;
		if (deps.has(id)) continue;
		const d = await readExpansion(id);
		deps.set(id, d.ok ? { doc: d.doc, revision: d.revision } : { doc: undefined, revision: '' });
		if (d.ok) queue.push(...dependencyIds(d.doc));
	}
	const etag = `"${[r.revision, ...[...deps.values()].map((d) => d.revision)].join('.')}-${version}-${index}"`;
	const headers = {
		etag,
		'cache-control': 'no-cache',
		'content-type': 'image/svg+xml; charset=utf-8'
	};
	if (request.headers.get('if-none-match') === etag)
		return new Response(null, { status: 304, headers });
	const looks = looksInPlay(r.doc, (id) => deps.get(id)?.doc);
	return new Response(renderTileSvg(tiles[index], { size: 96, idPrefix: `t${index}-`, looks }), {
		headers
	});
};

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
