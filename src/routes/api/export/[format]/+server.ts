// POST /api/export/{format}: runs the same exporter as `carcassonne-lab export` on the posted
// expansion document (the editor's current version, saved or not) and returns the files,
// base64-encoded, for the browser to download. Dependencies resolve against the store.
import { errorResponse, jsonResponse, parseJson, readBody } from '$lib/server/api.ts';
import { listExpansions } from '$lib/server/store.ts';
import type { Expansion } from '$lib/formats/schema-types.ts';
import type { ExportFile, Exporter } from '$lib/formats/export/types.ts';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import type { RequestHandler } from './$types';

// Every exporter module present (json, jcz, svg, print), loaded on demand. The PNG exporter's native
// rasteriser cannot be bundled into the server build: PNG runs the CLI itself (same exporter).
const modules = import.meta.glob<{ exporter?: Exporter }>(['/src/lib/formats/export/*.ts', '!**/*.test.ts', '!**/types.ts', '!**/png.ts']);
const exporters = new Map<string, () => Promise<{ exporter?: Exporter }>>(
	Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/(\w+)\.ts$/, '$1'), load])
);
const CLI = resolve('bin/carcassonne-lab.js');
if (existsSync(CLI)) exporters.set('png', async () => ({ exporter: (doc) => exportThroughCli(doc, 'png') }));

/** Runs `carcassonne-lab export <file> --format <f> --out <dir>` on the document and collects the files. */
async function exportThroughCli(doc: Expansion, format: string) {
	const dir = await mkdtemp(join(tmpdir(), 'carcassonne-lab-export-'));
	try {
		const file = join(dir, `${doc.id}.json`);
		await writeFile(file, JSON.stringify(doc));
		const out = join(dir, 'out');
		const result = await new Promise<{ code: number; stdout: string; stderr: string }>((ok) => {
			execFile(process.execPath, [CLI, 'export', file, '--format', format, '--out', out], { timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
				ok({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr })
			);
		});
		if (result.code !== 0) throw new Error(result.stderr.trim() || `the CLI exited with ${result.code}`);
		const files: ExportFile[] = [];
		for (const name of (await readdir(out, { recursive: true })).sort()) {
			const path = join(out, name);
			if (!(await stat(path)).isFile()) continue;
			const rel = relative(out, path).split(sep).join('/');
			files.push({ path: rel, data: new Uint8Array(await readFile(path)), type: rel.endsWith('.png') ? 'image/png' : 'application/octet-stream' });
		}
		return { files, notes: result.stderr.trim() ? result.stderr.trim().split('\n') : [] };
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

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
