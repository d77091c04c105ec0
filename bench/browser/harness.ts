// Shared by the browser benchmarks: the built app (build/) served on a free port with a temporary
// copy of expansions/ as EXPANSIONS_DIR, a 100-tile expansion in it, Chromium from CHROMIUM_PATH or
// /usr/bin/chromium, and quantiles.
import { chromium, type Browser } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () =>
	new Promise<number>((ok) => {
		const s = createServer();
		s.listen(0, '127.0.0.1', () => {
			const port = (s.address() as { port: number }).port;
			s.close(() => ok(port));
		});
	});

export const quantile = (xs: number[], q: number) => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

export interface Bench {
	base: string;
	launch(): Promise<Browser>;
	/** Creates `bench-100`: 100 tile designs cloned from the base game's (ids B1…B100). */
	hundredTiles(): Promise<void>;
	stop(): void;
}

/**
 * Starts the server of the app in `appDir` (its build/ and scripts/serve.js; default: this
 * checkout); exits (code 2) when Chromium or the build is missing.
 */
export async function startBench(appDir = '.'): Promise<Bench> {
	if (!existsSync(executablePath)) {
		console.error(`Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
		process.exit(2);
	}
	if (!existsSync(resolve(appDir, 'build/index.js'))) {
		console.error(`No build/ in ${resolve(appDir)}: run \`npm run build\` there first`);
		process.exit(2);
	}
	const dir = mkdtempSync(join(tmpdir(), 'carcassonne-lab-bench-'));
	cpSync(resolve('expansions'), dir, { recursive: true });
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const server: ChildProcess = spawn(process.execPath, ['scripts/serve.js'], {
		cwd: resolve(appDir),
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EXPANSIONS_DIR: dir },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const stop = () => {
		server.kill();
		rmSync(dir, { recursive: true, force: true });
	};
	for (let i = 0; ; i++) {
		try {
			if ((await fetch(`${base}/api/expansions`)).ok) break;
		} catch {
			// not up yet
		}
		if (i === 100) {
			stop();
			throw new Error('the server did not start');
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	return {
		base,
		stop,
		launch: () =>
			chromium.launch({
				executablePath,
				args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
			}),
		async hundredTiles() {
			const baseGame = JSON.parse(readFileSync(join(dir, 'base.json'), 'utf8'));
			const tiles = Array.from({ length: 100 }, (_, i) => ({ ...baseGame.tiles[i % baseGame.tiles.length], id: `B${i + 1}` }));
			const doc = { id: 'bench-100', name: 'Benchmark, 100 tiles', version: '1.0.0', dependencies: ['base'], tiles };
			const put = await fetch(`${base}/api/expansions/bench-100`, {
				method: 'PUT',
				headers: { 'content-type': 'application/json', 'if-none-match': '*' },
				body: JSON.stringify(doc)
			});
			if (!put.ok) throw new Error(`could not create the benchmark expansion: ${put.status} ${await put.text()}`);
		}
	};
}
