// The interaction checker in Chromium against the real server: 200 games of base and the four fan
// expansions on Web Workers, the progress bar advancing, the report and its charts drawn, a game
// opened in the sandbox from the report, axe on the page; the expansion page's button leads here.
import { test, expect, expectAccessible } from './fixtures.ts';
import { jsonOf, openEditorReady, setJson } from './helpers.ts';
import { CHECKER_RECORD_KEY } from '../../src/lib/sandbox/handover.ts';

const FAN = ['bards', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'];

test('200 games of base + the four fan expansions: progress, report, charts, a game in the sandbox', async ({
	page,
	context
}) => {
	test.slow(); // 200 all-module games on the shared machine's two cores
	await page.goto('/checker');
	await expect(page.getByRole('heading', { name: 'Interaction checker' })).toBeVisible();
	for (const id of FAN) await page.getByTestId(`mix-${id}`).check();
	await expect(page.getByText(/Plays: base, .*bards/)).toBeVisible();
	await page.getByTestId('games').fill('200');
	await page.getByTestId('seed').fill('5');
	await page.getByTestId('policy-0').selectOption('random');
	await page.getByTestId('policy-1').selectOption('hoarder');
	// every value the progress bar shows is recorded (a fast machine may finish before a poll looks)
	await page.evaluate(() => {
		const seen: number[] = [];
		(window as unknown as { progressSeen: number[] }).progressSeen = seen;
		new MutationObserver((records) => {
			for (const r of records) {
				const el = r.target as Element;
				if (el.tagName === 'PROGRESS') seen.push(Number(el.getAttribute('value')));
			}
		}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['value'] });
	});
	await page.getByTestId('run').click();

	// the progress bar advances chunk by chunk while the run goes on, then reaches every game
	const progress = page.getByTestId('progress');
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 240_000 });
	expect(Number(await progress.getAttribute('value'))).toBe(200);
	const seen = await page.evaluate(
		() => (window as unknown as { progressSeen: number[] }).progressSeen
	);
	expect(seen.filter((v) => v > 0 && v < 200).length).toBeGreaterThan(0);
	expect(seen).toEqual([...seen].sort((a, b) => a - b));
	await expect(page.getByTestId('report')).toBeVisible();
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
	await expect(sandbox.getByText(/Loaded a game of \d+ moves/)).toBeVisible({ timeout: 60_000 });
	await expect(sandbox.getByText('Game over.', { exact: true })).toBeVisible();
	const rec = JSON.parse(
		(await sandbox.evaluate((key) => localStorage.getItem(key), CHECKER_RECORD_KEY))!
	);
	expect(rec.seed).toBeGreaterThan(0);
	const onScreen = await Promise.all(
		rec.players.map(async (_: string, i: number) =>
			Number(await sandbox.getByTestId(`score-${i}`).textContent())
		)
	);
	expect(onScreen).toEqual(rec.result.scores);
	await expect(sandbox.getByTestId('game-over')).toBeVisible();
});

test('the expansion page offers "Check interactions", which opens the checker with that expansion', async ({
	page
}) => {
	await page.goto('/expansions/buddo');
	await page.getByTestId('check-interactions').click();
	await expect(page).toHaveURL(/\/checker\?x=buddo/);
	await expect(page.getByTestId('mix-buddo')).toBeChecked();
	await expect(page.getByText(/Plays: base, buddo/)).toBeVisible();
	// every seat plays greedy unless chosen otherwise: the statistics come from games people would play
	await expect(page.getByTestId('policy-0')).toHaveValue('greedy');
	await expect(page.getByTestId('policy-1')).toHaveValue('greedy');
	await expectAccessible(page, '/checker before a run');
});

