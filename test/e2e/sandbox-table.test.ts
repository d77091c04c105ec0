// The sandbox as a playtesting table, in Chromium against the real server: figure choices through
// the board's pop-up menu (mouse and keyboard) never stop the bots; a whole fan-mix game against a
// greedy and an MCTS bot (the bots think in a Web Worker) to its end view, with a hint and the bots'
// alternatives in the log, equal to the CLI's replay; a reload and a link come back to the same step;
// undo against bots takes back the person's move; axe at every step kind.
import { test, expect, expectAccessible } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	boardShot,
	cellPoint,
	chooseTarget,
	cli,
	differ,
	gameShown,
	lastStep,
	legalShown,
	moverShown as mover,
	openSandbox,
	placeByClicking,
	stepKind,
	stepShown,
	targetsShown,
	type Move
} from './sandbox-driver.ts';
import { availableExpansions } from '../../src/cli/files.ts';
import {
	boardTiles,
	playRandomGame,
	recordOf,
	type Expansion
} from '../../src/lib/engine/index.ts';
import { encodeGameLink, GAME_PARAM, type SavedGame } from '../../src/lib/sandbox/saved-game.ts';
import { PLAYER_COLOURS } from '../../src/lib/sandbox/palette.ts';

// independent tests (a page each): spread over the workers, the long game beside the rest
test.describe.configure({ mode: 'parallel' });

async function setPace(page: Page, pace: string) {
	await page.getByLabel('Bot speed').selectOption(pace);
}

/** Chooses the first move of a target with several moves through the pop-up menu (its item clicked, or Enter). */
async function chooseFromMenu(
	page: Page,
	t: { x: number; y: number; feature?: string; moves: Move[] },
	by: 'mouse' | 'keyboard'
) {
	const before = await stepShown(page);
	// the arrows go through the board's targets in the order the board lists them
	await page.locator('.board').focus();
	const { targets } = await targetsShown(page);
	const index = targets.findIndex((o) => o.x === t.x && o.y === t.y && o.feature === t.feature);
	for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowRight');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('menu')).toBeVisible();
	await expect(page.getByRole('menuitem').first()).toBeFocused();
	if (by === 'mouse') await page.getByRole('menuitem').first().click();
	else await page.keyboard.press('Enter');
	await expect(page.getByRole('menu')).toBeHidden();
	await expect.poll(() => stepShown(page)).toBeGreaterThan(before);
}

test('a figure chosen from the pop-up menu (mouse, then keyboard): the greedy bot plays on', async ({
	page
}) => {
	test.setTimeout(120_000);
	await openSandbox(page, 'x=inns-and-cathedrals&p=Ann~blue,Bob~orange~greedy&seed=7');
	await setPace(page, 'instant');
	for (const by of ['mouse', 'keyboard'] as const) {
		await expect.poll(() => mover(page), { timeout: 30_000 }).toBe(0);
		await expect.poll(() => stepKind(page)).toBe('place');
		const legal = await legalShown(page);
		await placeByClicking(page, legal[0]);
		const menuTarget = (await targetsShown(page)).targets.find((t) => t.moves.length > 1);
		expect(menuTarget, 'a target with several figures (follower, large meeple)').toBeTruthy();
		const at = await stepShown(page);
		await chooseFromMenu(page, menuTarget!, by);
		// Bob's turn (a tile, a figure or not) is played by his bot, and the game comes back to Ann
		await expect.poll(() => mover(page), { timeout: 30_000 }).toBe(0);
		expect(await stepShown(page)).toBeGreaterThanOrEqual(at + 3);
		await expect(page.getByTestId('thinking')).toHaveCount(0);
	}
});

