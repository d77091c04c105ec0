// The interaction checker in Chromium against the real server: 200 games of base and the four fan
// expansions on Web Workers, the progress bar advancing, the report and its charts drawn, a game
// opened in the sandbox from the report, axe on the page; the expansion page's button leads here.
import { test, expect, expectAccessible } from './fixtures.ts';

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
	const rec = JSON.parse((await sandbox.evaluate(() => localStorage.getItem('lab:checker-record')))!);
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
