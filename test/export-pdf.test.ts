// The PDF export: the print sheets as vector pages of one PDF (A4 or US Letter), each page of tiles
// followed by its backs (duplex order). Read back by inflating the file's content streams: the
// pages' sizes, their order, and that the tiles are drawn as paths in the renderer's colours.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exporter as pdf } from '../src/lib/export/pdf.ts';
import { exporter as print } from '../src/lib/export/print.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';
import { pdfColour, readPdf } from './pdf-read.ts';

const load = (id: string) => JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8')) as Expansion;

describe('pdf export', () => {
	it('river on A4: its page of tiles, then its backs, as vector drawing (no image)', async () => {
		const r = await pdf(load('river'));
		expect(r.files.map((f) => [f.path, f.type])).toEqual([['river-print.pdf', 'application/pdf']]);
		const { text, boxes, streams } = readPdf(r.files[0].data as Uint8Array);
		expect(text.startsWith('%PDF-')).toBe(true);
		expect(boxes).toHaveLength(2);
		for (const b of boxes) {
			expect(b[2]).toBeCloseTo((210 / 25.4) * 72, 1);
			expect(b[3]).toBeCloseTo((297 / 25.4) * 72, 1);
		}
		expect(text).not.toContain('/Subtype /Image');
		// drawn as paths (svg-to-pdfkit puts each tile into a form of its own): curves, the field's
		// green (#8cbf55) of the tiles and the blue (#2f6f9f) of the river tiles' backs
		const drawing = streams.join('\n');
		expect(drawing.match(/ c\n/g)!.length).toBeGreaterThan(100);
		expect(drawing).toMatch(pdfColour('#8cbf55'));
		expect(drawing).toMatch(pdfColour('#2f6f9f'));
		expect(r.notes.join(' ')).toMatch(/2 A4 pages \(1 of tiles, each followed by its backs/);
	});

	it('US Letter, with bleed and without backs: the same sheets as the print export', async () => {
		const base = load('base');
		const r = await pdf(base, { paper: 'letter', bleedMm: 2, backs: false });
		const sheets = await print(base, { paper: 'letter', bleedMm: 2 });
		const { boxes } = readPdf(r.files[0].data as Uint8Array);
		expect(boxes).toHaveLength(sheets.files.length);
		for (const b of boxes) expect(b.slice(2)).toEqual([612, 792]);
	});
});
