// `npm test`, what CI runs: the checks, the unit and API tests, the browser tests, stopping at the
// first that fails, each phase's time said at its end. The app's build (which the API and browser
// tests serve) runs beside the checks: they keep one core busy, the build uses the other, and the
// tests then find build/ up to date.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} name @param {string} command @param {string[]} args @returns {Promise<number>} its exit code */
function run(name, command, args) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
		const done = (/** @type {number} */ code) => {
			const s = ((Date.now() - started) / 1000).toFixed(0);
			process.stderr.write(`npm test: ${name} ${code ? 'failed' : 'passed'} in ${s} s\n`);
			resolve(code);
		};
		child.on('error', () => done(1));
		child.on('close', (code) => done(code ?? 1));
	});
}

const build = run('build', process.execPath, [path.join(root, 'scripts', 'build-if-stale.js')]);
const checked = await run('check', 'npm', ['run', 'check']);
let code = checked || (await build);
for (const script of ['test:unit', 'test:e2e'])
	if (!code) code = await run(script, 'npm', ['run', script]);
process.exitCode = code;