test('a fan-mix game against a greedy and an MCTS bot to its end: figures through the menu, the end view names the winner, scores equal the CLI replay', async ({
	page
}) => {
	test.setTimeout(600_000);
	await page.goto(
		'/sandbox?x=inns-and-cathedrals,bards,inn-and-stable-owners,messengers-and-mayors&p=Ann~blue,Bob~orange~greedy,Cid~green~mcts:easy&seed=3'
	);
	await expect(page.locator('.board canvas').first()).toBeVisible();
	await setPace(page, 'instant');
	const kinds = new Set<string>();
	let menus = 0;
	let turns = 0;
	for (let guard = 0; guard < 3000; guard++) {
		await expect.poll(() => mover(page), { timeout: 120_000 }).not.toBeGreaterThan(0);
		if ((await mover(page)) === -1) break;
		const kind = (await stepKind(page))!;
		// axe at every step kind is the last test of this file (a game opened from a link); here on
		// the live table with its bots seated, and at the town hall, which that game does not meet
		if (kinds.size === 0 || (kind === 'town-hall' && !kinds.has(kind)))
			await expectAccessible(page, `the sandbox at a ${kind} step`);
		kinds.add(kind);
		const legal = await legalShown(page);
		const before = await stepShown(page);
		if (kind === 'place') {
			if (turns === 3) {
				// a hint: what each bot would do here, and what it weighed
				await page.getByRole('button', { name: 'Hint' }).click();
				const hints = page.getByTestId('hints').getByRole('listitem');
				await expect(hints).toHaveCount(2, { timeout: 60_000 });
				await expect(hints.first()).toContainText(
					/greedy would Place at \(-?\d+,-?\d+\), rotation \d/
				);
				await expect(hints.nth(1)).toContainText(
					/mcts:medium would Place at .* simulations, win \d+ %/
				);
			}
			await placeByClicking(page, legal[turns % legal.length]);
			turns++;
			continue;
		}
		const { targets: all } = await targetsShown(page);
		const several = all.find((t) => t.moves.length > 1);
		if (several) {
			await chooseFromMenu(page, several, menus++ % 2 ? 'keyboard' : 'mouse');
			continue;
		}
		const button = page.locator('.moves button').first();
		if (await button.isVisible()) await button.click();
		else await chooseTarget(page, all[0].moves[0]);
		await expect.poll(() => stepShown(page)).toBeGreaterThan(before);
	}
	expect(menus).toBeGreaterThan(6);
	expect(turns).toBeGreaterThan(15);
	expect(kinds).toContain('town-hall');
	// the end: the winner named, a ranking, the decisive scorings
	const end = page.getByTestId('game-over');
	await expect(end).toBeVisible();
	const scores = await Promise.all(
		[0, 1, 2].map(async (i) => Number(await page.getByTestId(`score-${i}`).textContent()))
	);
	const best = Math.max(...scores);
	const winners = ['Ann', 'Bob', 'Cid'].filter((_, i) => scores[i] === best);
	await expect(end.getByRole('heading', { level: 2 })).toContainText(
		winners.length === 1 ? `${winners[0]} wins with ${best} points` : 'share the win'
	);
	await expect(end.getByRole('listitem').filter({ hasText: /^1st/ }).first()).toBeVisible();
	await expectAccessible(page, 'the end view');
	// the bots' moves carry what they weighed (greedy: values; MCTS: simulations and win rates)
	const notes = page.getByTestId('bot-note');
	expect(await notes.count()).toBeGreaterThan(30);
	await expect(
		notes
			.filter({ hasText: /Bob \(greedy\)/ })
			.filter({ hasText: /value -?\d/ })
			.first()
	).toBeAttached();
	await expect(
		notes
			.filter({ hasText: /Cid \(mcts:easy\)/ })
			.filter({ hasText: /simulations, win \d+ %/ })
			.first()
	).toBeAttached();
	// the score bars are drawn, with a height
	const bar = await page.locator('.track .fill').nth(scores.indexOf(best)).boundingBox();
	expect(bar!.height).toBeGreaterThan(4);
	expect(bar!.width).toBeGreaterThan(4);

	// a final scoring shown on the board: the board draws its feature and figures highlighted
	await page.getByRole('button', { name: 'Look at the board' }).click();
	const plainEnd = await boardShot(page);
	await page.locator('.finals button').first().click();
	expect(await differ(page, await boardShot(page), plainEnd)).toBeGreaterThan(0.0005);
	await page.getByLabel('Timeline').fill('10');
	await page.getByRole('button', { name: 'Back to the game' }).click();
	await expect(page.locator('.finals li').nth(9)).toContainText(/^10\./);

	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Save record' }).click();
	const file = join(mkdtempSync(join(tmpdir(), 'sandbox-table-')), 'game.json');
	await (await download).saveAs(file);
	const replayed = JSON.parse(cli(['replay', file, '--json']));
	expect(replayed.finished).toBe(true);
	expect(scores).toEqual([replayed.scores.Ann, replayed.scores.Bob, replayed.scores.Cid]);
	expect(JSON.parse(readFileSync(file, 'utf8')).moves.length).toBeGreaterThan(100);
	console.log(
		`fan mix: ${turns} turns by the person, ${menus} menu choices, step kinds ${[...kinds].join(', ')}, scores ${scores.join(':')}`
	);
});

