import { describe, expect, test } from 'vitest';
import tileSchema from '../../../schemas/tile.v1.json';
import {
	ARTWORK_MAX_CHARS,
	ARTWORK_MAX_SIDE,
	SHRINK_STEPS,
	artworkFromFile,
	type Rasterizer
} from './artwork.ts';
import { artworkDataUrl } from '../render/svg-sanitize.ts';
import { ARTWORK_TOO_LARGE, validateExpansion, validateTile } from '../formats/validate.ts';

/** Bytes whose base64 data: URL is `chars` characters long, give or take 4. */
const bytesFor = (chars: number) =>
	new Uint8Array(Math.ceil((chars - 'data:image/png;base64,'.length) * 0.75));

/** A rasterizer that answers with data: URLs of the given lengths, step by step, and records its calls. */
function fakeShrink(lengths: number[]) {
	const calls: { side: number; type: string; quality?: number }[] = [];
	const shrink: Rasterizer = async (_image, side, type, quality) => {
		calls.push({ side, type, quality });
		const n = lengths[calls.length - 1];
		return `data:${type};base64,` + 'A'.repeat(n - `data:${type};base64,`.length);
	};
	return { shrink, calls };
}

describe('artwork size', () => {
	test('an image that fits is stored as it is, without touching the rasterizer', async () => {
		const bytes = bytesFor(ARTWORK_MAX_CHARS - 10);
		const { shrink, calls } = fakeShrink([]);
		const art = await artworkFromFile('image/png', bytes, shrink);
		expect(art).toEqual({ url: artworkDataUrl('image/png', bytes) });
		expect(art.url.length).toBeLessThanOrEqual(ARTWORK_MAX_CHARS);
		expect(calls).toEqual([]);
	});

	test('a large PNG is scaled down: the first attempt under the limit is kept, with a note', async () => {
		const big = ARTWORK_MAX_CHARS * 3;
		const { shrink, calls } = fakeShrink([
			ARTWORK_MAX_CHARS + 1,
			ARTWORK_MAX_CHARS + 500,
			ARTWORK_MAX_CHARS - 1,
			10
		]);
		const art = await artworkFromFile('image/png', bytesFor(big), shrink);
		expect(calls).toEqual(
			SHRINK_STEPS.slice(0, 3).map((s) => ({ side: s.side, type: s.type, quality: s.quality }))
		);
		expect(calls[0]).toEqual({ side: ARTWORK_MAX_SIDE, type: 'image/png', quality: undefined });
		expect(art.url.length).toBe(ARTWORK_MAX_CHARS - 1);
		expect(art.url.startsWith('data:image/webp;base64,')).toBe(true);
		expect(art.note).toContain(`at most ${ARTWORK_MAX_SIDE} px`);
		expect(art.note).toContain('256 KB');
	});

	test('an image that fits at no size is refused with a message', async () => {
		const { shrink, calls } = fakeShrink(SHRINK_STEPS.map(() => ARTWORK_MAX_CHARS + 1));
		await expect(
			artworkFromFile('image/jpeg', bytesFor(ARTWORK_MAX_CHARS * 2), shrink)
		).rejects.toThrow(/too detailed.*256 KB/);
		expect(calls).toHaveLength(SHRINK_STEPS.length);
		// without a rasterizer (no canvas), a large image is refused at once
		await expect(artworkFromFile('image/png', bytesFor(ARTWORK_MAX_CHARS + 100))).rejects.toThrow(
			/at most 256 KB/
		);
	});

	test('a large SVG is refused with what to do; it is never rasterized', async () => {
		const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(12_000)}</svg>`;
		const { shrink, calls } = fakeShrink([10]);
		await expect(
			artworkFromFile('image/svg+xml', new TextEncoder().encode(svg), shrink)
		).rejects.toThrow(/Simplify it.*PNG/);
		expect(calls).toEqual([]);
		const small = await artworkFromFile(
			'image/svg+xml',
			new TextEncoder().encode('<svg><rect width="1"/></svg>'),
			shrink
		);
		expect(small.url.startsWith('data:image/svg+xml;base64,')).toBe(true);
	});

	test("the schema's limit is the editor's, and the validator says what to do", () => {
		expect(tileSchema.properties.artwork.maxLength).toBe(ARTWORK_MAX_CHARS);
		const tile = (artwork: string) => ({
			id: 'A',
			count: 1,
			features: [{ id: 'm1', type: 'monastery' }],
			artwork
		});
		const at = 'data:image/png;base64,';
		expect(
			validateTile(tile(at + 'A'.repeat(ARTWORK_MAX_CHARS - at.length))).filter(
				(p) => p.pointer === '/artwork'
			)
		).toEqual([]);
		const over = validateTile(tile(at + 'A'.repeat(ARTWORK_MAX_CHARS + 1 - at.length))).filter(
			(p) => p.pointer === '/artwork'
		);
		expect(over).toHaveLength(1);
		expect(over[0].severity).toBe('error');
		expect(over[0].message).toContain(ARTWORK_TOO_LARGE);
		expect(over[0].message).toContain('at most 256 KB');
		const doc = {
			id: 'x',
			name: 'X',
			version: '1.0.0',
			tiles: [tile(at + 'A'.repeat(ARTWORK_MAX_CHARS))]
		};
		expect(validateExpansion(doc).find((p) => p.pointer === '/tiles/0/artwork')?.message).toContain(
			'upload it again'
		);
	});
});
