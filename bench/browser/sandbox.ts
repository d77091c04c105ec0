// Browser benchmark of the sandbox on a 500-tile board (a pile of seven base sets, played out by
// the engine's random player and loaded as a game record), driven as a person drives it (pointer,
// wheel, keys): pan and zoom frame rate, the time to light the legal cells after the tile is turned
// (key → next frame), and one placement (pointer down → log updated and the next frame).
// Targets (issue 8): ≥ 55 fps, ≤ 16 ms, ≤ 50 ms.
//
//   npm run build && node bin/run-ts.js bench/browser/sandbox.ts [--rounds 20] [--json] [--app <dir>]
//
// `--app` serves the build of another checkout (an older commit in a git worktree) with this
// script, for side-by-side figures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableExpansions } from '../../src/cli/files.ts';
import {
	boardTiles,
	cloneState,
	legalMoves,
	playRandomGame,
	recordOf,
	replay,
	setupFromRecord,
	startGame,
	type Expansion,
	type PlaceMove
} from '../../src/lib/engine/index.ts';
import { cellPoint } from '../../test/e2e/sandbox-driver.ts';
import { armPlacement, browserCpuSeconds, placementMs, quantile, startHarness } from './harness.ts';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 20;
const asJson = args.includes('--json');
const app = args.includes('--app') ? args[args.indexOf('--app') + 1] : '.';

const h = await startHarness(app);
/** The times this benchmark marks on the page's window. */
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

	// the last step with a tile in hand: ~500 tiles on the board (the record replayed here)
	const setup = setupFromRecord(record, (id) => (id === pile.id ? pile : base)).setup!;
	let at = 0;
	let atState = startGame(setup).state;
	replay(setup, record.moves, {
		quiet: true,
		onStep: (i, _m, _e, s) => {
			if (!s.finished && s.pending[0]?.kind === 'place') {
				at = i + 1;
				atState = cloneState(s);
			}
		}
	});
	const tiles = boardTiles(atState).length;

	const page = await h.browser.newPage({ viewport: { width: 1500, height: 950 } });
	// tsx keeps function names with a helper the page does not have
	await page.addInitScript({ content: 'window.__name = (f) => f;' });
	await page.goto(`${h.base}/sandbox`);
	await page.getByLabel('Load a game record').setInputFiles(file);
	await page.getByText('Game over.', { exact: true }).waitFor();
	await page.getByLabel('Timeline').fill(String(at));
	await page.waitForFunction(
		(n) => document.querySelector('.turn')?.textContent?.includes(`step ${n} of`),
		at
	);
	await page.getByRole('button', { name: 'Fit' }).click();
	await page.waitForTimeout(800);
	const board = (await page.locator('.board').boundingBox())!;
	const mid = { x: board.x + board.width / 2, y: board.y + board.height / 2 };

	// 1. pan and zoom for 3 s as a person does it: the pointer drags the board to and fro and the
	// wheel zooms in and out every 10th move; the page counts its frames meanwhile
	const cpu0 = browserCpuSeconds();
	const counting = page.evaluate(
		() =>
			new Promise<{ fps: number; frameMs: number[] }>((done) => {
				const frameMs: number[] = [];
				const start = performance.now();
				let last = start;
				const tick = () => {
					const now = performance.now();
					frameMs.push(now - last);
					last = now;
					if (now < start + 3000) requestAnimationFrame(tick);
					else done({ fps: frameMs.length / ((now - start) / 1000), frameMs: frameMs.slice(1) });
				};
				requestAnimationFrame(tick);
			})
	);
	let done = false;
	void counting.then(() => (done = true));
	await page.mouse.move(mid.x, mid.y);
	await page.mouse.down();
	for (let n = 1; !done; n++) {
		const dx = n % 120 < 60 ? 6 : -6;
		const dy = n % 80 < 40 ? 3 : -3;
		mid.x += dx;
		mid.y += dy;
		await page.mouse.move(mid.x, mid.y);
		if (n % 10 === 0) {
			await page.mouse.up();
			await page.mouse.wheel(0, n % 20 === 0 ? -60 : 60);
			await page.mouse.down();
		}
	}
	await page.mouse.up();
	const frames = await counting;
	// CPU of all the browser's processes per frame of those 3 s
	const cpuPerFrameMs = ((browserCpuSeconds() - cpu0) * 1000) / frames.frameMs.length;

	// 2. lighting the legal cells after the tile is turned: key R on the board → the next frame drawn
	await page.getByRole('button', { name: 'Fit' }).click();
	await page.waitForTimeout(800);
	await page.locator('.board').focus();
	const nextFrame = (key: string) =>
		page.evaluate(
			(k) =>
				new Promise<number>((ok) => {
					const t0 = performance.now();
					document
						.querySelector('.board')!
						.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
					requestAnimationFrame(() => setTimeout(() => ok(performance.now() - t0)));
				}),
			key
		);
	const light: number[] = [];
	for (let i = 0; i < rounds; i++) light.push(await nextFrame('r'));

	// 3. one placement by a click on a lit cell: pointer down → the log updated and the next frame
	// drawn; then Ctrl+Z back to the same position
	const rotation = async () =>
		Number(
			/rotation (\d)$/.exec(
				(await page.getByRole('img', { name: /^Tile .*, rotation \d$/ }).getAttribute('alt')) ?? ''
			)?.[1]
		);
	const legal = legalMoves(atState).filter((m): m is PlaceMove => m.type === 'place');
	const move = legal.find((m) => m.rotation === 0) ?? legal[0];
	while ((await rotation()) !== move.rotation) await page.keyboard.press('r');
	const cell = await cellPoint(page, move.x, move.y);
	const place: number[] = [];
	for (let i = 0; i < rounds; i++) {
		await page.mouse.move(cell.x, cell.y);
		await armPlacement(page, 'pointerdown');
		await page.mouse.click(cell.x, cell.y);
		place.push(await placementMs(page));
		await page.keyboard.press('Control+z');
		await page.waitForFunction(
			(n) => document.querySelector('.turn')?.textContent?.includes(`step ${n} of`),
			at
		);
	}
	await page.close();

	const result = {
		tiles,
		panZoom: {
			fps: Math.round(frames.fps * 10) / 10,
			cpuPerFrameMs,
			frameMsP95: quantile(frames.frameMs, 0.95)
		},
		lightCellsMs: { median: quantile(light, 0.5), p95: quantile(light, 0.95) },
		placementMs: { median: quantile(place, 0.5), p95: quantile(place, 0.95) },
		targets: { fps: 55, lightCellsMs: 16, placementMs: 50 }
	};
	if (asJson) console.log(JSON.stringify(result, null, 2));
	else {
		const f = (n: number) => n.toFixed(1);
		console.log(
			`sandbox, ${tiles} tiles on the board (a record of a 504-tile game loaded, at its last placement)`
		);
		console.log(
			`pan + zoom: ${f(result.panZoom.fps)} fps (browser CPU ${f(cpuPerFrameMs)} ms per frame; frame p95 ${f(result.panZoom.frameMsP95)} ms) — target ≥ 55 fps`
		);
		console.log(
			`light the cells after R: median ${f(result.lightCellsMs.median)} ms, p95 ${f(result.lightCellsMs.p95)} ms — target ≤ 16 ms`
		);
		console.log(
			`one placement (click → board, log, scores): median ${f(result.placementMs.median)} ms, p95 ${f(result.placementMs.p95)} ms — target ≤ 50 ms`
		);
	}
} finally {
	await h.close();
}
