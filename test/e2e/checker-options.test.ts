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

test('the seat pickers show every option whole and stay inside the form at 1,280, 1,024 and 375 px', async ({
	page
}) => {
	await page.goto('/checker');
	await expect(page.getByRole('heading', { name: 'Interaction checker' })).toBeVisible();
	await expect(page.getByTestId('policy-1')).toBeVisible();
	for (const width of [1280, 1024, 375]) {
		await page.setViewportSize({ width, height: 900 });
		// a picker's own text is not reported by scrollWidth: each option is measured in a copy of
		// the picker as wide as that option needs (the browser's own sizing), against the picker
		const problems = await page.evaluate(() =>
			[...document.querySelectorAll<HTMLSelectElement>('select[data-testid^="policy-"]')].flatMap(
				(select) => {
					const out: string[] = [];
					const box = select.getBoundingClientRect();
					const fieldset = select.closest('fieldset')!.getBoundingClientRect();
					if (box.right > fieldset.right || box.left < fieldset.left)
						out.push(`${select.dataset.testid} leaves its fieldset`);
					for (const option of select.options) {
						const copy = select.cloneNode(false) as HTMLSelectElement;
						copy.removeAttribute('id');
						copy.style.cssText =
							'position:absolute;visibility:hidden;width:max-content;max-width:none';
						copy.append(option.cloneNode(true));
						select.parentElement!.append(copy);
						const needs = copy.getBoundingClientRect().width;
						copy.remove();
						if (needs > box.width + 0.5)
							out.push(
								`${select.dataset.testid}: "${option.text}" needs ${needs} px, has ${box.width}`
							);
					}
					return out;
				}
			)
		);
		expect(problems, `${width} px`).toEqual([]);
	}
	// each seat says what its policy does beside the picker's short name
	await page.getByTestId('policy-0').selectOption('mcts:medium');
	await expect(page.locator('#policy-about-0')).toHaveText('search over sampled tile orders');
	await expect(page.getByTestId('policy-0')).toHaveAccessibleDescription(
		'search over sampled tile orders'
	);
});
