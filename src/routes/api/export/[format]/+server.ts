// POST /api/export/{format}: runs the same exporter as `carcassonne-lab export` on the posted
// expansion document — the editor's current version, saved or not (GET /api/expansions/{id}/export
// exports the stored one) — and returns the files, base64-encoded, for the browser to download.
// Dependencies resolve against the store.
import { errorResponse, jsonResponse, parseJson, readBody } from '$lib/server/api.ts';
import { listExpansions } from '$lib/server/store.ts';
import type { Expansion } from '$lib/formats/schema-types.ts';
import type { Exporter } from '$lib/formats/export/types.ts';
import type { RequestHandler } from './$types';

// Every exporter module present (json, jcz, svg, png, print), loaded on demand.
const modules = import.meta.glob<{ exporter?: Exporter }>(['/src/lib/formats/export/*.ts', '!**/*.test.ts', '!**/types.ts']);
const exporters = new Map(Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/(\w+)\.ts$/, '$1'), load]));

export const GET: RequestHandler = () => jsonResponse({ formats: [...exporters.keys()].sort() });

const toBase64 = (data: string | Uint8Array) => Buffer.from(typeof data === 'string' ? new TextEncoder().encode(data) : data).toString('base64');

export const POST: RequestHandler = async ({ params, request }) => {
	const load = exporters.get(params.format);
	if (!load) return errorResponse(404, `No exporter '${params.format}' (known: ${[...exporters.keys()].join(', ')})`);
	const body = await readBody(request, 8 * 1024 * 1024);
	if (!body.ok) return body.response;
	const parsed = parseJson(body.text);
	if (!parsed.ok) return parsed.response;
	const doc = parsed.value as Expansion;
	if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.tiles)) return errorResponse(400, 'The body must be an expansion document');
	const { exporter } = await load();
	if (!exporter) return errorResponse(500, `The '${params.format}' module has no exporter`);
	const available = new Map<string, Expansion>();
	for (const e of await listExpansions()) if (e.doc && typeof e.doc === 'object') available.set(e.id, e.doc as Expansion);
	available.set(doc.id, doc);
	try {
		const out = await exporter(doc, { available });
		return jsonResponse({ files: out.files.map((f) => ({ path: f.path, type: f.type, base64: toBase64(f.data) })), notes: out.notes });
	} catch (e) {
		return errorResponse(422, `The ${params.format} export failed: ${(e as Error).message}`);
	}
};
