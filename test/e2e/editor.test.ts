// The editor against the real server (no mocks): the server writes to a temporary copy of
// expansions/ (EXPANSIONS_DIR, set up by playwright.config.ts).
import { test, expect } from './fixtures.ts';
import {
	at,
	clickPlace,
	createExpansion,
	jsonOf,
	errorLines,
	hoverText,
	openEditorReady,
	placeCursorAfter,
	setJson,
	textOf,
	withServer
} from './helpers.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { HALF_DEPTH, zoneCentre } from '../../src/lib/editor/zones.ts';
import { draftKey, type Draft } from '../../src/lib/editor/drafts.ts';
import type { Page } from '@playwright/test';

/** The draft the page keeps in localStorage for expansion `id` (written a moment after the last edit). */
const storedDraft = (page: Page, id: string): Promise<Draft | null> =>
	page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), draftKey(id));

/** Our validator's message about the tile's count, as the page's problem list shows it. */
const countProblem = (page: Page) =>
	page
		.getByTestId('tile-problems')
		.getByTestId('problem')
		.filter({ has: page.locator('.pointer', { hasText: /\/count$/ }) })
		.locator('.message');

test('build a tile visually, see the JSON follow, break and fix it, save, reload', async ({
	page
}) => {
	await createExpansion(page, 'e2e-visual', 'Visual test');
	await page.getByTestId('add-tile').click();
	await expect(page).toHaveURL(/\/expansions\/e2e-visual\/tiles\/T1$/);
	await openEditorReady(page);

	// A city cap on the north side with a pennant.
	await page.getByTestId('add-city').click();
	await clickPlace(page, 'N');
	await page.getByTestId('modifier-pennants').fill('1');
	await page.getByTestId('modifier-pennants').press('Enter');
	await page.getByTestId('modifier-pennants').blur();
	// A road from the south side, ending at the city.
	await page.getByTestId('add-road').click();
	await clickPlace(page, 'S');
	// A second field, west of the road: one stroke over SR, WL and WR, staying in the outer ring.
	await page.getByTestId('add-field').click();
	const [sx, sy] = zoneCentre('SR');
	await page.mouse.move(...(await at(page, sx, sy)));
	await page.mouse.down();
	for (const [x, y] of [
		[6, 97],
		[4, 90],
		[HALF_DEPTH / 2, 28]
	])
		await page.mouse.move(...(await at(page, x, y)), { steps: 8 });
	await page.mouse.up();
	// Both fields list the city they touch by themselves (issue 30): the geometry says so.
	await expect.poll(async () => (await jsonOf(page)).features[3]?.cities).toEqual(['c1']);
	// undo and redo from the keyboard: the stroke goes (the new field is left empty) and comes back
	await page.keyboard.press('Control+z');
	await expect
		.poll(async () => (await jsonOf(page)).features[3])
		.toEqual({ id: 'f2', type: 'field', halves: [] });
	await page.keyboard.press('Control+Shift+z');
	await expect.poll(async () => (await jsonOf(page)).features[3]?.cities).toEqual(['c1']);

	await expect
		.poll(async () => (await jsonOf(page)).features)
		.toEqual([
			{ id: 'f1', type: 'field', halves: ['EL', 'ER', 'SL'], cities: ['c1'] },
			{ id: 'c1', type: 'city', sides: ['N'], modifiers: { pennants: 1 } },
			{ id: 'r1', type: 'road', sides: ['S'] },
			{ id: 'f2', type: 'field', halves: ['SR', 'WL', 'WR'], cities: ['c1'] }
		]);
	await expect(page.locator('.monaco-editor .view-lines')).toContainText('"pennants": 1');

	// Break the JSON: a syntax error keeps the last good tile and shows where.
	const good = await textOf(page);
	const lines = good.split('\n');
	const countLine = lines.findIndex((l) => l.includes('"count"')) + 1;
	await setJson(page, good.replace('"count": 1,', '"count": 1'));
	await expect(page.getByTestId('parse-error')).toBeVisible();
	await expect.poll(async () => (await errorLines(page)).length).toBeGreaterThan(0);
	// A schema fault: the squiggle sits on the faulty line.
	await setJson(page, good.replace('"count": 1,', '"count": "many",'));
	await expect(page.getByTestId('parse-error')).toBeHidden();
	await expect.poll(() => errorLines(page)).toContain(countLine);
	await expect(page.getByTestId('tile-problems')).toContainText('/count');
	// Monaco's schema check (its worker) and our validator both say so there
	const ours = await countProblem(page).textContent();
	const hover = await hoverText(page, '"many"');
	await expect(hover).toContainText(ours!);
	await expect(hover).toContainText('Incorrect type', { timeout: 10_000 });
	await page.mouse.move(0, 0);
	// Saving it anyway: the server refuses (422), the work stays a draft, the problems say where.
	await page.getByTestId('save').click();
	await expect(page.getByTestId('server-problems')).toContainText('/tiles/0/count');
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');

	// Fix it, save, reload: the tile is as saved.
	await setJson(page, good.replace('"count": 1,', '"count": 3,'));
	await expect(page.getByTestId('tile-problems')).not.toContainText('/count');
	await expect.poll(() => errorLines(page)).toEqual([]);
	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	await expect(page.getByTestId('server-problems')).toBeHidden();
	await page.reload();
	await openEditorReady(page);
	await expect(page.getByTestId('restored-notice')).toBeHidden();
	const reloaded = await jsonOf(page);
	expect(reloaded.count).toBe(3);
	expect(reloaded.features).toEqual(JSON.parse(good).features);
	// and on disk
	const onDisk = JSON.parse(
		readFileSync(join(process.env.EXPANSIONS_DIR!, 'e2e-visual.json'), 'utf8')
	);
	expect(onDisk.tiles[0]).toEqual({ ...JSON.parse(good), count: 3 });
});

