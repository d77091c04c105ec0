// Rules as data in the browser: a designer's expansion written only as JSON (a new modifier with a
// value rule, a new figure with a strength and an award rule) validates on its page, opens in the
// sandbox with "Test in sandbox", and plays there: the scoring's log shows the designer's rule
// ids, their texts and the arithmetic exactly as the engine explains its own rules.
import { readFileSync } from 'node:fs';
import { test, expect, expectAccessible } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import {
	boardReady,
	chooseTarget,
	legalShown,
	placeByClicking,
	stepKind
} from './sandbox-driver.ts';

/** The form's field for a JSON pointer into the document. */
const field = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"]`).first();
/** Adds an optional property to the object at `pointer` through its "Add property…" select. */
const addProperty = (page: Page, pointer: string, key: string) =>
	field(page, pointer).locator(':scope > label.add select').selectOption(key);

test('a designer’s JSON-only expansion validates, plays in the sandbox, and its scoring shows WINE-1 and VINT-2 with their arithmetic', async ({
	page
}) => {
	const doc = JSON.parse(
		readFileSync('test/fixtures/expansions/valid/wine-and-vintners.json', 'utf8')
	);
	const id = `wine-${Date.now().toString(36)}`;
	delete doc.$schema;
	doc.id = id;
	const res = await page.request.put(`/api/expansions/${id}`, {
		data: doc,
		headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' }
	});
	expect(res.status()).toBe(201);
	await page.goto(`/expansions/${id}`);
	// the page lists the data rules in a form generated from the schema: ids and texts, no problem found
	const values = () =>
		page
			.getByTestId('data-rules')
			.locator('input')
			.evaluateAll((l) => l.map((i) => (i as HTMLInputElement).value));
	await expect.poll(values).toContain('WINE-1');
	expect(await values()).toEqual(
		expect.arrayContaining([
			'VINT-2',
			'vintner',
			'A completed city scores 1 more per tile for each wine in it.'
		])
	);
	await expect(field(page, '/dataRules/rules/0/feature').locator('label')).toHaveAttribute(
		'title',
		/feature kind/
	);
	await expect(
		field(page, '/dataRules/rules/0/effect/perTile').getByTestId('json-field')
	).toHaveValue('{"var":"modifier.wine"}');
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);
	await expectAccessible(page, 'the expansion page with its data rules form');
	await page.getByTestId('test-in-sandbox').click();
	await expect(page).toHaveURL(new RegExp(`/sandbox\\?x=${id}&free=1`));
	await expect(page.getByText(/must pick the next tile/)).toBeVisible();
	await boardReady(page);
	await page.locator(`button.tile[data-tile="${id}/wine-cap"]`).click();
	// the wine cap closes the start tile's city: north of it, its city facing south
	await placeByClicking(page, { type: 'place', x: 0, y: -1, rotation: 2 });
	expect(await stepKind(page)).toBe('figure');
	const vintner = (await legalShown(page)).find(
		(m) => m.type === 'deploy' && m.figure === 'vintner'
	);
	expect(vintner).toEqual({ type: 'deploy', figure: 'vintner', feature: 'c1' });
	// the person asked for less motion: the scoring's note over the board stands still
	await page.emulateMedia({ reducedMotion: 'reduce' });
	await chooseTarget(page, vintner!);
	// the scoring over the board for a moment, and in the log, with its arithmetic
	const pop = page.getByTestId('score-pop').first();
	await expect(pop).toContainText('2 tiles × (2 + 1 wine) = 6');
	expect(await pop.evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
	const score = page.locator('li.ev-score').last();
	await expect(score.getByTestId('score-line')).toContainText('2 tiles × (2 + 1 wine) = 6');
	await expect(score).toContainText('2 tiles × (2 + 1 wine) = 6');
	await expect(score).toContainText('1 vintner × 2 = 2');
	await expect(score).toContainText('strength 3');
	await expect(score.getByRole('button', { name: 'WINE-1' })).toBeVisible();
	await score.getByRole('button', { name: 'VINT-2' }).click();
	await expect(score.locator('.rule-text')).toContainText(
		'each vintner in it earns its owner 2 points per wine'
	);
	await expect(page.locator('.scores, [data-testid=scores]').first()).toContainText('8');
});

