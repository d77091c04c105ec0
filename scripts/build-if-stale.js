// Builds the app (vite build → build/) unless build/ is newer than everything it is built from.
// Used by `npm start`, the API tests' global setup and Playwright's web server, so nothing builds
// twice; the build's own output is kept back (shown only when it fails).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} p @returns {number} */
function newest(p) {
	if (!existsSync(p)) return 0;
	const s = statSync(p);
	if (!s.isDirectory()) return s.mtimeMs;
	let m = s.mtimeMs;
	for (const name of readdirSync(p)) m = Math.max(m, newest(path.join(p, name)));
	return m;
}

/** @returns {boolean} whether a build ran */
export function buildIfStale() {
	const built = path.join(root, 'build', 'index.js');
	const sources = [
		'src',
		'schemas',
		'static',
		'svelte.config.js',
		'vite.config.ts',
		'package-lock.json'
	].map((p) => newest(path.join(root, p)));
	if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return false;
	const started = Date.now();
	process.stderr.write('building the app (the sources changed since the last build)…\n');
	const r = spawnSync(
		process.execPath,
		[path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
		{
			cwd: root,
			encoding: 'utf8',
			env: { ...process.env, NODE_ENV: 'production' }
		}
	);
	if (r.status !== 0) throw new Error(`vite build failed:\n${(r.stdout + r.stderr).slice(-4000)}`);
	process.stderr.write(`built the app in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
	return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
