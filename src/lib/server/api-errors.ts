// Keeps every answer under /api/ a JSON error body `{ error, errors }` (DESIGN.md ⚑), also where
// SvelteKit would answer itself: a method an endpoint does not have (405), a path no endpoint serves
// (404), an unexpected exception (500), and a body of the wrong media type (415) — checked here,
// before any endpoint runs, in place of SvelteKit's own cross-site form check (turned off in
// svelte.config.js because it answers in plain text before any hook runs; `crossSiteForm` does
// the same check for every route).
import { errorResponse } from './api.ts';

export const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');

/** `fallback` for an endpoint serving `allowed`: OPTIONS lists them, anything else is a JSON 405. */
export function methodNotAllowed(method: string, pathname: string, allowed: readonly string[]): Response {
	const allow = [...allowed, ...(allowed.includes('GET') && !allowed.includes('HEAD') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
	if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
	return errorResponse(405, `${method} is not allowed on ${pathname} (allowed: ${allow})`, [], {}, { allow });
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'application/x-sveltekit-formdata'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The media type of a request, lower-case without parameters ('' when there is none). */
export const mediaType = (request: Request): string => (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * SvelteKit's cross-site request forgery check: a form-like body (what a page on another site can
 * send without asking) on a writing method from another site. A message, or undefined when allowed.
 * The site is compared by host: behind adapter-node without ORIGIN set, the request URL's scheme is
 * a guess (https), while its host is the one the browser asked for.
 */
export function crossSiteForm(request: Request, url: URL): string | undefined {
	if (!UNSAFE.has(request.method) || !FORM_TYPES.includes(mediaType(request))) return undefined;
	const origin = request.headers.get('origin');
	if (origin !== null && URL.canParse(origin) && new URL(origin).host === url.host) return undefined;
	return `Cross-site ${request.method} requests with a form body (${mediaType(request)}) are forbidden`;
}

interface BodyType {
	accepts: (type: string) => boolean;
	name: string;
}
const JSON_BODY: BodyType = { accepts: (t) => t === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(t), name: 'application/json' };
const XML_BODY: BodyType = {
	accepts: (t) => t === 'application/xml' || t === 'text/xml' || /^application\/[a-z0-9.+-]+\+xml$/.test(t),
	name: 'application/xml'
};

/**
 * 415 for a body the API cannot take: the API reads JSON, the JCloisterZone import XML. A request
 * that names no media type is read as the endpoint's own (only browsers' forms and scripts on other
 * sites are the danger, and they always name one).
 */
export function unsupportedBody(request: Request, pathname: string): Response | undefined {
	if (request.method !== 'POST' && request.method !== 'PUT' && request.method !== 'PATCH') return undefined;
	const type = mediaType(request);
	if (type === '') return undefined;
	const expected = pathname.startsWith('/api/import/') ? XML_BODY : JSON_BODY;
	if (expected.accepts(type)) return undefined;
	return errorResponse(
		415,
		`${request.method} ${pathname} takes ${expected.name}, not ${type}: send the body with Content-Type: ${expected.name}`,
		[],
		{},
		// the standard hints where there is one (RFC 5789 Accept-Patch, LDP Accept-Post); the message says it for PUT
		request.method === 'PATCH' ? { 'accept-patch': expected.name } : request.method === 'POST' ? { 'accept-post': expected.name } : {}
	);
}

/**
 * A SvelteKit answer under /api/ that is not JSON (an HTML 404 page, a plain-text 405) turned into
 * the API's error body, keeping its status and headers such as Allow.
 */
export async function asJsonError(response: Response, request: Request, pathname: string, message?: string): Promise<Response> {
	if (response.status < 400 || /^application\/([a-z0-9.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '')) return response;
	const headers: Record<string, string> = {};
	for (const [k, v] of response.headers) if (k !== 'content-type' && k !== 'content-length' && k !== 'etag') headers[k] = v;
	const text = /^text\/plain/i.test(response.headers.get('content-type') ?? '') ? (await response.text()).trim().slice(0, 300) : '';
	const error =
		message ??
		(response.status === 404
			? `No API endpoint at ${pathname}`
			: response.status === 405
				? `${request.method} is not allowed on ${pathname}${headers.allow ? ` (allowed: ${headers.allow})` : ''}`
				: text || response.statusText || `HTTP ${response.status}`);
	return errorResponse(response.status, error, [], {}, headers);
}
