// The CLI (bin/carcassonne-lab.js) and its worker threads (checker-worker.js, match-worker.js), and
// the built server's export worker (export-worker.js), run from one esbuild bundle of the TypeScript, built on first use and whenever a source is newer than it,
// into node_modules/.cache/carcassonne-lab/<checkout>/cli.cjs (bundlePath): the CLI's build step, so esbuild is a dependency
// (the CLI runs after `npm install --omit=dev`). A bundle loads at once where tsx would transform every
// module again in each process and worker thread; tsx, a development tool, runs the sources when
// CARCASSONNE_LAB_TSX=1 (stack traces name the source files) or when the bundle cannot be built.
//
// The bundle is CommonJS so that the packages it leaves to node_modules are required only when a
// command needs them (an ES module bundle imports all of them up front: pdfkit alone takes ~0.3 s).
// `import.meta.url` is replaced, in each source file, by that file's own URL: every path built from
// it (the worker files, the expansions folder, createRequire) resolves exactly as from the sources.
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	utimesSync,
	writeFileSync
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the bundle exports: each entry's module namespace, by name. */
export const ENTRIES = {
	main: 'src/cli/main.ts',
	checker: 'src/lib/checker/run.ts',
	pool: 'src/cli/checker-pool.ts',
	match: 'src/cli/workers/match-worker.ts',
	// the built server's export worker (src/cli/export-worker.js)
	exportJob: 'src/lib/server/export-run.ts'
};

/**
 * What the bundle is built from, relative to the root: the sources (with the schemas they import
 * as JSON) and what decides how they are built (packages, compiler settings, this file). The
 * expansions are read from disk at run time: they are not in the bundle.
 */
export const INPUTS = ['src', 'schemas', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Set to 1 to run through tsx (no bundle). */
const TSX_ENV = 'CARCASSONNE_LAB_TSX';
/** The bundle the main thread made sure of: its worker threads (which copy its environment) load it without walking the sources again. */
const BUNDLE_ENV = 'CARCASSONNE_LAB_BUNDLE';

/**
 * The newest modification time (ms) under the paths (files and folders, folders walked whole; a
 * folder's own time changes when an entry is added or removed); 0 when none exists.
 * @param {string[]} paths
 */
export function newestMtime(paths) {
	let newest = 0;
	/** @param {string} p */
	const walk = (p) => {
		let s;
		try {
			s = statSync(p);
		} catch {
			return;
		}
		if (s.mtimeMs > newest) newest = s.mtimeMs;
		if (s.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
	};
	for (const p of paths) walk(p);
	return newest;
}

/**
 * Whether the bundle exists and is newer than every input. Its time is set to when its build
 * started, so a source saved during a build makes it stale.
 * @param {string} bundle
 * @param {string[]} inputs absolute paths
 */
export function isFresh(bundle, inputs) {
	if (!existsSync(bundle)) return false;
	return statSync(bundle).mtimeMs > newestMtime(inputs);
}

/**
 * An esbuild plugin: `import.meta.url` in a file under `dir` becomes that file's own URL.
 * @param {string} dir
 * @returns {import('esbuild').Plugin}
 */
function sourceUrls(dir) {
	return {
		name: 'source-import-meta-url',
		setup(b) {
			b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
				if (!args.path.startsWith(dir + path.sep)) return undefined;
				const text = readFileSync(args.path, 'utf8');
				if (!text.includes('import.meta.url')) return undefined;
				return {
					contents: text.replaceAll(
						'import.meta.url',
						JSON.stringify(pathToFileURL(args.path).href)
					),
					loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js'
				};
			});
		}
	};
}

/**
 * Packages the sources import by default (`import x from 'p'`) that most runs never use: each is
 * required when first used (a member read, a `new`), not when the bundle's modules start — ajv
 * (~0.05 s of CPU) when a run's documents are all remembered valid (valid-cache.ts), semver for
 * JCloisterZone games, cli-progress without a terminal.
 */
export const LAZY_PACKAGES = ['ajv/dist/2020.js', 'semver', 'cli-progress'];

/**
 * An esbuild plugin: a default import of a LAZY_PACKAGES package gets a stand-in that requires the
 * package on first use and forwards to it (its module.exports: Node's interop for the sources' ES
 * modules, as esbuild has it).
 * @returns {import('esbuild').Plugin}
 */
function lazyPackages() {
	const filter = new RegExp(
		`^(${LAZY_PACKAGES.map((p) => p.replace(/[./]/g, '\\$&')).join('|')})$`
	);
	return {
		name: 'lazy-packages',
		setup(b) {
			b.onResolve({ filter }, (args) =>
				args.namespace === 'lazy' ? undefined : { path: args.path, namespace: 'lazy' }
			);
			b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
				contents: [
					'let loaded;',
					`const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`,
					'module.exports = new Proxy(function () {}, {',
					'\tget: (_, key) => load()[key],',
					'\tconstruct: (_, args) => new (load())(...args),',
					'\tapply: (_, self, args) => load().apply(self, args)',
					'});'
				].join('\n'),
				resolveDir: ROOT,
				loader: 'js'
			}));
		}
	};
}

