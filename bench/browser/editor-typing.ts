// Browser benchmark of the tile editor: typing into the JSON of one tile of a 100-tile expansion,
// the time from Monaco's model change to the tile validated and redrawn (the canvas's drawing and
// places, the rotations, the markers), measured in the page with performance.now(). Target: under
// 16 ms (one frame).
// Monaco's own schema diagnostics run in its worker on its own delay and are not part of the figure.
//
//   npm run build && node bin/run-ts.js bench/browser/editor-typing.ts [--keys 150] [--json]
//
// Runs the built app (build/) on a free port with a temporary EXPANSIONS_DIR; Chromium from
// CHROMIUM_PATH or /usr/bin/chromium.
import { putHundredTiles, quantile, startHarness } from './harness.ts';

/** What the tile editor's page hands to benchmarks (its "Benchmark and test hook"). */
type Hooked = {
	__tileEditor: {
		samples: number[];
		drawMs: number[];
		session: { tile: { name?: string } };
		handle: { getValue(): string; setValue(t: string): void; placeCursorAfter(s: string): void };
	};
};

const args = process.argv.slice(2);
const keys = Number(args[args.indexOf('--keys') + 1]) || 150;
const asJson = args.includes('--json');
const harness = await startHarness();
const base = harness.base;

try {
	await putHundredTiles(harness);
	const browser = harness.browser;
	const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
	const tileId = 'B50';
	await page.goto(`${base}/expansions/bench-100/tiles/${tileId}`);
	await page.waitForSelector('[data-testid="tile-canvas"][data-ready="true"]');
	await page.waitForSelector('[data-testid="json-editor"][data-ready="true"]');
	await page.waitForFunction(() => !!(window as unknown as Hooked).__tileEditor?.handle);
	// Give the tile a name to type into, then type into it key by key.
	await page.evaluate(() => {
		const h = (window as unknown as Hooked).__tileEditor.handle;
		h.setValue(JSON.stringify({ ...JSON.parse(h.getValue()), name: '' }, null, 2));
	});
	await page.waitForTimeout(300);
	await page.evaluate(() => {
		const t = (window as unknown as Hooked).__tileEditor;
		t.samples.length = 0;
		t.drawMs.length = 0;
		t.handle.placeCursorAfter('"name": "');
	});
	const text = 'The quick brown fox jumps over the lazy dog '
		.repeat(Math.ceil(keys / 44))
		.slice(0, keys);
	await page.keyboard.type(text, { delay: 25 });
	await page.waitForTimeout(300);
	const { samples, drawMs, name } = await page.evaluate(() => {
		const t = (window as unknown as Hooked).__tileEditor;
		return {
			samples: t.samples as number[],
			drawMs: t.drawMs as number[],
			name: t.session.tile.name as string
		};
	});
	if (name !== text)
		throw new Error(`the typed text did not arrive intact: ${JSON.stringify(name)}`);
	const result = {
		tiles: 100,
		keystrokes: samples.length,
		changeToRedrawnMs: {
			median: quantile(samples, 0.5),
			p95: quantile(samples, 0.95),
			max: Math.max(...samples)
		},
		canvasDrawMs: { median: quantile(drawMs, 0.5), p95: quantile(drawMs, 0.95) },
		targetMs: 16
	};
	if (asJson) console.log(JSON.stringify(result, null, 2));
	else {
		const f = (n: number) => n.toFixed(1);
		console.log(
			`editor typing, expansion of ${result.tiles} tiles, ${result.keystrokes} keystrokes`
		);
		console.log(
			`model change → validated + redrawn: median ${f(result.changeToRedrawnMs.median)} ms, p95 ${f(result.changeToRedrawnMs.p95)} ms, max ${f(result.changeToRedrawnMs.max)} ms (target < 16 ms)`
		);
		console.log(
			`  of which the Konva canvas draw: median ${f(result.canvasDrawMs.median)} ms, p95 ${f(result.canvasDrawMs.p95)} ms`
		);
	}
	if (args.includes('--verbose'))
		console.log(
			'slowest:',
			[...samples]
				.sort((a, b) => b - a)
				.slice(0, 10)
				.map((x) => x.toFixed(1))
				.join(' '),
			'first:',
			samples
				.slice(0, 5)
				.map((x) => x.toFixed(1))
				.join(' ')
		);
	if (result.changeToRedrawnMs.median >= 16) process.exitCode = 1;
} finally {
	await harness.close();
}
