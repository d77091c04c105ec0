// The sandbox board paints tiles with paths from the renderer's own shapes (render/svg-ops.ts,
// sandbox/tile-paint.ts) instead of decoding their SVG as images: in Chromium, every shipped tile
// (and every sample, turned) painted so looks as Chromium draws its SVG. The modules run in the
// page from an esbuild bundle; no server needed.
import { test, expect } from './fixtures.ts';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { shippedExpansions } from '../../src/cli/files.ts';
import { looksOf } from '../../src/lib/render/looks.ts';
import { BASE_SAMPLES, SPECIAL_SAMPLES } from '../../src/lib/render/samples.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const expansions = [...shippedExpansions().values()];

test('every shipped tile painted with paths looks as Chromium draws its SVG (mean difference per channel)', async ({
	page
}) => {
	const bundle = await build({
		stdin: {
			contents: `
				import { renderTileSvg } from './src/lib/render/tile-svg.ts';
				import { svgPaint } from './src/lib/render/svg-ops.ts';
				import { compilePaint, paintTile } from './src/lib/sandbox/tile-paint.ts';
				window.tilePaint = { renderTileSvg, svgPaint, compilePaint, paintTile };`,
			resolveDir: root,
			loader: 'ts'
		},
		bundle: true,
		format: 'iife',
		write: false,
		logLevel: 'error'
	});
	await page.setContent('<!doctype html><title>tile paint</title>');
	await page.addScriptTag({ content: bundle.outputFiles[0].text });
	const tiles: { ref: string; tile: unknown; rotation: number; against?: number }[] = [
		...[...BASE_SAMPLES, ...SPECIAL_SAMPLES].flatMap((t) =>
			[0, 1, 2, 3].map((rotation) => ({
				ref: `sample/${t.id} turned ${rotation}`,
				tile: t,
				rotation
			}))
		),
		...expansions.flatMap((e) =>
			e.tiles.map((t) => ({ ref: `${e.id}/${t.id}`, tile: t, rotation: 0 }))
		)
	];
	// the control: a tile painted turned, against its drawing unturned (the comparison can fail)
	const control = { ref: 'control', tile: BASE_SAMPLES[0], rotation: 0, against: 1 };
	const diffs = await page.evaluate(
		async ({ tiles, looks }) => {
			type Api = {
				renderTileSvg: (t: unknown, o: object) => string;
				svgPaint: (svg: string) => unknown;
				compilePaint: (p: unknown) => unknown;
				paintTile: (ctx: CanvasRenderingContext2D, p: unknown, size: number) => void;
			};
			const api = (window as unknown as { tilePaint: Api }).tilePaint;
			const size = 96;
			const pixels = (draw: (ctx: CanvasRenderingContext2D) => void) => {
				const c = document.createElement('canvas');
				c.width = c.height = size;
				const ctx = c.getContext('2d')!;
				draw(ctx);
				return ctx.getImageData(0, 0, size, size).data;
			};
			const out: { ref: string; diff: number | null; painted: number; ownSvg: boolean }[] = [];
			for (const { ref, tile, rotation, against } of tiles) {
				const svg = api.renderTileSvg(tile, { size, rotation, looks });
				const paint = api.svgPaint(
					against === undefined ? svg : api.renderTileSvg(tile, { size, rotation: against, looks })
				);
				const ownSvg = svg.indexOf('<svg', 1) > 0;
				if (!paint) {
					out.push({ ref, diff: null, painted: 0, ownSvg });
					continue;
				}
				const img = new Image();
				img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
				await img.decode();
				const a = pixels((ctx) => ctx.drawImage(img, 0, 0, size, size));
				const b = pixels((ctx) => api.paintTile(ctx, api.compilePaint(paint), size));
				let sum = 0;
				let painted = 0;
				for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
				for (let i = 3; i < b.length; i += 4) painted += b[i] > 0 ? 1 : 0;
				out.push({ ref, diff: sum / a.length, painted: painted / (size * size), ownSvg });
			}
			return out;
		},
		{ tiles: [control, ...tiles], looks: looksOf(undefined, expansions) }
	);
	expect(diffs.shift()!.diff).toBeGreaterThan(2);
	expect(diffs.length).toBeGreaterThan(100);
	for (const { ref, diff, painted, ownSvg } of diffs) {
		// a look of the designer's own SVG (a nested <svg>) is decoded as an image, as before
		expect(diff === null, `${ref}: read as shapes unless it holds the designer's own SVG`).toBe(
			ownSvg
		);
		if (diff === null) continue;
		// the whole square painted (the picture is not left empty), and as the SVG draws it
		expect(painted, ref).toBe(1);
		expect(diff, ref).toBeLessThan(0.3);
	}
});
