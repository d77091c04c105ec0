// The sandbox as a playtesting table, in Chromium against the real server: figure choices through
// the board's pop-up menu (mouse and keyboard) never stop the bots; a fan-mix game against a greedy
// and an MCTS bot (the bots think in a Web Worker), opened from a link at its middle and played by
// clicks to its end view, with a hint and the bots' alternatives in the log, equal to the CLI's replay; a reload and a link come back to the same step;
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
	poll,
	stepKind,
	stepShown,
	targetsShown,
	type Move
} from './sandbox-driver.ts';
import { availableExpansions } from '../../src/cli/files.ts';
import {
	apply,
	boardPieces,
	boardTiles,
	playRandomGame,
	recordOf,
	startGame,
	type Expansion,
	type Move as EngineMove
} from '../../src/lib/engine/index.ts';
import { createBot, parseBotSpec, type BotSpec } from '../../src/lib/bots/index.ts';
import { moverOf } from '../../src/lib/bots/estimate.ts';
import { decisionSeed } from '../../src/lib/sandbox/bots.ts';
import { encodeGameLink, GAME_PARAM, type SavedGame } from '../../src/lib/sandbox/saved-game.ts';
import type { SandboxSetup } from '../../src/lib/sandbox/setup.ts';
import { resolveSetup } from '../../src/lib/sandbox/start.ts';
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
	by: 'mouse' | 'keyboard',
	axe = false
) {
	const before = await stepShown(page);
	// the arrows go through the board's targets in the order the board lists them
	await page.locator('.board').focus();
	const { targets } = await targetsShown(page);
	const index = targets.findIndex((o) => o.x === t.x && o.y === t.y && o.feature === t.feature);
	for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowRight');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('menu')).toBeVisible();
	const items = page.getByRole('menuitem');
	await expect(items.first()).toBeFocused();
	if (axe) await expectAccessible(page, 'the sandbox with the figure menu open');
	// places in words ("Follower on the city, north"), never a feature's id
	for (const label of (await items.allTextContents()).slice(0, -1)) {
		expect(label).toMatch(/ on the (city|road|field|monastery|garden|inn|stable)\b/);
		expect(label).not.toMatch(/\b[a-z]\d+ of \(/);
	}
	if (by === 'keyboard') {
		// the menu's keys: down and up, End (Cancel), Home; the focus ring drawn inside the item
		await page.keyboard.press('ArrowDown');
		await expect(items.nth(1)).toBeFocused();
		const ring = await items
			.nth(1)
			.evaluate((b) => [getComputedStyle(b).outlineOffset, getComputedStyle(b).outlineWidth]);
		expect(parseFloat(ring[0]) + parseFloat(ring[1])).toBeLessThanOrEqual(0);
		await page.keyboard.press('End');
		await expect(items.last()).toHaveText('Cancel');
		await expect(items.last()).toBeFocused();
		await page.keyboard.press('Home');
		await expect(items.first()).toBeFocused();
		await page.keyboard.press('ArrowUp');
		await expect(items.last()).toBeFocused();
		await page.keyboard.press('ArrowDown');
		await expect(items.first()).toBeFocused();
	}
	if (by === 'mouse') await items.first().click();
	else await page.keyboard.press('Enter');
	await expect(page.getByRole('menu')).toBeHidden();
	await poll(() => stepShown(page)).toBeGreaterThan(before);
}

/**
 * How many of the log's entries are on screen whole, in the log's box, without scrolling the page
 * (the page itself does not scroll).
 */
async function readableLogEntries(page: Page): Promise<number> {
	await page.getByRole('tab', { name: /^Log/ }).click();
	return page.evaluate(() => {
		if (document.documentElement.scrollHeight > innerHeight + 1) return -1;
		const box = document.querySelector('.log ol')!.getBoundingClientRect();
		return [...document.querySelectorAll('.log ol > li')].filter((li) => {
			const r = li.getBoundingClientRect();
			return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight;
		}).length;
	});
}

/**
 * At Fit, every figure is at least 20 px on screen, and each player's figures show their colour:
 * as many pixels of it on the board as ~100 per figure of theirs (a thin, lying scarecrow too).
 */
async function figuresTold(page: Page) {
	await page.getByRole('button', { name: 'Fit' }).click();
	const state = await gameShown(page);
	expect(boardTiles(state).length).toBeGreaterThan(80);
	await expect
		.poll(async () => Number(await page.locator('.board').getAttribute('data-figure-px')))
		.toBeGreaterThanOrEqual(20);
	const shot = await boardShot(page);
	const pieces = boardPieces(state);
	for (let p = 0; p < 3; p++) {
		const mine = pieces.filter((pc) => pc.owner === p).length;
		if (!mine) continue;
		const hex = PLAYER_COLOURS[p].fill;
		const count = await page.evaluate(
			async ([b64, hex]) => {
				const img = await createImageBitmap(
					await (await fetch(`data:image/png;base64,${b64}`)).blob()
				);
				const c = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
				c.drawImage(img, 0, 0);
				const d = c.getImageData(0, 0, img.width, img.height).data;
				const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
				let n = 0;
				for (let i = 0; i < d.length; i += 4)
					if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 24) n++;
				return n;
			},
			[shot.toString('base64'), hex] as const
		);
		expect(count, `pixels of player ${p + 1}'s colour for ${mine} figures`).toBeGreaterThan(
			100 * mine
		);
	}
}

