// The built server started from another folder, as a service manager or a container starts it
// (`node <checkout>/build`): everything it needs comes from its own folder, and nothing a stranger
// left in the working directory is read or run — an export worker, a folder of expansions, a
// workspace, a package.json of the same name. Its stores are the configured ones (server.ts).
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJsonError, startServer, tempStore, type RunningServer } from './server.ts';
import { smallSet } from './fixtures.ts';

const EXPORT = { 'x-requested-with': 'test' };
const FORMATS = ['json', 'jcz', 'svg', 'png', 'print', 'pdf'];
const json = { 'content-type': 'application/json' };

let cwd: string;
let store: string;
let marker: string;
let server: RunningServer;
let planted: string[];

/** Every file under `dir`, relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((e) => e.isFile())
		.map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
		.sort();
}

/** A folder holding what a stranger might leave where the server starts. */
async function plantedFolder(): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), 'cel-cwd-'));
	marker = path.join(dir, 'planted-worker-ran');
	await mkdir(path.join(dir, 'src/cli'), { recursive: true });
	await writeFile(
		path.join(dir, 'src/cli/export-worker.js'),
		`import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n` +
			`export default () => ({ ok: true, files: [{ path: 'planted.txt', type: 'text/plain', encoding: 'utf8', data: 'planted' }], notes: [] });\n`
	);
	for (const [folder, id] of [
		['expansions', 'planted-set'],
		['workspace/expansions', 'planted-workspace']
	]) {
		await mkdir(path.join(dir, folder), { recursive: true });
		await writeFile(path.join(dir, folder, `${id}.json`), JSON.stringify(smallSet(id)));
	}
	await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'carcassonne-lab' }));
	return dir;
}

beforeAll(async () => {
	cwd = await plantedFolder();
	planted = await filesUnder(cwd);
	store = await tempStore([]);
	server = await startServer(store, { entry: path.resolve('build'), cwd });
});
afterAll(async () => {
	await server?.stop();
	for (const dir of [cwd, store, `${store}-scenarios`, `${store}-games`])
		if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the built server started from another folder', () => {
	it('lists the shipped sets from its own folder, and none of the working directory', async () => {
		const res = await fetch(`${server.url}/api/expansions`);
		expect(res.status).toBe(200);
		const ids = (await res.json()).expansions.map((e: { id: string }) => e.id);
		expect(ids).toEqual(expect.arrayContaining(['base', 'festival', 'river']));
		expect(ids).not.toContain('planted-set');
		expect(ids).not.toContain('planted-workspace');
		expect((await fetch(`${server.url}/api/expansions/planted-set`)).status).toBe(404);
		const home = await fetch(`${server.url}/`);
		expect(home.status).toBe(200);
		expect(await home.text()).toContain('<code>expansions</code>');
	});

	it('exports a shipped set in every format with its own worker; the planted one never runs', async () => {
		const answers = await Promise.all(
			FORMATS.map((format) =>
				fetch(`${server.url}/api/expansions/festival/export?format=${format}&sizePx=64`, {
					headers: EXPORT
				})
			)
		);
		for (const [i, res] of answers.entries()) {
			expect(res.status, FORMATS[i]).toBe(200);
			const body = await res.json();
			expect(body.format).toBe(FORMATS[i]);
			expect(body.files.length).toBeGreaterThan(0);
			expect(body.files.map((f: { path: string }) => f.path)).not.toContain('planted.txt');
		}
		expect(existsSync(marker)).toBe(false);
		// nothing was written where it started either
		expect(await filesUnder(cwd)).toEqual(planted);
	});
});

describe('a copy of the app whose export worker is missing', () => {
	let copy: string;
	let elsewhere: string;
	let broken: RunningServer;
	beforeAll(async () => {
		copy = await mkdtemp(path.join(tmpdir(), 'cel-app-'));
		await cp('package.json', path.join(copy, 'package.json'));
		await cp('build', path.join(copy, 'build'), { recursive: true });
		await symlink(path.resolve('node_modules'), path.join(copy, 'node_modules'), 'dir');
		await mkdir(path.join(copy, 'expansions'));
		await cp('expansions/base.json', path.join(copy, 'expansions/base.json'));
		elsewhere = await mkdtemp(path.join(tmpdir(), 'cel-cwd-'));
		broken = await startServer(store, { entry: path.join(copy, 'build'), cwd: elsewhere });
	});
	afterAll(async () => {
		await broken?.stop();
		for (const dir of [copy, elsewhere]) if (dir) await rm(dir, { recursive: true, force: true });
	});

	it('answers each export with an error naming the worker, and keeps serving', async () => {
		for (let i = 0; i < 2; i++) {
			const res = await fetch(`${broken.url}/api/export/json`, {
				method: 'POST',
				headers: json,
				body: JSON.stringify(smallSet('fails'))
			});
			const err = await expectJsonError(res, 500);
			expect(err.error).toMatch(/export worker stopped .*export-worker\.js/);
			const list = await fetch(`${broken.url}/api/expansions`);
			expect(list.status).toBe(200);
			expect((await list.json()).expansions.map((e: { id: string }) => e.id)).toContain('base');
		}
		expect(broken.proc.exitCode).toBeNull();
	});
});
