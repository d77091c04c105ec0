// Artwork uploaded to a tile is embedded in the expansion document as a data: URL, and the editor
// saves (and keeps as a local draft) the whole document: one artwork must stay small. A raster image
// over the limit is scaled down in the browser (canvas) until it fits; an SVG over the limit is
// refused with what to do instead.
import { artworkDataUrl } from '../render/svg-sanitize.ts';

/**
 * Longest artwork data: URL, in characters (= the `maxLength` of `artwork` in schemas/tile.v1.json):
 * 256 KiB of text, an image of about 190 KB. Seven of them still fit the API's 2 MB body limit.
 */
export const ARTWORK_MAX_CHARS = 262_144;
/** The longest side of a scaled-down artwork, in pixels (a tile is drawn at 45 mm in print: ~330 dpi). */
export const ARTWORK_MAX_SIDE = 600;

/** Draws `image` scaled so its longer side is at most `maxSide` and encodes it: a data: URL. */
export type Rasterizer = (
	image: Blob,
	maxSide: number,
	type: 'image/webp' | 'image/png',
	quality?: number
) => Promise<string>;

/** The attempts, in order: the first result under the limit is kept. */
export const SHRINK_STEPS: readonly {
	side: number;
	type: 'image/webp' | 'image/png';
	quality?: number;
}[] = [
	{ side: ARTWORK_MAX_SIDE, type: 'image/png' },
	{ side: ARTWORK_MAX_SIDE, type: 'image/webp', quality: 0.9 },
	{ side: ARTWORK_MAX_SIDE, type: 'image/webp', quality: 0.75 },
	{ side: 450, type: 'image/webp', quality: 0.75 },
	{ side: 300, type: 'image/webp', quality: 0.7 }
];

export const kb = (chars: number): string => `${Math.ceil(chars / 1024)} KB`;

export interface Artwork {
	/** The data: URL to store in the tile. */
	url: string;
	/** What was done to make it fit, for the designer (absent when nothing was). */
	note?: string;
}

/**
 * The artwork to store for an uploaded file: as it is when it fits, else (PNG, JPEG) scaled down
 * with `shrink`; throws an Error with a message for the designer when it cannot be made to fit.
 */
export async function artworkFromFile(
	type: string,
	bytes: Uint8Array,
	shrink?: Rasterizer
): Promise<Artwork> {
	const url = artworkDataUrl(type, bytes);
	if (url.length <= ARTWORK_MAX_CHARS) return { url };
	if (type === 'image/svg+xml')
		throw new Error(
			`This SVG is ${kb(url.length)} once embedded; artwork can be at most ${kb(ARTWORK_MAX_CHARS)}. ` +
				'Simplify it (fewer points, no embedded bitmaps), or export it as a PNG and upload that: PNG and JPEG images are scaled down to fit.'
		);
	if (!shrink)
		throw new Error(
			`This image is ${kb(url.length)} once embedded; artwork can be at most ${kb(ARTWORK_MAX_CHARS)}. Use a smaller image (at most ${ARTWORK_MAX_SIDE} px across).`
		);
	const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
	for (const step of SHRINK_STEPS) {
		const small = await shrink(blob, step.side, step.type, step.quality);
		if (small.length <= ARTWORK_MAX_CHARS)
			return {
				url: small,
				note: `The image (${kb(url.length)}) was scaled down to at most ${step.side} px across (${kb(small.length)}) to fit the ${kb(ARTWORK_MAX_CHARS)} artwork limit.`
			};
	}
	const last = SHRINK_STEPS[SHRINK_STEPS.length - 1];
	throw new Error(
		`This image is too detailed to fit the ${kb(ARTWORK_MAX_CHARS)} artwork limit even scaled down to ${last.side} px. Use a simpler or smaller image.`
	);
}

/** The browser's rasterizer: a canvas (WebP where the browser encodes it, PNG otherwise). */
export const canvasRasterizer: Rasterizer = async (image, maxSide, type, quality) => {
	const bitmap = await createImageBitmap(image);
	try {
		const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
		const canvas = document.createElement('canvas');
		canvas.width = Math.max(1, Math.round(bitmap.width * scale));
		canvas.height = Math.max(1, Math.round(bitmap.height * scale));
		const ctx = canvas.getContext('2d');
		if (!ctx) throw new Error('this browser cannot scale images (no canvas)');
		ctx.imageSmoothingQuality = 'high';
		ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
		return canvas.toDataURL(type, quality);
	} finally {
		bitmap.close();
	}
};