test('Monaco helps: completion and hover help from the schema, marker messages on hover, F8, find', async ({
	page
}) => {
	await createExpansion(page, 'e2e-monaco', 'Monaco test');
	await page.getByTestId('add-tile').click();
	await openEditorReady(page);
	const tile = [
		'{',
		'  "id": "T1",',
		'  "count": 1,',
		'  "features": [',
		'    { "id": "c1", "type": "city", "sides": ["N"] }',
		'  ]',
		'}'
	].join('\n');
	await setJson(page, tile);
	await expect
		.poll(async () => (await jsonOf(page)).features)
		.toEqual([{ id: 'c1', type: 'city', sides: ['N'] }]);

	// Completion inside a feature object offers the schema's properties (the keyboard only triggers it).
	expect(await placeCursorAfter(page, '"sides": ["N"]')).toBe(true);
	await page.keyboard.type(', ');
	await page.keyboard.press('Control+Space');
	const suggest = page.locator('.monaco-editor .suggest-widget');
	await expect(suggest).toBeVisible({ timeout: 10_000 });
	await expect(suggest.locator('.monaco-list-row', { hasText: 'modifiers' })).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(suggest).toBeHidden();

	// Hovering a property key shows its description from the schema.
	await setJson(page, tile);
	await expect(await hoverText(page, '"sides"')).toContainText('the sides it touches', {
		timeout: 10_000
	});
	await page.mouse.move(0, 0);

	// A squiggle: hovering it shows the marker's message.
	await setJson(page, tile.replace('"count": 1', '"count": "many"'));
	await expect.poll(() => errorLines(page)).toContain(3);
	const ours = countProblem(page);
	await expect(await hoverText(page, '"many"')).toContainText((await ours.textContent())!, {
		timeout: 10_000
	});
	await page.mouse.move(0, 0);

	// F8 goes to the next problem and shows it inline; Ctrl+F opens find.
	expect(await placeCursorAfter(page, '{')).toBe(true);
	await page.keyboard.press('F8');
	await expect(page.locator('.monaco-editor .marker-widget')).toBeVisible();
	await expect(page.locator('.monaco-editor .marker-widget')).toContainText(/count|many|integer/i);
	await page.keyboard.press('Escape');
	await page.keyboard.press('Control+f');
	await expect(page.locator('.monaco-editor .find-widget.visible')).toBeVisible();
});

test('a second tab saving a stale revision is refused and offered the choice', async ({
	page,
	context
}) => {
	await createExpansion(page, 'e2e-conflict', 'Conflict test');
	const other = await context.newPage();
	await other.goto('/expansions/e2e-conflict');
	await expect(other.getByTestId('expansion-page')).toBeVisible();

	await page.getByTestId('meta-name').fill('Saved first');
	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');

	await other.getByTestId('meta-name').fill('Saved second');
	await other.getByTestId('save').click();
	await expect(other.getByTestId('conflict')).toBeVisible();
	await expect(other.getByTestId('theirs')).toContainText('Saved first');
	await expect(other.getByTestId('mine')).toContainText('Saved second');
	await expect(other.getByTestId('take-theirs')).toBeVisible();
	await expect(other.getByTestId('merge-by-hand')).toBeVisible();
	await other.getByTestId('keep-mine').click();
	await expect(other.getByTestId('save-status')).toHaveText('Saved.');
	const onDisk = JSON.parse(
		readFileSync(join(process.env.EXPANSIONS_DIR!, 'e2e-conflict.json'), 'utf8')
	);
	expect(onDisk.name).toBe('Saved second');
	await other.close();
});

