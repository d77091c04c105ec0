// Drives the sandbox as a player does, through its test hook (window.__sandbox): where the board
// draws cells and targets, the engine's options; placing by rotating and clicking, choosing a target;
// the CLI, for the sandbox's browser tests (console errors: the fixture in fixtures.ts).
import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';

export type Move = { type: string; [k: string]: unknown };

/** The page's test hook: where the board draws things (tests click there) and the engine's options. */
export const hook = {
	step: (page: Page) =>
		page.evaluate(
			() => (window as any).__sandbox.session.state.pending[0]?.kind as string | undefined
		),
	legal: (page: Page) => page.evaluate(() => (window as any).__sandbox.session.legal as Move[]),
	rotation: (page: Page) => page.evaluate(() => (window as any).__sandbox.rotation() as number),
	at: (page: Page) => page.evaluate(() => (window as any).__sandbox.session.at as number),
	moveAt: (page: Page, step: number) =>
		page.evaluate((i) => (window as any).__sandbox.session.record().moves[i] as Move, step),
	cell: (page: Page, x: number, y: number) =>
		page.evaluate(([x, y]) => (window as any).__sandbox.view.cellToClient(x, y), [x, y]),
	target: (page: Page, x: number, y: number, f?: string) =>
		page.evaluate(([x, y, f]) => (window as any).__sandbox.view.targetToClient(x, y, f), [
			x,
			y,
			f
		] as const)
};

export async function openSandbox(page: Page, query: string) {
	await page.goto(`/sandbox?${query}`);
	await expect(page.getByText(/must place the drawn tile|must pick the next tile/)).toBeVisible();
	await expect.poll(() => page.evaluate(() => !!(window as any).__sandbox?.view)).toBe(true);
}

/** Clicks the Fit button when a point is outside the board's box (as a player would pan or fit). */
export async function inView(page: Page, point: () => Promise<{ x: number; y: number }>) {
	const box = (await page.locator('.board').boundingBox())!;
	let p = await point();
	// on the board's box, and not under what is drawn over its edge (the hover line below it)
	const onBoard = await page.evaluate(
		([x, y]) => !!document.elementFromPoint(x, y)?.closest('.board'),
		[p.x, p.y]
	);
	if (
		!onBoard ||
		p.x < box.x + 10 ||
		p.y < box.y + 10 ||
		p.x > box.x + box.width - 10 ||
		p.y > box.y + box.height - 10
	) {
		await page.getByRole('button', { name: 'Fit' }).click();
		p = await point();
	}
	return p;
}

/** Places the tile in hand by turning it with the rotate button and clicking the cell. */
export async function placeByClicking(page: Page, move: Move) {
	for (let i = 0; i < 4 && (await hook.rotation(page)) !== move.rotation; i++)
		await page.getByRole('button', { name: /Rotate clockwise/ }).click();
	expect(await hook.rotation(page)).toBe(move.rotation);
	let at = await inView(page, () => hook.cell(page, move.x as number, move.y as number));
	// point at the cell until the hover line names it: a click lands where the pointer rests once the
	// page has settled (CI once clicked the neighbouring cell right after a Fit)
	await expect(async () => {
		at = await hook.cell(page, move.x as number, move.y as number);
		await page.mouse.move(at.x, at.y);
		await expect(page.getByTestId('hover')).toContainText(`(${move.x},${move.y}):`, {
			timeout: 500
		});
	}).toPass();
	const before = await hook.at(page);
	await page.mouse.click(at.x, at.y);
	await played(page, before, { type: 'place', x: move.x, y: move.y, rotation: move.rotation });
}

/** The move at step `before` is `move` (a bot may answer at once: a scarecrow, the next turn). */
async function played(page: Page, before: number, move: Partial<Move>) {
	await expect.poll(() => hook.at(page)).toBeGreaterThan(before);
	expect(await hook.moveAt(page, before)).toMatchObject(move);
}

export async function clickTarget(page: Page, move: Move) {
	const m = move as { x?: number; y?: number; feature?: string };
	const placed = await page.evaluate(() => {
		const s = (window as any).__sandbox.session.state;
		return { x: s.boardX[s.placed], y: s.boardY[s.placed] };
	});
	const at = await inView(page, () =>
		hook.target(page, m.x ?? placed.x, m.y ?? placed.y, m.feature)
	);
	const before = await hook.at(page);
	await page.mouse.click(at.x, at.y);
	// several moves on one target: the menu asks which one
	if (await page.getByRole('menu').isVisible())
		await page.locator(`[role=menuitem][data-move='${JSON.stringify(move)}']`).click();
	await played(page, before, move);
}

export const cli = (args: string[]) =>
	execFileSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		env: { ...process.env }
	});