test('a reload, a closed tab and a link come back to the same step', async ({ page, context }) => {
	test.setTimeout(120_000);
	await openSandbox(page, 'x=base&p=Ann~blue,Bob~orange&seed=4');
	for (let i = 0; i < 6; i++) {
		const legal = await legalShown(page);
		if ((await stepKind(page)) === 'place') await placeByClicking(page, legal[0]);
		else {
			const before = await stepShown(page);
			await page.getByRole('button', { name: 'Pass (no figure)' }).click();
			await expect.poll(() => stepShown(page)).toBe(before + 1);
		}
	}
	// one step back on the timeline: the redo survives too
	await page.getByRole('button', { name: 'Undo' }).click();
	const at = await stepShown(page);
	const last = await lastStep(page);
	await page.reload();
	await expect.poll(() => stepShown(page)).toBe(at);
	expect(await lastStep(page)).toBe(last);
	await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();

	// a closed tab: the sandbox offers the kept game
	await page.close();
	const again = await context.newPage();
	await again.goto('/sandbox');
	await again.getByRole('button', { name: 'Resume it' }).click();
	await expect.poll(() => stepShown(again)).toBe(at);
	await expect(again).toHaveURL(/x=base/);

	// a link carries the whole game: it opens in a browser that has never seen it
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await again.getByRole('button', { name: 'Copy link' }).click();
	const link = await again.evaluate(() => navigator.clipboard.readText());
	expect(link).toMatch(/\/sandbox\?g=/);
	const other = await (
		await context.browser()!.newContext({ baseURL: new URL(link).origin })
	).newPage();
	await other.goto(link);
	await expect.poll(() => stepShown(other)).toBe(at);
	expect(await lastStep(other)).toBe(last);
	await expect(other).toHaveURL(/x=base/);
	await other.context().close();
});