test('a figure chosen from the pop-up menu (mouse, then keyboard): the greedy bot plays on', async ({
	page
}) => {
	test.setTimeout(120_000);
	await openSandbox(page, 'x=inns-and-cathedrals&p=Ann~blue,Bob~orange~greedy&seed=7');
	await setPace(page, 'instant');
	for (const by of ['mouse', 'keyboard'] as const) {
		await poll(() => mover(page), { timeout: 30_000 }).toBe(0);
		await poll(() => stepKind(page)).toBe('place');
		const legal = await legalShown(page);
		await placeByClicking(page, legal[0]);
		const menuTarget = (await targetsShown(page)).targets.find((t) => t.moves.length > 1);
		expect(menuTarget, 'a target with several figures (follower, large meeple)').toBeTruthy();
		const at = await stepShown(page);
		await chooseFromMenu(page, menuTarget!, by, by === 'mouse');
		// Bob's turn (a tile, a figure or not) is played by his bot, and the game comes back to Ann
		await poll(() => mover(page), { timeout: 30_000 }).toBe(0);
		expect(await stepShown(page)).toBeGreaterThanOrEqual(at + 3);
		await expect(page.getByTestId('thinking')).toHaveCount(0);
	}
});

/** The fan-mix game: Ann at the table, Bob's seat played by the greedy bot, Cid's by MCTS. */
const FAN_MIX: SandboxSetup = {
	expansions: ['inns-and-cathedrals', 'bards', 'inn-and-stable-owners', 'messengers-and-mayors'],
	players: [
		{ name: 'Ann', colour: 'blue' },
		{ name: 'Bob', colour: 'orange', bot: 'greedy' },
		{ name: 'Cid', colour: 'green', bot: 'mcts:easy' }
	],
	seed: 3,
	rulings: {},
	free: false
};

/**
 * A link to the game of `setup` at the start of the person's (seat 0's) turn number `turns` + 1:
 * the bots' seats played by their bots as the page's bots decide (decisionSeed), the person's by
 * the greedy bot, drawing a tile at each turn (her town halls left for the end).
 */
function openingLink(setup: SandboxSetup, turns: number): { query: string; moves: number } {
	const { game } = resolveSetup(setup, availableExpansions());
	let { state } = startGame({ ...game!, quiet: true });
	const specs = setup.players.map((p) => parseBotSpec(p.bot ?? 'greedy') as BotSpec);
	for (let played = 0; !state.finished;) {
		const seat = moverOf(state);
		const kind = state.pending[0].kind;
		if (seat === 0 && kind === 'turn' && played++ === turns) break;
		const move: EngineMove =
			seat === 0 && kind === 'turn'
				? { type: 'draw' }
				: createBot(specs[seat], decisionSeed(state)).decide(state).move;
		const r = apply(state, move, { quiet: true });
		if (!r.ok) throw new Error(`the opening's move is refused: ${r.refusal.message}`);
		state = r.state;
	}
	const { result: _whole, ...record } = recordOf(state);
	const saved: SavedGame = { version: 1, setup, record, at: record.moves.length };
	return { query: `${GAME_PARAM}=${encodeGameLink(saved)}`, moves: record.moves.length };
}