test('a reload with unsaved changes restores them', async ({ page }) => {
	await createExpansion(page, 'e2e-draft', 'Draft test');
	await page.getByTestId('meta-name').fill('Not saved yet');
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await expect
		.poll(async () => (await storedDraft(page, 'e2e-draft'))?.doc.name)
		.toBe('Not saved yet');
	await page.reload();
	await expect(page.getByTestId('restored-notice')).toBeVisible();
	await expect(page.getByTestId('meta-name')).toHaveValue('Not saved yet');
	// Discarding goes back to the saved version.
	await page.getByTestId('discard-draft').click();
	await expect(page.getByTestId('meta-name')).toHaveValue('Draft test');
	await page.reload();
	await expect(page.getByTestId('restored-notice')).toBeHidden();
});

test('text typed after the JSON last parsed comes back after a reload', async ({ page }) => {
	await createExpansion(page, 'e2e-unparsed', 'Unparsed test');
	await page.getByTestId('add-tile').click();
	await openEditorReady(page);
	// the tile's count as the form shows it
	const count = page.getByTestId('tile-count');
	// A valid change typed on the keyboard…
	expect(await placeCursorAfter(page, '"count": 1')).toBe(true);
	await page.keyboard.press('Backspace');
	await page.keyboard.type('2');
	await expect(count).toHaveValue('2');
	// …then typing that breaks the JSON.
	await page.keyboard.type(' xx');
	await expect(page.getByTestId('parse-error')).toBeVisible();
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await expect
		.poll(async () => (await storedDraft(page, 'e2e-unparsed'))?.pending?.T1)
		.toContain('"count": 2 xx,');
	await page.reload();
	await openEditorReady(page);
	await expect(page.getByTestId('restored-notice')).toBeVisible();
	await expect(page.getByTestId('restored-unparsed')).toContainText('T1');
	await expect(page.getByTestId('restored-unparsed')).toContainText('unparsed JSON');
	const text = await textOf(page);
	expect(text).toContain('"count": 2 xx,');
	await expect(page.getByTestId('parse-error')).toBeVisible();
	await expect(count).toHaveValue('2'); // the tile keeps its last good version
	await expect.poll(async () => (await errorLines(page)).length).toBeGreaterThan(0);
	// Fixing the text makes it the tile again.
	await setJson(page, text.replace('"count": 2 xx,', '"count": 4,'));
	await expect(count).toHaveValue('4');
	await expect(page.getByTestId('parse-error')).toBeHidden();
});

