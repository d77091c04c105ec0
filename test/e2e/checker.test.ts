// The interaction checker in Chromium against the real server: 200 games of base and the four fan
// expansions on Web Workers, the progress bar advancing, the report and its charts drawn, a game
// opened in the sandbox from the report, axe on the page; the expansion page's button leads here.
import { test, expect, expectAccessible } from './fixtures.ts';
import { jsonOf, openEditorReady, setJson } from './helpers.ts';
import { CHECKER_RECORD_KEY } from '../../src/lib/sandbox/handover.ts';

const FAN = ['bards', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'];

test('200 games of base + the four fan expansions: progress, report, charts, a game in the sandbox', async ({ page, context }) => {
	test.slow(); // 200 all-module games on the shared machine's two cores
	await page.goto('/checker');
	await expect(page.getByRole('heading', { name: 'Interaction checker' })).toBeVisible();
	for (const id of FAN) await page.getByTestId(`mix-${id}`).check();
	await expect(page.getByText(/Plays: base, .*bards/)).toBeVisible();
	await page.getByTestId('games').fill('200');
	await page.getByTestId('seed').fill('5');
	await page.getByTestId('policy-1').selectOption('hoarder');
	await page.getByTestId('run').click();

	// the progress bar advances while the run goes on, then reaches every game
	const progress = page.getByTestId('progress');
	await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 120_000 }).toBeGreaterThan(0);
	const first = Number(await progress.getAttribute('value'));
	expect(first).toBeLessThan(200);
	await expect(page.getByTestId('report')).toBeVisible();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 240_000 });
	expect(Number(await progress.getAttribute('value'))).toBe(200);
	await expect(page.getByTestId('summary')).toContainText('200 games (200 replayed and undone)');
	await expect(page.getByTestId('summary')).toContainText('No invariant violations');
	await expect(page.getByTestId('seats')).toContainText('hoarder');

	// the charts are drawn on their canvases (pixels that are not blank)
	for (const name of ['scores', 'length', 'features', 'expansions']) {
		const canvas = page.getByTestId(`chart-${name}`).locator('canvas');
		await expect(canvas).toBeVisible();
		const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
			const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
			let n = 0;
			for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
			return n;
		});
		expect(inked, name).toBeGreaterThan(500);
	}
	// every table and chart can be exported; the CSV of the tiles has a row per tile of the mix
	const download = page.waitForEvent('download');
	await page.getByTestId('export-tiles-csv').click();
	const csv = await (await download).createReadStream().then(async (s) => {
		let text = '';
		for await (const chunk of s) text += chunk;
		return text;
	});
	expect(csv.split('\r\n')[0]).toMatch(/^tile,expansion,name,drawn,placed,discarded/);
	expect(csv).toContain('bards/');

	await expectAccessible(page, '/checker with a report');

	// a game of the report opens in the sandbox (a new tab), replayed to its end
	await page.getByTestId('open-game-number').fill('7');
	const opened = context.waitForEvent('page');
	await page.getByTestId('open-game').click();
	const sandbox = await opened;
	await sandbox.waitForLoadState();
	await expect(sandbox).toHaveURL(/\/sandbox\?record=checker/);
	await expect(sandbox.getByText(/Loaded a game of \d+ moves/)).toBeVisible({ timeout: 60_000 });
	await expect(sandbox.getByText('Game over.', { exact: true })).toBeVisible();
	const rec = JSON.parse((await sandbox.evaluate((key) => localStorage.getItem(key), CHECKER_RECORD_KEY))!);
	expect(rec.seed).toBeGreaterThan(0);
	await expect(sandbox.getByText(rec.players.map((p: string, i: number) => `${p} ${rec.result.scores[i]}`).join(', ')).first()).toBeVisible();
});

test('the expansion page offers "Check interactions", which opens the checker with that expansion', async ({ page }) => {
	await page.goto('/expansions/buddo');
	await page.getByTestId('check-interactions').click();
	await expect(page).toHaveURL(/\/checker\?x=buddo/);
	await expect(page.getByTestId('mix-buddo')).toBeChecked();
	await expect(page.getByText(/Plays: base, buddo/)).toBeVisible();
	await expectAccessible(page, '/checker before a run');
});

