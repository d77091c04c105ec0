// GET /api/expansions/{id}/export?format=json|jcz|svg|png|print[&bleedMm=2&backs=1&sizePx=300&players=4]
// Runs the same exporter as `carcassonne-lab export` on the stored document and answers
// { format, files: [{ path, type, encoding: 'utf8' | 'base64', data }], notes } for the app's
// export buttons. Invalid documents get 422 (the CLI refuses them too).
import { errorResponse, jsonResponse, notFoundResponse, unsafeIdResponse } from '$lib/server/api.ts';
import { listExpansions, readExpansion } from '$lib/server/store.ts';
import { availableOf, validateDocument } from '$lib/server/validation.ts';
import { hasErrors } from '$lib/formats/problems.ts';
import type { Expansion } from '$lib/formats/schema-types.ts';
import type { ExportFormat, ExportOptions, Exporter } from '$lib/formats/export/types.ts';
import type { RequestHandler } from './$types';

const EXPORTERS: Record<ExportFormat, () => Promise<{ exporter: Exporter }>> = {
	json: () => import('$lib/formats/export/json.ts'),
	jcz: () => import('$lib/formats/export/jcz.ts'),
	svg: () => import('$lib/formats/export/svg.ts'),
	png: () => import('$lib/formats/export/png.ts'),
	print: () => import('$lib/formats/export/print.ts')
};

function base64(bytes: Uint8Array): string {
	let s = '';
	for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(s);
}

export const GET: RequestHandler = async ({ params, url }) => {
	const format = url.searchParams.get('format') ?? '';
	if (!(format in EXPORTERS))
		return errorResponse(400, `Unknown export format '${format}' (use ${Object.keys(EXPORTERS).join(', ')})`);
	const r = await readExpansion(params.id);
	if (!r.ok) return r.reason === 'unsafe-id' ? unsafeIdResponse(params.id) : notFoundResponse(params.id);
	if (r.parseError) return errorResponse(422, r.parseError.message, [r.parseError]);
	const available = availableOf(await listExpansions());
	const problems = validateDocument(r.doc, available);
	if (hasErrors(problems)) return errorResponse(422, `'${params.id}' has errors: fix them before exporting`, problems);

	const num = (name: string) => {
		const v = url.searchParams.get(name);
		return v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
	};
	const options: ExportOptions & { players?: number } = {
		available,
		bleedMm: num('bleedMm'),
		backs: ['1', 'true', 'yes'].includes(url.searchParams.get('backs') ?? ''),
		sizePx: num('sizePx'),
		players: num('players')
	};
	let result;
	try {
		const { exporter } = await EXPORTERS[format as ExportFormat]();
		result = await exporter(r.doc as Expansion, options);
	} catch (e) {
		return errorResponse(500, `The ${format} export failed: ${e instanceof Error ? e.message : String(e)}`);
	}
	return jsonResponse({
		format,
		files: result.files.map((f) =>
			typeof f.data === 'string'
				? { path: f.path, type: f.type, encoding: 'utf8', data: f.data }
				: { path: f.path, type: f.type, encoding: 'base64', data: base64(f.data) }
		),
		notes: result.notes
	});
};
