// The sandbox in Chromium against the real server: a scripted game played by clicking (tiles,
// rotations, figures, a choice) whose scores and log equal the CLI's replay of its saved record;
// the timeline, undo/redo, the reason on an illegal cell, a turn by keyboard only, free mode.
import { test, expect } from './fixtures.ts';
import {
	boardShot,
	cellPoint,
	chooseTarget,
	cli,
	differ,
	gameShown,
	legalShown,
	openSandbox,
	placeByClicking,
	rotationShown,
	stepKind,
	stepShown,
	type Move
} from './sandbox-driver.ts';
import { boardPieces, boardTiles, placedTile } from '../../src/lib/engine/index.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// independent tests (a page each): spread over the workers
test.describe.configure({ mode: 'parallel' });

test('a scripted game of at least 16 turns by clicking: scores and log equal the CLI replay of its saved record', async ({
	page
}) => {
	test.setTimeout(180_000);
	await openSandbox(page, 'x=inns-and-cathedrals,bards&seed=7&p=Ann~blue,Bob~orange');
	let turns = 0;
	let choices = 0;
	let deployed = 0;
	let rotated = 0;
	for (let guard = 0; guard < 400 && (turns < 16 || choices === 0); guard++) {
		const kind = await stepKind(page);
		const legal = await legalShown(page);
		if (kind === 'place') {
			// prefer a placement in another rotation than the tile's, so the test turns it
			const rot = await rotationShown(page);
			const move = legal.find((m) => m.rotation !== rot) ?? legal[0];
			if (move.rotation !== rot) rotated++;
			await placeByClicking(page, move);
			turns++;
		} else if (kind === 'figure') {
			// every other turn a figure on the board (clicked on its target), else the pass button
			const deploy =
				turns % 2 === 1
					? legal.find(
							(m) => m.type === 'deploy' && (m.figure === 'follower' || m.figure === 'large')
						)
					: undefined;
			if (deploy) {
				await chooseTarget(page, deploy);
				deployed++;
			} else {
				const before = await stepShown(page);
				await page.getByRole('button', { name: 'Pass (no figure)' }).click();
				await expect.poll(() => stepShown(page)).toBeGreaterThan(before);
			}
		} else if (kind === 'note') {
			// the lute's choice: a note token on one of the tile's free features
			await chooseTarget(page, legal[0]);
			choices++;
		} else {
			const before = await stepShown(page);
			await page.locator('.moves button').first().click();
			await expect.poll(() => stepShown(page)).toBeGreaterThan(before);
			choices++;
		}
	}
	expect(turns).toBeGreaterThanOrEqual(16);
	expect(choices).toBeGreaterThan(0);
	expect(deployed).toBeGreaterThan(3);
	expect(rotated).toBeGreaterThan(3);

	// save the record (a download) and replay it with the CLI
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Save record' }).click();
	const file = join(mkdtempSync(join(tmpdir(), 'sandbox-e2e-')), 'game.json');
	await (await download).saveAs(file);
	const record = JSON.parse(readFileSync(file, 'utf8'));
	expect(record.expansions.map((e: { id: string }) => e.id)).toEqual([
		'base',
		'inns-and-cathedrals',
		'bards'
	]);
	const replayed = JSON.parse(cli(['replay', file, '--json']));
	const onScreen = await Promise.all(
		[0, 1].map(async (i) => Number(await page.getByTestId(`score-${i}`).textContent()))
	);
	expect(onScreen).toEqual([replayed.scores.Ann, replayed.scores.Bob]);
	const texts = await page.locator('.log .ev .text').allTextContents();
	expect(texts).toEqual(
		replayed.events.map((e: { text?: string; type: string }) => e.text ?? e.type)
	);
	expect(texts.length).toBeGreaterThan(40);
	console.log(
		`scripted game: ${turns} turns, ${deployed} figures, ${choices} choices, ${rotated} rotations, scores ${onScreen.join(':')}`
	);
});