test('large artwork is scaled down to fit; a draft that cannot be stored is said so', async ({
	page
}) => {
	await createExpansion(page, 'e2e-artwork', 'Artwork test');
	await page.getByTestId('add-tile').click();
	await openEditorReady(page);
	// A noisy 1200 px PNG (megabytes), made by the browser's canvas.
	const png = await page.evaluate(() => {
		const c = document.createElement('canvas');
		c.width = c.height = 1200;
		const ctx = c.getContext('2d')!;
		const img = ctx.createImageData(1200, 1200);
		for (let i = 0; i < img.data.length; i++) img.data[i] = ((i * 2654435761) >>> 24) ^ (i & 255);
		ctx.putImageData(img, 0, 0);
		return c.toDataURL('image/png').split(',')[1];
	});
	expect(png.length).toBeGreaterThan(1_000_000);
	await page
		.getByTestId('artwork-input')
		.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
	await expect(page.getByTestId('artwork-note')).toContainText('scaled down');
	const artwork = async (): Promise<string> => (await jsonOf(page)).artwork ?? '';
	await expect.poll(async () => (await artwork()).length).toBeGreaterThan(1000);
	expect((await artwork()).length).toBeLessThanOrEqual(262_144);
	expect(await artwork()).toMatch(/^data:image\/(webp|png);base64,/);
	await expect(page.getByTestId('tile-problems')).not.toContainText('artwork');
	// An SVG over the limit is refused with what to do.
	const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(12_000)}</svg>`;
	await page
		.getByTestId('artwork-input')
		.setInputFiles({ name: 'big.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
	await expect(page.getByTestId('artwork-error')).toContainText('Simplify it');

	// Local storage full: the designer is told, and the next change tries again.
	await page.evaluate(() => {
		// (without the current draft, which a new one would otherwise just replace in place)
		localStorage.removeItem('carcassonne-lab:draft:e2e-artwork');
		let chunk = 'x'.repeat(1 << 20);
		for (let i = 0; chunk.length > 16; i++) {
			try {
				localStorage.setItem(`e2e-junk-${i}`, chunk);
			} catch {
				chunk = chunk.slice(0, chunk.length / 2);
			}
		}
	});
	await page.getByTestId('tile-count').fill('2');
	await page.getByTestId('tile-count').press('Enter');
	await expect(page.getByTestId('draft-error')).toContainText('could not be kept');
	await page.evaluate(() =>
		Object.keys(localStorage)
			.filter((k) => k.startsWith('e2e-junk-'))
			.forEach((k) => localStorage.removeItem(k))
	);
	await page.getByTestId('tile-count').fill('3');
	await page.getByTestId('tile-count').press('Enter');
	await expect(page.getByTestId('draft-error')).toBeHidden();
});

test('a shipped set opens read-only with a way to duplicate it', async ({ page }) => {
	await page.goto('/expansions/base');
	await expect(page.getByTestId('read-only')).toBeVisible();
	await expect(page.getByTestId('save')).toHaveCount(0);
	// exports run the CLI's exporters: the JSON tile set downloads as its .json file, its schema is
	// listed next to it, each downloadable
	const json = page.waitForEvent('download');
	await page.getByTestId('export-json').click();
	expect((await json).suggestedFilename()).toBe('base.json');
	const listed = page.getByTestId('exports').locator('.files a[href^="blob:"]');
	await expect(listed).toHaveText(['base.json', 'tileset.v1.json']);
	const download = page.waitForEvent('download');
	await listed.nth(1).click();
	expect((await download).suggestedFilename()).toBe('tileset.v1.json');
	await page.getByTestId('export-png').click();
	await expect(page.getByTestId('exports').locator('.files a[href^="blob:"]').first()).toBeVisible({
		timeout: 30_000
	});
	page.once('dialog', (d) => d.accept('base-e2e-copy'));
	await page.getByTestId('duplicate-to-edit').click();
	await expect(page).toHaveURL(/\/expansions\/base-e2e-copy$/);
	await expect(page.getByTestId('save')).toBeVisible();
	await expect(page.getByTestId('tile-card').first()).toBeVisible();
});

test('print options from the page: paper, bleed and backs reach the print sheets and the PDF', async ({
	page
}) => {
	await page.goto('/expansions/river');
	await expect(page.getByTestId('read-only')).toBeVisible();
	await page.getByTestId('export-paper').selectOption('letter');
	await page.getByTestId('export-bleed').fill('2');
	await expect(page.getByTestId('export-backs')).toBeChecked();
	// print sheets: several SVG pages, one archive; US Letter pages with the bleed, a back page per page
	const zip = page.waitForEvent('download');
	await page.getByTestId('export-print').click();
	const sheets = unzipSync(readFileSync((await (await zip).path())!));
	expect(Object.keys(sheets).sort()).toEqual(['page-01-back.svg', 'page-01.svg']);
	const front = strFromU8(sheets['page-01.svg']);
	expect(front).toContain('width="215.9mm" height="279.4mm"');
	expect(front).toContain('2 mm bleed');
	// the PDF: one file, vector pages of US Letter (612 × 792 pt), front then back
	const pdf = page.waitForEvent('download');
	await page.getByTestId('export-pdf').click();
	const file = await pdf;
	expect(file.suggestedFilename()).toBe('river-print.pdf');
	const bytes = readFileSync((await file.path())!).toString('latin1');
	expect(bytes.startsWith('%PDF-')).toBe(true);
	expect(bytes.match(/\/Type \/Page\b/g)).toHaveLength(2);
	expect(bytes).toMatch(/\/MediaBox \[0 0 612(\.\d+)? 792(\.\d+)?\]/);
	expect(bytes).not.toContain('/Subtype /Image');
	await expect(page.getByTestId('exports')).toContainText('each followed by its backs');
	// without backs: the sheets alone
	await page.getByTestId('export-backs').uncheck();
	const single = page.waitForEvent('download');
	await page.getByTestId('export-print').click();
	expect((await single).suggestedFilename()).toBe('page-01.svg');
});

test('library: duplicate, rename, delete with confirmation, import JSON and JCloisterZone XML', async ({
	page
}) => {
	// a server of its own: a rename or delete would take drawings from under the other worker's pages
	const dir = mkdtempSync(join(tmpdir(), 'editor-e2e-library-'));
	await withServer(dir, async (base) => {
		await page.goto(base);
		await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
		// duplicate a shipped set
		page.once('dialog', (d) => d.accept('river-lib-copy'));
		await page.getByTestId('duplicate-river').click();
		await expect(page).toHaveURL(/\/expansions\/river-lib-copy$/);
		expect(
			JSON.parse(readFileSync(join(dir, 'river-lib-copy.json'), 'utf8')).official
		).toBeUndefined();

		// rename it (name and id)
		await page.goto(base);
		await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
		const answers = ['Renamed river', 'river-renamed'];
		const answer = (d: import('@playwright/test').Dialog) => d.accept(answers.shift());
		page.on('dialog', answer);
		await page.getByTestId('rename-river-lib-copy').click();
		await expect(page.locator('[data-expansion="river-renamed"]')).toBeVisible();
		page.off('dialog', answer);
		await expect(page.locator('[data-expansion="river-lib-copy"]')).toHaveCount(0);
		expect(JSON.parse(readFileSync(join(dir, 'river-renamed.json'), 'utf8')).name).toBe(
			'Renamed river'
		);

		// delete: asks first; cancel keeps it, confirm removes it
		await page.getByTestId('delete-river-renamed').click();
		const dialog = page.getByTestId('confirm-delete-river-renamed');
		await expect(dialog).toBeVisible();
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(page.locator('[data-expansion="river-renamed"]')).toBeVisible();
		await page.getByTestId('delete-river-renamed').click();
		await dialog.getByTestId('confirm-delete').click();
		await expect(page.locator('[data-expansion="river-renamed"]')).toHaveCount(0);
		expect(existsSync(join(dir, 'river-renamed.json'))).toBe(false);

		// import a JSON document
		const doc = {
			id: 'imported-json',
			name: 'Imported',
			version: '1.0.0',
			tiles: [
				{
					id: 'A',
					count: 2,
					features: [
						{ id: 'm1', type: 'monastery' },
						{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
					]
				}
			]
		};
		await page.getByTestId('import-json').setInputFiles({
			name: 'imported.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(doc))
		});
		await expect(page).toHaveURL(/\/expansions\/imported-json$/);
		await expect(page.getByTestId('tile-card')).toHaveCount(1);
		// an export of one file downloads at once (one tile: one PNG)
		const png = page.waitForEvent('download');
		await page.getByTestId('export-png').click();
		expect((await png).suggestedFilename()).toBe('A.png');
		// a JCloisterZone add-on downloads as one .jca (a zip) keeping its folders: manifest, XML, artwork
		const jca = page.waitForEvent('download');
		await page.getByTestId('export-jcz').click();
		const jcaDownload = await jca;
		expect(jcaDownload.suggestedFilename()).toBe('imported-json.jca');
		const entries = unzipSync(readFileSync((await jcaDownload.path())!));
		// one folder at the root (the add-on's id in JCloisterZone), named after the expansion
		const names = Object.keys(entries).map((n) => n.replace(/^cel-imported-json\//, ''));
		expect(Object.keys(entries).every((n) => n.startsWith('cel-imported-json/'))).toBe(true);
		expect(names).toContain('jcz-addon.json');
		const manifest = JSON.parse(strFromU8(entries['cel-imported-json/jcz-addon.json']));
		expect(names).toContain(manifest.expansions[0]);
		expect(names).toContain(`${manifest.artworks[0]}/artwork.json`);
		expect(
			names.filter((n) => n.startsWith(`${manifest.artworks[0]}/images/`) && n.endsWith('.png'))
				.length
		).toBeGreaterThan(0);
		await expect(page.getByTestId('export-archive')).toHaveAttribute(
			'download',
			'imported-json.jca'
		);

		// import a JCloisterZone tile-definition file: the report says what was not mapped
		await page.goto(base);
		await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
		const xml = `<?xml version="1.0"?><defs><tiles>
<tile id="XX/M"><monastery/><road>S</road><field>NL NR EL ER SL SR WL WR</field><tower/></tile>
</tiles><sets><tile-set id="xx:1"><ref count="2" tile="XX/M"/></tile-set></sets></defs>`;
		await page.getByTestId('import-jcz').setInputFiles({
			name: 'jcz-set.xml',
			mimeType: 'application/xml',
			buffer: Buffer.from(xml)
		});
		const report = page.getByTestId('jcz-report');
		await expect(report).toBeVisible();
		await expect(report).toContainText('tower');
		await report.getByTestId('save-jcz').click();
		await expect(page).toHaveURL(/\/expansions\/jcz-set$/);
		await expect(page.getByTestId('tile-card')).toHaveCount(1);
	});
	rmSync(dir, { recursive: true, force: true });
});
