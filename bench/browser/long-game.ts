// Browser benchmark of the sandbox on a long game: a record of the first 1,500 moves of a random game
// of base and a 2,000-design, 9,900-tile expansion (both made from a seed by scripts/big-game.ts),
// loaded from a file on a fresh page. It reports the time to interactive (the file's change event →
// the game drawn and the page answering the next frame), the page's main thread busy meanwhile and
// in the 5 s after (the drawings still to make take their turns with the person's input), the
// JavaScript heap after a garbage collection, the time of one placement (Enter with the keyboard's
// cursor on a cell where the tile in hand fits → the log and the board drawn; at the last step that
// places a tile, the steps after it given up when the game is over), and then the time of a jump to the middle of the
// timeline and of one step back.
//
//   npm run build && node bin/run-ts.js bench/browser/long-game.ts [--moves 1500] [--rounds 3] [--timeout 300] [--json] [--app <dir>] [--profile <file.cpuprofile>]
//
// `--profile` records the first round's load and placement with Chromium's sampling profiler (CDP),
// writes them (<file> and <file>.place; open them in Chromium's DevTools, Performance panel) and
// prints the functions with the most self time.
// `--app` serves the build of another checkout (an older commit in a git worktree) with this script;
// `--moves 100000` loads the whole game (9,972 tiles). A round that is not interactive within
// `--timeout` seconds is reported as such (the page is then closed).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableExpansions } from '../../src/cli/files.ts';
import {
	apply,
	boardTiles,
	legalMoves,
	setupFromRecord,
	startGame,
	type Expansion,
	type PlaceMove
} from '../../src/lib/engine/index.ts';
import { bigExpansion, bigRecord } from '../../scripts/big-game.ts';
import { rotationShown } from '../../test/e2e/sandbox-driver.ts';
import { armPlacement, placementMs, quantile, startHarness } from './harness.ts';

const args = process.argv.slice(2);
const opt = (name: string, d: number) =>
	args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : d;
const rounds = opt('rounds', 3);
const timeoutMs = opt('timeout', 300) * 1000;
const app = args.includes('--app') ? args[args.indexOf('--app') + 1] : '.';
const profile = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : '';
/** Milliseconds after the open over which the main thread's busy time is taken (then the placement). */
const AFTER_MS = 5000;

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

/** The last step of the record whose tile is still to place, a placement there, and the last tile placed before it. */
function lastPlacement(): { step: number; move: PlaceMove; from: { x: number; y: number } } {
	const lookup = (id: string) => (id === base.id ? base : id === big.id ? big : undefined);
	const { setup, moves } = setupFromRecord(record, lookup);
	const { state } = startGame(setup!);
	let found: ReturnType<typeof lastPlacement> | undefined;
	for (let i = 0; ; i++) {
		if (!state.finished && state.pending[0]?.kind === 'place') {
			const legal = legalMoves(state).filter((m): m is PlaceMove => m.type === 'place');
			const { x, y } = boardTiles(state).at(-1)!;
			found = { step: i, move: legal.find((m) => m.rotation === 0) ?? legal[0], from: { x, y } };
		}
		if (i === moves.length) break;
		apply(state, moves[i], { mutate: true, quiet: true });
	}
	if (!found) throw new Error('the record has no step that places a tile');
	return found;
}
const placement = lastPlacement();