test('a fan-mix game opened from a link at its middle, against a greedy and an MCTS bot to its end: figures through the menu, the end view names the winner, scores equal the CLI replay', async ({
	page
}) => {
	test.setTimeout(600_000); // a long game: on a shared machine, minutes
	// a laptop's window: board, hand, menus and the log all fit
	await page.setViewportSize({ width: 1280, height: 800 });
	// the first 22 of Ann's ~40 turns come from a link (the bots' moves as they decide them);
	// the rest of the game, from her 23rd turn to the end, is played here by clicks against the bots
	const opening = openingLink(FAN_MIX, 22);
	await page.goto(`/sandbox?${opening.query}`);
	await expect(page.locator('.board canvas').first()).toBeVisible({ timeout: 30_000 });
	await poll(() => lastStep(page), { timeout: 30_000 }).toBe(opening.moves);
	await setPace(page, 'instant');
	const kinds = new Set<string>();
	let menus = 0;
	let turns = 0;
	let told = false;
	for (let guard = 0; guard < 3000; guard++) {
		await poll(() => mover(page), { timeout: 120_000 }).not.toBeGreaterThan(0);
		if ((await mover(page)) === -1) break;
		const kind = (await stepKind(page))!;
		// axe at every step kind is the last test of this file (a game opened from a link); here on
		// the live table with its bots seated, and at the town hall, which that game does not meet
		// (the log without axe here: axe reads it whole, every entry of the game, at the end view)
		if (kinds.size === 0 || (kind === 'town-hall' && !kinds.has(kind)))
			await expectAccessible(page, `the sandbox at a ${kind} step`, undefined, '.log');
		kinds.add(kind);
		const legal = await legalShown(page);
		const before = await stepShown(page);
		if (kind === 'place') {
			if (turns === 12) expect(await readableLogEntries(page)).toBeGreaterThanOrEqual(10);
			// the figures told apart on a board of over 80 tiles
			if (!told && boardTiles(await gameShown(page)).length > 80) {
				await figuresTold(page);
				told = true;
			}
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
		await poll(() => stepShown(page)).toBeGreaterThan(before);
	}
	expect(told).toBe(true);
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
			await poll(() => stepShown(page)).toBeGreaterThan(before);
		}
	}
	// one step back on the timeline: the redo survives too
	await page.getByRole('button', { name: 'Undo' }).click();
	const at = await stepShown(page);
	const last = await lastStep(page);
	await page.reload();
	await poll(() => stepShown(page)).toBe(at);
	expect(await lastStep(page)).toBe(last);
	await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();

	// a closed tab: the sandbox offers the kept game
	await page.close();
	const again = await context.newPage();
	await again.goto('/sandbox');
	await again.getByRole('button', { name: 'Resume it' }).click();
	await poll(() => stepShown(again)).toBe(at);
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
	await poll(() => stepShown(other)).toBe(at);
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
	await poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(atStart + 6);
	await poll(() => mover(page)).toBe(0);
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
	await poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
	await setPace(page, 'slow');
	await setPace(page, 'instant');
	await poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
	await page.getByRole('button', { name: 'Pause bots' }).click();
	await expect(page.getByRole('button', { name: 'Resume bots' })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect(page.getByTestId('seat-thinking')).toHaveCount(0);
	const paused = await stepShown(page);
	await page.getByRole('button', { name: 'Resume bots' }).click();
	await poll(() => stepShown(page), { timeout: 30_000 }).toBeGreaterThan(paused + 4);
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
	// the link holds the game up to the last first step of a kind: the page replays no more than axe looks at
	const last = Math.max(...firstOf.values());
	const { result: _whole, ...record } = recordOf(state);
	const game: SavedGame = {
		version: 1,
		setup: {
			expansions: [...ids.slice(1), 'pig'],
			players: players.map((name, i) => ({ name, colour: PLAYER_COLOURS[i].id })),
			seed: 8,
			rulings: {},
			free: false
		},
		record: { ...record, moves: record.moves.slice(0, last) },
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
	await poll(() => lastStep(page), { timeout: 30_000 }).toBe(last);
	// the log grows by entries and keeps them: axe reads it at the last step, where it holds them all
	for (const [kind, at] of firstOf) {
		await page.getByLabel('Timeline').fill(String(at));
		await poll(() => stepKind(page)).toBe(kind);
		const log = at === last ? undefined : '.log';
		await expectAccessible(page, `the sandbox at a ${kind} step`, undefined, log);
	}
	console.log(`axe at step kinds: ${[...firstOf.keys()].join(', ')}`);
});

test('the town hall: its lit squares say what placing it there does, the term is one hover away; the only pass after it plays itself', async ({
	page
}) => {
	await page.goto('/sandbox?x=messengers-and-mayors&p=Ann~blue,Bob~orange&seed=1');
	await expect(page.locator('.board canvas').first()).toBeVisible({ timeout: 30_000 });
	await poll(() => stepKind(page)).toBe('turn');
	const panel = page.getByRole('region', { name: 'Your move' });
	await expect(panel).toContainText('Click a lit square on the board to place your town hall');
	await panel.getByRole('button', { name: 'town hall' }).hover();
	await expect(panel.getByRole('tooltip')).toBeVisible();
	await expect(panel.getByRole('tooltip')).toContainText('MM-HALL-1');
	await expectAccessible(page, 'the sandbox at the town hall');
	// the keyboard on a lit square: what placing the town hall there does
	await page.locator('.board').focus();
	const hover = page.getByTestId('hover');
	for (let i = 0; i < 8 && !((await hover.textContent()) ?? '').includes('borders'); i++)
		await page.keyboard.press('ArrowRight');
	await expect(hover).toContainText(/^Town hall at \(-?\d+,-?\d+\) — /);
	await expect(hover).toContainText('Place your town hall here instead of drawing a tile');
	await expect(hover).toContainText(/it borders the (city|road) to the (north|east|south|west)/);
	await page.keyboard.press('Enter');
	// placed; the figure step after it has only the pass: played by itself, said in the log
	await poll(() => stepShown(page)).toBeGreaterThanOrEqual(2);
	const auto = page.getByTestId('auto-played');
	await expect(auto).toHaveCount(1);
	await expect(page.locator('.log li').filter({ has: auto })).toContainText('places no figure');
	expect(await mover(page)).toBe(1);
	// undo: back to Ann's decision, past the move that made itself
	await page.getByRole('button', { name: 'Undo' }).click();
	await poll(() => stepShown(page)).toBe(0);
	await expect(auto).toHaveCount(0);
});
