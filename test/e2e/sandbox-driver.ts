// Drives the sandbox as a player does, through what the page shows: the step from the timeline's
// slider, the game itself from the record the page keeps in the browser's storage (replayed by the
// engine here, in the test), cells found by pointing at them (the hover line names the cell under
// the pointer), targets chosen with the keyboard (the arrows go through them, the hover line names
// their moves); the CLI, for the sandbox's browser tests (console errors: the fixture in fixtures.ts).
import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { availableExpansions } from '../../src/cli/files.ts';
import {
	apply,
	legalMoves,
	replay,
	setupFromRecord,
	type Expansion,
	type GameSetup,
	type GameState,
	type Move as EngineMove
} from '../../src/lib/engine/index.ts';
import { draftKey } from '../../src/lib/editor/drafts.ts';
import { moveLabel } from '../../src/lib/sandbox/moves.ts';
import { boardTargets } from '../../src/lib/sandbox/scene.ts';
import { SAVED_GAME_KEY, type SavedGame } from '../../src/lib/sandbox/saved-game.ts';

/**
 * How often a poll of the page looks again (ms): a step or a bot's move shows within a frame or
 * two, and Playwright's default ([100, 250, 500, 1000]) waited up to a second for each of the
 * thousand steps a whole game takes.
 */
export const QUICK = [20, 50, 100, 200];

/** `expect.poll` looking again at the pace of QUICK. */
export const poll = <T>(fn: () => Promise<T> | T, options: { timeout?: number } = {}) =>
	expect.poll(fn, { intervals: QUICK, ...options });

/** A move as the tests read its fields (the engine's moves, any kind). */
export type Move = { type: string; [k: string]: unknown };

const timeline = (page: Page) => page.getByLabel('Timeline');

/** The timeline step shown (the slider's value). */
export const stepShown = async (page: Page): Promise<number> =>
	Number(await timeline(page).inputValue());

/** The timeline's last step (the slider's maximum). */
export const lastStep = async (page: Page): Promise<number> =>
	Number(await timeline(page).getAttribute('max'));

/** The game the page keeps in this browser, once it is written for the step shown (and its text). */
export async function keptGame(page: Page): Promise<SavedGame> {
	return (await readKept(page)).game;
}

async function readKept(page: Page): Promise<{ game: SavedGame; text: string }> {
	let kept: SavedGame | null = null;
	let keptText = '';
	await expect(async () => {
		const [text, at, last] = await Promise.all([
			page.evaluate((k) => localStorage.getItem(k), SAVED_GAME_KEY),
			stepShown(page),
			lastStep(page)
		]);
		kept = text ? (JSON.parse(text) as SavedGame) : null;
		keptText = text ?? '';
		expect(kept?.at).toBe(at);
		expect(kept?.record.moves.length).toBe(last);
	}).toPass({ timeout: 10_000, intervals: QUICK });
	return { game: kept!, text: keptText };
}

/**
 * The last game replayed: by the text it was kept as (a test asks several questions of one step),
 * its setup's part of that text and its moves, so the next step replays only the moves added.
 */
let replayed: { key: string; head: string; moves: string[]; state: GameState } | null = null;

let docs = availableExpansions();

/** The engine's state at the step shown: the page's kept record replayed here. */
export async function gameShown(page: Page): Promise<GameState> {
	const { game: kept, text } = await readKept(page);
	if (kept.record.expansions.some((e) => !docs.has(e.id))) docs = availableExpansions();
	// the designer's unsaved draft, played in place of its stored document (?draft=<id>)
	const draftId = new URL(page.url()).searchParams.get('draft');
	const draft = draftId
		? (JSON.parse(
				(await page.evaluate((k) => localStorage.getItem(k), draftKey(draftId))) ?? 'null'
			)?.doc as Expansion | undefined)
		: undefined;
	const key = `${JSON.stringify(draft ?? null)}\n${text}`;
	if (replayed?.key === key) return replayed.state;
	const lookup = (id: string) => (draft?.id === id ? draft : docs.get(id));
	const { setup, moves, errors } = setupFromRecord(kept.record, lookup);
	if (!setup) throw new Error(`the kept game does not set up: ${errors.join('; ')}`);
	const wanted = moves.slice(0, kept.at);
	// the record but its moves and its result (the scores so far): the same game as the last one replayed?
	const head = JSON.stringify([draft ?? null, { ...kept.record, moves: [], result: null }]);
	const texts = wanted.map((m) => JSON.stringify(m));
	const from = replayed?.head === head && replayed.moves.every((t, i) => t === texts[i]);
	const state = from
		? onFrom(replayed!.state, wanted.slice(replayed!.moves.length))
		: replayFrom(setup, wanted);
	replayed = { key, head, moves: texts, state };
	return state;
}

