// The editor as a designer meets it (issue 10): the tile drawn large and edited on it, undo that
// never loses work, a save that says what it left out, two tile editors in one visit, errors at the
// tile's place, short pages, axe on every page and every control reachable by keyboard.
import { test, expect, expectAccessible } from './fixtures.ts';
import type { Page } from '@playwright/test';
import {
	CANVAS,
	at,
	clickPlace,
	jsonOf,
	textOf,
	errorLines,
	hoverText,
	openEditorReady,
	placeCursorAfter,
	putExpansion,
	holdableWorkers,
	workerAnswers
} from './helpers.ts';
import { zoneCentre } from '../../src/lib/editor/zones.ts';
import { layoutTile } from '../../src/lib/render/layout.ts';
import { readFileSync } from 'node:fs';

const ALL_HALVES = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
const field = (id: string, halves = ALL_HALVES) => ({ id, type: 'field', halves });

/** A designer's expansion with three tiles: T1 a meadow, T2 a road, T3 a monastery. */
function threeTiles(id: string) {
	putExpansion({
		id,
		name: `Designer ${id}`,
		version: '1.0.0',
		tiles: [
			{ id: 'T1', count: 1, features: [field('f1')] },
			{
				id: 'T2',
				count: 1,
				features: [
					{ id: 'r1', type: 'road', sides: ['N', 'S'] },
					field('f1', ['NR', 'EL', 'ER', 'SL']),
					field('f2', ['SR', 'WL', 'WR', 'NL'])
				]
			},
			{ id: 'T3', count: 1, features: [field('f1'), { id: 'm1', type: 'monastery' }] }
		]
	});
}

/** The RGBA of the stage's top layer under a point of the tile (0..100). */
async function placesPixel(page: Page, x: number, y: number): Promise<number[]> {
	return page
		.locator(`${CANVAS} canvas`)
		.first()
		.evaluate(
			(c: HTMLCanvasElement, [x, y]) => {
				const ctx = c.getContext('2d')!;
				return [
					...ctx.getImageData(
						Math.round((x / 100) * c.width),
						Math.round((y / 100) * c.height),
						1,
						1
					).data
				];
			},
			[x, y]
		);
}

test('undo: a form edit and a burst of typing are two steps, in both directions', async ({
	page
}) => {
	threeTiles('e2e-undo');
	await page.goto('/expansions/e2e-undo/tiles/T1');
	await openEditorReady(page);
	await page.getByTestId('tile-name').fill('Meadow');
	await page.getByTestId('tile-name').press('Enter');
	await expect.poll(async () => (await jsonOf(page)).name).toBe('Meadow');
	// a typo that breaks the JSON, typed after "count": 1,
	expect(await placeCursorAfter(page, '"count": 1,')).toBe(true);
	await page.keyboard.type('x');
	await expect(page.getByTestId('parse-error')).toBeVisible();
	// Ctrl+Z takes the typo away and only the typo
	await page.keyboard.press('Control+z');
	await expect(page.getByTestId('parse-error')).toBeHidden();
	expect(await jsonOf(page)).toMatchObject({ id: 'T1', name: 'Meadow', count: 1 });
	await expect(page.getByTestId('tile-name')).toHaveValue('Meadow');
	// the next Ctrl+Z the name
	await page.keyboard.press('Control+z');
	await expect.poll(async () => (await jsonOf(page)).name).toBeUndefined();
	await expect(page.getByTestId('tile-name')).toHaveValue('');
	// redo brings the name back, then the typo
	await page.keyboard.press('Control+Shift+z');
	await expect.poll(async () => (await jsonOf(page)).name).toBe('Meadow');
	await expect(page.getByTestId('parse-error')).toBeHidden();
	await page.keyboard.press('Control+Shift+z');
	await expect(page.getByTestId('parse-error')).toBeVisible();
	expect(await textOf(page)).toContain('"count": 1,x');
});

