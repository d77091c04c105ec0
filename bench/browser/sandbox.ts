// Browser benchmark of the sandbox on a 500-tile board (a pile of seven base sets, played out by
// the engine's random player and loaded as a game record): pan and zoom frame rate, the time to
// light the legal cells after the tile is turned, and one placement (click → board, log and scores
// updated). Targets (issue 8): ≥ 55 fps, ≤ 16 ms, ≤ 50 ms.
//
//   npm run build && node bin/run-ts.js bench/browser/sandbox.ts [--rounds 20] [--json] [--app <dir>]
//
// `--app` serves the build of another checkout (an older commit in a git worktree) with this
// script, for side-by-side figures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableExpansions } from '../../src/cli/files.ts';
import { playRandomGame, recordOf, type Expansion } from '../../src/lib/engine/index.ts';
import { browserCpuSeconds, quantile, startHarness } from './harness.ts';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 20;
const asJson = args.includes('--json');
const app = args.includes('--app') ? args[args.indexOf('--app') + 1] : '.';

const h = await startHarness(app);
try {
	// the pile: base plus six more copies of every base tile (72 × 7 = 504 tiles)
	const base = availableExpansions().get('base') as Expansion;
	const pile: Expansion = {
		id: 'bench-pile',
		name: 'Benchmark pile: six more base sets',
		version: '1.0.0',
		dependencies: ['base'],
		tiles: base.tiles.map((t) => ({
			...t,
			id: `${t.id}-x6`,
			count: (typeof t.count === 'number' ? t.count : 1) * 6,
			role: undefined
		}))
	} as Expansion;
	const put = await fetch(`${h.base}/api/expansions/bench-pile`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json', 'if-none-match': '*' },
		body: JSON.stringify(pile)
	});
	if (!put.ok) throw new Error(`could not create the pile: ${put.status} ${await put.text()}`);
	const game = playRandomGame({ expansions: [base, pile], players: ['Ann', 'Bob'], seed: 5 });
	if (game.error) throw new Error(game.error);
	const record = recordOf(game.state);
	const file = join(h.dir, 'bench-record.json');
	writeFileSync(file, JSON.stringify(record));

	const page = await h.browser.newPage({ viewport: { width: 1500, height: 950 } });
	// tsx keeps function names with a helper the page does not have
	await page.addInitScript({ content: 'window.__name = (f) => f;' });
	await page.goto(`${h.base}/sandbox`);
	await page.getByLabel('Load a game record').setInputFiles(file);
	await page.waitForFunction(
		() => (window as any).__sandbox?.view && (window as any).__sandbox.session?.state.finished
	);
	// the last turn with a tile in hand: ~500 tiles on the board
	const at = await page.evaluate(() => {
		const s = (window as any).__sandbox.session;
		for (let i = s.steps.length - 1; i >= 0; i--)
			if (s.stateAt(i).pending[0]?.kind === 'place') return i;
		return -1;
	});
	await page.getByLabel('Timeline').fill(String(at));
	await page.waitForFunction((n) => (window as any).__sandbox.session.at === n, at);
	await page.getByRole('button', { name: 'Fit' }).click();
	await page.waitForTimeout(800);
	const tiles = await page.evaluate(
		() => (window as any).__sandbox.session.state.boardTile.length as number
	);

	// 1. pan and zoom: a drag-like pan every frame and a zoom step every 10th, for 3 s, as the pointer
	// and the wheel drive it; then the cost of one full redraw alone
	const cpu0 = browserCpuSeconds();
	const frames = await page.evaluate(
		() =>
			new Promise<{ fps: number; frameMs: number[] }>((done) => {
				const v = (window as any).__sandbox.view;
				const frameMs: number[] = [];
				let last = performance.now();
				const end = last + 3000;
				let n = 0;
				const tick = () => {
					const now = performance.now();
					frameMs.push(now - last);
					last = now;
					n++;
					v.panBy(n % 120 < 60 ? 6 : -6, n % 80 < 40 ? 3 : -3);
					if (n % 10 === 0) v.zoom(n % 20 === 0 ? 1.05 : 1 / 1.05);
					if (now < end) requestAnimationFrame(tick);
					else
						done({
							fps: (frameMs.length - 1) / ((now - end + 3000) / 1000),
							frameMs: frameMs.slice(1)
						});
				};
				requestAnimationFrame(tick);
			})
	);

	// CPU of all the browser's processes per frame of those 3 s
	const cpuPerFrameMs = ((browserCpuSeconds() - cpu0) * 1000) / frames.frameMs.length;
	const redraws = await page.evaluate(() => {
		const v = (window as any).__sandbox.view;
		const drawMs: number[] = [];
		const layers = v.stage.getLayers().map(() => 0);
		for (let i = 0; i < 30; i++) {
			const t0 = performance.now();
			v.stage.getLayers().forEach((l: any, j: number) => {
				const t = performance.now();
				l.draw();
				layers[j] += (performance.now() - t) / 30;
			});
			drawMs.push(performance.now() - t0);
		}
		return {
			drawMs,
			layers,
			scale: v.stage.scaleX() as number,
			nodes: v.stage.getLayers().map((l: any) => l.find('*').length) as number[]
		};
	});

	// 2. lighting the legal cells after the tile is turned: key R on the board → scene set, + the draw
	await page.locator('.board').focus();
	const light: number[] = [];
	const lightDraw: number[] = [];
	for (let i = 0; i < rounds; i++) {
		const r = await page.evaluate(async () => {
			const v = (window as any).__sandbox.view;
			const board = document.querySelector('.board')!;
			const before = v.sceneAt;
			const t0 = performance.now();
			board.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
			while (v.sceneAt === before) await new Promise((ok) => setTimeout(ok, 0));
			const scene = v.sceneAt - t0;
			// and the layers that changed, drawn (the board draws them on the next frame)
			return { scene, draw: v.flushDraw() };
		});
		light.push(r.scene + r.draw);
		lightDraw.push(r.draw);
	}

	// 3. one placement by a click on a lit cell: pointer down → board, log and scores updated (the
	// board fitted again first: the pan and zoom above leave it wherever they ended)
	await page.getByRole('button', { name: 'Fit' }).click();
	const place: number[] = [];
	for (let i = 0; i < rounds; i++) {
		const target = await page.evaluate(() => {
			const w = (window as any).__sandbox;
			const m = w.session.legal.find((x: any) => x.rotation === w.rotation()) ?? w.session.legal[0];
			for (let k = 0; k < 4 && w.rotation() !== m.rotation; k++)
				document
					.querySelector('.board')!
					.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
			return { ...w.view.cellToClient(m.x, m.y), rotation: m.rotation };
		});
		await page.waitForFunction((r) => (window as any).__sandbox.rotation() === r, target.rotation);
		await page.evaluate(() => {
			const w = window as any;
			w.__benchDown = 0;
			w.__benchLog = 0;
			window.addEventListener('pointerdown', () => (w.__benchDown = performance.now()), {
				capture: true,
				once: true
			});
			new MutationObserver((_, o) => {
				w.__benchLog = performance.now();
				o.disconnect();
			}).observe(document.querySelector('.log ol')!, { childList: true, subtree: true });
		});
		const before = await page.evaluate(() => (window as any).__sandbox.session.at);
		await page.mouse.click(target.x, target.y);
		await page.waitForFunction(
			(n) => (window as any).__sandbox.session.at === n + 1 && (window as any).__benchLog > 0,
			before
		);
		const ms = await page.evaluate(() => {
			const w = window as any;
			const draw = w.__sandbox.view.flushDraw();
			return Math.max(w.__sandbox.view.sceneAt, w.__benchLog) - w.__benchDown + draw;
		});
		place.push(ms);
		// back to the same position for the next round
		await page.keyboard.press('Control+z');
		await page.waitForFunction((n) => (window as any).__sandbox.session.at === n, before);
	}
	await page.close();

	const result = {
		tiles,
		panZoom: {
			fps: Math.round(frames.fps * 10) / 10,
			cpuPerFrameMs,
			frameMsP95: quantile(frames.frameMs, 0.95),
			drawMsMedian: quantile(redraws.drawMs, 0.5),
			drawMsP95: quantile(redraws.drawMs, 0.95)
		},
		lightCellsMs: {
			median: quantile(light, 0.5),
			p95: quantile(light, 0.95),
			drawMedian: quantile(lightDraw, 0.5)
		},
		placementMs: { median: quantile(place, 0.5), p95: quantile(place, 0.95) },
		targets: { fps: 55, lightCellsMs: 16, placementMs: 50 }
	};
	if (args.includes('--verbose'))
		console.log(
			'layers (ms per draw):',
			(redraws.layers as number[]).map((x) => x.toFixed(1)).join(' / '),
			'nodes:',
			redraws.nodes.join(' / '),
			'scale',
			redraws.scale.toFixed(2)
		);
	if (asJson) console.log(JSON.stringify(result, null, 2));
	else {
		const f = (n: number) => n.toFixed(1);
		console.log(
			`sandbox, ${tiles} tiles on the board (a record of a 504-tile game loaded, at its last placement)`
		);
		console.log(
			`pan + zoom: ${f(result.panZoom.fps)} fps (browser CPU ${f(cpuPerFrameMs)} ms per frame; frame p95 ${f(result.panZoom.frameMsP95)} ms; Konva draw median ${f(result.panZoom.drawMsMedian)} ms, p95 ${f(result.panZoom.drawMsP95)} ms) — target ≥ 55 fps`
		);
		console.log(
			`light the cells after R: median ${f(result.lightCellsMs.median)} ms, p95 ${f(result.lightCellsMs.p95)} ms (draw ${f(result.lightCellsMs.drawMedian)} ms) — target ≤ 16 ms`
		);
		console.log(
			`one placement (click → board, log, scores): median ${f(result.placementMs.median)} ms, p95 ${f(result.placementMs.p95)} ms — target ≤ 50 ms`
		);
	}
} finally {
	await h.close();
}
