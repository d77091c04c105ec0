// A tile's drawing painted on a canvas from the renderer's own shapes (render/svg-ops.ts): each
// shape's outline made a Path2D once, then filled and stroked as the SVG would be. Painting a design
// so costs a fraction of a millisecond, where decoding its SVG as an image costs Chromium 5-10 ms
// on the page's thread.
import type { Tile } from '../engine/index.ts';
import type { Looks } from '../render/looks.ts';
import type { PaintOp, SvgPaint } from '../render/svg-ops.ts';

/** Designs to paint in the worker (tile-paint-worker.ts), each at `size` px, the looks in play. */
export interface PaintRequest {
	looks: Looks;
	svgSize: number;
	items: { id: number; def: Tile; size: number }[];
}
/** A design painted (null: the shapes cannot show its drawing). */
export interface PaintAnswer {
	id: number;
	bitmap: ImageBitmap | null;
}

/** A drawing ready to paint: the shapes with their outlines as Path2D. */
export interface TilePaint {
	box: SvgPaint['box'];
	ops: (PaintOp & { path: Path2D })[];
}

export function compilePaint(p: SvgPaint): TilePaint {
	return { box: p.box, ops: p.ops.map((op) => ({ ...op, path: new Path2D(op.d) })) };
}

/** Paints the drawing into the square (0, 0)–(size, size) of the context's current pixels. */
export function paintTile(
	ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
	p: TilePaint,
	size: number
): void {
	const [bx, by, bw] = p.box;
	const k = size / bw;
	ctx.save();
	for (const op of p.ops) {
		const [a, b, c, d, e, f] = op.m;
		ctx.setTransform(k * a, k * b, k * c, k * d, k * (e - bx), k * (f - by));
		if (op.fill) {
			ctx.globalAlpha = op.fillAlpha;
			ctx.fillStyle = op.fill;
			ctx.fill(op.path, op.rule);
		}
		if (op.stroke) {
			ctx.globalAlpha = op.strokeAlpha;
			ctx.strokeStyle = op.stroke;
			ctx.lineWidth = op.width;
			ctx.lineCap = op.cap;
			ctx.lineJoin = op.join;
			ctx.miterLimit = op.miter;
			ctx.setLineDash(op.dash);
			ctx.lineDashOffset = op.dashOffset;
			ctx.stroke(op.path);
		}
	}
	ctx.restore();
}
