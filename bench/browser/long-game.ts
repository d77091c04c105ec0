// Browser benchmark of the sandbox on a long game: a record of the first 1,500 moves of a random game
// of base and a 2,000-design, 9,900-tile expansion (both made from a seed by scripts/big-game.ts),
// loaded from a file on a fresh page. It reports the time to interactive (the file's change event →
// the game drawn and the page answering the next frame), the page's main thread busy meanwhile, the
// JavaScript heap after a garbage collection, and then the time of a jump to the middle of the
// timeline and of one step back.
//
//   npm run build && node bin/run-ts.js bench/browser/long-game.ts [--moves 1500] [--rounds 3] [--timeout 300] [--json] [--app <dir>] [--profile <file.cpuprofile>]
//
// `--profile` records the first round's load with Chromium's sampling profiler (CDP), writes it
// (open it in Chromium's DevTools, Performance panel) and prints the functions with the most self time.
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
const profile = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : '';

interface CpuProfile {
	nodes: {
		id: number;
		callFrame: { functionName: string; url: string; lineNumber: number };
	}[];
	samples: number[];
	timeDeltas: number[];
}

/** The functions with the most self time in a CPU profile (name with its file and line, ms). */
function topSelfTime(p: CpuProfile, n: number): [string, number][] {
	const byId = new Map(p.nodes.map((x) => [x.id, x.callFrame]));
	const ms = new Map<string, number>();
	p.samples.forEach((id, i) => {
		const f = byId.get(id)!;
		const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
		ms.set(name, (ms.get(name) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
	});
	return [...ms].sort((a, b) => b[1] - a[1]).slice(0, n);
}

const base = availableExpansions().get('base') as Expansion;
const big = bigExpansion(base, 2000, 9900, 1);
const record = bigRecord(base, big, opt('moves', 1500), 1);

const h = await startHarness(app);
/** What this benchmark keeps on the page's window. */
type Bench = { __benchT0: number };
interface Round {
	interactiveMs: number | null;
	/** The page's main thread busy meanwhile (CDP TaskDuration; less bent by a loaded machine). */
	busyMs?: number;
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
			await page.getByRole('button', { name: 'Start the game' }).waitFor();
			await input.evaluate((el) =>
				el.addEventListener(
					'change',
					() => ((window as unknown as Bench).__benchT0 = performance.now()),
					{ capture: true }
				)
			);
			const cdp = await context.newCDPSession(page);
			await cdp.send('Performance.enable');
			const taskSeconds = async () => {
				const { metrics } = (await cdp.send('Performance.getMetrics')) as {
					metrics: { name: string; value: number }[];
				};
				return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
			};
			const busy0 = await taskSeconds();
			if (profile && r === 0) {
				await cdp.send('Profiler.enable');
				await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
				await cdp.send('Profiler.start');
			}
			await input.setInputFiles(file);
			const loaded = await page
				.waitForFunction(
					(n) =>
						document.querySelector('.turn')?.textContent?.includes(`step ${n} of ${n}`) &&
						document.querySelector('.board canvas') &&
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
							setTimeout(() => done(performance.now() - (window as unknown as Bench).__benchT0))
						)
					)
			);
			const busyMs = ((await taskSeconds()) - busy0) * 1000;
			if (profile && r === 0) {
				const { profile: p } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
				writeFileSync(profile, JSON.stringify(p));
				console.log(`CPU profile of the first load: ${profile}; most self time:`);
				for (const [name, ms] of topSelfTime(p, 15))
					console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
			}
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
				(n) => document.querySelector('.turn')?.textContent?.includes(`step ${n} of`),
				Math.floor(steps / 2) + 1
			);
			const stepBackMs = await move(Math.floor(steps / 2));
			results.push({ interactiveMs, busyMs, heapMB: heap.usedSize / 2 ** 20, jumpMs, stepBackMs });
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
		busyMs: med('busyMs'),
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
			`  time to interactive: median ${f(summary.interactiveMs)} ms (${results.map((x) => (x.interactiveMs === null ? 'timeout' : f(x.interactiveMs))).join(', ')}); main thread busy ${f(summary.busyMs)} ms; heap ${summary.heapMB.toFixed(1)} MB`
		);
		console.log(
			`  jump to step ${Math.floor(steps / 2) + 1}: ${f(summary.jumpMs)} ms; one step back: ${f(summary.stepBackMs)} ms`
		);
	}
} finally {
	await h.close();
}