test('a value rule added through the data rules form is validated at its fields, saved, and fires in the sandbox', async ({
	page
}) => {
	const doc = JSON.parse(
		readFileSync('test/fixtures/expansions/valid/wine-and-vintners.json', 'utf8')
	);
	const id = `wine-form-${Date.now().toString(36)}`;
	delete doc.$schema;
	doc.id = id;
	// the workspace copy has no value rule yet: WINE-1 is added through the form
	doc.dataRules.rules = doc.dataRules.rules.filter((r: { id: string }) => r.id !== 'WINE-1');
	const res = await page.request.put(`/api/expansions/${id}`, {
		data: doc,
		headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' }
	});
	expect(res.status()).toBe(201);
	await page.goto(`/expansions/${id}`);
	await expect(page.getByTestId('dirty')).toHaveText('saved');

	await field(page, '/dataRules/rules').locator(':scope > [data-testid=add-item]').click();
	const rule = '/dataRules/rules/2';
	// a new rule starts with what the schema requires: an id (still empty: a located error) and a type
	await expect(field(page, `${rule}/type`).locator('select')).toHaveValue('"value"');
	await expect(field(page, `${rule}/id`).getByTestId('field-problems')).toContainText('must match');
	await field(page, `${rule}/id`).locator('input').fill('WINE-1');
	await expect(field(page, `${rule}/id`).getByTestId('field-problems')).toHaveCount(0);
	await addProperty(page, rule, 'text');
	await field(page, `${rule}/text`)
		.locator('input')
		.fill('A completed city scores 1 more per tile for each wine in it.');
	await addProperty(page, rule, 'feature');
	await field(page, `${rule}/feature`).locator('select').selectOption({ label: 'city' });
	await addProperty(page, rule, 'at');
	await field(page, `${rule}/at`).getByLabel('complete').check();
	await addProperty(page, rule, 'effect');
	await expect(field(page, `${rule}/effect`).getByTestId('field-problems').first()).toBeVisible();
	await addProperty(page, `${rule}/effect`, 'perTile');
	// the expression, as JSON text: a wrong modifier name is a located error beside the field
	const perTile = field(page, `${rule}/effect/perTile`);
	await perTile.getByTestId('json-field').fill('{"var": "modifier.wyne"}');
	await expect(perTile.getByTestId('field-problems')).toContainText("unknown modifier 'wyne'");
	await perTile.getByTestId('json-field').fill('{"var": "modifier.wine"');
	await expect(perTile.getByTestId('json-error')).toContainText('not JSON');
	await perTile.getByTestId('json-field').fill('{"var": "modifier.wine"}');
	await expect(perTile.getByTestId('json-error')).toHaveCount(0);
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);
	await addProperty(page, `${rule}/effect`, 'label');
	await field(page, `${rule}/effect/label`).locator('input').fill('wine');
	// one history with the rest of the page: undo takes the label back, redo brings it again
	await page.getByTestId('undo').click();
	await expect(field(page, `${rule}/effect/label`).locator('input')).toHaveValue('');
	await page.getByTestId('redo').click();
	await expect(field(page, `${rule}/effect/label`).locator('input')).toHaveValue('wine');
	// the JSON view of the data rules (Monaco) shows the same document: an edit there is in the form, and undone from either
	await page.getByTestId('data-rules-json').locator('summary').click();
	await expect(page.getByTestId('data-rules-json').getByTestId('json-editor')).toHaveAttribute(
		'data-ready',
		'true',
		{ timeout: 30_000 }
	);
	// the data rules' JSON editor (Monaco), driven as a person does: its find widget counts and selects
	const json = page.getByTestId('data-rules-json');
	const find = async (text: string) => {
		await json.locator('.monaco-editor .view-lines').click();
		await page.keyboard.press('ControlOrMeta+End');
		await page.keyboard.press('ControlOrMeta+F');
		await page.keyboard.insertText(text);
		return json.locator('.find-widget .matchesCount');
	};
	await expect(await find('"id": "WINE-1"')).toHaveText('1 of 1');
	// the new rule's label is the last "wine" label (the modifier has one too): select it, type over it
	await expect(await find('"label": "wine"')).toHaveText(/of 2$/);
	await page.keyboard.press('Shift+Enter');
	await expect(json.locator('.find-widget .matchesCount')).toHaveText('2 of 2');
	await page.keyboard.press('Escape');
	await page.keyboard.insertText('"label": "casks"');
	await expect(field(page, `${rule}/effect/label`).locator('input')).toHaveValue('casks');
	await page.getByTestId('undo').click();
	await expect(field(page, `${rule}/effect/label`).locator('input')).toHaveValue('wine');
	await expect(await find('casks')).toHaveText('No results');
	await page.keyboard.press('Escape');
	// reorder: the new rule goes first
	await page.getByRole('button', { name: 'Move rules 3 up' }).click();
	await page.getByRole('button', { name: 'Move rules 2 up' }).click();
	await expect(field(page, '/dataRules/rules/0/id').locator('input')).toHaveValue('WINE-1');

	// unsaved work survives a reload (the draft), then the save stores it
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await page.reload();
	await expect(page.getByTestId('restored-notice')).toBeVisible();
	await expect(
		field(page, '/dataRules/rules/0/effect/perTile').getByTestId('json-field')
	).toHaveValue('{"var":"modifier.wine"}');
	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	const onDisk = JSON.parse(readFileSync(join(process.env.EXPANSIONS_DIR!, `${id}.json`), 'utf8'));
	expect(onDisk.dataRules.rules[0]).toEqual({
		id: 'WINE-1',
		type: 'value',
		text: 'A completed city scores 1 more per tile for each wine in it.',
		feature: 'city',
		at: ['complete'],
		effect: { perTile: { var: 'modifier.wine' }, label: 'wine' }
	});
	await page.reload();
	await expect(field(page, '/dataRules/rules/0/id').locator('input')).toHaveValue('WINE-1');

	// the sandbox plays it: its log shows WINE-1 firing with its arithmetic
	await page.getByTestId('test-in-sandbox').click();
	await expect(page.getByText(/must pick the next tile/)).toBeVisible();
	await boardReady(page);
	await page.locator(`button.tile[data-tile="${id}/wine-cap"]`).click();
	await placeByClicking(page, { type: 'place', x: 0, y: -1, rotation: 2 });
	expect(await stepKind(page)).toBe('figure');
	await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	const score = page.locator('li.ev-score').last();
	await expect(score).toContainText('2 tiles × (2 + 1 wine) = 6');
	await expect(score.getByRole('button', { name: 'WINE-1' })).toBeVisible();
});
