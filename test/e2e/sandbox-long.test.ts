// The sandbox with large games, in Chromium against the real server: a record of a 2,000-design
// expansion opens with the tiles left and the log a page at a time (a search finds a design past
// the first page), its timeline moves back and forth; a record or a kept game that cannot be set up
// says why, on a fresh page too. The expansion and the record are made from a seed (scripts/big-game.ts).
import { test, expect } from './fixtures.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableExpansions } from '../../src/cli/files.ts';
import { recordOf, startGame, type Expansion } from '../../src/lib/engine/index.ts';
import { SAVED_GAME_KEY } from '../../src/lib/sandbox/saved-game.ts';
import { bigExpansion, bigRecord } from '../../scripts/big-game.ts';
import { keptGame, openSandbox, stepShown } from './sandbox-driver.ts';
import { TILES_SHOWN } from '../../src/routes/expansion-view.ts';

const base = availableExpansions().get('base') as Expansion;
const dir = mkdtempSync(join(tmpdir(), 'sandbox-long-'));

test('a record of a 2,000-design expansion: tiles left and log paged, a search past the first page, the timeline back and forth', async ({
	page
}) => {
	test.setTimeout(120_000);
	const big = bigExpansion(base, 2000, 9900, 7);
	const put = await page.request.put(`/api/expansions/${big.id}`, {
		data: big,
		headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' }
	});
	expect(put.ok(), await put.text()).toBe(true);
	// the library draws its first designs only, and says where the rest are
	await page.goto('/');
	const card = page.locator(`[data-expansion="${big.id}"]`);
	await expect(card.getByTestId('tile')).toHaveCount(TILES_SHOWN);
	await expect(card.getByTestId('more-tiles')).toContainText(
		`The first ${TILES_SHOWN} of 2,000 designs`
	);
	const record = bigRecord(base, big, 400, 7);
	const file = join(dir, 'big.json');
	writeFileSync(file, JSON.stringify(record));

	await page.goto('/sandbox');
	await page.getByLabel('Load a game record').setInputFiles(file);
	await expect.poll(() => stepShown(page), { timeout: 60_000 }).toBe(400);
	await page.getByRole('tab', { name: /Tiles left/ }).click();
	const tiles = page.getByRole('region', { name: 'Tiles left' });
	await expect(tiles.getByRole('heading')).toContainText(/ of 20\d\d designs/);
	expect(await tiles.locator('li').count()).toBe(60);
	await tiles.getByRole('button', { name: /Show 60 more of \d+/ }).click();
	expect(await tiles.locator('li').count()).toBe(120);
	// a design far past the pages shown, by the search
	await tiles.getByLabel('Search').fill('Design 1999 ');
	await expect(tiles.locator('li')).toHaveCount(1);
	await expect(tiles.locator('li')).toContainText('Design 1999 (');

	await page.getByRole('tab', { name: /^Log/ }).click();
	const log = page.getByRole('region', { name: 'Step log' });
	expect(await log.locator('ol > li').count()).toBe(300);
	await expect(log.getByRole('button', { name: /Show 300 earlier events/ })).toBeVisible();

	// back into the timeline and forth: the board and the log follow
	const slider = page.getByLabel('Timeline');
	for (const at of [123, 64, 399, 400]) {
		await slider.fill(String(at));
		await expect(page.locator('.turn')).toContainText(`step ${at} of 400`);
		const steps = await log
			.locator('ol > li')
			.evaluateAll((li) => li.map((l) => Number((l as HTMLElement).dataset.step)));
		expect(Math.max(...steps)).toBe(at);
	}
});

test('a record that cannot be set up says why on a fresh page (10^6 players, an unknown start tile)', async ({
	page
}) => {
	const record = recordOf(
		startGame({ expansions: [base], players: ['Ann', 'Bob'], seed: 1 }).state
	);
	const crowd = join(dir, 'crowd.json');
	writeFileSync(
		crowd,
		JSON.stringify({ ...record, players: Array.from({ length: 1e6 }, (_, i) => `P${i}`) })
	);
	const nowhere = join(dir, 'nowhere.json');
	writeFileSync(nowhere, JSON.stringify({ ...record, start: 'base/NOPE' }));

	await page.goto('/sandbox');
	await page.getByLabel('Load a game record').setInputFiles(crowd);
	await expect(page.getByRole('alert')).toContainText('crowd.json is not a game record');
	await expect(page.getByRole('alert')).toContainText('/players must NOT have more than 8 items');
	await page.goto('/sandbox');
	await page.getByLabel('Load a game record').setInputFiles(nowhere);
	await expect(page.getByRole('alert')).toContainText(
		"nowhere.json cannot be loaded: unknown tile 'base/NOPE'"
	);
	await expect(page.getByRole('button', { name: 'Start the game' })).toBeVisible();
});

test('a kept game that cannot be set up again says so, and a new game of its setup starts', async ({
	page
}) => {
	const query = 'x=base&p=Ann~blue,Bob~orange&seed=3';
	await openSandbox(page, query);
	await keptGame(page);
	await page.evaluate((key) => {
		const kept = JSON.parse(localStorage.getItem(key)!);
		kept.record.start = 'base/NOPE';
		localStorage.setItem(key, JSON.stringify(kept));
	}, SAVED_GAME_KEY);
	await page.goto(`/sandbox?${query}`);
	await expect(page.getByRole('alert')).toContainText(
		"The game kept in this browser cannot be opened (a new game of its setup instead): unknown tile 'base/NOPE'"
	);
	await expect(page.getByText(/must place the drawn tile/)).toBeVisible();
});
