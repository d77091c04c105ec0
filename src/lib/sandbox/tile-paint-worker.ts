// The designs' bitmaps painted off the page's thread (tile-bitmaps.ts sends the designs a frame had
// no time for): the renderer's SVG, read back as shapes, painted on an OffscreenCanvas and handed
// back as an ImageBitmap; null for a drawing the shapes cannot show (the page decodes it as an image).
import { svgPaint } from '../render/svg-ops.ts';
import { renderTileSvg } from '../render/tile-svg.ts';
import { compilePaint, paintTile, type PaintRequest, type PaintAnswer } from './tile-paint.ts';

self.onmessage = (e: MessageEvent<PaintRequest>) => {
	const { looks, items, svgSize } = e.data;
	for (const { id, def, size } of items) {
		const paint = svgPaint(renderTileSvg(def, { size: svgSize, looks }));
		let answer: PaintAnswer = { id, bitmap: null };
		if (paint) {
			const canvas = new OffscreenCanvas(size, size);
			paintTile(canvas.getContext('2d')!, compilePaint(paint), size);
			answer = { id, bitmap: canvas.transferToImageBitmap() };
		}
		self.postMessage(answer, { transfer: answer.bitmap ? [answer.bitmap] : [] });
	}
};