function replayFrom(setup: GameSetup, moves: EngineMove[]): GameState {
	const r = replay(setup, moves, { quiet: true });
	if (r.error) throw new Error(`the kept game does not replay: ${r.error.refusal.message}`);
	return r.state;
}

/** The moves applied on from a state replayed before (a copy each: a test may still hold it). */
function onFrom(state: GameState, moves: EngineMove[]): GameState {
	for (const m of moves) {
		const r = apply(state, m, { mutate: false, quiet: true, keepRedo: false, final: true });
		if (!r.ok) throw new Error(`the kept game does not replay: ${r.refusal.message}`);
		state = r.state;
	}
	return state;
}

/** The engine's options at the step shown. */
export const legalShown = async (page: Page): Promise<Move[]> =>
	legalMoves(await gameShown(page)).map((m): Move => ({ ...m }));

/** The kind of step to decide (place, figure, …), none at the game's end. */
export async function stepKind(page: Page): Promise<string | undefined> {
	const s = await gameShown(page);
	return s.finished ? undefined : s.pending[0]?.kind;
}

/** The seat to decide, as the turn line names it (its badge's number − 1); -1 at the game's end. */
export async function moverShown(page: Page): Promise<number> {
	const turn = page.locator('.turn');
	if ((await turn.textContent())?.includes('Game over.')) return -1;
	return Number(await turn.locator('.seat').first().textContent()) - 1;
}

/** The board's targets of the step shown (the moves grouped by where they point), as the board groups them. */
export async function targetsShown(page: Page) {
	const state = await gameShown(page);
	const targets = boardTargets(legalMoves(state), state).map((t) => ({
		...t,
		moves: t.moves.map((m): Move => ({ ...m }))
	}));
	return { state, targets };
}

/** The rotation of the tile in hand, as its picture says. */
export async function rotationShown(page: Page): Promise<number> {
	const alt = await page.getByRole('img', { name: /^Tile .*, rotation \d$/ }).getAttribute('alt');
	return Number(/rotation (\d)$/.exec(alt ?? '')?.[1]);
}

export async function openSandbox(page: Page, query: string) {
	await page.goto(`/sandbox?${query}`);
	await boardReady(page);
}

/** The step is shown and the board is drawn. */
export async function boardReady(page: Page) {
	await expect(page.getByText(/must place the drawn tile|must pick the next tile/)).toBeVisible();
	await expect(page.locator('.board canvas').first()).toBeVisible();
}