test('hovering an illegal cell says why in the refusal’s own words', async ({ page }) => {
	await openSandbox(page, 'x=base&seed=2');
	// (0,-1) touches the start tile's city; the base set's seed-2 draw does not fit every way there:
	// find a rotation at an adjacent cell that the engine refuses for a mismatched edge
	const legal = await legalShown(page);
	const rot = await rotationShown(page);
	const candidates = [
		[0, -1],
		[1, 0],
		[0, 1],
		[-1, 0]
	].filter(([x, y]) => !legal.some((m) => m.x === x && m.y === y && m.rotation === rot));
	expect(candidates.length).toBeGreaterThan(0);
	const [x, y] = candidates[0];
	const at = await cellPoint(page, x, y);
	await page.mouse.move(at.x, at.y);
	const hover = page.getByTestId('hover');
	const fitsOtherwise = legal.some((m) => m.x === x && m.y === y);
	if (fitsOtherwise) await expect(hover).toContainText(/fits here turned to rotation/);
	else await expect(hover).toContainText(/BASE-1\.3\.\d/);
	// a cell far away: not adjacent, in the engine's words
	const far = await cellPoint(page, 1, 1);
	await page.mouse.move(far.x, far.y);
	await expect(hover).toContainText('(1,1)');
	await expect(hover).toContainText(/BASE-1\.3/);
});

test('undo and redo a placement (buttons and Ctrl+Z / Ctrl+Shift+Z)', async ({ page }) => {
	await openSandbox(page, 'x=base&seed=4');
	const legal = await legalShown(page);
	await placeByClicking(page, legal[0]);
	await expect(page.getByText(/must place a figure or pass/)).toBeVisible();
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByText(/must place the drawn tile/)).toBeVisible();
	expect(await stepShown(page)).toBe(0);
	await page.getByRole('button', { name: 'Redo' }).click();
	expect(await stepShown(page)).toBe(1);
	await page.keyboard.press('Control+z');
	expect(await stepShown(page)).toBe(0);
	await page.keyboard.press('Control+Shift+z');
	expect(await stepShown(page)).toBe(1);
	expect(boardTiles(await gameShown(page))).toHaveLength(2);
});

test('pan by dragging and zoom with the wheel: the board follows the pointer, and a click still lands on its cell', async ({
	page
}) => {
	await openSandbox(page, 'x=base&seed=4');
	const shot = (p: { x: number; y: number }) =>
		page.screenshot({ clip: { x: p.x - 12, y: p.y - 12, width: 24, height: 24 } });
	const named = async (p: { x: number; y: number }) => {
		await page.mouse.move(p.x, p.y);
		await expect(page.getByTestId('hover')).toContainText('(0,0):');
	};
	/** Pixels from `p` to the edge of cell (0,0) in direction (dx, dy), as the hover line names cells. */
	const toEdge = async (p: { x: number; y: number }, dx = 1, dy = 0) => {
		let d = 0;
		for (; d < 400; d += 2) {
			await page.mouse.move(p.x + dx * d, p.y + dy * d);
			if (!((await page.getByTestId('hover').textContent()) ?? '').includes('(0,0):')) break;
		}
		return d;
	};
	// the middle of the start tile, where the hover line names its cell (0,0)
	const c0 = await cellPoint(page, 0, 0);
	const cx = c0.x + ((await toEdge(c0, 1, 0)) - (await toEdge(c0, -1, 0))) / 2;
	const cy = c0.y + ((await toEdge(c0, 0, 1)) - (await toEdge(c0, 0, -1))) / 2;
	const p0 = { x: cx, y: cy };
	const start = p0;
	await named(p0);
	// the pictures are taken with the pointer away from the board (it draws the tile in hand)
	const away = () => page.mouse.move(5, 5);
	await away();
	const before = await shot(p0);
	// a drag from the start tile: the board moves with the pointer
	await page.mouse.move(start.x, start.y);
	await page.mouse.down();
	await page.mouse.move(start.x + 50, start.y + 30, { steps: 5 });
	await page.mouse.move(start.x + 120, start.y + 80, { steps: 5 });
	await page.mouse.up();
	const moved = { x: p0.x + 120, y: p0.y + 80 };
	await away();
	// drawn there, while moving (a transform of the drawn board) and once at rest (drawn again)
	expect(await differ(page, await shot(moved), before)).toBeLessThan(0.02);
	await expect
		.poll(() =>
			page.evaluate(
				() => (document.querySelector('.konvajs-content') as HTMLElement).style.transform
			)
		)
		.toBe('');
	expect(await differ(page, await shot(moved), before)).toBeLessThan(0.02);
	await named(moved);
	expect(await stepShown(page)).toBe(0); // the drag placed nothing
	// the wheel zooms at the pointer: the point under it stays on its cell, the cell grows (a point
	// just past its edge is on it afterwards)
	const hover = page.getByTestId('hover');
	const past = { x: moved.x + (await toEdge(moved)) + 6, y: moved.y };
	await page.mouse.move(past.x, past.y);
	await expect(hover).not.toContainText('(0,0):');
	await page.mouse.move(moved.x, moved.y);
	await page.mouse.wheel(0, -200);
	await named(moved);
	await page.mouse.move(past.x, past.y);
	await expect(hover).toContainText('(0,0):');
	// and a click, right away and after the board came to rest, places the tile at the clicked cell
	const legal = await legalShown(page);
	const move = legal.find((m) => m.rotation === 0) ?? legal[0];
	await placeByClicking(page, move);
	const placed = placedTile(await gameShown(page));
	expect([placed?.x, placed?.y]).toEqual([move.x, move.y]);
});

