// Issue 30 §2: a designer gives the expansion's own modifier and icon a look on the expansion page —
// a symbol of the library or an SVG of their own — and the tiles are drawn by it (the page's grid,
// and once saved the library's images), not as a '?'.
import { test, expect, expectAccessible } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { clickPlace, jsonOf, openEditorReady, putExpansion, setJson, textOf } from './helpers.ts';
import { boardReady, placeByClicking, stepKind } from './sandbox-driver.ts';

const UNKNOWN = '#fff3b0';
const FIELD = {
	id: 'f1',
	type: 'field',
	halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR']
};

test('a modifier gets a symbol of the library, an icon an own SVG; the tiles show them, saved and in the library', async ({
	page
}) => {
	putExpansion({
		id: 'e2e-looks',
		name: 'Harbour looks',
		version: '1.0.0',
		dependencies: ['base'],
		modifiers: { port: 'a port' },
		icons: { harbour: 'a harbour' },
		tiles: [
			{
				id: 'harbour',
				count: 1,
				icons: ['harbour'],
				features: [
					{ id: 'c1', type: 'city', sides: ['N'], modifiers: { port: true } },
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
					{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
				]
			}
		]
	});
	await page.goto('/expansions/e2e-looks');
	const tile = page.getByTestId('tile-grid').getByTestId('tile').first();
	await expect(tile.locator(`circle[fill="${UNKNOWN}"]`)).toHaveCount(2);
	const looks = page.getByTestId('looks');
	await expect(looks.getByTestId('look')).toHaveCount(2);

	await looks.getByLabel('Look of port').selectOption({ label: 'Port (anchor)' });
	await expect(tile.locator(`circle[fill="${UNKNOWN}"]`)).toHaveCount(1);
	await expect(tile.locator('circle[fill="#e4f1fb"]')).toHaveCount(1);

	// an own SVG, with a script that the sanitiser takes out
	await looks.getByLabel('Own SVG for harbour').setInputFiles({
		name: 'harbour.svg',
		mimeType: 'image/svg+xml',
		buffer: Buffer.from(
			'<svg viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" fill="#123456"/></svg>'
		)
	});
	await expect(tile.locator(`circle[fill="${UNKNOWN}"]`)).toHaveCount(0);
	await expect(tile.locator('rect[fill="#123456"]')).toHaveCount(1);
	await expect(looks.getByLabel('Look of harbour')).toHaveValue('svg');
	await looks.getByLabel('Where harbour sits').selectOption('centre');
	await expectAccessible(page, 'expansion page with looks');

	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	const svg = await (await page.request.get('/api/expansions/e2e-looks/tiles/0.svg')).text();
	expect(svg).toContain('fill="#e4f1fb"');
	expect(svg).toContain('fill="#123456"');
	expect(svg).not.toContain(UNKNOWN);
	expect(svg).not.toContain('script');
});

test('the harbour of issue 30 from an empty expansion: drawn, a look and a rule from a template, its worked example, and its points in the sandbox — no JSON typed', async ({
	page
}) => {
	const id = 'e2e-harbour';
	const started = Date.now();
	let clicks = 0;
	const click = async (l: Locator) => (clicks++, l.click());
	// a new expansion: its id follows the name until edited
	await page.goto('/');
	await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
	await click(page.getByTestId('new-expansion'));
	// the name field, focused, shows "My expansion" as a placeholder: what is typed is the whole name
	const name = page.getByTestId('new-name');
	await expect(name).toBeFocused();
	await expect(name).toHaveValue('');
	await expect(name).toHaveAttribute('placeholder', 'My expansion');
	await page.keyboard.type('E2E Harbour');
	await expect(name).toHaveValue('E2E Harbour');
	await expect(page.getByTestId('new-id')).toHaveValue(id);
	await click(page.getByTestId('create'));
	await expect(page).toHaveURL(new RegExp(`/expansions/${id}$`));
	await click(page.getByTestId('add-tile'));
	await openEditorReady(page);
	// city N, road E–W, the field split in two by one Split
	await click(page.getByTestId('add-city'));
	await clickPlace(page, 'N');
	await click(page.getByTestId('add-road'));
	await clickPlace(page, 'E');
	await clickPlace(page, 'W');
	clicks += 3;
	await click(page.getByTestId('feature-f1'));
	await click(page.getByRole('button', { name: 'Split' }));
	await expect
		.poll(async () =>
			(await jsonOf(page)).features.filter((f: { type: string }) => f.type === 'field')
		)
		.toEqual([
			{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
			{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
		]);
	await expect(page.getByTestId('unseparated')).toHaveCount(0);
	// the port on the city
	await click(page.getByTestId('feature-c1'));
	await page.getByLabel('Other modifier name').fill('port');
	await click(
		page.getByTestId('selected-feature').getByRole('button', { name: 'add', exact: true })
	);
	await expect
		.poll(async () => (await jsonOf(page)).features.find((f: { id: string }) => f.id === 'c1'))
		.toEqual({ id: 'c1', type: 'city', sides: ['N'], modifiers: { port: true } });
	// a tile like one that exists is told which
	await expect(page.getByTestId('similar')).toContainText(
		'Like base/D “City cap with straight road” (modifiers +port), '
	);
	// one message of the port, the true one: the tile's problem (the expansion declares no 'port')
	await expect(page.getByTestId('tile-problems')).toContainText("unknown modifier 'port'");
	await expect(page.getByTestId('tile-unscored')).toHaveCount(0);
	await expectAccessible(page, 'the tile editor with the harbour drawn');
	await click(page.locator('nav.crumbs a').first());

	const rules = page.getByTestId('rule-templates');
	await expect(rules.getByTestId('unscored')).toHaveText(
		"port: on tiles, but the expansion declares no modifier 'port' and no rule scores it — add a rule"
	);
	await page.getByTestId('looks').getByLabel('Look of port').selectOption('port');
	clicks++;
	await expect(
		page.getByTestId('tile-grid').getByTestId('tile').first().locator('circle[fill="#e4f1fb"]')
	).toHaveCount(1);
	await click(rules.getByRole('button', { name: 'add a rule' }));
	const form = rules.getByTestId('template-form');
	await expect(form.getByTestId('template-modifier')).toHaveValue('port');
	// the term says what it counts: the city's tiles, each 1 more for the port
	const example = form.getByTestId('worked-example');
	await expect(example).toContainText(
		'a 2-tile completed city with 1 port: 2 tiles × (2 + 1 with a port) = 6'
	);
	await expectAccessible(page, 'the expansion page with a rule template open');
	await click(form.getByTestId('add-rule'));
	await expect(rules.getByTestId('rule-added')).toContainText('E2E-HARBOUR-PORT-1');
	// added: the example shows that rule once, and the same rule cannot be added again
	await expect(example).toContainText('2 tiles × (2 + 1 with a port) = 6');
	await expect(form.getByTestId('add-rule')).toBeDisabled();
	await expect(form.getByTestId('template-present')).toContainText('E2E-HARBOUR-PORT-1');
	await expect(rules.getByTestId('unscored')).toHaveCount(0);
	await expect(page.getByTestId('data-rules').getByTestId('field-problems')).toHaveCount(0);

	await click(rules.getByTestId('rule-sandbox'));
	await expect(page).toHaveURL(
		new RegExp(`/sandbox\\?x=${id}&free=1&draft=${id}&ready=${id}%2FT1`)
	);
	// the harbour tile, the rule's trigger, is in hand
	await expect(page.getByText(/must place the drawn tile/)).toBeVisible();
	await boardReady(page);
	// the harbour's city closes the start tile's: north of it, turned to face south (two turns and a click)
	await placeByClicking(page, { type: 'place', x: 0, y: -1, rotation: 2 });
	clicks += 3;
	expect(await stepKind(page)).toBe('figure');
	await click(page.getByRole('button', { name: 'Pass (no figure)' }));
	const score = page.locator('li.ev-score').last();
	await expect(score).toContainText('2 tiles × (2 + 1 with a port) = 6');
	await expect(score.getByRole('button', { name: 'E2E-HARBOUR-PORT-1' })).toBeVisible();
	const figure = `${clicks} clicks, ${((Date.now() - started) / 1000).toFixed(1)} s`;
	test.info().annotations.push({ type: 'designer path', description: figure });
	console.log(`designer path: ${figure}`);
});

test('a split nothing separates is a warning under the canvas; merged, it goes', async ({
	page
}) => {
	putExpansion({
		id: 'e2e-unseparated',
		name: 'Unseparated',
		version: '1.0.0',
		tiles: [
			{
				id: 'T1',
				count: 1,
				features: [
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL'] },
					{ id: 'f2', type: 'field', halves: ['WR'] },
					{ id: 'f3', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
				]
			}
		]
	});
	await page.goto('/expansions/e2e-unseparated/tiles/T1');
	await openEditorReady(page);
	await expect(page.getByTestId('unseparated')).toContainText(
		'Fields f1 and f2 meet at WR/NL with no road, river or city between them'
	);
	await expectAccessible(page, 'the tile editor with an unseparated split');
	// merged, the warning goes
	await setJson(
		page,
		JSON.stringify({
			id: 'T1',
			count: 1,
			features: [
				{ id: 'r1', type: 'road', sides: ['E', 'W'] },
				{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'WR'] },
				{ id: 'f3', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
			]
		})
	);
	await expect(page.getByTestId('unseparated')).toHaveCount(0);
});

test('imports: a file that is not JCloisterZone’s says so alone, broken JSON is located, an import clears the last one’s messages, one that breaks the schema is fixed as a draft', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
	await page.getByTestId('import-jcz').setInputFiles({
		name: 'notes.xml',
		mimeType: 'application/xml',
		buffer: Buffer.from('just some notes')
	});
	await expect(page.getByTestId('library-error')).toBeVisible();
	await expect(page.getByTestId('jcz-report')).toHaveCount(0);
	// a document that breaks the schema: its problems listed
	const bad = {
		id: 'e2e-import-bad',
		name: 'Bad',
		version: '1.0.0',
		tiles: [{ id: 'T1', count: 0, features: [FIELD] }]
	};
	await page.getByTestId('import-json').setInputFiles({
		name: 'bad.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(bad))
	});
	await expect(page.getByTestId('library-error')).toContainText('Not saved');
	await expect(page.getByTestId('library-actions').locator('.problem-list')).toHaveCount(1);
	// broken JSON: line, column and the line itself; the schema problems of the import before are gone
	await page.getByTestId('import-json').setInputFiles({
		name: 'broken.json',
		mimeType: 'application/json',
		buffer: Buffer.from('{\n\t"id": "x",\n\t"name": "X"\n\t"tiles": []\n}')
	});
	await expect(page.getByTestId('library-error')).toContainText(
		'broken.json is not JSON: line 4, column 2: expected'
	);
	await expect(page.getByTestId('library-error')).toContainText('"tiles": []');
	// the line and its caret in a monospace block: the caret under the character the fault is at
	const excerpt = page.getByTestId('library-error-excerpt');
	await expect(excerpt).toHaveText(' "tiles": []\n ^');
	const [faultX, caretX] = await excerpt.evaluate((pre) => {
		const text = pre.firstChild!;
		const x = (i: number) => {
			const r = document.createRange();
			r.setStart(text, i);
			r.setEnd(text, i + 1);
			return r.getBoundingClientRect().left;
		};
		const lines = text.textContent!.split('\n');
		return [x(1), x(lines[0].length + 1 + lines[1].indexOf('^'))];
	});
	expect(Math.abs(faultX - caretX)).toBeLessThan(1);
	await expect(page.getByTestId('library-actions').locator('.problem-list')).toHaveCount(0);
	await expect(page.getByTestId('import-as-draft')).toHaveCount(0);
	await expectAccessible(page, 'the library after a failed import');
	// the document that breaks the schema again: opened as a draft, fixed in the editor, saved
	await page.getByTestId('import-json').setInputFiles({
		name: 'bad.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(bad))
	});
	await page.getByTestId('import-as-draft').click();
	await expect(page).toHaveURL(/\/expansions\/e2e-import-bad$/);
	await expect(page.getByTestId('restored-notice')).toBeVisible();
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await page.getByLabel('Count of T1').fill('2');
	await page.getByLabel('Count of T1').press('Enter');
	await page.getByTestId('save').click();
	await expect(page.getByTestId('save-status')).toHaveText('Saved.');
	const saved = await (await page.request.get('/api/expansions/e2e-import-bad')).json();
	expect((saved.document ?? saved).tiles).toEqual([{ id: 'T1', count: 2, features: [FIELD] }]);
});

test('JSON typed in the tile editor that does not parse is not replaced by a form edit without asking', async ({
	page
}) => {
	putExpansion({
		id: 'e2e-typed',
		name: 'Typed',
		version: '1.0.0',
		tiles: [
			{
				id: 'T1',
				count: 1,
				features: [
					{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
				]
			}
		]
	});
	await page.goto('/expansions/e2e-typed/tiles/T1');
	await openEditorReady(page);
	const typed = '{ "id": "T1", "count": 3, ';
	await setJson(page, typed);
	await expect(page.getByTestId('parse-error')).toBeVisible();
	const questions: string[] = [];
	// no: the text stays and the tile keeps its features
	page.once('dialog', (d) => (questions.push(d.message()), d.dismiss()));
	await page.getByTestId('add-city').click();
	await expect.poll(() => questions.length).toBe(1);
	expect(questions[0]).toMatch(
		/^The JSON of tile T1 you typed does not parse .*Drop what you typed there and make this change\? \(Undo brings it back\.\)$/s
	);
	expect(await textOf(page)).toBe(typed);
	// yes: the city is added, the JSON shows the tile; undo brings the typed text back
	page.once('dialog', (d) => (questions.push(d.message()), d.accept()));
	await page.getByTestId('add-city').click();
	await expect
		.poll(async () => (await jsonOf(page)).features.map((f: { id: string }) => f.id))
		.toEqual(['f1', 'c1']);
	await page.getByTestId('undo').click();
	await expect.poll(() => textOf(page)).toBe(typed);
	expect(questions).toHaveLength(2);
});

test('figures are drawn as their documents say: the legend shows the mayor’s, the owner’s and Buddo’s own silhouettes, Buddo as nobody’s', async ({
	page
}) => {
	const figures = (id: string) =>
		(
			JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8')) as {
				figures: { id: string; silhouette: { path: string } }[];
			}
		).figures;
	const path = (id: string, figure: string) =>
		figures(id).find((f) => f.id === figure)!.silhouette.path;
	await page.goto(
		'/sandbox?x=inn-and-stable-owners,buddo,messengers-and-mayors&p=Ann~blue,Bob~orange&seed=1'
	);
	// M&M's first step: draw or place the town hall
	await expect(page.getByText(/must draw a tile or place the town hall/)).toBeVisible({
		timeout: 30_000
	});
	await page.getByRole('tab', { name: 'Legend' }).click();
	const legend = page.getByRole('region', { name: 'Legend' });
	const drawing = (kind: string) => legend.locator(`li[data-kind="${kind}"] svg path`);
	await expect(drawing('mayor')).toHaveAttribute('d', path('messengers-and-mayors', 'mayor'));
	await expect(drawing('scarecrow')).toHaveAttribute(
		'd',
		path('messengers-and-mayors', 'scarecrow')
	);
	await expect(drawing('owner')).toHaveAttribute('d', path('inn-and-stable-owners', 'owner'));
	await expect(drawing('buddo')).toHaveAttribute('d', path('buddo', 'buddo'));
	await expect(drawing('buddo')).toHaveAttribute('fill', '#f2f2f2');
	await expect(legend.locator('li[data-kind="buddo"]')).toContainText('nobody’s');
	await expect(drawing('mayor')).toHaveAttribute('fill', '#0072B2');
	for (const kind of ['mayor', 'scarecrow', 'owner', 'buddo'])
		await legend
			.locator(`li[data-kind="${kind}"]`)
			.screenshot({ path: `/tmp/designer/legend-${kind}.png` });
	await expectAccessible(page, 'the sandbox’s legend with the fan figures');
});