test('ruling sensitivity on the page: the same seeds with BASE-R2 flipped, the difference table and its chart', async ({ page }) => {
	test.slow(); // two runs on the shared machine
	await page.goto('/checker');
	await page.getByTestId('games').fill('40');
	await page.getByTestId('seed').fill('8');
	await page.getByTestId('compare-flip').check();
	await page.getByTestId('flip-ruling').selectOption('BASE-R2');
	await page.getByTestId('flip-option').selectOption('1st');
	await page.getByTestId('run').click();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 180_000 });
	expect(Number(await page.getByTestId('progress').getAttribute('value'))).toBe(80);
	const section = page.getByTestId('flip-comparison');
	await expect(section).toContainText('BASE-R2=1st against default rulings');
	await expect(section).toContainText('40 games with the same seeds');
	// the farm scoring changes: the first edition's rule fires only in the flipped run
	const table = page.getByTestId('differences');
	await expect(table.locator('tr', { hasText: 'seat 1 mean score' })).toBeVisible();
	const row = table.locator('tr', { hasText: 'rule BASE-1.9' });
	await expect(row).toBeVisible();
	await expect(row.locator('td').nth(1)).toHaveText('0');
	expect(Number(await row.locator('td').nth(2).textContent())).toBeGreaterThan(0);
	await expect(row.locator('td').nth(5)).toHaveText('yes');
	// the chart of the feature shares is drawn; the table exports as CSV
	const canvas = page.getByTestId('chart-flip-features').locator('canvas');
	await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 0))).toBe(true);
	const download = page.waitForEvent('download');
	await page.getByTestId('export-differences-csv').click();
	let csv = '';
	for await (const chunk of await (await download).createReadStream()) csv += chunk;
	expect(csv.split('\r\n')[0]).toBe('measure,name,a,b,difference,statistic,significant');
	expect(csv).toContain('rule,BASE-1.9,0,');
	await expectAccessible(page, '/checker with a ruling comparison');
});

test('a pairs sweep of two expansions on the page: base alone and the pair, with their rows and chart', async ({ page }) => {
	test.slow();
	await page.goto('/checker');
	await page.getByTestId('mix-bards').check();
	await page.getByTestId('mix-buddo').check();
	await page.getByTestId('games').fill('20');
	await page.getByTestId('compare-pairs').check();
	await page.getByTestId('run').click();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 180_000 });
	const rows = page.getByTestId('sweep-rows').locator('tbody tr');
	await expect(rows).toHaveCount(2);
	await expect(rows.nth(0).locator('td').first()).toHaveText('base');
	await expect(rows.nth(1).locator('td').first()).toHaveText('bards + buddo');
	await expect(rows.nth(1).locator('td').nth(1)).toHaveText('none');
	await expect(page.getByTestId('chart-sweep-scores').locator('canvas')).toBeVisible();
	await expect(page.getByTestId('export-sweep-json')).toBeVisible();
});

test('Check interactions checks the unsaved draft: a tile edited so nothing can match it is never placed', async ({ page }) => {
	test.slow();
	const id = `draft-check-${Date.now().toString(36)}`;
	const tile = { id: 'T', name: 'City cap', count: 2, features: [{ id: 'c1', type: 'city', sides: ['N'] }, { id: 'f1', type: 'field', halves: ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], cities: ['c1'] }] };
	const res = await page.request.put(`/api/expansions/${id}`, { data: { id, name: 'Draft check', version: '1.0.0', dependencies: ['base'], tiles: [tile] }, headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' } });
	expect(res.status(), await res.text()).toBe(201);
	await page.goto(`/expansions/${id}/tiles/T`);
	await openEditorReady(page);
	// the draft: river on every side, an edge no tile of the game has (not saved)
	await setJson(page, JSON.stringify({ ...tile, features: [{ id: 'w1', type: 'river', sides: ['N', 'E', 'S', 'W'] }] }, null, 2));
	await expect.poll(async () => (await jsonOf(page)).features[0].type).toBe('river');
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await page.getByTestId('check-interactions').click();
	await expect(page).toHaveURL(new RegExp(`/checker\\?x=${id}&draft=${id}`));
	await expect(page.getByTestId('checked-version')).toContainText('unsaved draft of Draft check');
	await page.getByTestId('games').fill('20');
	await page.getByTestId('run').click();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 120_000 });
	await expect(page.getByTestId('left-out')).toContainText(`${id}/T`);
	// the saved document is untouched: its city tile is placed
	const saved = await (await page.request.get(`/api/expansions/${id}`)).json();
	expect(JSON.stringify(saved)).toContain('"city"');
});
