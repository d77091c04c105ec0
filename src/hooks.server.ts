// Server hooks: requests for a host the server is not configured for are refused (DNS rebinding);
// the API answers every error as JSON `{ error, errors }` (see lib/server/api-errors.ts), the
// cross-site form check SvelteKit would make (turned off in svelte.config.js) is made here, and
// what is sent is compressed (lib/server/compress.ts).
import type { Handle, HandleServerError } from '@sveltejs/kit';
import { errorResponse } from '$lib/server/api.ts';
import { compressed } from '$lib/server/compress.ts';
import {
	asJsonError,
	crossSiteForm,
	foreignHost,
	isApiPath,
	unsupportedBody
} from '$lib/server/api-errors.ts';

// Started as `node build` (not scripts/serve.js), adapter-node would listen on every interface: it
// reads HOST after this module is loaded (build/index.js imports the handler, which loads the hooks
// first), so the default here keeps it on the loopback address.
process.env.HOST ??= '127.0.0.1';

const plain = (status: number, text: string) =>
	new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export const handle: Handle = async ({ event, resolve }) => {
	const { request, url } = event;
	const api = isApiPath(url.pathname);
	const foreign = foreignHost(request);
	if (foreign) return api ? errorResponse(403, foreign) : plain(403, foreign);
	if (api) {
		// A body of the wrong kind first: a form post to the API is a wrong media type, whatever its origin.
		const unsupported = unsupportedBody(request, url.pathname);
		if (unsupported) return unsupported;
	}
	const forbidden = crossSiteForm(request, url);
	if (forbidden) return api ? errorResponse(403, forbidden) : plain(403, forbidden);
	const response = await resolve(event);
	// an exception in an endpoint: SvelteKit answers `{ message }`, the API's contract is `{ error, errors }`
	if (api && event.locals.unexpectedError)
		return compressed(
			request,
			errorResponse(response.status >= 500 ? response.status : 500, event.locals.unexpectedError)
		);
	return compressed(request, api ? await asJsonError(response, request, url.pathname) : response);
};

export const handleError: HandleServerError = ({ error, event, status, message }) => {
	if (status >= 500) console.error(`${event.request.method} ${event.url.pathname}:`, error);
	const detail =
		status >= 500
			? `Internal server error (${error instanceof Error ? error.message : String(error)})`
			: message;
	if (status >= 500 && isApiPath(event.url.pathname)) event.locals.unexpectedError = detail;
	return { message: detail };
};
