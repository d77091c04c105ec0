// What the browser benchmarks share: the built app (of this checkout, or of another given as
// `appDir`, e.g. an older commit in a git worktree) served on a free port with a temporary copy of
// expansions/ as EXPANSIONS_DIR, Debian's Chromium (CHROMIUM_PATH to use another), a 100-tile
// expansion and quantiles.
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

export async function startHarness(appDir = '.'): Promise<Harness> {
	const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(executablePath)) {
		console.error(
			`Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`
		);
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
	const server = spawn(process.execPath, ['scripts/serve.js'], {
		cwd: resolve(appDir),
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
			up = await fetch(`${base}/api/expansions`).then(
				(r) => r.ok,
				() => false
			);
			if (!up) await new Promise((r) => setTimeout(r, 100));
		}
		if (!up) throw new Error('the server did not start');
		const browser = await chromium.launch({
			executablePath,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run'
			]
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

/** Creates `bench-100` in the harness's store: 100 tile designs cloned from the base game's (ids B1…B100). */
export async function putHundredTiles(h: Harness): Promise<void> {
	const baseGame = JSON.parse(readFileSync(join(h.dir, 'base.json'), 'utf8'));
	const tiles = Array.from({ length: 100 }, (_, i) => ({
		...baseGame.tiles[i % baseGame.tiles.length],
		id: `B${i + 1}`
	}));
	const doc = {
		id: 'bench-100',
		name: 'Benchmark, 100 tiles',
		version: '1.0.0',
		dependencies: ['base'],
		tiles
	};
	const put = await fetch(`${h.base}/api/expansions/bench-100`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json', 'if-none-match': '*' },
		body: JSON.stringify(doc)
	});
	if (!put.ok)
		throw new Error(`could not create the benchmark expansion: ${put.status} ${await put.text()}`);
}

/**
 * CPU seconds used so far by the browser's processes (every Chromium process descended from this
 * one: renderer, GPU/compositor, browser). CPU time, unlike frame rate, barely changes with the
 * machine's load, so it compares two builds fairly on a busy machine. Linux only (/proc).
 */
export function browserCpuSeconds(): number {
	const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
			const close = stat.lastIndexOf(')');
			const comm = stat.slice(stat.indexOf('(') + 1, close);
			const f = stat.slice(close + 2).split(' ');
			// fields after the name: state ppid … utime (14th field) stime (15th)
			procs.set(Number(name), { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) });
		} catch {
			// the process ended meanwhile
		}
	}
	const mine = (pid: number): boolean => {
		for (let p = procs.get(pid); p; p = procs.get(p.ppid)) if (p.ppid === process.pid) return true;
		return false;
	};
	let ticks = 0;
	for (const [pid, p] of procs) if (/chrom/i.test(p.comm) && mine(pid)) ticks += p.ticks;
	return ticks / 100; // USER_HZ
}

type Marks = { __benchDown: number; __benchLog: number };

/**
 * A placement's time as the person meets it, in two halves around the action: `armPlacement` before
 * (the input event's time, and the time the log's list next changes), `placementMs` after (from the
 * input to the log changed and the next frame drawn).
 */
export async function armPlacement(page: Page, input: 'pointerdown' | 'keydown'): Promise<void> {
	await page.evaluate((input) => {
		const w = window as unknown as Marks;
		w.__benchDown = 0;
		w.__benchLog = 0;
		window.addEventListener(input, () => (w.__benchDown = performance.now()), {
			capture: true,
			once: true
		});
		new MutationObserver((_, o) => {
			w.__benchLog = performance.now();
			o.disconnect();
		}).observe(document.querySelector('.log ol')!, { childList: true, subtree: true });
	}, input);
}

export async function placementMs(page: Page): Promise<number> {
	await page.waitForFunction(() => (window as unknown as Marks).__benchLog > 0);
	return page.evaluate(
		() =>
			new Promise<number>((ok) =>
				requestAnimationFrame(() =>
					setTimeout(() => {
						const w = window as unknown as Marks;
						ok(Math.max(w.__benchLog, performance.now()) - w.__benchDown);
					})
				)
			)
	);
}
