// Shared by the browser tests of the editor: the tile canvas's coordinates, the tile's JSON in
// Monaco driven as a person does (the keyboard, the clipboard, its find widget, the squiggles it
// draws), creating an expansion from the library, and a server of a test's own.
import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zoneCentre } from '../../src/lib/editor/zones.ts';

export const CANVAS = '[data-testid="tile-canvas"]';
/** The tile editor's Monaco. */
const MONACO = '[data-testid="json-editor"] .monaco-editor';

/** Page coordinates of a point given in the tile's 0..100 coordinates. */
export async function at(page: Page, x: number, y: number): Promise<[number, number]> {
	const box = (await page.locator(`${CANVAS} canvas`).first().boundingBox())!;
	return [box.x + (x / 100) * box.width, box.y + (y / 100) * box.height];
}
export async function clickPlace(page: Page, place: Parameters<typeof zoneCentre>[0]) {
	const [x, y] = zoneCentre(place);
	await page.mouse.click(...(await at(page, x, y)));
}
/** Focuses the tile's JSON in Monaco (its cursor stays where it was). */
async function focusJson(page: Page): Promise<void> {
	const monaco = page.locator(MONACO);
	if (await monaco.evaluate((m) => m.contains(document.activeElement))) return;
	await page.locator(`${MONACO} .view-lines`).click();
}
/** The text of the tile's JSON as Monaco copies it (select all, copy; the cursor goes to the start). */
export async function textOf(page: Page): Promise<string> {
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
	await focusJson(page);
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.press('ControlOrMeta+C');
	await page.keyboard.press('ControlOrMeta+Home');
	return page.evaluate(() => navigator.clipboard.readText());
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any path of the tile's JSON
export async function jsonOf(page: Page): Promise<Record<string, any>> {
	return JSON.parse(await textOf(page));
}
/** Pastes `text` over the whole JSON (select all, paste: Monaco takes it as it is, not as typing). */
export async function setJson(page: Page, text: string) {
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
	await page.evaluate((t) => navigator.clipboard.writeText(t), text);
	await focusJson(page);
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.press('ControlOrMeta+V');
}
/**
 * The lines Monaco draws an error squiggle on (Monaco's own schema check and our validator's
 * problems alike), read off its rendered lines page by page from the top (it renders only the
 * lines in view). The cursor ends at the start.
 */
export async function errorLines(page: Page): Promise<number[]> {
	await focusJson(page);
	await page.keyboard.press('ControlOrMeta+Home');
	const found = new Set<number>();
	for (let last = -1; ;) {
		const { lines, bottom } = await page.locator(MONACO).evaluate(async (m) => {
			await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
			// a line's squiggles and its number are drawn at the same height
			const numbers = new Map<string, number>();
			for (const line of m.querySelectorAll<HTMLElement>('.margin-view-overlays > div'))
				numbers.set(line.style.top, Number(line.querySelector('.line-numbers')?.textContent));
			return {
				lines: [...m.querySelectorAll<HTMLElement>('.view-overlays .squiggly-error')].map((s) =>
					numbers.get(s.parentElement!.style.top)!
				),
				bottom: Math.max(0, ...numbers.values())
			};
		});
		for (const l of lines) found.add(l);
		if (bottom === last) break;
		last = bottom;
		await page.keyboard.press('PageDown');
	}
	await page.keyboard.press('ControlOrMeta+Home');
	return [...found].sort((a, b) => a - b);
}
/** What Monaco's hover says over the first word `word` of the JSON (its problems there, or the schema's help). */
export async function hoverText(page: Page, word: string) {
	const span = page
		.locator(`${MONACO} .view-lines span`, { hasText: new RegExp(`^${word}$`) })
		.first();
	const hover = page.locator('.monaco-hover:visible');
	// Monaco shows its hover on a pointer move that comes to rest over the word: from away, again
	// until it shows (a pointer already resting there, or a scroll under it, shows none)
	await expect(async () => {
		await page.mouse.move(0, 0);
		await span.hover();
		await expect(hover).toBeVisible({ timeout: 3_000 });
	}).toPass({ timeout: 20_000 });
	return hover;
}
export async function openEditorReady(page: Page) {
	// Monaco and Konva load on the first visit: give them time on a busy machine
	await expect(page.locator(CANVAS)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
	await expect(page.locator('[data-testid="json-editor"]')).toHaveAttribute('data-ready', 'true', {
		timeout: 20_000
	});
}
export async function createExpansion(page: Page, id: string, name: string) {
	await page.goto('/');
	await expect(page.getByTestId('library-actions')).toHaveAttribute('data-hydrated', 'true');
	await page.getByTestId('new-expansion').click();
	await page.getByTestId('new-id').fill(id);
	await page.getByTestId('new-name').fill(name);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(new RegExp(`/expansions/${id}$`));
	await expect(page.getByTestId('expansion-page')).toBeVisible();
}

/**
 * Puts the cursor after the first `text` of the JSON as a person does: from the end, Monaco's find
 * widget (wrapping round to the first match), Escape (the match stays selected), then the right arrow.
 * False when the find finds none.
 */
export async function placeCursorAfter(page: Page, text: string): Promise<boolean> {
	await focusJson(page);
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.press('ControlOrMeta+F');
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(text);
	const count = page.locator(`${MONACO} .find-widget .matchesCount`);
	await expect(count).toHaveText(/^(1 of \d+|No results)$/);
	const found = (await count.textContent()) !== 'No results';
	await page.keyboard.press('Escape');
	if (found) await page.keyboard.press('ArrowRight');
	return found;
}
/** Puts an expansion file into the server's folder (valid or not: the library's way is tested elsewhere). */
export function putExpansion(doc: { id: string } & Record<string, unknown>): void {
	writeFileSync(
		join(process.env.EXPANSIONS_DIR!, `${doc.id}.json`),
		JSON.stringify(doc, null, '\t') + '\n'
	);
}

/**
 * Runs the built server on a port of its own with `dir` as the workspace, for `fn`: for a test
 * that reads or changes the whole library, which the tests on the other worker write to.
 */
export async function withServer(dir: string, fn: (base: string) => Promise<void>): Promise<void> {
	// far from E2E_PORT (other checkouts' servers take the ports next to it), one per worker
	const port = Number(process.env.E2E_PORT ?? 4173) + 1000 + test.info().parallelIndex;
	const server = spawn(process.execPath, ['build/index.js'], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EXPANSIONS_DIR: dir },
		stdio: 'ignore'
	});
	try {
		const base = `http://127.0.0.1:${port}/`;
		await expect(async () => expect((await fetch(base)).ok).toBe(true)).toPass({ timeout: 20_000 });
		await fn(base);
	} finally {
		server.kill();
	}
}

