// Browser benchmark: how long the tile editor takes to become interactive — from the start of the
// navigation to the moment the designer can edit: the tile drawn on its canvas with the places
// listening and the form beside it (tile-canvas data-ready="true", the tile's name field), measured
// in the page with performance.now() (which counts from the navigation's start). At that moment the
// benchmark clicks a place on the canvas (the north side) and times when the click's answer is on
// screen (the feature there selected in the panel): the "edit" figure, which counts any time the
// main thread was still busy. Monaco, loaded after the canvas, is timed apart (its JSON shown).
// A tile of a 100-tile expansion; each run in a fresh browser context (nothing cached: "cold") and
// then reloaded once ("warm"). Target: interactive in under 1 s.
// With --compare DIR, another checkout's build (e.g. an older commit in a git worktree) is run
// in turns with this one, side by side.
//
//   npm run build && node bin/run-ts.js bench/browser/tile-editor-load.ts [--runs 10] [--compare DIR] [--json]
import type { Browser, Page } from '@playwright/test';
import { putHundredTiles, quantile, startHarness, type Harness } from './harness.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 10;
const asJson = args.includes('--json');
const compare = args.includes('--compare') ? args[args.indexOf('--compare') + 1] : undefined;

/** Installed before the page's scripts (as text: the loader's helpers do not exist in the page): the moments the page can be edited, a click was answered and Monaco is up. */
const WATCH_READY = `(() => {
	const check = () => {
		const canvas = document.querySelector('[data-testid="tile-canvas"]');
		if (window.__interactiveAt === undefined && canvas?.getAttribute('data-ready') === 'true' && canvas.querySelector('canvas') && document.querySelector('[data-testid="tile-name"]')) window.__interactiveAt = performance.now();
		if (window.__answeredAt === undefined && window.__interactiveAt !== undefined && document.querySelector('[data-testid="selected-feature"]')) window.__answeredAt = performance.now();
		const json = document.querySelector('[data-testid="json-editor"]');
		if (window.__editorAt === undefined && json?.getAttribute('data-ready') === 'true' && document.querySelector('.monaco-editor .view-line')) window.__editorAt = performance.now();
	};
	new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

type Times = { interactive: number; edit: number; editor: number };
type W = { __interactiveAt?: number; __answeredAt?: number; __editorAt?: number };
const at = async (page: Page): Promise<Times> => {
	await page.waitForFunction(() => (window as unknown as W).__interactiveAt !== undefined, null, {
		timeout: 30_000,
		polling: 'raf'
	});
	// the designer clicks the north side's place at once (the benchmark tile has a city there)
	const box = (await page.locator('[data-testid="tile-canvas"]').boundingBox())!;
	await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.24);
	await page.waitForFunction(
		() =>
			(window as unknown as W).__answeredAt !== undefined &&
			(window as unknown as W).__editorAt !== undefined,
		null,
		{ timeout: 30_000 }
	);
	return page.evaluate(() => {
		const w = window as unknown as Required<W>;
		return { interactive: w.__interactiveAt, edit: w.__answeredAt, editor: w.__editorAt };
	});
};

/** One cold load (fresh context) and one warm (reload) of the benchmark tile. */
async function once(browser: Browser, bench: Harness): Promise<{ cold: Times; warm: Times }> {
	const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
	await context.addInitScript(WATCH_READY);
	const page = await context.newPage();
	await page.goto(`${bench.base}/expansions/bench-100/tiles/B50`);
	const cold = await at(page);
	await page.reload();
	const warm = await at(page);
	await context.close();
	return { cold, warm };
}

const apps: { label: string; bench: Harness; samples: { cold: Times; warm: Times }[] }[] = [
	{ label: 'this checkout', bench: await startHarness(), samples: [] }
];
if (compare) apps.push({ label: compare, bench: await startHarness(compare), samples: [] });
try {
	for (const app of apps) await putHundredTiles(app.bench);
	// one browser for both, so neither gets a warmer one
	const browser = apps[0].bench.browser;
	for (let i = 0; i < runs; i++)
		for (const app of apps) app.samples.push(await once(browser, app.bench));
	const stats = (xs: number[]) => ({
		median: quantile(xs, 0.5),
		p90: quantile(xs, 0.9),
		max: Math.max(...xs)
	});
	const summary = (s: { cold: Times; warm: Times }[]) =>
		Object.fromEntries(
			(['cold', 'warm'] as const).flatMap((k) =>
				(['interactive', 'edit', 'editor'] as const).map((m) => [
					`${k}.${m}`,
					stats(s.map((x) => x[k][m]))
				])
			)
		);
	const result = {
		runs,
		targetMs: 1000,
		apps: apps.map((a) => ({ app: a.label, ...summary(a.samples) }))
	};
	if (asJson) console.log(JSON.stringify(result, null, 2));
	else {
		const f = (s: { median: number; p90: number; max: number }) =>
			`median ${s.median.toFixed(0)} ms, p90 ${s.p90.toFixed(0)} ms`;
		console.log(
			`tile editor interactive (tile of a 100-tile expansion), ${runs} runs${compare ? ' each, in turns' : ''} (target < 1000 ms)`
		);
		for (const app of apps) {
			const a = summary(app.samples);
			console.log(app.label);
			for (const k of ['cold', 'warm'])
				console.log(
					`  ${k}: interactive ${f(a[`${k}.interactive`])}; a click answered ${f(a[`${k}.edit`])}; Monaco ${f(a[`${k}.editor`])}`
				);
		}
	}
	if (summary(apps[0].samples)['cold.interactive'].median >= 1000) process.exitCode = 1;
} finally {
	for (const app of apps) await app.bench.close();
}
