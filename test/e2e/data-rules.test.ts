// Rules as data in the browser: a designer's expansion written only as JSON (a new modifier with a
// value rule, a new figure with a strength and an award rule) validates on its page, opens in the
// sandbox with "Test in sandbox", and plays there: the scoring's log shows the designer's rule
// ids, their texts and the arithmetic exactly as the engine explains its own rules.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { hook, placeByClicking, clickTarget } from './sandbox-driver.ts';

test('a designer’s JSON-only expansion validates, plays in the sandbox, and its scoring shows WINE-1 and VINT-2 with their arithmetic', async ({ page }) => {
	const doc = JSON.parse(readFileSync('test/fixtures/expansions/valid/wine-and-vintners.json', 'utf8'));
	const id = `wine-${Date.now().toString(36)}`;
	delete doc.$schema;
	doc.id = id;
	const res = await page.request.put(`/api/expansions/${id}`, { data: doc, headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' } });
	expect(res.status()).toBe(201);
	await page.goto(`/expansions/${id}`);
	// the page lists the data rules in a form generated from the schema: ids and texts, no problem found
	const values = () => page.getByTestId('data-rules').locator('input').evaluateAll((l) => l.map((i) => (i as HTMLInputElement).value));
	await expect.poll(values).toContain('WINE-1');
	expect(await values()).toEqual(expect.arrayContaining(['VINT-2', 'award', 'vintner', 'A completed city scores 1 more per tile for each wine in it.']));
	await expect(page.getByTestId('data-rules').locator('th', { hasText: /^feature$/ })).toHaveAttribute('title', /feature kind/);
	await page.getByTestId('test-in-sandbox').click();
	await expect(page).toHaveURL(new RegExp(`/sandbox\\?x=${id}&free=1`));
	await expect(page.getByText(/must pick the next tile/)).toBeVisible();
	await expect.poll(() => page.evaluate(() => !!(window as any).__sandbox?.view)).toBe(true);
	await page.locator(`button.tile[data-tile="${id}/wine-cap"]`).click();
	// the wine cap closes the start tile's city: north of it, its city facing south
	await placeByClicking(page, { type: 'place', x: 0, y: -1, rotation: 2 });
	expect(await hook.step(page)).toBe('figure');
	const vintner = (await hook.legal(page)).find((m) => m.type === 'deploy' && m.figure === 'vintner');
	expect(vintner).toEqual({ type: 'deploy', figure: 'vintner', feature: 'c1' });
	await clickTarget(page, vintner!);
	const score = page.locator('li.ev-score').last();
	await expect(score).toContainText('2 tiles × (2 + 1 wine) = 6');
	await expect(score).toContainText('1 vintner × 2 = 2');
	await expect(score).toContainText('strength 3');
	await expect(score.getByRole('button', { name: 'WINE-1' })).toBeVisible();
	await score.getByRole('button', { name: 'VINT-2' }).click();
	await expect(score.locator('.rule-text')).toContainText('each vintner in it earns its owner 2 points per wine');
	await expect(page.locator('.scores, [data-testid=scores]').first()).toContainText('8');
});
