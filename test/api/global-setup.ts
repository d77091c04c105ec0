// Builds the app for the API tests when build/ is missing or older than the sources, so the tests
// always run against the server the sources describe. Runs only when API tests are selected.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(p: string): number {
	if (!existsSync(p)) return 0;
	const s = statSync(p);
	if (!s.isDirectory()) return s.mtimeMs;
	let m = s.mtimeMs;
	for (const name of readdirSync(p)) m = Math.max(m, newest(path.join(p, name)));
	return m;
}

export default function setup(): void {
	const root = process.cwd();
	const built = path.join(root, 'build', 'index.js');
	const sources = ['src', 'schemas', 'svelte.config.js', 'vite.config.ts', 'package-lock.json'].map((p) =>
		newest(path.join(root, p))
	);
	if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return;
	const started = Date.now();
	const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, NODE_ENV: 'production' }
	});
	if (r.status !== 0) throw new Error(`vite build failed for the API tests:\n${(r.stdout + r.stderr).slice(-4000)}`);
	process.stderr.write(`API tests: built the app in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
