// Browser benchmark of the sandbox on a long game: a record of the first 1,500 moves of a random game
// of base and a 2,000-design, 9,900-tile expansion (both made from a seed by scripts/big-game.ts),
// loaded from a file on a fresh page. It reports the time to interactive (the file's change event →
// the game drawn and the page answering the next frame), the JavaScript heap after a garbage
// collection, and then the time of a jump to the middle of the timeline and of one step back.
//
//   npm run build && node bin/run-ts.js bench/browser/long-game.ts [--moves 1500] [--rounds 3] [--timeout 300] [--json] [--app <dir>]
//
// `--app` serves the build of another checkout (an older commit in a git worktree) with this script;
// `--moves 100000` loads the whole game (9,972 tiles). A round that is not interactive within
// `--timeout` seconds is reported as such (the page is then closed).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableExpansions } from '../../src/cli/files.ts';
import type { Expansion } from '../../src/lib/engine/index.ts';
import { bigExpansion, bigRecord } from '../../scripts/big-game.ts';
import { quantile, startHarness } from './harness.ts';

const args = process.argv.slice(2);
const opt = (name: string, d: number) =>
	args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : d;
const rounds = opt('rounds', 3);
const timeoutMs = opt('timeout', 300) * 1000;
const app = args.includes('--app') ? args[args.indexOf('--app') + 1] : '.';

const base = availableExpansions().get('base') as Expansion;
const big = bigExpansion(base, 2000, 9900, 1);
const record = bigRecord(base, big, opt('moves', 1500), 1);

const h = await startHarness(app);
interface Round {
	interactiveMs: number | null;
	/** The page's renderer died (out of memory) before it was interactive. */
	crashed?: boolean;
	heapMB?: number;
	jumpMs?: number;
	stepBackMs?: number;
}
const results: Round[] = [];
try {
	const put = await fetch(`${h.base}/api/expansions/${big.id}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json', 'if-none-match': '*' },
		body: JSON.stringify(big)
	});
	if (!put.ok) throw new Error(`could not create the expansion: ${put.status} ${await put.text()}`);
	const file = join(h.dir, 'long-game-record.json');
	writeFileSync(file, JSON.stringify(record));
	const steps = record.moves.length;

	for (let r = 0; r < rounds; r++) {
		const context = await h.browser.newContext({ viewport: { width: 1500, height: 950 } });
		const page = await context.newPage();
		let crashed = false;
		page.on('crash', () => (crashed = true));
		try {
			await page.addInitScript({ content: 'window.__name = (f) => f;' });
			await page.goto(`${h.base}/sandbox`);
			const input = page.getByLabel('Load a game record');
			await page.waitForFunction(() => (window as any).__sandbox);
			await input.evaluate((el) =>
				el.addEventListener('change', () => ((window as any).__benchT0 = performance.now()), {
					capture: true
				})
			);
			await input.setInputFiles(file);
			const loaded = await page
				.waitForFunction(
					(n) =>
						(window as any).__sandbox?.session?.at === n &&
						(window as any).__sandbox.view &&
						document.querySelector('.log ol li'),
					steps,
					{ timeout: timeoutMs, polling: 100 }
				)
				.then(
					() => true,
					() => false
				);
			if (!loaded) {
				results.push({ interactiveMs: null, crashed });
				continue;
			}
			// the next frame after the game is shown, and a task after it: the page answers again
			const interactiveMs = await page.evaluate(
				() =>
					new Promise<number>((done) =>
						requestAnimationFrame(() =>
							setTimeout(() => done(performance.now() - (window as any).__benchT0))
						)
					)
			);
			const cdp = await context.newCDPSession(page);
			await cdp.send('HeapProfiler.collectGarbage');
			const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
			// a jump to the middle of the timeline, then one step back: input → drawn on the next frame
			const move = (to: number) =>
				page.evaluate(
					(n) =>
						new Promise<number>((done) => {
							const slider = document.querySelector(
								'input[aria-label=Timeline]'
							) as HTMLInputElement;
							const t0 = performance.now();
							slider.value = String(n);
							slider.dispatchEvent(new Event('input', { bubbles: true }));
							requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0)));
						}),
					to
				);
			const jumpMs = await move(Math.floor(steps / 2) + 1);
			await page.waitForFunction(
				(n) => (window as any).__sandbox.session.at === n,
				Math.floor(steps / 2) + 1
			);
			const stepBackMs = await move(Math.floor(steps / 2));
			results.push({ interactiveMs, heapMB: heap.usedSize / 2 ** 20, jumpMs, stepBackMs });
		} finally {
			await context.close();
		}
	}

	const got = results.filter((x) => x.interactiveMs !== null) as Required<Round>[];
	const med = (k: keyof Round) =>
		got.length
			? quantile(
					got.map((x) => x[k] as number),
					0.5
				)
			: NaN;
	const summary = {
		app,
		moves: steps,
		designs: big.tiles.length,
		tiles: big.tiles.reduce((n, t) => n + (typeof t.count === 'number' ? t.count : 1), 0),
		rounds: results.length,
		notInteractive: results.length - got.length,
		interactiveMs: med('interactiveMs'),
		heapMB: med('heapMB'),
		jumpMs: med('jumpMs'),
		stepBackMs: med('stepBackMs'),
		all: results
	};
	if (args.includes('--json')) console.log(JSON.stringify(summary, null, 2));
	else {
		const f = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(0));
		console.log(
			`sandbox, a record of ${steps} moves of a ${summary.designs}-design, ${summary.tiles}-tile expansion (${app}), ${results.length} rounds`
		);
		if (summary.notInteractive)
			console.log(
				`  ${summary.notInteractive} rounds not interactive within ${timeoutMs / 1000} s (${results.filter((x) => x.crashed).length} of them: the page crashed)`
			);
		console.log(
			`  time to interactive: median ${f(summary.interactiveMs)} ms (${results.map((x) => (x.interactiveMs === null ? 'timeout' : f(x.interactiveMs))).join(', ')}); heap ${summary.heapMB.toFixed(1)} MB`
		);
		console.log(
			`  jump to step ${Math.floor(steps / 2) + 1}: ${f(summary.jumpMs)} ms; one step back: ${f(summary.stepBackMs)} ms`
		);
	}
} finally {
	await h.close();
}