test('a turn with the keyboard only: cursor, rotate, place, choose a target; undone, no cursor stays on the empty cell', async ({
	page
}) => {
	await openSandbox(page, 'x=base&seed=5');
	await page.locator('.board').focus();
	const legal = await legalShown(page);
	const move = legal[legal.length - 1];
	// the cursor starts on the last placed tile (the start tile at 0,0)
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowLeft');
	const dx = (move.x as number) - 0;
	const dy = (move.y as number) - 0;
	for (let i = 0; i < Math.abs(dx); i++)
		await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
	for (let i = 0; i < Math.abs(dy); i++)
		await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
	for (let i = 0; i < 4 && (await rotationShown(page)) !== move.rotation; i++)
		await page.keyboard.press('r');
	await page.keyboard.press('Enter');
	await expect.poll(() => stepShown(page)).toBe(1);
	// the figure step: arrows go through the targets, Enter takes the focused one
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('Enter');
	// several moves on that target: the menu takes the focus, Enter takes its first item
	if (await page.getByRole('menu').isVisible()) {
		await expect(page.getByRole('menuitem').first()).toBeFocused();
		await page.keyboard.press('Enter');
	}
	await expect.poll(() => stepShown(page)).toBe(2);
	expect(boardPieces(await gameShown(page)).filter((p) => p.kind !== 'dragon')).toHaveLength(1);
	// undone (Ctrl+Z twice): the cell is empty again, and no cursor frame (nor the tile's ghost) stays on it
	await page.keyboard.press('Control+z');
	await page.keyboard.press('Control+z');
	await expect.poll(() => stepShown(page)).toBe(0);
	await page.getByRole('button', { name: 'Fit' }).click();
	const undone = await boardShot(page);
	// the same step on a fresh page (no cursor ever shown), the tile turned alike: the same board
	await page.reload();
	await expect.poll(() => stepShown(page)).toBe(0);
	await page.locator('.board').focus();
	for (let i = 0; i < 4 && (await rotationShown(page)) !== move.rotation; i++)
		await page.keyboard.press('r');
	await page.getByRole('button', { name: 'Fit' }).click();
	expect(await differ(page, await boardShot(page), undone)).toBe(0);
});

