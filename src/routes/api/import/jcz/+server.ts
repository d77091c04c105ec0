// POST /api/import/jcz: a JCloisterZone tile-definition XML body → our expansion document and the
// list of what could not be mapped (nothing is saved). Query: ?id=…&name=…&tileSet=basic:2.
import { errorResponse, jsonResponse, readBody, unsafeIdResponse } from '$lib/server/api.ts';
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import { isSafeId } from '$lib/server/store.ts';
import { importJczXml } from '$lib/formats/import/jcz.ts';
import { validateDocument } from '$lib/server/validation.ts';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ request, url }) => {
	const id = url.searchParams.get('id') ?? undefined;
	if (id !== undefined && !isSafeId(id)) return unsafeIdResponse(id);
	const body = await readBody(request);
	if (!body.ok) return body.response;
	const r = importJczXml(body.text, {
		id,
		name: url.searchParams.get('name') ?? undefined,
		tileSet: url.searchParams.get('tileSet') ?? undefined
	});
	if (!r.ok) {
		// the parser may give a line without a column, and quote a whole list of unclosed tags
		const at = [
			r.line !== undefined ? `line ${r.line}` : '',
			r.column !== undefined ? `column ${r.column}` : ''
		]
			.filter(Boolean)
			.join(', ');
		const text = r.error.length > 300 ? `${r.error.slice(0, 297)}…` : r.error;
		const message = at ? `${text} (${at})` : text;
		return errorResponse(400, message, [{ pointer: '', message, severity: 'error' }], {
			report: r.report
		});
	}
	return jsonResponse({
		expansion: r.expansion,
		report: r.report,
		problems: validateDocument(r.expansion)
	});
};

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['POST']);
