// Keeps every answer under /api/ a JSON error body `{ error, errors }` (docs/api.md), also where
// SvelteKit would answer itself: a method an endpoint does not have (405), a path no endpoint serves
// (404), an unexpected exception (500), and a body of the wrong media type (415) — checked here,
// before any endpoint runs, in place of SvelteKit's own cross-site form check (turned off in
// svelte.config.js because it answers in plain text before any hook runs; `crossSiteForm` does
// the same check for every route).
import { networkInterfaces, hostname } from 'node:os';
import { errorResponse } from './api.ts';

export const isApiPath = (pathname: string): boolean =>
	pathname === '/api' || pathname.startsWith('/api/');

/** `fallback` for an endpoint serving `allowed`: OPTIONS lists them, anything else is a JSON 405. */
export function methodNotAllowed(
	method: string,
	pathname: string,
	allowed: readonly string[]
): Response {
	const allow = [
		...allowed,
		...(allowed.includes('GET') && !allowed.includes('HEAD') ? ['HEAD'] : []),
		'OPTIONS'
	].join(', ');
	if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
	return errorResponse(
		405,
		`${method} is not allowed on ${pathname} (allowed: ${allow})`,
		[],
		{},
		{ allow }
	);
}

const FORM_TYPES = [
	'application/x-www-form-urlencoded',
	'multipart/form-data',
	'text/plain',
	'application/x-sveltekit-formdata'
];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The media type of a request, lower-case without parameters ('' when there is none). */
export const mediaType = (request: Request): string =>
	(request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * SvelteKit's cross-site request forgery check: a form-like body (what a page on another site can
 * send without asking) on a writing method from another site. A message, or undefined when allowed.
 * The site is compared by host: behind adapter-node without ORIGIN set, the request URL's scheme is
 * a guess (https), while its host is the one the browser asked for.
 */
export function crossSiteForm(request: Request, url: URL): string | undefined {
	if (!UNSAFE.has(request.method) || !FORM_TYPES.includes(mediaType(request))) return undefined;
	const origin = request.headers.get('origin');
	if (origin !== null && URL.canParse(origin) && new URL(origin).host === url.host)
		return undefined;
	return `Cross-site ${request.method} requests with a form body (${mediaType(request)}) are forbidden`;
}

interface BodyType {
	accepts: (type: string) => boolean;
	name: string;
}
const JSON_BODY: BodyType = {
	accepts: (t) => t === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(t),
	name: 'application/json'
};
const XML_BODY: BodyType = {
	accepts: (t) =>
		t === 'application/xml' || t === 'text/xml' || /^application\/[a-z0-9.+-]+\+xml$/.test(t),
	name: 'application/xml'
};

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);
const hostnameOf = (host: string): string => {
	const h = host.trim().toLowerCase();
	if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1); // [::1]:3000
	const colon = h.indexOf(':');
	return colon >= 0 && h.indexOf(':', colon + 1) < 0 ? h.slice(0, colon) : h;
};

let allowed: Set<string> | undefined;
/**
 * The host names the server answers to: the loopback names, the address it listens on (`HOST`;
 * listening on every interface, the machine's name and addresses), `ORIGIN`'s host and every name
 * `ALLOWED_HOSTS` lists (comma-separated), e.g. behind a proxy or on a LAN.
 */
export function allowedHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
	if (allowed && env === process.env) return allowed;
	const out = new Set(['localhost', '127.0.0.1', '[::1]']);
	const listen = hostnameOf(env.HOST ?? '');
	if (WILDCARD_HOSTS.has(listen)) {
		out.add(hostname().toLowerCase());
		for (const list of Object.values(networkInterfaces()))
			for (const a of list ?? [])
				out.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
	} else out.add(listen.includes(':') && !listen.startsWith('[') ? `[${listen}]` : listen);
	if (env.ORIGIN && URL.canParse(env.ORIGIN)) out.add(new URL(env.ORIGIN).hostname.toLowerCase());
	for (const h of (env.ALLOWED_HOSTS ?? '').split(',')) if (h.trim()) out.add(hostnameOf(h));
	if (env === process.env) allowed = out;
	return out;
}

/**
 * DNS rebinding: a page on another site whose name was made to point at 127.0.0.1 reaches this
 * server with its own name in `Host` (and a matching `Origin`, so it passes for same-site). Every
 * request, reading or writing, must name a host the server is configured for. (A page of another
 * site under its own name cannot send JSON here without a CORS preflight, which is never granted,
 * and its form bodies get 415 or 403: see unsupportedBody and crossSiteForm.) A message, or undefined.
 */
export function foreignHost(request: Request): string | undefined {
	const hosts = allowedHosts();
	const host = hostnameOf(request.headers.get('host') ?? '');
	if (hosts.has(host)) return undefined;
	return `Requests for host '${host.slice(0, 100)}' are refused: this server answers to ${[...hosts].join(', ')} (set ALLOWED_HOSTS to add names)`;
}

/** Whether a request carries a body (a length above 0, or a chunked one). */
const hasBody = (request: Request): boolean => {
	const length = request.headers.get('content-length');
	return (length !== null && length.trim() !== '0') || request.headers.has('transfer-encoding');
};

/**
 * 415 for a body the API cannot take: the API reads JSON, the JCloisterZone import XML; a body
 * that names no media type is refused too (the answer says which one to send).
 */
export function unsupportedBody(request: Request, pathname: string): Response | undefined {
	if (request.method !== 'POST' && request.method !== 'PUT' && request.method !== 'PATCH')
		return undefined;
	const type = mediaType(request);
	const expected = pathname.startsWith('/api/import/') ? XML_BODY : JSON_BODY;
	if (type === '' && !hasBody(request)) return undefined;
	if (expected.accepts(type)) return undefined;
	return errorResponse(
		415,
		type === ''
			? `${request.method} ${pathname} takes ${expected.name}, but the body names no media type: send it with Content-Type: ${expected.name}`
			: `${request.method} ${pathname} takes ${expected.name}, not ${type}: send the body with Content-Type: ${expected.name}`,
		[],
		{},
		// the standard hints where there is one (RFC 5789 Accept-Patch, LDP Accept-Post); the message says it for PUT
		request.method === 'PATCH'
			? { 'accept-patch': expected.name }
			: request.method === 'POST'
				? { 'accept-post': expected.name }
				: {}
	);
}

/**
 * A SvelteKit answer under /api/ that is not JSON (an HTML 404 page, a plain-text 405) turned into
 * the API's error body, keeping its status and headers such as Allow.
 */
export async function asJsonError(
	response: Response,
	request: Request,
	pathname: string,
	message?: string
): Promise<Response> {
	if (
		response.status < 400 ||
		/^application\/([a-z0-9.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '')
	)
		return response;
	const headers: Record<string, string> = {};
	for (const [k, v] of response.headers)
		if (k !== 'content-type' && k !== 'content-length' && k !== 'etag') headers[k] = v;
	const text = /^text\/plain/i.test(response.headers.get('content-type') ?? '')
		? (await response.text()).trim().slice(0, 300)
		: '';
	const error =
		message ??
		(response.status === 404
			? `No API endpoint at ${pathname}`
			: response.status === 405
				? `${request.method} is not allowed on ${pathname}${headers.allow ? ` (allowed: ${headers.allow})` : ''}`
				: text || response.statusText || `HTTP ${response.status}`);
	return errorResponse(response.status, error, [], {}, headers);
}