test('load a record, step back and forward on the timeline: board and scores follow', async ({
	page
}) => {
	// a finished random game made by the engine itself (the CLI's simulator writes no records, so
	// play one here through the module API in a child process)
	const dir = mkdtempSync(join(tmpdir(), 'sandbox-e2e-'));
	const file = join(dir, 'record.json');
	const script = `
		import { availableExpansions } from './src/cli/files.ts';
		import { playRandomGame, recordOf } from './src/lib/engine/index.ts';
		const docs = availableExpansions();
		const r = playRandomGame({ expansions: [docs.get('base'), docs.get('inns-and-cathedrals')], players: ['Ann', 'Bob'], seed: 9 });
		process.stdout.write(JSON.stringify(recordOf(r.state)));`;
	const rec = execFileSync(
		process.execPath,
		['--import', 'tsx', '--input-type=module', '-e', script],
		{ encoding: 'utf8' }
	);
	writeFileSync(file, rec);
	const record = JSON.parse(rec);
	const replayed = JSON.parse(cli(['replay', file, '--json']));
	await page.goto('/sandbox');
	await page.getByLabel('Load a game record').setInputFiles(file);
	await expect(page.getByTestId('status')).toContainText(
		`Loaded a game of ${record.moves.length} moves`
	);
	await expect(page.locator('.turn')).toContainText('Game over.');
	expect(Number(await page.getByTestId('score-0').textContent())).toBe(replayed.scores.Ann);
	expect(Number(await page.getByTestId('score-1').textContent())).toBe(replayed.scores.Bob);
	// back to the start: one tile, no points
	const slider = page.getByLabel('Timeline');
	const atEnd = await boardShot(page);
	await slider.fill('0');
	await expect(page.getByTestId('score-0')).toHaveText('0');
	expect(boardTiles(await gameShown(page))).toHaveLength(1);
	const atStart = await boardShot(page);
	expect(await differ(page, atStart, atEnd)).toBeGreaterThan(0.001);
	// forward to step 20: the game holds the tiles of the first 20 moves, the board draws them
	await slider.fill('20');
	const tiles20 = record.moves.slice(0, 20).filter((m: Move) => m.type === 'place').length + 1;
	expect(boardTiles(await gameShown(page))).toHaveLength(tiles20);
	const at20 = await boardShot(page);
	expect(await differ(page, at20, atStart)).toBeGreaterThan(0.001);
	// and to the end again: the board as it was (next to nothing of the difference a move makes)
	await slider.fill(String(record.moves.length));
	const again = await differ(page, await boardShot(page), atEnd);
	expect(again).toBeLessThan((await differ(page, at20, atEnd)) / 10);
	expect(Number(await page.getByTestId('score-0').textContent())).toBe(replayed.scores.Ann);
	// a scoring in the log, shown on the board: its feature's parts and figures
	const plain = await boardShot(page);
	await page.locator('.ev-score').last().getByRole('button', { name: 'Show on the board' }).click();
	await expect(page.getByTestId('status')).toContainText('Highlighted');
	// the board alone (the message over it dismissed): its feature and figures drawn highlighted
	await page.getByTestId('status').getByRole('button', { name: 'Dismiss' }).click();
	expect(await differ(page, await boardShot(page), plain)).toBeGreaterThan(0.0005);
});

test('free mode: pick any tile of the chosen sets, then place it', async ({ page }) => {
	await openSandbox(page, 'x=base,river&seed=1&free=1');
	// the river comes first: land tiles are listed but refused, with the rule
	const land = page.locator('button.tile[data-tile="base/U"]');
	await expect(land).toBeDisabled();
	await expect(land).toHaveAttribute('title', /RIVER-3\.1\.1/);
	const picks = (await legalShown(page)).map((m) => m.tile as string);
	expect(picks.every((k) => k.startsWith('river/'))).toBe(true);
	// at 1,280 px every cell of the picker shows its picture whole and centred, its name whole
	await page.setViewportSize({ width: 1280, height: 800 });
	const cells = await page
		.getByRole('list', { name: 'Tiles left to draw' })
		.locator('button.tile')
		.evaluateAll((buttons) =>
			buttons.map((b) => {
				const box = b.getBoundingClientRect();
				const img = b.querySelector('img')!.getBoundingClientRect();
				const name = b.querySelector('.key') as HTMLElement;
				return {
					tile: b.getAttribute('data-tile'),
					inside: img.left >= box.left && img.right <= box.right,
					centred: Math.abs(img.left + img.width / 2 - (box.left + box.width / 2)) < 1.5,
					nameWhole:
						name.scrollWidth <= name.clientWidth &&
						name.getBoundingClientRect().right <= box.right + 0.5,
					titled: (b.getAttribute('title') ?? '').includes(name.textContent!)
				};
			})
		);
	expect(cells.length).toBeGreaterThan(20);
	for (const c of cells)
		expect(c, c.tile!).toMatchObject({
			inside: true,
			centred: true,
			nameWhole: true,
			titled: true
		});
	await page.locator(`button.tile[data-tile="${picks[0]}"]`).click();
	await expect(page.getByText(/must place the drawn tile/)).toBeVisible();
	await expect(page.getByRole('heading', { name: /Tile in hand/ })).toHaveAttribute(
		'data-tile',
		picks[0]
	);
});

