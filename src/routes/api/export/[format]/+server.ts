// POST /api/export/{format}: runs the same exporter as `carcassonne-lab export` on the posted
// expansion document — the editor's current version with unsaved changes (GET
// /api/expansions/{id}/export exports the stored one) — and answers like that endpoint.
// Dependencies resolve against the store; options (query string) as for the GET, clamped.
import { errorResponse, parseJson, readBody } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { listExpansions } from '$lib/server/store.ts';
import { availableOf } from '$lib/server/validation.ts';
import {
	exportFormats,
	exportOptionsOf,
	exportResponse,
	unknownFormatResponse
} from '$lib/server/export.ts';
import type { Expansion } from '$lib/formats/schema-types.ts';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ params, request, url }) => {
	if (!exportFormats().includes(params.format)) return unknownFormatResponse(params.format, 404);
	const body = await readBody(request, 8 * 1024 * 1024);
	if (!body.ok) return body.response;
	const parsed = parseJson(body.text);
	if (!parsed.ok) return parsed.response;
	const doc = parsed.value as Expansion;
	if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.tiles))
		return errorResponse(400, 'The body must be an expansion document');
	const available = availableOf(await listExpansions());
	available.set(doc.id, doc);
	const { options, notes } = exportOptionsOf(url);
	return exportResponse(params.format, doc, { ...options, available }, notes);
};

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['POST']);
