// Issue 30 §3 (and issue 31's builder): every rule template's form writes its rule, with the worked
// example the engine computes shown before it is added; Test in sandbox from a template rule (the unsaved draft) opens
// free mode with the rule's tile in hand, and completing the city puts the rule's points in the log.
import { test, expect, expectAccessible } from './fixtures.ts';
import { putExpansion } from './helpers.ts';
import { boardReady, placeByClicking, stepKind } from './sandbox-driver.ts';

const ALL = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];

test('each template writes its rule with the worked example; Test in sandbox has the rule’s tile ready', async ({
	page
}) => {
	const id = 'e2e-templates';
	putExpansion({
		id,
		name: 'Templates',
		version: '1.0.0',
		dependencies: ['base'],
		modifiers: { wine: 'wine in a city' },
		icons: { harbour: 'a harbour', vine: 'a vine' },
		tiles: [
			{
				id: 'cap',
				count: 2,
				icons: ['harbour'],
				features: [
					{ id: 'c1', type: 'city', sides: ['N'], modifiers: { wine: 1 } },
					{ id: 'f1', type: 'field', halves: ALL.slice(2), cities: ['c1'] }
				]
			},
			{
				id: 'vines',
				count: 1,
				icons: ['vine'],
				features: [{ id: 'f1', type: 'field', halves: ALL }]
			}
		]
	});
	await page.goto(`/expansions/${id}`);
	const rules = page.getByTestId('rule-templates');
	await expect(rules.getByTestId('unscored')).toHaveCount(3);
	await rules.getByTestId('new-rule').click();
	const form = rules.getByTestId('template-form');
	const example = form.getByTestId('worked-example');
	const add = async (rule: string) => {
		await form.getByTestId('add-rule').click();
		await expect(rules.getByTestId('rule-added')).toContainText(rule);
	};

	await form.getByTestId('template-kind').selectOption('final');
	await form.getByTestId('template-feature').selectOption('field');
	await form.getByTestId('template-per').selectOption('modifier');
	await form.getByTestId('template-points').fill('2');
	await expect(example).toContainText(
		'a field beside 1 completed city, with 1 wine: 1 completed city × 3 + 1 wine × 2 = 5'
	);
	await add('E2E-TEMPLATES-WINE-1');

	await form.getByTestId('template-kind').selectOption('around');
	await expect(form.getByTestId('template-modifier')).toHaveValue('harbour');
	await form.getByTestId('template-modifier').selectOption('vine');
	await form.getByTestId('template-points').fill('3');
	await expect(example).toContainText('1 completed monastery × 9 + 1 vine tile × 3 = 12');
	await add('E2E-TEMPLATES-VINE-1');

	await form.getByTestId('template-kind').selectOption('majority');
	await form.getByTestId('template-feature').selectOption('city');
	await form.getByTestId('template-points').fill('10');
	await form.getByTestId('template-ties').selectOption('none');
	await expect(example).toContainText(
		'Most wine (1) tied between Ann and Bob: a tie scores nothing.'
	);
	await add('E2E-TEMPLATES-WINE-2');

	await form.getByTestId('template-kind').selectOption('figure');
	await form.getByTestId('template-strength').fill('3');
	await expect(example).toContainText(
		"a 4-tile city with Ann's Harbour master and Bob's follower: strength 3 against 1: Ann scores 4 tiles × 2 = 8"
	);
	await add('E2E-TEMPLATES-HARBOUR-MASTER-1');

	await form.getByTestId('template-kind').selectOption('award');
	await form.getByTestId('template-feature').selectOption('city');
	await expect(form.getByTestId('template-figure')).toHaveValue('harbour-master');
	await form.getByTestId('template-points').fill('3');
	await expect(example).toContainText(
		"a completed city with Ann's Harbour master: 1 harbour master × 3 = 3"
	);
	await add('E2E-TEMPLATES-HARBOUR-MASTER-2');

	// issue 31's constructs: the builder's extra turn, played by the engine in the worked example
	await form.getByTestId('template-kind').selectOption('builder');
	await expect(form.getByTestId('template-what')).toContainText('earns a second turn');
	await expect(form.getByTestId('template-figure-name')).toHaveValue('Foreman');
	await expect(example).toContainText(
		"a road with Ann's follower and Foreman, her next tile extending it: Ann extended the road holding their foreman: another turn for Ann."
	);
	await expectAccessible(page, 'the builder’s template');
	await add('E2E-TEMPLATES-FOREMAN-1');

	await form.getByTestId('template-kind').selectOption('completed');
	await form.getByTestId('template-modifier').selectOption('harbour');
	await form.getByTestId('template-per').selectOption('modifier');
	await form.getByTestId('template-points').fill('2');
	await expect(example).toContainText(
		'a 2-tile completed city with 1 harbour tile: 2 tiles × 2 + 1 harbour tile × 2 = 6'
	);
	await expectAccessible(page, 'the expansion page with a template open');
	await add('E2E-TEMPLATES-HARBOUR-1');
	await expect(rules.getByTestId('unscored')).toHaveCount(0);
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);

	// the draft (unsaved) in the sandbox, the harbour tile in hand
	await rules.getByTestId('rule-sandbox').click();
	await expect(page).toHaveURL(new RegExp(`&draft=${id}&ready=${id}%2Fcap$`));
	await expect(page.getByText(/must place the drawn tile/)).toBeVisible();
	await boardReady(page);
	await expect(page.locator(`button.tile[data-tile="${id}/cap"]`)).toHaveCount(0);
	await placeByClicking(page, { type: 'place', x: 0, y: -1, rotation: 2 });
	expect(await stepKind(page)).toBe('figure');
	await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	const score = page.locator('li.ev-score').last();
	await expect(score).toContainText('2 tiles × 2 + 1 harbour tile × 2 = 6');
	await expect(score.getByRole('button', { name: 'E2E-TEMPLATES-HARBOUR-1' })).toBeVisible();
});
