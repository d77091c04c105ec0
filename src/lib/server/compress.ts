// Compresses what the server's pages and endpoints send (HTML, JSON, SVG, text) with gzip when the
// client accepts it. The built assets under /_app are precompressed by the adapter
// (svelte.config.js: precompress) and served as .br/.gz files without passing through here.
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/;
/** Below this many bytes (when known) gzip saves nothing worth the work. */
const MIN_BYTES = 1024;

export function compressed(request: Request, response: Response): Response {
	if (
		!response.body ||
		response.status === 204 ||
		response.status === 304 ||
		request.method === 'HEAD'
	)
		return response;
	if (response.headers.has('content-encoding')) return response;
	if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response;
	const length = response.headers.get('content-length');
	if (length !== null && Number(length) < MIN_BYTES) return response;
	if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return response;
	const headers = new Headers(response.headers);
	headers.set('content-encoding', 'gzip');
	headers.delete('content-length');
	headers.append('vary', 'Accept-Encoding');
	return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
		status: response.status,
		statusText: response.statusText,
		headers
	});
}
