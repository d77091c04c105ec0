// `npm test`, what CI runs: the checks, the unit and API tests (their setup builds the app when
// build/ is stale), the browser tests, one after the other, stopping at the first that fails; each
// phase's time said at its end. (A build beside the checks raced their `svelte-kit sync` over the
// files in .svelte-kit/ and built an app that threw on /checker.)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} script @returns {Promise<number>} its exit code */
function run(script) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
		const done = (/** @type {number} */ code) => {
			const s = ((Date.now() - started) / 1000).toFixed(0);
			process.stderr.write(`npm test: ${script} ${code ? 'failed' : 'passed'} in ${s} s\n`);
			resolve(code);
		};
		child.on('error', () => done(1));
		child.on('close', (code) => done(code ?? 1));
	});
}

let code = 0;
for (const script of ['check', 'test:unit', 'test:e2e']) if (!code) code = await run(script);
process.exitCode = code;
