// Print sheets and PNG images: frames per physical tile, bleed, mirrored backs, cut marks outside
// the grid; PNGs are real PNG files, one per tile design.
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { exporter as print, printLayout, PAGE_W, TILE_MM } from '../src/lib/export/print.ts';
import { exporter as png } from '../src/lib/export/png.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';
import { copiesOf } from '../src/lib/formats/geometry.ts';

const load = (id: string) => JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8')) as Expansion;
const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	processEntities: false,
	isArray: (_n: string, _p: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute
});

type El = Record<string, unknown> & {
	class?: string;
	'data-tile'?: string;
	transform?: string;
	x?: string;
	y?: string;
};
function parsePage(data: string | Uint8Array) {
	const svg = (parser.parse(String(data)).svg as El[])[0];
	const groups = (svg.g as El[]) ?? [];
	const frames = groups.filter((g) => g.class === 'frame');
	const backs = groups.filter((g) => g.class === 'back');
	const marks = groups
		.filter((g) => g.class === 'cut-marks')
		.flatMap((g) => g.line as Record<string, string>[]);
	return { svg, frames, backs, marks };
}
const translate = (t: string) =>
	t
		.match(/translate\(([-\d.]+) ([-\d.]+)\)/)!
		.slice(1)
		.map(Number) as [number, number];