test('Test in sandbox from a designer’s new expansion with dependencies: its unsaved tile is picked, placed, and its modules play', async ({
	page
}) => {
	const id = `stable-lute-${Date.now().toString(36)}`;
	const halves = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
	const doc = {
		id,
		name: 'Stable and lute',
		version: '1.0.0',
		dependencies: [
			'bards',
			'inn-and-stable-owners',
			'inns-and-cathedrals',
			'messengers-and-mayors'
		],
		tiles: [
			{
				id: 'lute-stable',
				name: 'Lute stable',
				count: 1,
				icons: ['lute'],
				features: [
					{ id: 'f1', type: 'field', halves },
					{ id: 's1', type: 'stable', modifiers: { livestock: true } }
				]
			}
		]
	};
	const res = await page.request.put(`/api/expansions/${id}`, {
		data: doc,
		headers: { 'If-None-Match': '*', 'Content-Type': 'application/json' }
	});
	expect(res.status()).toBe(201);
	await page.goto(`/expansions/${id}`);
	// an unsaved change: a copy of the tile that exists only in the editor's draft
	await page.getByRole('button', { name: 'Duplicate lute-stable' }).click();
	await expect(page.getByTestId('tile-card')).toHaveCount(2);
	const copy = (await page.getByTestId('tile-card').nth(1).getAttribute('data-tile-id'))!;
	await expect(page.getByTestId('dirty')).toHaveText('unsaved changes');
	await page.getByTestId('test-in-sandbox').click();
	await expect(page).toHaveURL(new RegExp(`/sandbox\\?x=${id}&free=1&draft=${id}`));
	// Messengers & Mayors asks first: draw, or place a town hall (MM-HALL-2)
	await expect(page.getByText(/must draw a tile or place the town hall/)).toBeVisible();
	await page.getByRole('button', { name: 'Draw a tile' }).click();
	await expect(page.getByText(/must pick the next tile/)).toBeVisible();
	// the dependencies' modules are in play (the rulings' tab)
	await page.getByRole('tab', { name: /^Rulings/ }).click();
	for (const r of ['BARD-R1', 'ISO-R1', 'MM-R1', 'BASE-R1'])
		await expect(page.locator('.rulings summary', { hasText: new RegExp(`^${r} = `) })).toHaveCount(
			1
		);
	// the tiles left come a page at a time: the search finds the designer's
	await page.getByRole('region', { name: 'Tiles left' }).getByLabel('Search').fill(copy);
	const pick = page.locator(`button.tile[data-tile="${id}/${copy}"]`);
	await expect(pick).toBeEnabled();
	await pick.click();
	await expect(page.getByRole('heading', { name: /Tile in hand/ })).toHaveAttribute(
		'data-tile',
		`${id}/${copy}`
	);
	const legal = await legalShown(page);
	await placeByClicking(page, legal[0]);
	// a lute tile: the note token's step (Bards), then the figure step offers an owner on the stable (Inn and Stable Owners)
	expect(await stepKind(page)).toBe('note');
	const notes = await legalShown(page);
	await chooseTarget(page, notes.find((m) => m.feature === 'f1') ?? notes[0]);
	expect(await stepKind(page)).toBe('figure');
	expect((await legalShown(page)).some((m) => m.type === 'owner' && m.feature === 's1')).toBe(true);
});

