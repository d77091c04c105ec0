// The browser tests' `test`: every page they open fails the test on a console error or an uncaught
// exception (collected while the test runs, checked when it ends), and `axe` checks a page against
// axe-core (no serious or critical violation).
import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

export { expect };

/** Console errors the browser reports for no fault of the page. */
// (the answers a test provokes on purpose: a file that is not what the import takes, a stale save, an invalid document)
const HARMLESS = [/^Failed to load resource: the server responded with a status of (400|409|422) /];

export const test = base.extend<{ consoleErrors: string[] }>({
	consoleErrors: [
		async ({ context }, use) => {
			const errors: string[] = [];
			const watch = (page: Page) => {
				page.on('console', (m) => {
					if (m.type() === 'error' && !HARMLESS.some((p) => p.test(m.text())))
						errors.push(`${page.url()}: console error: ${m.text()}`);
				});
				page.on('pageerror', (e) => errors.push(`${page.url()}: uncaught: ${e.message}`));
			};
			context.pages().forEach(watch);
			context.on('page', watch);
			await use(errors);
			expect(errors, 'console errors on the pages of this test').toEqual([]);
		},
		{ auto: true }
	]
});

/**
 * Runs axe-core on the page (WCAG 2.1 A and AA rules) and fails on any serious or critical
 * violation; `include` (a CSS selector) checks that part of the page only, `exclude` all but that
 * part (a part the same test checks whole elsewhere: a long game's log costs axe seconds).
 */
export async function expectAccessible(
	page: Page,
	label: string,
	include?: string,
	exclude?: string
): Promise<void> {
	let axe = new AxeBuilder({ page });
	if (include) axe = axe.include(include);
	if (exclude) axe = axe.exclude(exclude);
	const result = await axe
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
		.analyze();
	const bad = result.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map(
			(v) =>
				`${v.id} (${v.impact}): ${v.help} — ${v.nodes
					.map((n) => n.target.join(' '))
					.slice(0, 5)
					.join(' | ')}`
		);
	expect(bad, `axe on ${label}`).toEqual([]);
}
