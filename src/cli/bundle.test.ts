// The CLI's bundle (bundle.js): built when missing or older than a source, kept otherwise, written
// whole, and what it runs is the current source (with each file's own import.meta.url).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	mkdtempSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	symlinkSync,
	utimesSync,
	writeFileSync
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBundle, bundlePath, ensureBundle, ENTRIES, isFresh } from './bundle.js';

let root: string;
let where: { root: string; bundle: string; entries: Record<string, string>; inputs: string[] };
const requireFresh = (file: string) => {
	const req = createRequire(import.meta.url);
	delete req.cache[realpathSync(file)];
	return req(file);
};
/**
 * Sets a path's modification time `ms` after the bundle's, and waits until the clock is past it: a
 * bundle is dated from the start of its build, and esbuild builds these few lines in a millisecond or
 * two, so a rebuild started sooner would be dated before the source and be stale again at once.
 */
const after = async (p: string, ms: number) => {
	const t = statSync(where.bundle).mtimeMs + ms;
	utimesSync(p, t / 1000, t / 1000);
	while (Date.now() <= t + 1) await new Promise((r) => setTimeout(r, 2));
};

beforeEach(() => {
	root = mkdtempSync(path.join(tmpdir(), 'cli-bundle-'));
	mkdirSync(path.join(root, 'src', 'lib'), { recursive: true });
	writeFileSync(
		path.join(root, 'src', 'main.ts'),
		"import { n } from './lib/n.ts';\nexport const value: number = n + 1;\nexport const here: string = import.meta.url;\n"
	);
	writeFileSync(
		path.join(root, 'src', 'lib', 'n.ts'),
		'export const n: number = 1;\nexport const here: string = import.meta.url;\n'
	);
	writeFileSync(path.join(root, 'package.json'), '{}\n');
	where = {
		root,
		bundle: path.join(root, 'cache', 'cli.cjs'),
		entries: { main: 'src/main.ts', n: 'src/lib/n.ts' },
		inputs: ['src', 'package.json']
	};
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the CLI bundle', () => {
	it('is built when missing, kept while fresh, rebuilt when a source or package.json is newer, and runs the new source', async () => {
		const inputs = where.inputs.map((p) => path.join(root, p));
		expect(isFresh(where.bundle, inputs)).toBe(false);
		expect(await ensureBundle(where)).toEqual({ bundle: where.bundle, built: true });
		expect(requireFresh(where.bundle).main.value).toBe(2);
		expect(isFresh(where.bundle, inputs)).toBe(true);
		expect((await ensureBundle(where)).built).toBe(false);

		writeFileSync(path.join(root, 'src', 'lib', 'n.ts'), 'export const n: number = 41;\n');
		await after(path.join(root, 'src', 'lib', 'n.ts'), 5);
		expect(isFresh(where.bundle, inputs)).toBe(false);
		expect((await ensureBundle(where)).built).toBe(true);
		expect(requireFresh(where.bundle).main.value).toBe(42);

		await after(path.join(root, 'package.json'), 5);
		expect(isFresh(where.bundle, inputs)).toBe(false);
		expect((await ensureBundle(where)).built).toBe(true);
		expect((await ensureBundle(where)).built).toBe(false);
	});

	it('gives each source file its own import.meta.url', async () => {
		await ensureBundle(where);
		const b = requireFresh(where.bundle);
		expect(b.main.here).toBe(pathToFileURL(path.join(root, 'src', 'main.ts')).href);
		expect(b.n.here).toBe(pathToFileURL(path.join(root, 'src', 'lib', 'n.ts')).href);
	});

	it('is dated from the start of its build, so a source saved during the build makes it stale', async () => {
		const before = Date.now();
		await buildBundle(where);
		const t = statSync(where.bundle).mtimeMs;
		expect(t).toBeGreaterThanOrEqual(before - 1);
		expect(t).toBeLessThanOrEqual(Date.now());
		await after(path.join(root, 'src', 'main.ts'), 1);
		expect(
			isFresh(
				where.bundle,
				where.inputs.map((p) => path.join(root, p))
			)
		).toBe(false);
	});

	it('is written whole: builds at once each replace it by a complete file and leave no temporary file', async () => {
		await Promise.all([buildBundle(where), buildBundle(where), buildBundle(where)]);
		expect(readdirSync(path.dirname(where.bundle))).toEqual(['cli.cjs']);
		expect(requireFresh(where.bundle).main.value).toBe(2);
	});

	it('a source that does not compile fails the build and leaves the previous bundle as it was', async () => {
		await ensureBundle(where);
		const { mtimeMs } = statSync(where.bundle);
		writeFileSync(path.join(root, 'src', 'main.ts'), 'export const value: number = ;\n');
		await after(path.join(root, 'src', 'main.ts'), 5);
		await expect(ensureBundle(where)).rejects.toThrow(/Unexpected/);
		expect(statSync(where.bundle).mtimeMs).toBe(mtimeMs);
		expect(readdirSync(path.dirname(where.bundle))).toEqual(['cli.cjs']);
		expect(requireFresh(where.bundle).main.value).toBe(2);
	});

	it('is one per checkout: worktrees sharing one node_modules (a symlink) each run their own sources', async () => {
		// a second checkout whose node_modules is the first one's, its sources older than the first's bundle
		const other = mkdtempSync(path.join(tmpdir(), 'cli-bundle-other-'));
		try {
			mkdirSync(path.join(root, 'node_modules'));
			symlinkSync(path.join(root, 'node_modules'), path.join(other, 'node_modules'));
			mkdirSync(path.join(other, 'src'));
			writeFileSync(path.join(other, 'src', 'main.ts'), 'export const value: number = 7;\n');
			writeFileSync(path.join(other, 'package.json'), '{}\n');
			const checkout = (r: string) => ({
				root: r,
				entries: { main: 'src/main.ts' },
				inputs: where.inputs
			});
			const first = await ensureBundle(checkout(root));
			const past = (statSync(first.bundle).mtimeMs - 60_000) / 1000;
			for (const p of ['src/main.ts', 'src', 'package.json', '.'])
				utimesSync(path.join(other, p), past, past);
			const second = await ensureBundle(checkout(other));
			expect(second).toEqual({ bundle: bundlePath(other), built: true });
			expect(realpathSync(second.bundle)).not.toBe(realpathSync(first.bundle));
			expect(requireFresh(second.bundle).main.value).toBe(7);
			expect(requireFresh(first.bundle).main.value).toBe(2);
		} finally {
			rmSync(other, { recursive: true, force: true });
		}
	});

	it('needs only runtime dependencies: every package the CLI loads is in package.json "dependencies"', async () => {
		const project = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
		const bundle = path.join(root, 'cli.cjs');
		await buildBundle({ root: project, bundle, entries: ENTRIES });
		const text = readFileSync(bundle, 'utf8');
		// required by the bundle (packages are left to node_modules), or by a createRequire of its own (resvg)
		const loaded = [...text.matchAll(/require\("([^"]+)"\)|createRequire\([^)]*\)\(\s*"([^"]+)"/g)]
			.map((m) => m[1] ?? m[2])
			.filter((name) => !name.startsWith('node:') && !name.startsWith('.'))
			.map((name) =>
				name
					.split('/')
					.slice(0, name.startsWith('@') ? 2 : 1)
					.join('/')
			);
		const { dependencies } = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
		// esbuild builds the bundle itself (bundle.js)
		const needed = [...new Set(['esbuild', ...loaded])].sort();
		expect(needed).toContain('pdfkit');
		expect(needed.filter((name) => !Object.hasOwn(dependencies, name))).toEqual([]);
	});
});
