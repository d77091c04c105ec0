// The first page: what the app is for, the designer's own expansions first, the shipped sets one row
// each with their tiles behind a disclosure, and the problems of an invalid one.
import { test, expect, expectAccessible } from './fixtures.ts';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { putExpansion, withServer } from './helpers.ts';
import { TILES_SHOWN } from '../../src/routes/expansion-view.ts';
import { harbourTile } from '../fixtures/harbour.ts';

const folder = resolve(process.env.EXPANSIONS_DIR ?? 'expansions');

/** The expansions on disk, read directly (the store's file naming: <id>.json). */
function expansionsOnDisk(dir: string): { id: string; tiles: { id: string; name?: string }[] }[] {
	return readdirSync(dir)
		.filter((name) => /^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(name))
		.map((name) => {
			const doc = JSON.parse(readFileSync(join(dir, name), 'utf8'));
			return { id: name.slice(0, -5), tiles: Array.isArray(doc.tiles) ? doc.tiles : [] };
		});
}

test('the first page draws every tile of every expansion', async ({ page }) => {
	// a server of its own on a copy of the shared workspace: the tests of other workers write there
	const dir = mkdtempSync(join(tmpdir(), 'home-e2e-all-'));
	cpSync(folder, dir, { recursive: true });
	const expansions = expansionsOnDisk(dir);
	expect(expansions.length).toBeGreaterThan(0);
	await withServer(dir, async (base) => {
		await page.goto(base);
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Carcassonne');
		await expect(page.getByTestId('expansion')).toHaveCount(expansions.length);
		// the shipped sets are one row each: their tiles are drawn once their disclosure is opened
		for (const d of await page.getByTestId('tiles-disclosure').all())
			await d.locator('summary').click();
		let total = 0;
		for (const e of expansions) {
			const section = page.locator(`[data-testid="expansion"][data-expansion="${e.id}"]`);
			await expect(section).toBeVisible();
			// the first TILES_SHOWN designs; a larger expansion says how many more the editor has
			const shown = e.tiles.slice(0, TILES_SHOWN);
			await expect(section.getByTestId('tile'), e.id).toHaveCount(shown.length);
			await expect(section.getByTestId('more-tiles')).toHaveCount(
				e.tiles.length > TILES_SHOWN ? 1 : 0
			);
			// every design is the server's drawing of that tile, loaded, with its name beside it
			const images = await section.getByTestId('tile').evaluateAll((items) =>
				items.map((li) => {
					const img = li.querySelector('img');
					return {
						tile: li.getAttribute('data-tile'),
						src: img?.getAttribute('src'),
						text: li.textContent ?? ''
					};
				})
			);
			expect(images.map((i) => i.tile)).toEqual(shown.map((t) => `${e.id}/${t.id}`));
			expect(images.map((i) => i.src)).toEqual(
				shown.map((_, index) => `/api/expansions/${e.id}/tiles/${index}.svg`)
			);
			for (const [i, tile] of shown.entries())
				if (tile.name) expect(images[i].text, `${e.id}/${tile.id}`).toContain(tile.name);
			total += images.length;
		}
		// the drawings load lazily (as they are scrolled to): every one is asked for now, and loads
		const lazy = page.locator('[data-testid="tile"] img');
		expect(
			await lazy.evaluateAll((all) =>
				all.every((img) => (img as HTMLImageElement).loading === 'lazy')
			)
		).toBe(true);
		await lazy.evaluateAll((all) =>
			all.forEach((img) => ((img as HTMLImageElement).loading = 'eager'))
		);
		await expect
			.poll(() =>
				page
					.locator('[data-testid="tile"] img')
					.evaluateAll(
						(all) =>
							all.filter(
								(img) =>
									!(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth < 50
							).length
					)
			)
			.toBe(0);
		expect(total).toBe(expansions.reduce((n, e) => n + Math.min(TILES_SHOWN, e.tiles.length), 0));
		// a drawing: shapes, the tile's name as its title; revalidated by its revision (ETag → 304)
		const res = await page.request.get(`${base}api/expansions/base/tiles/0.svg`);
		expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
		const svg = await res.text();
		expect(svg).toMatch(/^<svg[^>]*>/);
		expect(svg).toContain('<path');
		const again = await page.request.get(`${base}api/expansions/base/tiles/0.svg`, {
			headers: { 'if-none-match': res.headers()['etag'] }
		});
		expect(again.status()).toBe(304);
		// what the server sends is compressed when the browser accepts it; the page has an icon
		const gz = await page.request.get(base, { headers: { 'accept-encoding': 'gzip' } });
		expect(gz.headers()['content-encoding']).toBe('gzip');
		const icon = await page.locator('link[rel="icon"]').getAttribute('href');
		expect(
			(await page.request.get(new URL(icon!, page.url()).href)).headers()['content-type']
		).toMatch(/^image\/svg\+xml/);
		// the shipped sets are listed from their folder, the designer's own from the workspace
		const shipped = readdirSync('expansions')
			.filter((n) => n.endsWith('.json'))
			.map((n) => n.slice(0, -5));
		await expect(page.getByTestId('shipped-count')).toContainText(
			`${shipped.length} shipped sets (read-only) in expansions`
		);
		await expectAccessible(page, 'the library');
		// the shipped sets are valid
		for (const id of shipped) {
			await expect(page.locator(`[data-expansion="${id}"] [data-testid="validity"]`)).toHaveText(
				'Valid'
			);
		}
	});
	rmSync(dir, { recursive: true, force: true });
});

test('with an empty workspace the library lists the shipped sets, in under 1.2 kB of HTML per tile design', async ({
	page
}) => {
	const dir = mkdtempSync(join(tmpdir(), 'home-e2e-empty-'));
	await withServer(dir, async (base) => {
		// no drawing in the HTML (nor a copy of one in the page data): the tiles are images
		const html = await (await fetch(base)).text();
		// a budget per tile design (its name, its image's address): the official expansions grow by
		// designs, not by sets (16 sets, 184 designs: 192 kB)
		const designs = readdirSync('expansions')
			.filter((n) => n.endsWith('.json'))
			.reduce(
				(n, f) => n + JSON.parse(readFileSync(join('expansions', f), 'utf8')).tiles.length,
				0
			);
		expect(html.length).toBeLessThan(1_200 * designs);
		expect(html).not.toContain('<svg');
		await page.goto(base);
		await expect(page.getByTestId('expansion')).toHaveCount(
			readdirSync('expansions').filter((n) => n.endsWith('.json')).length
		);
		await expect(page.getByTestId('workspace-count')).toContainText('none of your own');
	});
	rmSync(dir, { recursive: true, force: true });
});

test('an invalid expansion shows its errors with their pointers', async ({ page }) => {
	const dir = mkdtempSync(join(tmpdir(), 'home-e2e-'));
	writeFileSync(
		join(dir, 'broken.json'),
		JSON.stringify({
			id: 'broken',
			name: 'Broken set',
			version: '1.0',
			tiles: [
				{ id: 'A', count: 1, features: [{ id: 'c1', type: 'city', sides: ['N', 'Q'] }] },
				{ id: 'B', count: { perPlayer: 1 }, wildcard: true, features: [] }
			]
		})
	);
	writeFileSync(join(dir, 'torn.json'), '{ "id": "torn", "name": ');
	await withServer(dir, async (base) => {
		await page.goto(base);
		const broken = page.locator('[data-expansion="broken"]');
		await expect(broken.getByTestId('validity')).toHaveText(/2 errors/);
		const errors = broken.getByTestId('errors');
		await expect(errors).toContainText('/version');
		await expect(errors).toContainText('/tiles/0/features/0/sides/1');
		await expect(errors).toContainText('"Q" is not an allowed value');
		// a broken tile is still drawn, and per-player counts are shown as such
		await expect(broken.getByTestId('tile')).toHaveCount(2);
		await expect(broken.locator('[data-tile="broken/A"] img')).toBeVisible();
		await expect(broken.getByTestId('tile-count')).toHaveText('1 tile + 1 per player');
		// an unreadable file is listed with its parse error
		const torn = page.locator('[data-expansion="torn"]');
		await expect(torn.getByTestId('validity')).toHaveText(/1 error/);
		await expect(torn.getByTestId('errors')).toContainText('Malformed JSON');
	});
	rmSync(dir, { recursive: true, force: true });
});

test('first visit: what the app is for and its three places, the own sets first, the shipped ones folded; the rule modules in play are the ones ticked', async ({
	page
}) => {
	putExpansion({ id: 'e2e-own-first', name: 'Zz own set', version: '1.0.0', tiles: [] });
	putExpansion({
		id: 'e2e-one-design',
		name: 'Zz one design',
		version: '1.0.0',
		dependencies: ['base'],
		modifiers: { port: 'a port' },
		tiles: [harbourTile('h')]
	});
	await page.setViewportSize({ width: 1280, height: 900 });
	await page.goto('/');
	// counts in the singular for one: "1 design", "Tiles (1 design)"
	const one = page.locator('[data-expansion="e2e-one-design"]');
	await expect(one.locator('.meta')).toContainText('1 tile');
	await expect(one.locator('.meta')).toContainText(/\b1 design\b/);
	await expect(one.locator('.meta')).not.toContainText('1 designs');
	// every shipped set is marked read-only, the same way, official or a fan set; the own ones not
	const sets = readdirSync('expansions').filter((n) => n.endsWith('.json')).length;
	await expect(page.locator('details.shipped [data-testid="read-only"]')).toHaveCount(sets);
	await expect(page.locator('[data-expansion="bards"] [data-testid="read-only"]')).toHaveText(
		'read-only'
	);
	await expect(one.getByTestId('read-only')).toHaveCount(0);
	await expect(
		page.locator('[data-expansion="inns-and-cathedrals"] [data-testid="tiles-disclosure"] summary')
	).toContainText('Tiles (17 designs)');
	await expect(page.locator('p.lead')).toContainText('Design expansions for Carcassonne');
	await expect(page.getByRole('list', { name: 'What you can do here' }).locator('> li')).toHaveText(
		[/Design/, /Playtest/, /Check interactions/]
	);
	// the designer's own before the shipped sets, though its name sorts last
	const order = await page
		.getByTestId('expansion')
		.evaluateAll((all) => all.map((e) => e.getAttribute('data-expansion')));
	expect(order.indexOf('e2e-own-first')).toBeLessThan(order.indexOf('base'));
	// the shipped sets one row each (about 6,000 px of drawings before), folded to a line
	const shipped = page.locator('details.shipped');
	// a row per set (15 sets: 1,618 px), folded below
	expect((await shipped.boundingBox())!.height).toBeLessThan(120 * sets);
	await shipped.locator('> summary').click();
	expect((await shipped.boundingBox())!.height).toBeLessThan(60);
	// the three places in every page's bar, the one open marked
	for (const [path, here] of [
		['/', 'Library'],
		['/sandbox', 'Sandbox'],
		['/checker', 'Interaction checker'],
		['/expansions/e2e-own-first', null]
	] as const) {
		if (path !== '/') await page.goto(path);
		const nav = page.getByRole('navigation', { name: 'Site' });
		await expect(nav.getByRole('link')).toHaveText(['Library', 'Sandbox', 'Interaction checker']);
		if (here) await expect(nav.locator('[aria-current="page"]')).toHaveText(here);
		else await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
	}
	// no dependency ticked: base alone (the abbot is a mini-expansion, chosen in a game's setup)
	await expect(page.getByTestId('modules-in-play')).toContainText(
		'Rule modules in play (this expansion and its dependencies): base'
	);
	await expect(page.getByTestId('modules-in-play').locator('code')).toHaveText(['base']);
	await page.goto('/sandbox');
	const abbot = page.getByRole('checkbox', { name: /Abbot and gardens/ });
	await expect(abbot).not.toBeChecked();
	await expect(page.getByText(/^In play: base; rule modules base\.$/)).toBeVisible();
	await abbot.check();
	await expect(page.getByText(/^In play: base; rule modules base, abbot\.$/)).toBeVisible();
});