const h = await startHarness(app);
/** What this benchmark keeps on the page's window. */
type Bench = { __benchT0: number };
interface Round {
	interactiveMs: number | null;
	/** The page's main thread busy meanwhile (CDP TaskDuration; less bent by a loaded machine). */
	busyMs?: number;
	/** The page's main thread busy in the AFTER_MS after it was interactive. */
	afterBusyMs?: number;
	/** The page's renderer died (out of memory) before it was interactive. */
	crashed?: boolean;
	heapMB?: number;
	jumpMs?: number;
	stepBackMs?: number;
	placeMs?: number;
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
			const busy1 = await taskSeconds();
			const busyMs = (busy1 - busy0) * 1000;
			const writeProfile = async (file: string, what: string) => {
				const { profile: p } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
				writeFileSync(file, JSON.stringify(p));
				console.log(`CPU profile of the first ${what}: ${file}; most self time:`);
				for (const [name, ms] of topSelfTime(p, 15))
					console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
			};
			if (profile && r === 0) await writeProfile(profile, 'load');
			// the drawings still to make after the open (painted, or decoded as images) take their turns meanwhile
			await page.waitForTimeout(AFTER_MS);
			const afterBusyMs = ((await taskSeconds()) - busy1) * 1000;
			await cdp.send('HeapProfiler.collectGarbage');
			const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
			// the timeline's slider moved to a step: input → drawn on the next frame
			const slide = (to: number) =>
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
			// one placement: at the last step that places a tile (the timeline's end, or a step back)
			if (placement.step < steps) {
				await slide(placement.step);
				await page.waitForFunction(
					(n) => document.querySelector('.turn')?.textContent?.includes(`step ${n} of`),
					placement.step
				);
			}
			await page.locator('.board').focus();
			for (let i = 0; i < 4 && (await rotationShown(page)) !== placement.move.rotation; i++)
				await page.keyboard.press('r');
			// the keyboard's cursor starts at the last tile placed, and goes to the cell
			const { move, from } = placement;
			const keys = [
				...Array(Math.abs(move.x - from.x)).fill(move.x > from.x ? 'ArrowRight' : 'ArrowLeft'),
				...Array(Math.abs(move.y - from.y)).fill(move.y > from.y ? 'ArrowDown' : 'ArrowUp')
			];
			for (const k of keys) await page.keyboard.press(k);
			await page.waitForFunction(
				(m) => document.querySelector('[data-testid=hover]')?.textContent?.includes(m),
				`(${move.x},${move.y}): the tile fits here`
			);
			await armPlacement(page, 'keydown');
			if (profile && r === 0) await cdp.send('Profiler.start');
			await page.keyboard.press('Enter');
			const placeMs = await placementMs(page);
			if (profile && r === 0)
				await writeProfile(profile.replace(/(\.cpuprofile)?$/, '.place$1'), 'placement');
			await page.keyboard.press('Control+z');
			await page.waitForFunction(
				(n) => document.querySelector('.turn')?.textContent?.includes(`step ${n} of`),
				placement.step
			);
			// a jump to the middle of the timeline, then one step back: input → drawn on the next frame
			const jumpMs = await slide(Math.floor(steps / 2) + 1);
			await page.waitForFunction(
				(n) => document.querySelector('.turn')?.textContent?.includes(`step ${n} of`),
				Math.floor(steps / 2) + 1
			);
			const stepBackMs = await slide(Math.floor(steps / 2));
			results.push({
				interactiveMs,
				busyMs,
				afterBusyMs,
				heapMB: heap.usedSize / 2 ** 20,
				placeMs,
				jumpMs,
				stepBackMs
			});
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
		afterBusyMs: med('afterBusyMs'),
		heapMB: med('heapMB'),
		jumpMs: med('jumpMs'),
		stepBackMs: med('stepBackMs'),
		placeMs: med('placeMs'),
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
			`  time to interactive: median ${f(summary.interactiveMs)} ms (${results.map((x) => (x.interactiveMs === null ? 'timeout' : f(x.interactiveMs))).join(', ')}); main thread busy ${f(summary.busyMs)} ms, in the ${AFTER_MS / 1000} s after ${f(summary.afterBusyMs)} ms; heap ${summary.heapMB.toFixed(1)} MB`
		);
		console.log(
			`  one placement at step ${placement.step}${placement.step < steps ? ' (the later steps given up)' : ''}: ${f(summary.placeMs)} ms`
		);
		console.log(
			`  jump to step ${Math.floor(steps / 2) + 1}: ${f(summary.jumpMs)} ms; one step back: ${f(summary.stepBackMs)} ms`
		);
	}
} finally {
	await h.close();
}
