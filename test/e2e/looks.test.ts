// Issue 30 §2: a designer gives the expansion's own modifier and icon a look on the expansion page —
// a symbol of the library or an SVG of their own — and the tiles are drawn by it (the page's grid,
// and once saved the library's images), not as a '?'.
import { test, expect, expectAccessible } from './fixtures.ts';
import { putExpansion } from './helpers.ts';
import { hook, placeByClicking } from './sandbox-driver.ts';

const UNKNOWN = '#fff3b0';

test('a modifier gets a symbol of the library, an icon an own SVG; the tiles show them, saved and in the library', async ({ page }) => {
	putExpansion({
		id: 'e2e-looks',
		name: 'Harbour looks',
		version: '1.0.0',
		dependencies: ['base'],
		modifiers: { port: 'a port' },
		icons: { harbour: 'a harbour' },
		tiles: [
			{
				id: 'harbour',
				count: 1,
				icons: ['harbour'],
				features: [
					{ id: 'c1', type: 'city', sides: ['N'], modifiers: { port: true } },
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
					{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
				]
			}
		]
	});
	await page.goto('/expansions/e2e-looks');
	const tile = page.getByTestId('tile-grid').getByTestId('tile').first();
	await expect(tile.locator(`circle[fill="${UNKNOWN}"]`)).toHaveCount(2);
	const looks = page.getByTestId('looks');
	await expect(looks.getByTestId('look')).toHaveCount(2);

	await looks.getByLabel('Look of port').selectOption({ label: 'Port (anchor)' });
	await expect(tile.locator(`circle[fill="${UNKNOWN}"]`)).toHaveCount(1);
	await expect(tile.locator('circle[fill="#e4f1fb"]')).toHaveCount(1);

	// an own SVG, with a script that the sanitiser takes out
	await looks.getByLabel('Own SVG for harbour').setInputFiles({
		name: 'harbour.svg',
		mimeType: 'image/svg+xml',
		buffer: Buffer.from('<svg viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" fill="#123456"/></svg>')
	});
	await expect(tile.locator(`circle[fill="${UNKNOWN}"]`)).toHaveCount(0);
	await expect(tile.locator('rect[fill="#123456"]')).toHaveCount(1);
	await expect(looks.getByLabel('Look of harbour')).toHaveValue('svg');
	await looks.getByLabel('Where harbour sits').selectOption('centre');
	await expectAccessible(page, 'expansion page with looks');

	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	const svg = await (await page.request.get('/api/expansions/e2e-looks/tiles/0.svg')).text();
	expect(svg).toContain('fill="#e4f1fb"');
	expect(svg).toContain('fill="#123456"');
	expect(svg).not.toContain(UNKNOWN);
	expect(svg).not.toContain('script');
});

test('a port with no rule is named; a rule from a template shows its worked example and fires in the sandbox', async ({ page }) => {
	const id = 'e2e-harbour';
	putExpansion({
		id,
		name: 'Harbour',
		version: '1.0.0',
		dependencies: ['base'],
		tiles: [
			{
				id: 'harbour',
				count: 2,
				features: [
					{ id: 'c1', type: 'city', sides: ['N'], modifiers: { port: true } },
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
					{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
				]
			}
		]
	});
	const started = Date.now();
	let clicks = 0;
	await page.goto(`/expansions/${id}`);
	const rules = page.getByTestId('rule-templates');
	await expect(rules.getByTestId('unscored')).toContainText('port: declared, but no rule scores it');
	await page.getByTestId('looks').getByLabel('Look of port').selectOption('port');
	clicks++;
	await rules.getByRole('button', { name: 'add a rule' }).click();
	clicks++;
	const form = rules.getByTestId('template-form');
	await expect(form.getByTestId('template-modifier')).toHaveValue('port');
	await expect(form.getByTestId('worked-example')).toContainText('a 2-tile completed city with 1 port: 2 tiles × 2 + 2 port tiles × 1 = 6');
	await form.getByTestId('template-points').fill('2');
	await expect(form.getByTestId('worked-example')).toContainText('2 tiles × 2 + 2 port tiles × 2 = 8');
	await form.getByTestId('template-points').fill('1');
	clicks += 2;
	await expectAccessible(page, 'the expansion page with a rule template open');
	await form.getByTestId('add-rule').click();
	clicks++;
	await expect(rules.getByTestId('rule-added')).toContainText('E2E-HARBOUR-PORT-1');
	await expect(rules.getByTestId('unscored')).toHaveCount(0);
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);

	await rules.getByTestId('rule-sandbox').click();
	clicks++;
	await expect(page).toHaveURL(new RegExp(`/sandbox\\?x=${id}&free=1&draft=${id}`));
	await expect(page.getByText(/must pick the next tile/)).toBeVisible();
	await expect.poll(() => page.evaluate(() => !!(window as any).__sandbox?.view)).toBe(true);
	await page.locator(`button.tile[data-tile="${id}/harbour"]`).click();
	clicks++;
	// the harbour's city closes the start tile's: north of it, turned to face south
	await placeByClicking(page, { type: 'place', x: 0, y: -1, rotation: 2 });
	clicks += 3;
	expect(await hook.step(page)).toBe('figure');
	await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	clicks++;
	const score = page.locator('li.ev-score').last();
	await expect(score).toContainText('2 tiles × 2 + 2 port tiles × 1 = 6');
	await expect(score.getByRole('button', { name: 'E2E-HARBOUR-PORT-1' })).toBeVisible();
	test.info().annotations.push({ type: 'designer path', description: `${clicks} clicks, ${((Date.now() - started) / 1000).toFixed(1)} s` });
	console.log(`designer path: ${clicks} clicks, ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
