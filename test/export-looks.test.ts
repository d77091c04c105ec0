// The looks of an expansion's own modifiers and icons travel into every export drawn by the
// renderer: the SVG and PNG images, the print sheets, the PDF and the JCloisterZone add-on's artwork
// show the port's symbol, not the '?' badge.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { loadExporter } from '../src/lib/export/index.ts';
import { renderTileSvg } from '../src/lib/render/tile-svg.ts';
import { drawSymbol } from '../src/lib/render/looks.ts';
import { pdfColour, readPdf } from './pdf-read.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';

const harbour = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/harbour-with-looks.json', 'utf8')
) as Expansion;
const PORT = drawSymbol('port', [0, 0]).slice(60, 160);
const UNKNOWN = '#fff3b0';
const text = (d: string | Uint8Array) => (typeof d === 'string' ? d : new TextDecoder().decode(d));
const raster = (svg: string, size: number) =>
	new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'white' }).render().asPng();
const bare = { ...harbour, looks: undefined };

describe('exports draw the looks', () => {
	it('SVG and print sheets: the port symbol, no ?', async () => {
		for (const format of ['svg', 'print'] as const) {
			const r = await (await loadExporter(format))(harbour);
			const all = r.files
				.filter((f) => f.path.endsWith('.svg'))
				.map((f) => text(f.data))
				.join('');
			expect(all, format).toContain(PORT);
			expect(all, format).not.toContain(UNKNOWN);
			expect(r.notes.join(' ')).not.toMatch(/port.*'\?'/);
		}
	});

	it('PNG: the drawing with the look', async () => {
		const r = await (await loadExporter('png'))(harbour, { sizePx: 120 });
		const png = r.files.find((f) => f.path === 'harbour.png')!.data as Uint8Array;
		const withLook = renderTileSvg(harbour.tiles[0], {
			size: 120,
			idPrefix: 'harbour-',
			artwork: true,
			looks: harbour.looks
		});
		expect(Buffer.from(png).equals(Buffer.from(raster(withLook, 120)))).toBe(true);
		const r2 = await (await loadExporter('png'))(bare as Expansion, { sizePx: 120 });
		expect(
			Buffer.from(r2.files.find((f) => f.path === 'harbour.png')!.data as Uint8Array).equals(
				Buffer.from(png)
			)
		).toBe(false);
	});

	it('PDF: the port badge’s colour is drawn, the ?’s is not', async () => {
		const r = await (await loadExporter('pdf'))(harbour, { backs: false });
		const drawing = readPdf(r.files[0].data as Uint8Array).streams.join('\n');
		expect(drawing).toMatch(pdfColour('#e4f1fb'));
		expect(drawing).not.toMatch(pdfColour(UNKNOWN));
	});

	it('JCloisterZone artwork: the tile image is the drawing with the look', async () => {
		const r = await (await loadExporter('jcz'))(harbour);
		const image = r.files.find((f) => /images\/harbour\.png$/.test(f.path))!.data as Uint8Array;
		const withLook = renderTileSvg(harbour.tiles[0], {
			size: 900,
			idPrefix: 'harbour.png-',
			looks: harbour.looks
		});
		expect(Buffer.from(image).equals(Buffer.from(raster(withLook, 900)))).toBe(true);
	});
});
