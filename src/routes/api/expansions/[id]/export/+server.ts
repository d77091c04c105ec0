// GET /api/expansions/{id}/export?format=json|jcz|svg|png|print|pdf[&bleedMm=2&backs=1&paper=letter&sizePx=300&players=4]
// Runs the same exporter as `carcassonne-lab export` on the stored document (the export buttons use
// it when the editor has no unsaved changes) and answers { format, files: [{ path, type,
// encoding: 'utf8' | 'base64', data }], notes }. Invalid documents get 422 (the CLI refuses them too).
import { errorResponse, notFoundResponse, unsafeIdResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { listExpansions, readExpansion } from '$lib/server/store.ts';
import { availableOf } from '$lib/server/validation.ts';
import { exportOptionsFrom, exportResponse, exportFormats, unknownFormatResponse } from '$lib/server/export.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, url }) => {
	const format = url.searchParams.get('format') ?? '';
	if (!exportFormats().includes(format)) return unknownFormatResponse(format);
	const r = await readExpansion(params.id);
	if (!r.ok) return r.reason === 'unsafe-id' ? unsafeIdResponse(params.id) : notFoundResponse(params.id);
	if (r.parseError) return errorResponse(422, r.parseError.message, [r.parseError]);
	return exportResponse(format, r.doc, { ...exportOptionsFrom(url.searchParams), available: availableOf(await listExpansions()) });
};

export const fallback: RequestHandler = ({ request, url }) => methodNotAllowed(request.method, url.pathname, ['GET']);
