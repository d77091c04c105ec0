// What the browser benchmarks share: the built app served on a free port with a temporary copy of
// expansions/ as EXPANSIONS_DIR, and Debian's Chromium (CHROMIUM_PATH to use another).
import { chromium, type Browser } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Harness {
	base: string;
	/** The server's EXPANSIONS_DIR (a temporary copy of expansions/). */
	dir: string;
	browser: Browser;
	close(): Promise<void>;
}

const freePort = () =>
	new Promise<number>((ok) => {
		const s = createServer();
		s.listen(0, '127.0.0.1', () => {
			const port = (s.address() as { port: number }).port;
			s.close(() => ok(port));
		});
	});

export async function startHarness(): Promise<Harness> {
	const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(executablePath)) {
		console.error(`Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
		process.exit(2);
	}
	if (!existsSync(resolve('build/index.js'))) {
		console.error('No build/: run `npm run build` first');
		process.exit(2);
	}
	const dir = mkdtempSync(join(tmpdir(), 'carcassonne-lab-bench-'));
	cpSync(resolve('expansions'), dir, { recursive: true });
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const server = spawn(process.execPath, ['scripts/serve.js'], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EXPANSIONS_DIR: dir },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const close = async () => {
		server.kill();
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		let up = false;
		for (let i = 0; i < 150 && !up; i++) {
			up = await fetch(`${base}/api/expansions`).then((r) => r.ok, () => false);
			if (!up) await new Promise((r) => setTimeout(r, 100));
		}
		if (!up) throw new Error('the server did not start');
		const browser = await chromium.launch({
			executablePath,
			args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
		});
		return {
			base,
			dir,
			browser,
			close: async () => {
				await browser.close();
				await close();
			}
		};
	} catch (e) {
		await close();
		throw e;
	}
}

export const quantile = (xs: number[], q: number): number => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
