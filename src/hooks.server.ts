// Server hooks: the API answers every error as JSON `{ error, errors }` (see lib/server/api-errors.ts),
// the cross-site form check SvelteKit would make (turned off in svelte.config.js) is made here, and
// what is sent is compressed (lib/server/compress.ts).
import type { Handle, HandleServerError } from '@sveltejs/kit';
import { errorResponse } from '$lib/server/api.ts';
import { compressed } from '$lib/server/compress.ts';
import { asJsonError, crossSiteForm, isApiPath, unsupportedBody } from '$lib/server/api-errors.ts';

export const handle: Handle = async ({ event, resolve }) => {
	const { request, url } = event;
	const api = isApiPath(url.pathname);
	if (api) {
		// A body of the wrong kind first: a form post to the API is a wrong media type, whatever its origin.
		const unsupported = unsupportedBody(request, url.pathname);
		if (unsupported) return unsupported;
	}
	const forbidden = crossSiteForm(request, url);
	if (forbidden) return api ? errorResponse(403, forbidden) : new Response(forbidden, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
	const response = await resolve(event);
	return compressed(request, api ? await asJsonError(response, request, url.pathname, event.locals.unexpectedError) : response);
};

export const handleError: HandleServerError = ({ error, event, status, message }) => {
	if (status >= 500) console.error(`${event.request.method} ${event.url.pathname}:`, error);
	const detail = status >= 500 ? `Internal server error (${error instanceof Error ? error.message : String(error)})` : message;
	if (status >= 500 && isApiPath(event.url.pathname)) event.locals.unexpectedError = detail;
	return { message: detail };
};
