// Shared by the browser tests of the editor: the tile canvas's coordinates, the JSON editor's test
// hook (window.__tileEditor, set by the tile editor page) and creating an expansion from the library.
import { expect, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zoneCentre } from '../../src/lib/editor/zones.ts';

export const CANVAS = '[data-testid="tile-canvas"]';
export type Hook = {
	handle?: {
		getValue(): string;
		setValue(t: string): void;
		markers(): { message: string; startLineNumber: number; owner: string; severity: number }[];
		placeCursorAfter(text: string): boolean;
	};
};

/** Page coordinates of a point given in the tile's 0..100 coordinates. */
export async function at(page: Page, x: number, y: number): Promise<[number, number]> {
	const box = (await page.locator(`${CANVAS} canvas`).first().boundingBox())!;
	return [box.x + (x / 100) * box.width, box.y + (y / 100) * box.height];
}
export async function clickPlace(page: Page, place: Parameters<typeof zoneCentre>[0]) {
	const [x, y] = zoneCentre(place);
	await page.mouse.click(...(await at(page, x, y)));
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any path of the tile's JSON
export async function jsonOf(page: Page): Promise<Record<string, any>> {
	return JSON.parse(
		await page.evaluate(() =>
			(window as unknown as { __tileEditor: Hook }).__tileEditor.handle!.getValue()
		)
	);
}
export async function setJson(page: Page, text: string) {
	await page.evaluate(
		(t) => (window as unknown as { __tileEditor: Hook }).__tileEditor.handle!.setValue(t),
		text
	);
}
export async function markers(page: Page) {
	return page.evaluate(() =>
		(window as unknown as { __tileEditor: Hook }).__tileEditor.handle!.markers()
	);
}
export async function openEditorReady(page: Page) {
	// Monaco and Konva load on the first visit: give them time on a busy machine
	await expect(page.locator(CANVAS)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
	await expect(page.locator('[data-testid="json-editor"]')).toHaveAttribute('data-ready', 'true', {
		timeout: 20_000
	});
	await page.waitForFunction(
		() => !!(window as unknown as { __tileEditor?: Hook }).__tileEditor?.handle
	);
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

export async function placeCursorAfter(page: Page, text: string): Promise<boolean> {
	return page.evaluate(
		(t) => (window as unknown as { __tileEditor: Hook }).__tileEditor.handle!.placeCursorAfter(t),
		text
	);
}
/** Puts an expansion file into the server's folder (valid or not: the library's way is tested elsewhere). */
export function putExpansion(doc: { id: string } & Record<string, unknown>): void {
	writeFileSync(
		join(process.env.EXPANSIONS_DIR!, `${doc.id}.json`),
		JSON.stringify(doc, null, '\t') + '\n'
	);
}
