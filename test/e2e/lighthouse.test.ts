// A move as data, made by a designer with no JSON typed: from an empty expansion, a lighthouse tile
// (a road, the icon added in the tile editor), the token step's rule template — "right after placing
// a lighthouse tile, its player puts a lighthouse on one of its roads; a completed road scores 1 more
// per tile for each; the token then goes back to the supply" — with its worked example played by the
// engine, then the sandbox: the lighthouse's step, its points and its return read in the log.
import { mkdirSync } from 'node:fs';
import { test, expect, expectAccessible } from './fixtures.ts';
import { clickPlace, jsonOf, openEditorReady } from './helpers.ts';
import {
	boardReady,
	chooseTarget,
	legalShown,
	placeByClicking,
	stepKind
} from './sandbox-driver.ts';

const SHOTS = '/tmp/designer';

test('the lighthouse: a token step from its template on an empty expansion, its worked example, its step and points in the sandbox’s log — no JSON typed', async ({
	page
}) => {
	test.slow(); // three pages, two of them with axe, on the shared machine's two cores
	mkdirSync(SHOTS, { recursive: true });
	const id = 'e2e-lighthouse';
	const rule = (n: number) => `E2E-LIGHTHOUSE-LIGHTHOUSE-${n}`;
	await page.goto('/');
	await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
	await page.getByTestId('new-expansion').click();
	await page.keyboard.type('E2E Lighthouse');
	await expect(page.getByTestId('new-id')).toHaveValue(id);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(new RegExp(`/expansions/${id}$`));

	// the lighthouse tile: a road W–E splitting the field, the icon added by its name
	await page.getByTestId('add-tile').click();
	await openEditorReady(page);
	await page.getByTestId('add-road').click();
	await clickPlace(page, 'E');
	await clickPlace(page, 'W');
	await page.getByTestId('feature-f1').click();
	await page.getByRole('button', { name: 'Split' }).click();
	await page.getByLabel('Other icon name').fill('lighthouse');
	await page.getByLabel('Other icon name').press('Enter');
	await expect
		.poll(async () => {
			const tile = await jsonOf(page);
			return [tile.icons, tile.features.map((f: { type: string }) => f.type).sort()];
		})
		.toEqual([['lighthouse'], ['field', 'field', 'road']]);
	await page.screenshot({ path: `${SHOTS}/lighthouse-tile.png` });
	await page.locator('nav.crumbs a').first().click();

	// its look, and the rule from the token step's template
	await page.getByTestId('looks').getByLabel('Look of lighthouse').selectOption({ label: 'Tower' });
	const rules = page.getByTestId('rule-templates');
	await expect(rules.getByTestId('unscored')).toContainText('lighthouse: on tiles');
	await rules.getByRole('button', { name: 'add a rule' }).click();
	const form = rules.getByTestId('template-form');
	await form.getByTestId('template-kind').selectOption('token');
	await expect(form.getByTestId('template-modifier')).toHaveValue('lighthouse');
	await expect(form.getByTestId('template-token-name')).toHaveValue('Lighthouse');
	await form.getByTestId('template-feature').selectOption('road');
	await expect(form.getByTestId('worked-example')).toContainText(
		'a 4-tile road completed with a lighthouse put on it: Ann puts a lighthouse on road r1 of the lighthouse tile at (1,0); no figure may join that road this turn (it was the only free feature). ' +
			`4 tiles × (1 + 1 lighthouse bonus) = 8. 1 lighthouse goes back to the supply (${rule(3)}).`
	);
	await expectAccessible(page, 'the token step’s template');
	await form.screenshot({ path: `${SHOTS}/lighthouse-template.png` });
	await form.getByTestId('add-rule').click();
	await expect(rules.getByTestId('rule-added')).toContainText(rule(1));
	await expect(rules.getByTestId('unscored')).toHaveCount(0);
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);

	// the sandbox, free mode, the lighthouse tile in hand
	await rules.getByTestId('rule-sandbox').click();
	await expect(page).toHaveURL(new RegExp(`&draft=${id}&ready=${id}%2FT1$`));
	await boardReady(page);
	await placeByClicking(page, { type: 'place', x: 1, y: 0, rotation: 0 });
	// the lighthouse's step: its one road is the only move, which the sandbox plays by itself
	const put = page.locator('.log li').filter({ hasText: 'Ann puts a lighthouse on road r1' });
	await expect(put).toContainText('played by itself: the only move');
	await expect(put.getByRole('button', { name: rule(1) })).toBeVisible();
	expect(await stepKind(page)).toBe('figure');
	await page.screenshot({ path: `${SHOTS}/lighthouse-step.png` });
	await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	// two monasteries close the road at both ends; Bob's follower joins it on the first
	for (const x of [2, -1]) {
		await page.locator('button.tile[data-tile="base/A"]').click();
		await placeByClicking(page, { type: 'place', x, y: 0, rotation: x > 0 ? 1 : 3 });
		const onRoad = (await legalShown(page)).find((m) => m.type === 'deploy' && m.feature === 'r1');
		if (x > 0) await chooseTarget(page, onRoad!);
		else await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	}
	const score = page.locator('li.ev-score').last();
	await expect(score).toContainText('4 tiles × (1 + 1 lighthouse bonus) = 8');
	await expect(score.getByRole('button', { name: rule(2) })).toBeVisible();
	await expect(page.getByTestId('score-1')).toHaveText('8');
	await expect(page.locator('.log')).toContainText(
		`1 lighthouse goes back to the supply (${rule(3)}).`
	);
	await expectAccessible(page, 'the sandbox after the lighthouse road scored');
	await page.screenshot({ path: `${SHOTS}/lighthouse-scored.png` });
});