describe('print export', () => {
	it('base: A4 pages in millimetres whose frames total 72, each design as often as its count', async () => {
		const base = load('base');
		const r = await print(base);
		const pages = r.files.filter((f) => /^page-\d+\.svg$/.test(f.path));
		expect(pages.length).toBe(Math.ceil(72 / printLayout(0).perPage));
		const perTile = new Map<string, number>();
		for (const p of pages) {
			const { svg, frames } = parsePage(p.data);
			expect(svg).toMatchObject({ width: '210mm', height: '297mm', viewBox: '0 0 210 297' });
			for (const f of frames) {
				perTile.set(f['data-tile']!, (perTile.get(f['data-tile']!) ?? 0) + 1);
				expect((f.rect as Record<string, string>[])[0]).toMatchObject({
					width: String(TILE_MM),
					height: String(TILE_MM)
				});
			}
		}
		expect([...perTile.values()].reduce((a, b) => a + b, 0)).toBe(72);
		for (const t of base.tiles) expect(perTile.get(`base/${t.id}`), t.id).toBe(t.count);
		expect(r.files.some((f) => f.path.includes('back'))).toBe(false);
	});

	it('frames stay on the page, do not overlap, and cut marks lie outside the grid in line with frame edges', async () => {
		const r = await print(load('base'));
		for (const p of r.files) {
			const { frames, marks } = parsePage(p.data);
			const rects = frames
				.map((f) => (f.rect as Record<string, string>[])[0])
				.map((q) => [Number(q.x), Number(q.y)]);
			for (const [x, y] of rects) {
				expect(x).toBeGreaterThanOrEqual(6);
				expect(x + TILE_MM).toBeLessThanOrEqual(PAGE_W - 6);
				expect(y + TILE_MM).toBeLessThanOrEqual(297 - 6);
			}
			const keys = new Set(rects.map((q) => q.join(',')));
			expect(keys.size).toBe(rects.length);
			const left = Math.min(...rects.map((q) => q[0]));
			const right = Math.max(...rects.map((q) => q[0])) + TILE_MM;
			const top = Math.min(...rects.map((q) => q[1]));
			const bottom = Math.max(...rects.map((q) => q[1])) + TILE_MM;
			const edgesX = new Set(rects.flatMap((q) => [q[0], q[0] + TILE_MM].map((v) => v.toFixed(2))));
			expect(marks.length).toBeGreaterThan(0);
			for (const m of marks) {
				const [x1, y1, x2, y2] = [m.x1, m.y1, m.x2, m.y2].map(Number);
				const outside =
					Math.max(y1, y2) < top ||
					Math.min(y1, y2) > bottom ||
					Math.max(x1, x2) < left ||
					Math.min(x1, x2) > right;
				expect(outside).toBe(true);
				if (x1 === x2) expect(edgesX.has(x1.toFixed(2))).toBe(true);
			}
		}
	});

	it('bleed enlarges each cell, keeps the 45 mm frames and the count of 72', async () => {
		const plain = await print(load('base'));
		const bled = await print(load('base'), { bleedMm: 3 });
		const frames = (r: typeof plain) => r.files.flatMap((f) => parsePage(f.data).frames);
		expect(frames(bled)).toHaveLength(72);
		expect(bled.files.length).toBeGreaterThan(plain.files.length);
		const first = frames(bled)
			.slice(0, 2)
			.map((f) => (f.rect as Record<string, string>[])[0]);
		expect(Number(first[1].x) - Number(first[0].x)).toBeCloseTo(TILE_MM + 6, 5);
		expect(frames(bled)[0].use as unknown[]).toHaveLength(2);
		expect(frames(plain)[0].use as unknown[]).toHaveLength(1);
		expect(bled.notes.join(' ')).toMatch(/3 mm bleed/);
	});

	it('backs: one back page per page, each back mirrored behind its tile; river tiles have their own back', async () => {
		for (const id of ['base', 'river']) {
			const bleedMm = id === 'river' ? 2 : 0;
			const r = await print(load(id), { backs: true, bleedMm });
			const layout = printLayout(bleedMm);
			const fronts = r.files.filter((f) => /^page-\d+\.svg$/.test(f.path));
			for (const front of fronts) {
				const back = r.files.find((f) => f.path === front.path.replace('.svg', '-back.svg'));
				expect(back, front.path).toBeDefined();
				const { frames } = parsePage(front.data);
				const { backs } = parsePage(back!.data);
				expect(backs.map((b) => b['data-tile'])).toEqual(frames.map((f) => f['data-tile']));
				frames.forEach((f, k) => {
					const rect = (f.rect as Record<string, string>[])[0];
					const cellX = Number(rect.x) - bleedMm;
					const [bx, by] = translate((backs[k].use as Record<string, string>[])[0].transform);
					expect(bx).toBeCloseTo(PAGE_W - cellX - layout.cell, 5);
					expect(by).toBeCloseTo(Number(rect.y) - bleedMm, 5);
				});
			}
			const hrefs = r.files
				.filter((f) => f.path.includes('back'))
				.flatMap((f) =>
					parsePage(f.data).backs.map((b) => (b.use as Record<string, string>[])[0].href)
				);
			expect(new Set(hrefs)).toEqual(new Set(id === 'river' ? ['#back-river'] : ['#back-land']));
		}
	});

	it('US Letter: pages of 215.9 × 279.4 mm, 4 × 5 frames, all on the page', async () => {
		const r = await print(load('base'), { paper: 'letter' });
		expect(printLayout(0, 'letter')).toMatchObject({ cols: 4, rows: 5, perPage: 20 });
		expect(r.files).toHaveLength(Math.ceil(72 / 20));
		for (const p of r.files) {
			const { svg, frames } = parsePage(p.data);
			expect(svg).toMatchObject({
				width: '215.9mm',
				height: '279.4mm',
				viewBox: '0 0 215.9 279.4'
			});
			for (const f of frames) {
				const q = (f.rect as Record<string, string>[])[0];
				expect(Number(q.x) + TILE_MM).toBeLessThanOrEqual(215.9 - 6);
				expect(Number(q.y) + TILE_MM).toBeLessThanOrEqual(279.4 - 6);
			}
		}
		expect(r.notes.join(' ')).toMatch(/72 tiles on 4 US Letter pages/);
	});

	it('the footer: its text starts right of the scale bar, below the bottom cut marks', async () => {
		for (const [paper, bleedMm, h] of [
			['a4', 0, 297],
			['a4', 3, 297],
			['letter', 1, 279.4]
		] as const) {
			const r = await print(load('base'), { paper, bleedMm });
			const { svg, marks } = parsePage(r.files[0].data);
			const bar = (
				(svg.g as El[]).find((g) => g.class === 'scale-bar')!.line as Record<string, string>[]
			)[0];
			const texts = (
				(svg.g as El[]).find((g) => g.class === 'footer')!.text as Record<string, string>[]
			).filter((t) => t['text-anchor'] !== 'middle');
			expect(texts.length, paper).toBe(2);
			const lowestMark = Math.max(...marks.map((m) => Math.max(Number(m.y1), Number(m.y2))));
			for (const t of texts) {
				expect(Number(t.x), `${paper} ${bleedMm}: text right of the bar`).toBeGreaterThan(
					Number(bar.x2) + 2
				);
				// font size 2.4: the text's top is about 2 units above its baseline
				expect(Number(t.y) - 2, `${paper} ${bleedMm}: text below the marks`).toBeGreaterThan(
					lowestMark
				);
				expect(Number(t.y)).toBeLessThan(h);
			}
			expect(Number(bar.y1)).toBeGreaterThan(lowestMark);
		}
	});

	it('per-player counts print for 6 players unless told otherwise', async () => {
		const mm = load('messengers-and-mayors');
		const total = (players: number) => mm.tiles.reduce((s, t) => s + copiesOf(t, players), 0);
		const count = async (players?: number) =>
			(await print(mm, players ? ({ players } as never) : {})).files.flatMap(
				(f) => parsePage(f.data).frames
			).length;
		expect(await count()).toBe(total(6));
		expect(await count(3)).toBe(total(3));
		expect(total(6)).not.toBe(total(3));
	});
});

describe('png export', () => {
	it('one PNG per tile design at the requested size', async () => {
		const base = load('base');
		const r = await png(base, { sizePx: 64 });
		expect(r.files.map((f) => f.path).sort()).toEqual(base.tiles.map((t) => `${t.id}.png`).sort());
		for (const f of r.files) {
			const b = f.data as Uint8Array;
			expect([...b.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
			const view = new DataView(b.buffer, b.byteOffset);
			expect([view.getUint32(16), view.getUint32(20)]).toEqual([64, 64]);
			expect(f.type).toBe('image/png');
		}
	});
});
