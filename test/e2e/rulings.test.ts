// The expansion page's rulings and parameters come from the rule modules in play, not free text.
import { test, expect, expectAccessible } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

test('rulings and parameters of the modules in play: options, defaults, unknown names flagged', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
	await page.getByTestId('new-expansion').click();
	await page.getByTestId('new-id').fill('e2e-rulings');
	await page.getByTestId('new-name').fill('Rulings test');
	await page.getByTestId('create').click();
	await expect(page.getByTestId('expansion-page')).toBeVisible();

	// base is always in play: its rulings are listed, grouped by module and collapsed, with their
	// options, unset = "(default)"
	const r2 = page.getByTestId('ruling-BASE-R2');
	await expect(r2).toBeHidden();
	await expect(page.getByTestId('ruling-group-base')).toContainText('all at their defaults');
	await page.getByTestId('ruling-group-base').locator('summary').click();
	await expect(r2.getByTestId('ruling-unset')).toHaveText('(default)');
	await expect(r2).toContainText('farm-scoring');
	const select = page.getByTestId('ruling-select-BASE-R2');
	await expect(select.locator('option')).toHaveText([
		/^\(default\) 3rd/,
		/^3rd ★ module default — /,
		/^2nd — /,
		/^1st — /
	]);
	await expect(page.getByTestId('ruling-BARD-R1')).toHaveCount(0);
	await select.selectOption('2nd');
	await expect(r2.getByTestId('ruling-unset')).toHaveCount(0);
	await expect(r2).toContainText('2nd: per field, but each city pays a player at most once');

	// a dependency brings its module's rulings and parameters in
	await page.getByTestId('dep-bards').check();
	// the group with a ruling the file sets comes first
	await expect(page.locator('[data-testid^="ruling-group-"]').first()).toHaveAttribute(
		'data-testid',
		'ruling-group-base'
	);
	await expect(page.getByTestId('ruling-group-base')).toContainText('1 set by this file');
	await page.getByTestId('ruling-group-bards').locator('summary').click();
	await expect(page.getByTestId('ruling-BARD-R1')).toBeVisible();
	// parameters are grouped the same way: by module, collapsed, the groups the file sets first
	const paramGroups = page.locator('[data-testid^="parameter-group-"]');
	await expect(paramGroups.first()).toHaveAttribute('data-testid', 'parameter-group-base');
	expect(await page.locator('[data-testid^="parameter-group-"][open]').count()).toBe(0);
	const notes = page.getByTestId('parameter-noteTokens');
	await expect(notes).toBeHidden();
	await expect(page.getByTestId('parameter-group-bards')).toContainText('all at their defaults');
	await page.getByTestId('parameter-group-bards').locator('summary').click();
	await expect(notes.locator('input')).toHaveAttribute('placeholder', '7');
	await notes.locator('input').fill('5');
	await notes.locator('input').press('Enter');
	await expect(notes).toContainText('changed');
	await expect(paramGroups.first()).toHaveAttribute('data-testid', 'parameter-group-bards');
	await expect(page.getByTestId('parameter-group-bards')).toContainText('1 set by this file');

	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	const onDisk = JSON.parse(
		readFileSync(join(process.env.EXPANSIONS_DIR!, 'e2e-rulings.json'), 'utf8')
	);
	expect(onDisk.rulings).toEqual({ 'BASE-R2': '2nd' });
	expect(onDisk.parameters).toEqual({ noteTokens: 5 });

	// without the dependency, the Bards parameter is read by no module in play: kept, flagged, warned
	await page.getByTestId('dep-bards').uncheck();
	await expect(page.getByTestId('unread-parameter-noteTokens')).toContainText(
		'read by no rule module in play'
	);
	await expect(page.getByTestId('expansion-problems')).toContainText(
		"parameter 'noteTokens' is read by no enabled rule module"
	);
});

test('the rulings a document’s data rules declare are settable wherever rulings are: the checker and the expansion page', async ({
	page
}) => {
	// the checker's "Rulings (N)": Inns & Cathedrals' IC-R1…R3 (data rules) beside the modules'
	await page.goto('/checker');
	await expect(page.getByRole('heading', { name: 'Interaction checker' })).toBeVisible();
	await page.getByTestId('mix-inns-and-cathedrals').check();
	const rulings = page.locator('details.rulings');
	await rulings.locator('summary').click();
	for (const id of ['IC-R1', 'IC-R2', 'IC-R3', 'BASE-R2'])
		await expect(page.getByTestId(`ruling-${id}`)).toBeVisible();
	const n = await rulings.locator('select').count();
	await expect(rulings.locator('summary')).toHaveText(`Rulings (${n})`);
	await page.getByTestId('ruling-IC-R2').selectOption('no-cathedrals');
	await expect(page.getByTestId('ruling-IC-R2')).toHaveValue('no-cathedrals');
	await expectAccessible(page, 'the checker with its rulings open');

	// the expansion page: a dependency's data rulings, in its own group
	await page.goto('/');
	await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
	await page.getByTestId('new-expansion').click();
	await page.getByTestId('new-id').fill('e2e-data-rulings');
	await page.getByTestId('new-name').fill('Data rulings test');
	await page.getByTestId('create').click();
	await expect(page.getByTestId('expansion-page')).toBeVisible();
	await expect(page.getByTestId('ruling-IC-R1')).toHaveCount(0);
	await page.getByTestId('dep-inns-and-cathedrals').check();
	const group = page.locator('[data-testid^="ruling-group-"]', { hasText: 'IC-R1' });
	await group.locator('summary').click();
	await page.getByTestId('ruling-select-IC-R1').selectOption('no-inns');
	await expect(page.getByTestId('ruling-IC-R1')).toContainText('no-inns');
	await expect(page.getByTestId('ruling-IC-R1').locator('.flag')).toHaveCount(0);
	await expectAccessible(page, 'the expansion page with a data ruling set');
});
