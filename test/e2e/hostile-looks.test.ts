// A designer's file may load nothing from elsewhere: a look's SVG and a tile's artwork that reach
// for another host through CSS escapes, image-set(…), mask, cursor, filter, clip-path or marker
// references are drawn on the expansion page and in the tile editor without a single request
// leaving 127.0.0.1 (Chromium fetches every one of these forms from unsanitised SVG).
import { test, expect, expectAccessible } from './fixtures.ts';
import { openEditorReady, putExpansion } from './helpers.ts';

const EVIL = 'evil.example';
const ATTACKS = [
	`fill="u\\rl(http://${EVIL}/a#p)"`,
	`style="fill:\\75 rl(http://${EVIL}/b#p)"`,
	`style="background-image:image-set('http://${EVIL}/c.png' 1x)"`,
	`style="mask:u\\rl(http://${EVIL}/d.svg#m)"`,
	`style="mask-image:\\000075rl(http://${EVIL}/e.png)"`,
	`style="cursor:u\\rl(http://${EVIL}/f.png),auto"`,
	`style="filter:u\\rl(http://${EVIL}/g.svg#f)"`,
	`style="mask-image:-webkit-image-set('http://${EVIL}/h.png' 1x)"`,
	`style="clip-path:u/**/rl(http://${EVIL}/i.svg#c)"`,
	`style="marker-start:u\\rl(http://${EVIL}/j.svg#c)"`
];
const LOOK = `<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/>${ATTACKS.map((a) => `<rect width="4" height="4" ${a}/>`).join('')}</svg>`;
const ART = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#654321"/>${ATTACKS.map((a) => `<rect width="4" height="4" ${a}/>`).join('')}</svg>`;

test('a hostile look and artwork: the expansion page and the tile editor draw them, and no request leaves 127.0.0.1', async ({
	page
}) => {
	const away: string[] = [];
	await page.context().route('**/*', (route) => {
		const url = new URL(route.request().url());
		if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
		away.push(url.href);
		return route.abort();
	});
	putExpansion({
		id: 'e2e-hostile-looks',
		name: 'Hostile looks',
		version: '1.0.0',
		dependencies: ['base'],
		icons: { harbour: 'a harbour' },
		looks: { harbour: { svg: LOOK, place: 'centre' } },
		tiles: [
			{
				id: 'T1',
				count: 1,
				icons: ['harbour'],
				artwork: `data:image/svg+xml;base64,${Buffer.from(ART).toString('base64')}`,
				features: [
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'WR'] },
					{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
				]
			}
		]
	});
	await page.goto('/expansions/e2e-hostile-looks');
	const tile = page.getByTestId('tile-grid').getByTestId('tile').first();
	await expect(tile.locator('rect[fill="#123456"]')).toHaveCount(1);
	await expect(tile.locator('rect[width="4"]')).toHaveCount(ATTACKS.length);
	await tile.hover();
	await expectAccessible(page, 'expansion page with a hostile look');

	await page.goto('/expansions/e2e-hostile-looks/tiles/T1');
	await openEditorReady(page);
	await expect(page.locator('[data-testid="tile-canvas"] rect[fill="#123456"]')).toHaveCount(1);
	await page.locator('[data-testid="tile-canvas"]').hover();
	// the page has settled: every image it asked for has loaded (none of them from elsewhere)
	await page.waitForLoadState('networkidle');
	expect(away).toEqual([]);
});
