// The rule templates that write a move as data, each from an empty expansion with no JSON typed: a
// tile each player holds and places instead of drawing, a neutral figure whose fate a coin from the
// game's seed decides, a figure taken back or riding on when its road scores, a follower placed too
// after the turn's figure, a figure taken back after a bell tile, a figure that acts when its tile is
// surrounded — each form's worked
// example played by the engine before the rule is added, the form checked by axe, the document
// valid after (one page, one expansion).
import { mkdirSync } from 'node:fs';
import { test, expect, expectAccessible } from './fixtures.ts';
import { putExpansion } from './helpers.ts';

const SHOTS = '/tmp/designer';

test('a held tile, a coin’s toss, a figure’s action, a second figure, a figure taken back and a surrounded figure from their templates, each with its worked example', async ({
	page
}) => {
	mkdirSync(SHOTS, { recursive: true });
	const id = 'e2e-moves';
	putExpansion({
		id,
		name: 'Moves',
		version: '1.0.0',
		dependencies: ['base'],
		icons: { bell: 'A bell tower: its player may take a figure back.' },
		tiles: []
	});
	await page.goto(`/expansions/${id}`);
	const rules = page.getByTestId('rule-templates');
	await rules.getByTestId('new-rule').click();
	const form = rules.getByTestId('template-form');
	const example = form.getByTestId('worked-example');
	const kind = form.getByTestId('template-kind');
	const add = async (rule: string) => {
		await form.getByTestId('add-rule').click();
		await expect(rules.getByTestId('rule-added')).toContainText(rule);
	};

	await kind.selectOption('held-tile');
	await expect(form.getByTestId('template-figure-name')).toHaveValue('Guild hall');
	await form.getByTestId('template-land').selectOption('false');
	await expect(example).toContainText(
		"Ann's monastery, its 8th neighbour Bob's guild hall placed instead of drawing: Bob places their guild hall at (1,1) instead of drawing a tile; it fits any neighbour. 1 completed monastery × 9 + 1 guild hall × -1 = 8."
	);
	await expectAccessible(page, 'the held tile’s template', '[data-testid=template-form]');
	await form.screenshot({ path: `${SHOTS}/held-tile-template.png` });
	await add('E2E-MOVES-GUILD-HALL-1');

	await kind.selectOption('random');
	await expect(form.getByTestId('template-figure-name')).toHaveValue('Gnome');
	await form.getByTestId('template-heads').selectOption('removed');
	await form.getByTestId('template-tails').selectOption('supply');
	await expect(example).toContainText(
		"the dragon woken next to Bob's gnome on a road: The dragon chews Gnome at (1,1): its movement ends and a toss decides Gnome’s fate. Heads: the gnome is removed from the game."
	);
	await expectAccessible(page, 'the coin’s template', '[data-testid=template-form]');
	await form.screenshot({ path: `${SHOTS}/random-template.png` });
	await add('E2E-MOVES-GNOME-1');

	await kind.selectOption('act');
	await expect(form.getByTestId('template-figure-name')).toHaveValue('Scout');
	await form.getByTestId('template-move-to-city').uncheck();
	await expect(example).toContainText(
		"a road closed at both ends with Bob's scout on it: 3 tiles × 1 = 3. Bob's scout: ride on to a road — road"
	);
	await expectAccessible(page, 'the figure action’s template', '[data-testid=template-form]');
	await form.screenshot({ path: `${SHOTS}/act-template.png` });
	await add('E2E-MOVES-SCOUT-1');

	await kind.selectOption('second-figure');
	await expect(form.getByTestId('template-figure-name')).toHaveValue('Squire');
	await expect(example).toContainText(
		"Ann's follower on a tile, then her squire on it too: Ann places a follower as"
	);
	await expect(example).toContainText('Ann places a squire as');
	await expectAccessible(page, 'the second figure’s template', '[data-testid=template-form]');
	await form.screenshot({ path: `${SHOTS}/second-figure-template.png` });
	await add('E2E-MOVES-SQUIRE-1');

	await kind.selectOption('send-home');
	await expect(example).toContainText(
		"Ann's follower on a road, taken back as she places a bell tile: Ann takes their follower at (1,0) back to supply instead of placing a figure (bell)."
	);
	await expectAccessible(page, 'the piece sent home’s template', '[data-testid=template-form]');
	await form.screenshot({ path: `${SHOTS}/send-home-template.png` });
	await add('E2E-MOVES-BELL-1');

	await kind.selectOption('surrounded');
	await expect(form.getByTestId('template-figure-name')).toHaveValue('Sentinel');
	await form.getByTestId('template-feature').selectOption('road');
	await expect(example).toContainText(
		"Ann's sentinel on a road, its tile surrounded by her last tile: Ann's sentinel at (0,1): lay it down."
	);
	await form.screenshot({ path: `${SHOTS}/surrounded-lie-template.png` });
	await form.getByTestId('template-effect').selectOption('win');
	await expect(form.getByTestId('template-lying')).toHaveCount(0);
	// a figure that wins a follower stands with one: the blank shows it, fixed
	await expect(form.getByTestId('template-joins')).toBeChecked();
	await expect(form.getByTestId('template-joins')).toBeDisabled();
	await expect(example).toContainText(
		"Ann's sentinel on a road with Bob's follower, its tile surrounded by her last tile: Ann's sentinel: win an opponent’s follower there — Bob's follower at (-1,1) goes back to supply and Ann's follower takes its place."
	);
	await expectAccessible(page, 'the surrounded figure’s template', '[data-testid=template-form]');
	await form.screenshot({ path: `${SHOTS}/surrounded-template.png` });
	await add('E2E-MOVES-SENTINEL-1');
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);
});