test('the canvas and the form work before Monaco is up; what was done then is kept and undone step by step in Monaco', async ({
	page
}) => {
	threeTiles('e2e-early');
	// Monaco's modules wait (its icon font's style sheet is held) until the edits are made
	let release!: () => void;
	const held = new Promise<void>((r) => (release = r));
	await page.route('**/_app/immutable/assets/codicon.*.css', async (route) => {
		await held;
		await route.continue();
	});
	await page.goto('/expansions/e2e-early/tiles/T2');
	await expect(page.locator(CANVAS)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
	await expect(page.getByTestId('json-editor')).toHaveAttribute('data-ready', 'false');
	const plain = page.getByTestId('json-waiting');
	// a form edit, a canvas edit (the north side selects the road, the east side goes to it), typing in the plain text
	await page.getByTestId('tile-name').fill('Early');
	await page.getByTestId('tile-name').press('Enter');
	await clickPlace(page, 'N');
	await expect(page.getByTestId('selected-feature')).toContainText('r1');
	await clickPlace(page, 'E');
	await expect(plain).toHaveValue(/"E"/);
	const text = await plain.inputValue();
	expect(text).toContain('"name": "Early"');
	await plain.fill(text.replace('"count": 1', '"count": 2'));
	await expect(page.getByTestId('tile-count')).toHaveValue('2');
	await expect(page.getByTestId('json-editor')).toHaveAttribute('data-ready', 'false');
	release();
	await openEditorReady(page);
	await expect(plain).toHaveCount(0);
	const json = await jsonOf(page);
	expect(json).toMatchObject({ name: 'Early', count: 2 });
	expect(json.features[0].id).toBe('r1');
	expect([...json.features[0].sides].sort()).toEqual(['E', 'N', 'S']);
	// Monaco took the focus from the plain text: Ctrl+Z there undoes the typing, the stroke, the name
	await expect
		.poll(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor')))
		.toBe(true);
	await page.keyboard.press('Control+z');
	await expect.poll(async () => (await jsonOf(page)).count).toBe(1);
	await page.keyboard.press('Control+z');
	await expect.poll(async () => (await jsonOf(page)).features[0].sides).toEqual(['N', 'S']);
	expect((await jsonOf(page)).name).toBe('Early');
	await page.keyboard.press('Control+z');
	await expect.poll(async () => (await jsonOf(page)).name).toBeUndefined();
});

test('a save with a tile whose JSON does not parse says what it left out; its message stays on its page and moves nothing', async ({
	page
}) => {
	threeTiles('e2e-save-unparsed');
	await page.goto('/expansions/e2e-save-unparsed/tiles/T3');
	await openEditorReady(page);
	expect(await placeCursorAfter(page, '"count": 1,')).toBe(true);
	await page.keyboard.type('oops');
	await expect(page.getByTestId('parse-error')).toBeVisible();
	// to the expansion page (a link, in the same visit), change the name, save
	await page.locator('nav.crumbs a').first().click();
	await expect(page.getByTestId('expansion-page')).toBeVisible();
	await page.getByTestId('meta-name').fill('Saved but not all');
	const heading = page.getByTestId('expansion-page').locator('h1, h2').first();
	const before = await heading.boundingBox();
	await page.getByTestId('save').click();
	const status = page.getByTestId('save-status');
	await expect(status).toContainText('without the JSON typed in tile T3');
	await expect(page.getByTestId('status-tile')).toHaveText('open tile T3');
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	// the message floats: the page's content did not move
	expect(await heading.boundingBox()).toEqual(before);
	const onDisk = JSON.parse(
		readFileSync(`${process.env.EXPANSIONS_DIR}/e2e-save-unparsed.json`, 'utf8')
	);
	expect(onDisk.name).toBe('Saved but not all');
	expect(onDisk.tiles[2]).toEqual({
		id: 'T3',
		count: 1,
		features: [field('f1'), { id: 'm1', type: 'monastery' }]
	});
	// the message's link leads to the tile, with the text as it was; the message does not follow
	await page.getByTestId('status-tile').click();
	await openEditorReady(page);
	await expect(page.getByTestId('parse-error')).toBeVisible();
	await expect(page.getByTestId('save-status')).toHaveCount(0);
	// fixed and saved: everything is in
	expect(await placeCursorAfter(page, '"count": 1,oops')).toBe(true);
	for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
	await expect(page.getByTestId('parse-error')).toBeHidden();
	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	await expect(page.getByTestId('dirty')).toHaveText('saved');
});

test('leaving the tile page while the JSON worker still owes a suggestion: its late answer throws nothing', async ({
	page
}) => {
	threeTiles('e2e-late-suggestion');
	await holdableWorkers(page);
	await page.goto('/expansions/e2e-late-suggestion/tiles/T3');
	await openEditorReady(page);
	// the JSON worker is up (it has checked the text once)
	await expect.poll(() => workerAnswers(page, 'doValidation')).toBeGreaterThan(0);
	await page.evaluate(() =>
		(window as unknown as { __workers: { hold(m: string): void } }).__workers.hold('doComplete')
	);
	// typing asks the worker for suggestions; its answer is held while the page leaves
	expect(await placeCursorAfter(page, '"count": 1,')).toBe(true);
	await page.keyboard.type('oops');
	await expect.poll(() => workerAnswers(page, 'doComplete', 'held')).toBeGreaterThan(0);
	await page.locator('nav.crumbs a').first().click();
	await expect(page.getByTestId('expansion-page')).toBeVisible();
	// the tile editor and its model are gone; the answer comes now (an error Monaco meets while
	// taking it is thrown from a timer: two turns of the event loop later it has been thrown)
	await page.evaluate(async () => {
		(window as unknown as { __workers: { release(): void } }).__workers.release();
		for (let i = 0; i < 2; i++) await new Promise((r) => setTimeout(r, 0));
	});
	expect(await workerAnswers(page, 'doComplete')).toBeGreaterThan(0);
	await expect(page.getByTestId('expansion-page')).toBeVisible();
});

test('two tile editors in one visit, no console error; the canvas is the drawn tile, edited on it', async ({
	page
}) => {
	threeTiles('e2e-two-editors');
	await page.goto('/expansions/e2e-two-editors');
	await page.locator('[data-tile-id="T2"] a[data-testid="tile"]').click();
	await openEditorReady(page);
	// the renderer's drawing, large, under the places
	const drawing = page.locator(`${CANVAS} .drawing svg`);
	await expect(drawing).toHaveAttribute('width', '420');
	expect(await drawing.locator('path').count()).toBeGreaterThan(3);
	// hovering a place shows it, with its name
	const [hx, hy] = zoneCentre('NL');
	await page.mouse.move(...(await at(page, hx, hy)));
	await expect(page.locator(CANVAS)).toHaveAttribute('data-hovered', 'NL');
	expect((await placesPixel(page, hx, hy))[3]).toBeGreaterThan(40);
	// places a selected feature holds are tinted; others are clear
	await page.getByTestId('feature-r1').click();
	await page.mouse.move(0, 0);
	const [nx, ny] = zoneCentre('N');
	const [ex, ey] = zoneCentre('E');
	const held = await placesPixel(page, nx, ny);
	expect(held[0]).toBeGreaterThan(150);
	expect(held[3]).toBeGreaterThan(60);
	expect((await placesPixel(page, ex, ey))[3]).toBeLessThan(5);
	// back to the expansion page, then a second tile editor: Monaco made and disposed cleanly
	await page.locator('nav.crumbs a').first().click();
	await page.locator('[data-tile-id="T3"] a[data-testid="tile"]').click();
	await openEditorReady(page);
	await expect.poll(async () => (await jsonOf(page)).id).toBe('T3');
	// the monastery is hit where the renderer draws it
	const doc = JSON.parse(
		readFileSync(`${process.env.EXPANSIONS_DIR}/e2e-two-editors.json`, 'utf8')
	);
	const spot = layoutTile(doc.tiles[2]).inner[0];
	await page.mouse.click(...(await at(page, spot.at[0], spot.at[1])));
	await expect(page.getByTestId('selected-feature')).toContainText('m1');
	// and the second editor works: typing reaches the tile
	expect(await placeCursorAfter(page, '"count": '));
	await page.keyboard.press('Delete');
	await page.keyboard.type('2');
	await expect.poll(async () => (await jsonOf(page)).count).toBe(2);
});

test('a half in no field is marked on the tile and in the JSON at the field beside it', async ({
	page
}) => {
	putExpansion({
		id: 'e2e-uncovered',
		name: 'Uncovered',
		version: '1.0.0',
		tiles: [
			{
				id: 'R',
				count: 1,
				features: [
					{ id: 'r1', type: 'road', sides: ['S', 'W'] },
					field('f1', ['NL', 'NR', 'EL', 'ER', 'SL', 'WR']),
					field('f2', ['SR'])
				]
			}
		]
	});
	await page.goto('/expansions/e2e-uncovered/tiles/R');
	await openEditorReady(page);
	await expect(page.locator(CANVAS)).toHaveAttribute('data-marked', 'WL');
	const [x, y] = zoneCentre('WL');
	const px = await placesPixel(page, x, y);
	expect(px[0]).toBeGreaterThan(150);
	expect(px[1]).toBeLessThan(100);
	expect((await placesPixel(page, ...zoneCentre('NL')))[3]).toBeLessThan(5);
	// the marker sits on f2's halves (its line in the JSON), not on the whole features array
	const text = await textOf(page);
	// f2's halves: from its "halves" line to the line closing the array
	const lines = text.split('\n');
	const from = lines.findIndex(
		(l, i) => i > lines.findIndex((k) => k.includes('"id": "f2"')) && l.includes('"halves"')
	);
	const to = lines.findIndex((l, i) => i > from && l.trim().startsWith(']'));
	const halvesLines = Array.from({ length: to - from + 1 }, (_, i) => from + i + 1);
	expect(halvesLines.length).toBeLessThan(5);
	await expect.poll(() => errorLines(page)).toEqual(halvesLines);
	await expect(await hoverText(page, '"SR"')).toContainText(/WL .* is in no field/);
	await page.mouse.move(0, 0);
	// fixed from the keyboard: the feature's places are check boxes too
	await page.getByTestId('feature-f2').click();
	await page.getByTestId('place-WL').check();
	await expect(page.locator(CANVAS)).toHaveAttribute('data-marked', '');
	expect((await jsonOf(page)).features[2].halves).toEqual(['SR', 'WL']);
});

test('the expansion page with four dependencies stays short: rulings grouped by module, collapsed', async ({
	page
}) => {
	putExpansion({
		id: 'e2e-four-deps',
		name: 'Four dependencies',
		version: '1.0.0',
		dependencies: ['inns-and-cathedrals', 'river', 'dragon', 'bards'],
		rulings: { 'DRAGON-R1': 'before-scoring' },
		tiles: [{ id: 'T1', count: 1, features: [field('f1')] }]
	});
	await page.goto('/expansions/e2e-four-deps');
	await expect(page.getByTestId('expansion-page')).toBeVisible();
	const groups = page.locator('[data-testid^="ruling-group-"]');
	expect(await groups.count()).toBeGreaterThanOrEqual(4);
	// the group of a ruling the file sets comes first; all are closed
	await expect(groups.first()).toHaveAttribute('data-testid', 'ruling-group-dragon');
	await expect(groups.first()).toContainText('1 set by this file');
	expect(await page.locator('[data-testid^="ruling-group-"][open]').count()).toBe(0);
	// the parameters too: one closed group per module that reads some
	expect(await page.locator('[data-testid^="parameter-group-"]').count()).toBeGreaterThanOrEqual(3);
	expect(await page.locator('[data-testid^="parameter-group-"][open]').count()).toBe(0);
	const height = await page.evaluate(() => document.documentElement.scrollHeight);
	expect(height).toBeLessThan(2600);
	await expectAccessible(page, 'the expansion page');
});

test('axe finds no serious violation on any page; every control of the tile editor is reached by Tab', async ({
	page
}) => {
	test.slow(); // axe on a page with Monaco takes seconds on the shared machine
	threeTiles('e2e-axe');
	await page.goto('/expansions/e2e-axe/tiles/T2');
	await openEditorReady(page);
	await page.getByTestId('feature-f1').click();
	await expectAccessible(page, 'the tile editor');
	// Tab from the top reaches the header's buttons, every feature, the places, the JSON editor
	await page.locator('body').click({ position: { x: 1, y: 1 } });
	await page.evaluate(() => {
		const w = window as unknown as { __focused: string[] };
		w.__focused = [];
		document.addEventListener('focusin', (e) => {
			const el = e.target as HTMLElement;
			w.__focused.push(
				el.closest('.monaco-editor')
					? 'json-editor'
					: (el.dataset.testid ?? el.getAttribute('aria-label') ?? el.tagName)
			);
		});
	});
	let reached: string[] = [];
	for (let i = 0; i < 150 && !reached.includes('json-editor'); i += 10) {
		for (let k = 0; k < 10; k++) await page.keyboard.press('Tab');
		reached = await page.evaluate(() => (window as unknown as { __focused: string[] }).__focused);
	}
	for (const want of [
		'save',
		'feature-r1',
		'feature-f1',
		'feature-f2',
		'place-NL',
		'place-WR',
		'tile-name',
		'add-city',
		'json-editor'
	])
		expect(reached, want).toContain(want);
	// the other pages (the library and a designer's expansion page: in their own tests): a shipped
	// set, read-only, a tile that does not exist, and the sandbox
	for (const path of ['/expansions/base', '/expansions/e2e-axe/tiles/none', '/sandbox']) {
		await page.goto(path);
		await expect(page.locator('main')).toBeVisible();
		await expectAccessible(page, path);
	}
});