/** The cell named first in the hover line, if any. */
async function hoveredCell(page: Page): Promise<[number, number] | null> {
	const text = (await page.getByTestId('hover').textContent()) ?? '';
	const m = /^\s*\((-?\d+),(-?\d+)\)/.exec(text);
	return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Points at `p` and reads the cell the hover line names there (after the page has drawn). */
async function cellUnder(page: Page, p: { x: number; y: number }) {
	await page.mouse.move(p.x, p.y);
	await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
	return hoveredCell(page);
}

/**
 * Page coordinates of cell (x, y), found as a player finds it: point at the board, read which cell
 * the hover line names, and move towards the wanted one (Fit first when it is out of the board's
 * view). The hover line names any cell while a tile is in hand, and tiles on the board otherwise.
 * A cell's size on screen is read from how many cells the board's width spans, so the pointer jumps
 * cell by cell; where that reading is not possible (or a jump comes back to a cell it left), it walks.
 */
/** `p` moved into the box, 7 px from its edges (a cell at the edge may be partly in view). */
const clampTo = (
	box: { x: number; y: number; width: number; height: number },
	p: { x: number; y: number }
) => ({
	x: Math.min(Math.max(p.x, box.x + 7), box.x + box.width - 7),
	y: Math.min(Math.max(p.y, box.y + 7), box.y + box.height - 7)
});

export async function cellPoint(
	page: Page,
	x: number,
	y: number
): Promise<{ x: number; y: number }> {
	for (let attempt = 0; attempt < 2; attempt++) {
		const box = (await page.locator('.board').boundingBox())!;
		const inside = (p: { x: number; y: number }) =>
			p.x > box.x + 6 &&
			p.y > box.y + 6 &&
			p.x < box.x + box.width - 6 &&
			p.y < box.y + box.height - 6;
		const middle = box.y + box.height / 2;
		const [left, right] = [
			await cellUnder(page, { x: box.x + 10, y: middle }),
			await cellUnder(page, { x: box.x + box.width - 10, y: middle })
		];
		let size = left && right && right[0] > left[0] ? (box.width - 20) / (right[0] - left[0]) : 0;
		let p = { x: box.x + box.width / 2, y: middle };
		let c = await cellUnder(page, p);
		const seen = new Set<string>();
		for (let i = 0; i < 400 && c && inside(p); i++) {
			if (c[0] === x && c[1] === y) return p;
			const [dx, dy] = [x - c[0], y - c[1]];
			if (size && seen.has(`${c}`)) size = 0; // jumped back: walk from here
			seen.add(`${c}`);
			p = size
				? clampTo(box, { x: p.x + dx * size, y: p.y + dy * size })
				: { x: p.x + Math.sign(dx) * 8, y: p.y + Math.sign(dy) * 8 };
			c = await cellUnder(page, p);
		}
		await page.getByRole('button', { name: 'Fit' }).click();
	}
	throw new Error(`cell (${x},${y}) is not found on the board`);
}

/** Places the tile in hand by turning it with the rotate button and clicking the cell. */
export async function placeByClicking(page: Page, move: Move) {
	const m = move as unknown as { x: number; y: number; rotation: number };
	for (let i = 0; i < 4 && (await rotationShown(page)) !== m.rotation; i++)
		await page.getByRole('button', { name: /Rotate clockwise/ }).click();
	expect(await rotationShown(page)).toBe(m.rotation);
	const at = await cellPoint(page, m.x, m.y);
	await expect(page.getByTestId('hover')).toContainText(`(${m.x},${m.y}): the tile fits here`);
	const before = await stepShown(page);
	await page.mouse.click(at.x, at.y);
	await played(page, before, { type: 'place', x: m.x, y: m.y, rotation: m.rotation });
}

/** The move at step `before` is `move` (a bot may answer at once: a scarecrow, the next turn). */
async function played(page: Page, before: number, move: Partial<Move>) {
	await poll(() => stepShown(page)).toBeGreaterThan(before);
	expect((await keptGame(page)).record.moves[before]).toMatchObject(move);
}

/**
 * Plays a move of a board target with the keyboard: the arrows go through the step's targets until
 * the hover line names the move, Enter takes it (from the menu when the target has several).
 */
export async function chooseTarget(page: Page, move: Move | EngineMove) {
	const label = moveLabel(move as unknown as EngineMove, await gameShown(page));
	const before = await stepShown(page);
	await page.locator('.board').focus();
	const hover = page.getByTestId('hover');
	let found = false;
	for (let i = 0; i < 60 && !found; i++) {
		await page.keyboard.press('ArrowRight');
		// the labels of the target's moves (after a dash, what placing on a whole cell does)
		found = ((await hover.textContent()) ?? '').split(' — ')[0].split(' / ').includes(label);
	}
	expect(found, `a target offers "${label}"`).toBe(true);
	await page.keyboard.press('Enter');
	if (await page.getByRole('menu').isVisible())
		await page.locator(`[role=menuitem][data-move='${JSON.stringify(move)}']`).click();
	await played(page, before, move as Move);
}

/** The mean difference of two screenshots' pixels, 0 (same) to 1, measured in the page's own canvas. */
export function differ(page: Page, a: Buffer, b: Buffer): Promise<number> {
	return page.evaluate(
		async ([a, b]) => {
			const pixels = async (b64: string) => {
				const img = await createImageBitmap(
					await (await fetch(`data:image/png;base64,${b64}`)).blob()
				);
				const c = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
				c.drawImage(img, 0, 0);
				return c.getImageData(0, 0, img.width, img.height).data;
			};
			const [p, q] = [await pixels(a), await pixels(b)];
			if (p.length !== q.length) return 1;
			let sum = 0;
			for (let i = 0; i < p.length; i++) sum += Math.abs(p[i] - q[i]);
			return sum / p.length / 255;
		},
		[a.toString('base64'), b.toString('base64')] as const
	);
}

/**
 * A picture of the board once it has come to rest (two pictures in a row alike), the pointer away
 * from it (over a cell it draws the tile in hand there).
 */
export async function boardShot(page: Page): Promise<Buffer> {
	await page.mouse.move(0, 0);
	const board = page.locator('.board');
	let last = await board.screenshot();
	for (let i = 0; i < 20; i++) {
		await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
		const next = await board.screenshot();
		if ((await differ(page, next, last)) === 0) return next;
		last = next;
	}
	return last;
}

export const cli = (args: string[]) =>
	execFileSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		env: { ...process.env }
	});
