// GET /api/export: the export formats, for the export buttons.
import { jsonResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { exportFormats } from '$lib/server/export.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = () => jsonResponse({ formats: exportFormats() });

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET']);