test('undo against two bots takes back the person’s move in one click; the timeline inspects a bot’s step without the bots playing', async ({
	page
}) => {
	test.setTimeout(120_000);
	await openSandbox(page, 'x=base&p=Ann~blue,Bob~orange~greedy,Cid~green~random&seed=9');
	await setPace(page, 'instant');
	// Ann's first turn: place, then pass
	const atStart = await stepShown(page);
	await placeByClicking(page, (await legalShown(page))[0]);
	await page.getByRole('button', { name: 'Pass (no figure)' }).click();
	// both bots play, and it is Ann's turn again
	await expect.poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(atStart + 6);
	await expect.poll(() => mover(page)).toBe(0);
	// one click: back to Ann's last decision (her figure), not into a bot's turn
	await page.getByRole('button', { name: 'Undo' }).click();
	expect(await stepShown(page)).toBe(atStart + 1);
	expect(await stepKind(page)).toBe('figure');
	expect(await mover(page)).toBe(0);
	// and once more: her tile
	await page.getByRole('button', { name: 'Undo' }).click();
	expect(await stepShown(page)).toBe(atStart);
	expect(await stepKind(page)).toBe('place');
	// the bots do not play while Ann decides again
	await page.waitForFunction(() => !document.querySelector('[data-testid=seat-thinking]'));
	expect(await stepShown(page)).toBe(atStart);

	// redo: to Ann's next decision (her figure), then to the game as it stands
	await page.getByRole('button', { name: 'Redo' }).click();
	expect(await stepShown(page)).toBe(atStart + 1);
	await page.getByRole('button', { name: 'Redo' }).click();
	// the timeline at a bot's step: inspection, the bots wait; back to the game resumes it
	const end = await lastStep(page);
	expect(await stepShown(page)).toBe(end);
	await page.getByLabel('Timeline').fill(String(atStart + 3));
	await expect(page.getByText(/Looking back at Bob \(greedy\)'s decision/)).toBeVisible();
	expect(await lastStep(page)).toBe(end);
	await page.getByRole('button', { name: 'Back to the game' }).click();
	expect(await stepShown(page)).toBe(end);
	// a refusal's message floats over the board: the board keeps its size
	const box = await page.locator('.board').boundingBox();
	// a click on a cell that touches no tile
	expect(await stepKind(page)).toBe('place');
	const far = Math.max(...boardTiles(await gameShown(page)).map((t) => t.x)) + 2;
	const at = await cellPoint(page, far, 0);
	await page.mouse.click(at.x, at.y);
	await expect(page.getByTestId('status')).toContainText('Refused');
	expect(await page.locator('.board').boundingBox()).toEqual(box);
});

test('the bots’ pace: a change of speed while a bot waits, a pause and a resume', async ({
	page
}) => {
	test.setTimeout(120_000);
	await page.goto('/sandbox?x=base&p=Bob~orange~greedy,Cid~green~random&seed=2');
	await expect.poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
	await setPace(page, 'slow');
	await setPace(page, 'instant');
	await expect.poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
	await page.getByRole('button', { name: 'Pause bots' }).click();
	await expect(page.getByRole('button', { name: 'Resume bots' })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect(page.getByTestId('seat-thinking')).toHaveCount(0);
	const paused = await stepShown(page);
	await page.getByRole('button', { name: 'Resume bots' }).click();
	await expect.poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThan(paused + 4);
});

test('axe at every step kind of a game of every fan expansion, the dragon and the pig, opened from a link', async ({
	page
}) => {
	test.setTimeout(180_000);
	// a seeded game played by the engine's random player; the first step of each kind is where axe looks
	const docs = availableExpansions();
	const ids = [
		'base',
		'inns-and-cathedrals',
		'dragon',
		'bards',
		'inn-and-stable-owners',
		'buddo',
		'messengers-and-mayors'
	];
	const players = ['Ann', 'Bob', 'Cid'];
	const firstOf = new Map<string, number>();
	let n = 0;
	const { state } = playRandomGame(
		{ expansions: ids.map((id) => docs.get(id) as Expansion), modules: ['pig'], players, seed: 8 },
		{
			onMove: (s) => void (firstOf.has(s.pending[0].kind) || firstOf.set(s.pending[0].kind, n), n++)
		}
	);
	const game: SavedGame = {
		version: 1,
		setup: {
			expansions: [...ids.slice(1), 'pig'],
			players: players.map((name, i) => ({ name, colour: PLAYER_COLOURS[i].id })),
			seed: 8,
			rulings: {},
			free: false
		},
		record: recordOf(state),
		at: 0
	};
	expect([...firstOf.keys()]).toEqual(
		expect.arrayContaining([
			'turn',
			'place',
			'figure',
			'note',
			'dragon',
			'mayor',
			'scarecrow',
			'messenger'
		])
	);
	await page.goto(`/sandbox?${GAME_PARAM}=${encodeGameLink(game)}`);
	await expect.poll(() => lastStep(page)).toBe(state.log.length);
	for (const [kind, at] of firstOf) {
		await page.getByLabel('Timeline').fill(String(at));
		await expect.poll(() => stepKind(page)).toBe(kind);
		await expectAccessible(page, `the sandbox at a ${kind} step`);
	}
	console.log(`axe at step kinds: ${[...firstOf.keys()].join(', ')}`);
});
