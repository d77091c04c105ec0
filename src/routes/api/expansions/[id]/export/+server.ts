// GET /api/expansions/{id}/export?format=json|jcz|svg|png|print[&bleedMm=2&backs=1&sizePx=300&players=4]
// Runs the same exporter as `carcassonne-lab export` on the stored document (the export buttons use
// it when the editor has no unsaved changes) and answers { format, files: [{ path, type,
// encoding: 'utf8' | 'base64', data }], notes }. Invalid documents get 422 (the CLI refuses them too).
import { errorResponse, notFoundResponse, unsafeIdResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { listExpansions, readExpansion } from '$lib/server/store.ts';
import { availableOf } from '$lib/server/validation.ts';
import { exportResponse, exportFormats, unknownFormatResponse } from '$lib/server/export.ts';
import type { ExportOptions } from '$lib/export/types.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, url }) => {
	const format = url.searchParams.get('format') ?? '';
	if (!exportFormats().includes(format)) return unknownFormatResponse(format);
	const r = await readExpansion(params.id);
	if (!r.ok) return r.reason === 'unsafe-id' ? unsafeIdResponse(params.id) : notFoundResponse(params.id);
	if (r.parseError) return errorResponse(422, r.parseError.message, [r.parseError]);
	const num = (name: string) => {
		const v = url.searchParams.get(name);
		return v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
	};
	const options: ExportOptions & { players?: number } = {
		available: availableOf(await listExpansions()),
		bleedMm: num('bleedMm'),
		backs: ['1', 'true', 'yes'].includes(url.searchParams.get('backs') ?? ''),
		sizePx: num('sizePx'),
		players: num('players')
	};
	return exportResponse(format, r.doc, options);
};

export const fallback: RequestHandler = ({ request, url }) => methodNotAllowed(request.method, url.pathname, ['GET']);
