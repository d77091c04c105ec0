// The checker page's options out of range (issue 32): players 2.5 threw an uncaught "Invalid array
// length", 1e9 froze the page; games above the cap, a seed that is no whole number. The page checks
// them with the CLI's function (src/lib/checker/options.ts) and says why, without an error or a run.
import { test, expect } from './fixtures.ts';

test('options out of range: the page names each problem and its range, throws nothing and starts no run', async ({
	page
}) => {
	await page.goto('/checker');
	await expect(page.getByRole('heading', { name: 'Interaction checker' })).toBeVisible();
	const seats = page.locator('[data-testid^="policy-"]');
	await expect(seats).toHaveCount(2);
	for (const players of ['2.5', '1e9']) {
		await page.getByTestId('players').fill(players);
		await page.getByTestId('run').click();
		await expect(page.getByTestId('problem')).toHaveText(
			`Players: a whole number from 1 to 8, not ${Number(players)}.`
		);
		await expect(seats).toHaveCount(2); // the seats stay as they were
	}
	await page.getByTestId('players').fill('3');
	await expect(seats).toHaveCount(3);
	await page.getByTestId('games').fill('1e12');
	await page.getByTestId('seed').fill('1.5');
	await page.getByTestId('run').click();
	await expect(page.getByTestId('problem')).toHaveText(
		'Games: a whole number from 1 to 1,000,000, not 1000000000000. Seed: a whole number, not 1.5.'
	);
	await expect(page.getByTestId('progress')).toHaveCount(0);
});
