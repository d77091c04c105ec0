// `npm run bench`: runs every bench/*.bench.ts in name order; each prints its own lines.
// Benchmarks measure, they do not assert: timings vary with the machine and its load.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
	.filter((f) => f.endsWith('.bench.ts'))
	.filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
	.sort();
for (const file of files) {
	const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run?: () => Promise<void> };
	if (typeof mod.run !== 'function') {
		console.error(`${file}: exports no run() function`);
		process.exitCode = 1;
		continue;
	}
	console.log(`\n# ${file}`);
	await mod.run();
}