test('save a game as a scenario through the UI: it runs in the page, and npx carcassonne-lab test passes it', async ({
	page
}) => {
	test.setTimeout(120_000);
	await openSandbox(page, 'x=inns-and-cathedrals&seed=11');
	// a refusal to remember: a click on a cell where the tile cannot go
	const far = await cellPoint(page, 2, 2);
	await page.mouse.click(far.x, far.y);
	await expect(page.getByTestId('status')).toContainText('Refused');
	// then eight turns: a follower whenever one can stand, so something scores
	for (let turns = 0; turns < 8;) {
		const kind = await stepKind(page);
		const legal = await legalShown(page);
		if (kind === 'place') {
			await placeByClicking(page, legal[0]);
			turns++;
		} else {
			const before = await stepShown(page);
			const deploy = legal.find((m) => m.type === 'deploy' && m.figure === 'follower');
			if (deploy) await chooseTarget(page, deploy);
			else await page.getByRole('button', { name: 'Pass (no figure)' }).click();
			await expect.poll(() => stepShown(page)).toBeGreaterThan(before);
		}
	}
	await page.getByRole('button', { name: 'Save as scenario…' }).click();
	const name = `sandbox-e2e-${Date.now().toString(36)}`;
	await page.getByLabel('Name').fill(name);
	await page
		.getByLabel('Description')
		.fill('eight turns of base + Inns & Cathedrals, saved from the sandbox');
	await page.getByRole('button', { name: 'Save scenario' }).click();
	await expect(page.getByTestId('scenario-message')).toContainText(`Saved scenario ${name}`);
	await expect(page.getByTestId('scenario-message')).toContainText('1 refusals');
	// run right there in the page, through the engine
	await page.getByRole('button', { name: 'Run it now' }).click();
	await expect(page.getByTestId('scenario-result')).toContainText(`Passed: ${name}`);
	// the file on disk, run by the CLI
	const file = join(process.env.SCENARIOS_DIR!, `${name}.json`);
	const scenario = JSON.parse(readFileSync(file, 'utf8'));
	expect(scenario.expect.refusals).toEqual([
		expect.objectContaining({ after: 0, code: 'not-adjacent' })
	]);
	const out = cli(['test', file]);
	expect(out).toContain('1 passed, 0 failed');
});

test('a record the engine refuses says why and replays as far as it goes; games saved on the server open again; /play is the sandbox', async ({
	page
}) => {
	await page.goto('/play?x=base&seed=3');
	await expect(page).toHaveURL(/\/sandbox\?x=base&seed=3/);
	await expect(page.getByText(/must place the drawn tile/)).toBeVisible();
	// three turns, then save the record as a file, spoil its 4th move and load it back
	for (let i = 0; i < 6; i++) {
		const kind = await stepKind(page);
		const legal = await legalShown(page);
		if (kind === 'place') await placeByClicking(page, legal[0]);
		else await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	}
	await expect.poll(() => stepShown(page)).toBe(6);
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Save record' }).click();
	const dir = mkdtempSync(join(tmpdir(), 'sandbox-e2e-'));
	const file = join(dir, 'game.json');
	await (await download).saveAs(file);
	const record = JSON.parse(readFileSync(file, 'utf8'));
	record.moves[4] = { type: 'place', x: 9, y: 9, rotation: 0 };
	writeFileSync(join(dir, 'spoilt.json'), JSON.stringify(record));
	await page.getByLabel('Load a game record').setInputFiles(join(dir, 'spoilt.json'));
	await expect(page.getByRole('alert')).toContainText('The engine refuses move 5');
	await expect(page.getByRole('alert')).toContainText('BASE-1.3.1');
	await page.getByRole('button', { name: 'Replay as far as it goes (4 moves)' }).click();
	expect(await stepShown(page)).toBe(4);
	// save it on the server, reload the page, open it from the server's list
	await page.getByRole('button', { name: 'Games on the server…' }).click();
	const name = `e2e-game-${Date.now().toString(36)}`;
	await page.getByLabel('Save this game as').fill(name);
	await page.getByRole('button', { name: 'Save on the server' }).click();
	await expect(page.getByTestId('games-message')).toHaveText(`Saved as ${name}.`);
	await page.goto('/sandbox');
	await page.getByRole('button', { name: 'Games on the server…' }).click();
	await page
		.getByRole('listitem')
		.filter({ hasText: name })
		.getByRole('button', { name: 'Open' })
		.click();
	await expect(page.getByTestId('status')).toContainText('Loaded a game of 4 moves');
	expect(await stepShown(page)).toBe(4);
});

