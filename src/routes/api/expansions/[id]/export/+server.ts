// GET /api/expansions/{id}/export?format=json|jcz|svg|png|print|pdf[&bleedMm=2&backs=1&paper=letter&sizePx=300&players=4]
// Runs the same exporter as `carcassonne-lab export` on the stored document (the export buttons use
// it when the editor has no unsaved changes) and answers { format, files: [{ path, type,
// encoding: 'utf8' | 'base64', data }], notes }. Invalid documents get 422 (the CLI refuses them too).
// Options are clamped to their documented ranges (src/lib/export/options.ts). An export costs
// seconds of work, so it must carry `X-Requested-With` (EXPORT_HEADER): a page on another site can
// fire a plain GET at the server (an <img>), but not one with a header of its own.
import {
	EXPORT_HEADER,
	errorResponse,
	notFoundResponse,
	unsafeIdResponse
} from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { listExpansions, readExpansion } from '$lib/server/store.ts';
import { availableOf } from '$lib/server/validation.ts';
import {
	exportOptionsOf,
	exportResponse,
	exportFormats,
	unknownFormatResponse
} from '$lib/server/export.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, url, request }) => {
	if (!request.headers.get(EXPORT_HEADER))
		return errorResponse(
			403,
			`An export must be requested with the header ${EXPORT_HEADER} (the app's export buttons send it): a plain cross-site GET may not start one`
		);
	const format = url.searchParams.get('format') ?? '';
	if (!exportFormats().includes(format)) return unknownFormatResponse(format);
	const r = await readExpansion(params.id);
	if (!r.ok)
		return r.reason === 'unsafe-id' ? unsafeIdResponse(params.id) : notFoundResponse(params.id);
	if (r.parseError) return errorResponse(422, r.parseError.message, [r.parseError]);
	const { options, notes } = exportOptionsOf(url);
	return exportResponse(
		format,
		r.doc,
		{ ...options, available: availableOf(await listExpansions()) },
		notes
	);
};

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