test('ruling sensitivity on the page: the same seeds with BASE-R2 flipped, the difference table and its chart', async ({
	page
}) => {
	test.slow(); // two runs on the shared machine
	await page.goto('/checker');
	await page.getByTestId('games').fill('40');
	await page.getByTestId('seed').fill('8');
	for (const seat of ['policy-0', 'policy-1']) await page.getByTestId(seat).selectOption('random');
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
	const canvas = page.getByTestId('chart-differences-features').locator('canvas');
	await expect
		.poll(() =>
			canvas.evaluate((c: HTMLCanvasElement) =>
				c
					.getContext('2d')!
					.getImageData(0, 0, c.width, c.height)
					.data.some((v, i) => i % 4 === 3 && v > 0)
			)
		)
		.toBe(true);
	const download = page.waitForEvent('download');
	await page.getByTestId('export-differences-csv').click();
	let csv = '';
	for await (const chunk of await (await download).createReadStream()) csv += chunk;
	expect(csv.split('\r\n')[0]).toBe('measure,name,a,b,difference,statistic,significant');
	expect(csv).toContain('rule,BASE-1.9,0,');
	await expectAccessible(page, '/checker with a ruling comparison');
});

test('a pairs sweep of two expansions on the page: base alone and the pair, with their rows and chart', async ({
	page
}) => {
	test.slow();
	await page.goto('/checker');
	await page.getByTestId('mix-bards').check();
	await page.getByTestId('mix-buddo').check();
	await page.getByTestId('games').fill('20');
	for (const seat of ['policy-0', 'policy-1']) await page.getByTestId(seat).selectOption('random');
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

test('a draft with a new tile, checked from the editor: rules named by their text, a discard opened at its move, a ruling flip, a saved report compared', async ({
	page,
	context
}) => {
	test.slow();
	await page.setViewportSize({ width: 1280, height: 900 });
	const id = `draft-check-${Date.now().toString(36)}`;
	const res = await page.request.put(`/api/expansions/${id}`, {
		data: { id, name: 'Draft check', version: '1.0.0', dependencies: ['base'], tiles: [] },
		headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' }
	});
	expect(res.status(), await res.text()).toBe(201);
	// the new tile exists only in the editor's draft: four separate city caps, often hard to place
	await page.goto(`/expansions/${id}`);
	await page.getByTestId('add-tile').click();
	await expect(page).toHaveURL(new RegExp(`/expansions/${id}/tiles/T1$`));
	await openEditorReady(page);
	const caps = ['N', 'E', 'S', 'W'].map((side, k) => ({
		id: `c${k + 1}`,
		type: 'city',
		sides: [side]
	}));
	await setJson(
		page,
		JSON.stringify({ id: 'T1', name: 'Four city caps', count: 6, features: caps }, null, 2)
	);
	await expect.poll(async () => (await jsonOf(page)).features.length).toBe(4);
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await page.getByTestId('check-interactions').click();
	await expect(page).toHaveURL(new RegExp(`/checker\\?x=${id}&draft=${id}`));
	await expect(page.getByTestId('checked-version')).toContainText('unsaved draft of Draft check');

	// the seat pickers fit the form at 1,280 px, six seats and the longest bot names included
	await page.getByTestId('players').fill('6');
	// the last options are the longest labels (bots at a level)
	for (let i = 0; i < 6; i++)
		await page.getByTestId(`policy-${i}`).selectOption({
			index: (await page.getByTestId(`policy-${i}`).locator('option').count()) - 1
		});
	const seats = await page.locator('fieldset.seats').boundingBox();
	for (let i = 0; i < 6; i++) {
		const box = (await page.getByTestId(`policy-${i}`).boundingBox())!;
		expect(box.x + box.width, `seat ${i + 1}`).toBeLessThanOrEqual(seats!.x + seats!.width);
	}
	await page.getByTestId('players').fill('2');
	await page.getByTestId('policy-0').selectOption('greedy');
	await page.getByTestId('policy-1').selectOption('random');

	await page.getByTestId('games').fill('10');
	await page.getByTestId('seed').fill('1');
	await page.getByTestId('run').click();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 120_000 });
	await expect(page.getByTestId('progress-text')).toContainText(/games\/s/);
	// the draft's new tile was played
	const row = page.getByTestId('tiles').locator('tr', { hasText: `${id}/T1` });
	expect(Number(await row.locator('td').nth(2).textContent())).toBeGreaterThan(0);
	// what this run says, then the findings; rules named by their text
	await expect(page.getByTestId('advice-summary')).toContainText(
		`base, ${id}; default rulings; 10 games, seed 1.`
	);
	await expect(page.getByTestId('advice-summary')).toContainText(
		/New material: The new tiles scored [\d.]+ \[95 % CI/
	);
	await expect(page.getByTestId('rules').locator('tr', { hasText: 'BASE-1.2.1' })).toContainText(
		'A turn starts by drawing a tile and placing it'
	);
	const discarded = page.getByTestId('finding-tiles-discarded');
	await expect(discarded).toContainText('BASE-1.3.6');
	const item = discarded.locator('li', { hasText: `${id}/T1` });
	await expect(item).toContainText('Four city caps');
	await expect(item.getByTestId('act-tile')).toHaveAttribute('href', `/expansions/${id}/tiles/T1`);
	await expectAccessible(page, '/checker with the findings of a draft');

	// open at this move: the first game where the tile fitted nowhere, in the sandbox, with the draft, at that move
	const label = (await item.getByTestId('act-replay').textContent())!;
	const step = /move (\d+)/.exec(label)![1];
	const opened = context.waitForEvent('page');
	await item.getByTestId('act-replay').click();
	const sandbox = await opened;
	await sandbox.waitForLoadState();
	// (the sandbox then writes the game's setup into its address)
	await expect(sandbox.getByText(/Loaded a game of \d+ moves/)).toBeVisible({ timeout: 60_000 });
	await expect(sandbox.getByRole('slider', { name: 'Timeline' })).toHaveValue(step);
	const rec = JSON.parse(
		(await sandbox.evaluate((key) => localStorage.getItem(key), CHECKER_RECORD_KEY))!
	);
	expect(rec.expansions.map((e: { id: string }) => e.id)).toContain(id);
	await sandbox.close();

	// the finished report saved as a JSON file
	const download = page.waitForEvent('download');
	await page.getByTestId('save-report').click();
	const saved = await (await download).path();

	// a ruling flip runs on the page and shows a difference: the first edition's farms
	await page.getByTestId('compare-flip').check();
	await page.getByTestId('flip-ruling').selectOption('BASE-R2');
	await page.getByTestId('flip-option').selectOption('1st');
	await page.getByTestId('run').click();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 120_000 });
	const flipped = page.getByTestId('differences').locator('tr', { hasText: 'rule BASE-1.9' });
	await expect(flipped.locator('td').nth(1)).toHaveText('0');
	expect(Number(await flipped.locator('td').nth(2).textContent())).toBeGreaterThan(0);

	// the saved report opened again and compared side by side with this run; a file that is no report says why
	await page.getByTestId('open-reports').setInputFiles({
		name: 'broken.json',
		mimeType: 'application/json',
		buffer: Buffer.from('{"games": 3}')
	});
	await expect(page.getByTestId('open-problem')).toContainText(
		'broken.json: report.seed is missing'
	);
	await page.getByTestId('open-reports').setInputFiles(saved);
	await expect(page.getByTestId('side-by-side')).toBeVisible();
	await expect(page.getByTestId('side-b')).toContainText(
		`${id} · greedy vs random · 10 games, seed 1`
	);
	await expect(
		page.getByTestId('saved-differences').locator('tr', { hasText: 'seat 1 mean score' })
	).toBeVisible();
	await expectAccessible(page, '/checker with a flip and two reports side by side');

	// the saved document is untouched: the tile is only in the draft
	const doc = await (await page.request.get(`/api/expansions/${id}`)).json();
	expect(doc.tiles).toEqual([]);
});