test('the setup form: expansions, players, a ruling, seed → the URL, which reproduces the game’s start', async ({
	page
}) => {
	await page.goto('/sandbox');
	const form = page.getByRole('form', { name: 'Game setup' });
	await form.getByRole('checkbox', { name: /Inns & Cathedrals/ }).check();
	await form.getByRole('button', { name: 'Add a player' }).click();
	await form.getByLabel('Name').nth(2).fill('Zoe');
	await form.getByLabel('Seed').fill('42');
	// rulings are grouped by module; the base game's farm edition set to the 1st edition
	await form.locator('summary', { hasText: 'Base game' }).click();
	await form.getByRole('combobox', { name: 'BASE-R2' }).selectOption('1st');
	await expect(form.locator('li.changed', { hasText: 'BASE-R2' })).toBeVisible();
	// the rulings a document's data rules declare are set here too (Inns & Cathedrals' IC-R1…R3)
	await form.locator('summary', { hasText: 'Inns & Cathedrals' }).click();
	await form.getByRole('combobox', { name: 'IC-R1' }).selectOption('no-inns');
	await form.getByRole('button', { name: 'Start the game' }).click();
	await expect(page).toHaveURL(/x=base%2Cinns-and-cathedrals|x=base,inns-and-cathedrals/);
	await expect(page).toHaveURL(/seed=42/);
	await expect(page).toHaveURL(/r=BASE-R2%3A1st|r=BASE-R2:1st/);
	await expect(page).toHaveURL(/IC-R1(%3A|:)no-inns/);
	await expect(page.getByTestId('score-2')).toBeVisible();
	const tileInHand = (p: typeof page) =>
		p.getByRole('heading', { name: /Tile in hand/ }).getAttribute('data-tile');
	const first = await tileInHand(page);
	await page.getByRole('tab', { name: /^Rulings/ }).click();
	await expect(
		page.locator('.rulings summary', { hasText: /^BASE-R2 = 1st \(changed\)/ })
	).toHaveCount(1);
	await expect(
		page.locator('.rulings summary', { hasText: /^IC-R1 = no-inns \(changed\)/ })
	).toHaveCount(1);
	// the same link in a fresh page: the same game start (same first tile)
	const url = page.url();
	const again = await page.context().newPage();
	await again.goto(url);
	await expect.poll(() => tileInHand(again)).toBe(first);
	expect((await gameShown(again)).players).toEqual(['Ann', 'Bob', 'Zoe']);
});

test('the abbey: its hole lit on the board instead of the draw, placed, then a monk on it', async ({
	page
}) => {
	// the game of scenario AM-5.1.1 up to Ann's turn: a hole at (0,-1), a tile still to draw
	const scenario = JSON.parse(
		readFileSync('scenarios/AM-5.1.1-abbey-placed-instead-of-a-tile.json', 'utf8')
	);
	const file = join(mkdtempSync(join(tmpdir(), 'sandbox-abbey-')), 'abbey.json');
	writeFileSync(
		file,
		JSON.stringify({ ...scenario.game, moves: scenario.game.moves.slice(0, 12) })
	);
	await page.goto('/sandbox');
	await page.getByLabel('Load a game record').setInputFiles(file);
	await expect(page.getByTestId('status')).toContainText('Loaded a game of 12 moves');
	expect(await stepKind(page)).toBe('abbey');
	await expect(page.getByRole('button', { name: 'Keep the abbey: draw a tile' })).toBeVisible();
	await chooseTarget(page, { type: 'abbey', x: 0, y: -1 });
	expect(await stepKind(page)).toBe('figure');
	await chooseTarget(page, { type: 'deploy', figure: 'follower', feature: 'm1' });
	// the abbey closed Ann's city cap: 1 tile × 2
	await expect(page.getByTestId('score-0')).toHaveText('2');
	const texts = await page.locator('.log .ev .text').allTextContents();
	expect(texts.some((t) => /Ann places their abbey in the hole at \(0,-1\)/.test(t))).toBe(true);
	if (process.env.ABBEY_SHOT) await page.screenshot({ path: process.env.ABBEY_SHOT });
});