/**
 * Builds the bundle of the entries (name → path relative to root) and writes it atomically (a
 * temporary file renamed over it: a process loading it at the same time sees the old one or the
 * new one, whole; two building at once both write a whole bundle).
 * @param {{ root: string, bundle: string, entries: Record<string, string> }} where
 */
export async function buildBundle({ root, bundle, entries }) {
	const started = Date.now();
	const esbuild = await import('esbuild');
	// each entry is required when first read (a getter): esbuild then wraps every module in a lazy
	// initialiser, so a process runs the top-level code of the modules its entry imports and no others
	// (a checker worker thread neither compiles the JSON schemas nor loads the commands' packages)
	const getters = Object.entries(entries).map(
		([name, file]) => `get ${name}() { return require(${JSON.stringify('./' + file)}); }`
	);
	const reexports = [`module.exports = { ${getters.join(', ')} };`];
	const result = await esbuild.build({
		stdin: {
			contents: reexports.join('\n'),
			resolveDir: root,
			sourcefile: 'cli-entries.js',
			loader: 'js'
		},
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		// the sources are ES modules (strict); a CommonJS file is not unless it says so
		banner: { js: '"use strict";' },
		// packages load from node_modules, each when first needed (native ones, and ones reading
		// their own data files, could not be bundled anyway)
		packages: 'external',
		plugins: [sourceUrls(path.join(root, 'src')), lazyPackages()],
		write: false,
		logLevel: 'silent'
	});
	mkdirSync(path.dirname(bundle), { recursive: true });
	const tmp = `${bundle}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
	try {
		writeFileSync(tmp, result.outputFiles[0].contents);
		utimesSync(tmp, started / 1000, started / 1000);
		renameSync(tmp, bundle);
	} catch (e) {
		rmSync(tmp, { force: true });
		throw e;
	}
}

/**
 * Where the bundle of the checkout at `root` lives: under its node_modules cache, in a folder named
 * by a hash of the checkout's path. Git worktrees often share one node_modules (a symlink): a
 * bundle of their own each, else one worktree's CLI would run another's sources, whichever built
 * last (a bundle built after this checkout's last edit looks fresh to it).
 * @param {string} root
 */
export function bundlePath(root) {
	const key = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 16);
	return path.join(root, 'node_modules', '.cache', 'carcassonne-lab', key, 'cli.cjs');
}

/**
 * The bundle's path, built first when missing or stale.
 * @param {{ root?: string, bundle?: string, entries?: Record<string, string>, inputs?: string[] }} [where]
 * @returns {Promise<{ bundle: string, built: boolean }>}
 */
export async function ensureBundle(where = {}) {
	const root = where.root ?? ROOT;
	const bundle = where.bundle ?? bundlePath(root);
	const inputs = [
		...(where.inputs ?? INPUTS).map((p) => path.join(root, p)),
		fileURLToPath(import.meta.url)
	];
	if (isFresh(bundle, inputs)) return { bundle, built: false };
	await buildBundle({ root, bundle, entries: where.entries ?? ENTRIES });
	return { bundle, built: true };
}

/**
 * One entry of the CLI (a key of ENTRIES) as a module namespace: from the bundle, or through tsx
 * when the bundle cannot be built (then said once on stderr, by the main thread) or when
 * CARCASSONNE_LAB_TSX=1.
 * @param {keyof typeof ENTRIES} entry
 * @returns {Promise<any>}
 */
export async function load(entry) {
	if (process.env[TSX_ENV] !== '1') {
		let bundle = isMainThread ? undefined : process.env[BUNDLE_ENV];
		if (!bundle)
			try {
				({ bundle } = await ensureBundle());
				if (isMainThread) process.env[BUNDLE_ENV] = bundle;
			} catch (e) {
				const first =
					/** @type {{ errors?: { text: string, location?: { file: string, line: number } | null }[] }} */ (
						e
					).errors?.[0];
				const why = first
					? `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}`
					: String(e instanceof Error ? e.message : e).split('\n')[0];
				if (isMainThread)
					process.stderr.write(
						`carcassonne-lab: running through tsx (slower start), no bundle: ${why}\n`
					);
				// the worker threads started from here take the same path without trying again
				process.env[TSX_ENV] = '1';
			}
		if (bundle) return createRequire(import.meta.url)(bundle)[entry];
	}
	let tsx;
	try {
		tsx = await import('tsx/esm/api');
	} catch {
		const why = 'the bundle could not be built and tsx (a development dependency) is not installed';
		if (!isMainThread) throw new Error(why);
		process.stderr.write(`carcassonne-lab: ${why}\n`);
		process.exit(2);
	}
	tsx.register();
	return import(pathToFileURL(path.join(ROOT, ENTRIES[entry])).href);
}