/**
 * The answers of the page's web workers (Monaco's JSON worker among them) to one method, held
 * while the test says so: Chromium's Worker wrapped before the app loads, each worker's requests
 * remembered by their id and method. `window.__workers` counts the answers delivered and held by
 * method; `hold(method)` and `release()` start and end the holding (the held answers are then
 * delivered in order).
 */
export async function holdableWorkers(page: Page): Promise<void> {
	await page.addInitScript(() => {
		type Message = { req?: string; seq?: string; method?: string; args?: unknown[] };
		const held: (() => void)[] = [];
		const count = { answered: {} as Record<string, number>, held: {} as Record<string, number> };
		let holding = '';
		const tally = (box: Record<string, number>, m: string) => (box[m] = (box[m] ?? 0) + 1);
		const workers = {
			count,
			hold: (method: string) => void (holding = method),
			release: () => {
				holding = '';
				for (const deliver of held.splice(0)) deliver();
			}
		};
		Object.assign(window, { __workers: workers });
		const Base = window.Worker;
		window.Worker = class extends Base {
			method = new Map<string, string>();
			postMessage(m: unknown, options?: Transferable[] | StructuredSerializeOptions) {
				const msg = m as Message | null;
				// a call of the language's worker is `$fmr` with the method's name first
				const name = msg?.method === '$fmr' ? msg.args?.[0] : msg?.method;
				if (msg?.req && typeof name === 'string') this.method.set(msg.req, name);
				super.postMessage(m, options as StructuredSerializeOptions);
			}
			set onmessage(fn: ((e: MessageEvent) => void) | null) {
				super.onmessage =
					fn &&
					((e: MessageEvent) => {
						const asked = this.method.get((e.data as Message | null)?.seq ?? '');
						const deliver = () => {
							if (asked) tally(count.answered, asked);
							fn.call(this, e);
						};
						if (!asked || asked !== holding) return deliver();
						tally(count.held, asked);
						held.push(deliver);
					});
			}
			get onmessage() {
				return super.onmessage;
			}
		};
	});
}

/** How many answers of the page's workers to requests of `method` were delivered (`answered`) or are held. */
export const workerAnswers = (page: Page, method: string, box: 'answered' | 'held' = 'answered') =>
	page.evaluate(
		([method, box]) =>
			(window as unknown as { __workers: { count: Record<string, Record<string, number>> } })
				.__workers.count[box][method] ?? 0,
		[method, box] as const
	);
