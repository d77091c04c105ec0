// JCloisterZone saved games in the sandbox: a .jcz dropped on the page opens as a game whose steps
// are explained, and a game saved for JCloisterZone imports back to the game it was.
import { test, expect } from './fixtures.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('a dropped .jcz opens with its steps explained; saved for JCloisterZone, it imports back to the same game', async ({
	page
}) => {
	const jcz = readFileSync('test/fixtures/jcz/base-action-phase.jcz', 'utf8');
	await page.goto('/sandbox');
	await expect(page.getByRole('button', { name: 'Start the game' })).toBeVisible();
	await page.evaluate((text) => {
		const dt = new DataTransfer();
		dt.items.add(new File([text], 'base-action-phase.jcz', { type: 'application/json' }));
		window.dispatchEvent(
			new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true })
		);
	}, jcz);
	await expect(page.getByTestId('status')).toContainText(
		'Loaded a game of 9 moves (base-action-phase.jcz)'
	);
	// JCZ's game: Ann's two-tile city (the UNDO took her farmer back), then her turn's tile at (1,-1)
	await expect(page.getByTestId('score-0')).toHaveText('4');
	const texts = await page.locator('.log .ev .text').allTextContents();
	expect(texts.some((t) => /Ann places base\/E at \(0,-1\)/.test(t))).toBe(true);
	expect(texts.some((t) => /Completed city of 2 tiles/.test(t))).toBe(true);
	// step back to the start and forward again
	const slider = page.getByLabel('Timeline');
	await slider.fill('0');
	await expect(page.getByTestId('score-0')).toHaveText('0');
	await slider.fill('9');
	await expect(page.getByTestId('score-0')).toHaveText('4');

	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Save for JCloisterZone' }).click();
	const file = join(mkdtempSync(join(tmpdir(), 'sandbox-jcz-')), 'game.jcz');
	await (await download).saveAs(file);
	// the game's own record, as the page saves it
	const saved = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Save record' }).click();
	const recordFile = join(mkdtempSync(join(tmpdir(), 'sandbox-jcz-')), 'game.json');
	await (await saved).saveAs(recordFile);
	const record = JSON.parse(readFileSync(recordFile, 'utf8'));
	// read back by the import itself (a child process: the e2e runner does not load the sources)
	const script = `
		import { readFileSync } from 'node:fs';
		import { availableExpansions } from './src/cli/files.ts';
		import { recordFromJcz } from './src/lib/formats/jcz-game.ts';
		const r = recordFromJcz(readFileSync(${JSON.stringify(file)}, 'utf8'), { expansions: [...availableExpansions().values()] });
		process.stdout.write(JSON.stringify(r.ok ? r.record : r.errors));`;
	const back = JSON.parse(
		execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
			encoding: 'utf8'
		})
	);
	expect(back.moves).toEqual(record.moves);
	expect(back.drawOrder).toEqual(record.drawOrder);
	expect(back.players).toEqual(record.players);
	expect(back.figures).toEqual(record.figures);
	// the sandbox's record lists every ruling in force; the import, those JCZ's setup decides
	for (const [id, option] of Object.entries(back.rulings ?? {}))
		expect(record.rulings[id], id).toBe(option);
});

test('a hostile .jcz shows its located error where it was dropped, with no page error', async ({
	page
}) => {
	const base = JSON.parse(readFileSync('test/fixtures/jcz/base-action-phase.jcz', 'utf8'));
	await page.goto('/sandbox');
	await expect(page.getByRole('button', { name: 'Start the game' })).toBeVisible();
	const drop = (text: string, name: string) =>
		page.evaluate(
			([text, name]) => {
				const dt = new DataTransfer();
				dt.items.add(new File([text], name, { type: 'application/json' }));
				window.dispatchEvent(
					new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true })
				);
			},
			[text, name]
		);
	// a location every object has a property of; a start tile that is null; 10,000 nested arrays
	const location = structuredClone(base);
	location.replay[1].payload.pointer.location = 'toString';
	await drop(JSON.stringify(location), 'location.jcz');
	await expect(page.getByTestId('status')).toContainText(
		"location.jcz cannot be loaded: /replay/1/payload/pointer base/E: location 'toString' is not one of JCloisterZone's"
	);
	const start = structuredClone(base);
	start.setup.start = [null];
	await drop(JSON.stringify(start), 'start.jcz');
	await expect(page.getByTestId('status')).toContainText(
		'start.jcz cannot be loaded: /setup/start/0 must be object'
	);
	const deep = JSON.stringify(base).replace('"BA/C"', '['.repeat(10_000) + ']'.repeat(10_000));
	await drop(deep, 'deep.jcz');
	await expect(page.getByTestId('status')).toContainText(
		'deep.jcz cannot be loaded: /replay/0/payload/tileId/0/0'
	);
});
