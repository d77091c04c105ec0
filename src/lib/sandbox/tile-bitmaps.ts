// Each design's drawing as bitmaps for the board, unturned (the board turns a bitmap as it draws it).
// A drawing is painted with paths from the renderer's own shapes (render/svg-ops.ts, tile-paint.ts:
// a fraction of a millisecond a design); only one the paths cannot show (a designer's own SVG in a
// look) is decoded as an image, which costs Chromium 5-10 ms on the page's thread, a few at a time.
// Painting takes at most PAINT_MS of a frame; the designs left over are painted by a worker off the
// page's thread (tile-paint-worker.ts; without OffscreenCanvas, in tasks of their own, the page
// answering between them) and show a plain square meanwhile.
import type { Tile } from '../engine/index.ts';
import { svgPaint, type SvgPaint } from '../render/svg-ops.ts';
import { looksInPlay, tileSvg, tileImageUrl } from './images.ts';
import { compilePaint, paintTile, type PaintAnswer, type PaintRequest } from './tile-paint.ts';

/** Drawings decoded as images at a time. */
const DECODING = 4;
/** Milliseconds of painting in one frame (or one task of its own) at most. */
const PAINT_MS = 8;
const PLACEHOLDER = '#d8d2c2';
const SVG_SIZE = 192;

/** A design drawn with paths (its shapes made again for each size: kept, 2,000 designs' would take ~15 MB), or its image. */
type Drawing = 'paths' | HTMLImageElement;

export class TileBitmaps {
	/** Bitmaps by size and design. */
	#bitmaps = new Map<string, HTMLCanvasElement | ImageBitmap>();
	/** How each design is drawn (null while its image decodes). */
	#drawings = new Map<number, Drawing | null>();
	/** A number per design (tiles of a game share their design's object). */
	#designs = new WeakMap<Tile, number>();
	#next = 0;
	/** Bitmaps asked for beyond a frame's painting time, painted by tasks of their own. */
	#queue: { def: Tile; size: number }[] = [];
	#queued = new Set<string>();
	#task: ReturnType<typeof setTimeout> | undefined;
	#decoding = 0;
	#placeholders = new Map<number, HTMLCanvasElement>();
	/** Designs given a bitmap since the last `fresh()`: the tiles showing a plain square take it. */
	#fresh = new Set<Tile>();
	#until = 0;
	#destroyed = false;
	/** The painting worker (undefined until needed, null where there is none). */
	#worker: Worker | null | undefined;
	/** Requests sent to the worker, by id. */
	#sent = new Map<number, { def: Tile; size: number }>();
	#nextId = 0;

	/** `drawn` is told (once per batch) when bitmaps asked for earlier are ready. */
	constructor(private drawn: () => void) {}

	/** A frame begins: painting may take PAINT_MS from now. */
	frame(): void {
		this.#until = performance.now() + PAINT_MS;
	}

	/** The design's drawing as a bitmap of `size` px; a shared plain square (`ready` false) until it is painted. */
	get(def: Tile, size: number): { image: HTMLCanvasElement | ImageBitmap; ready: boolean } {
		let design = this.#designs.get(def);
		if (design === undefined) this.#designs.set(def, (design = this.#next++));
		const key = `${size}|${design}`;
		const c = this.#bitmaps.get(key);
		if (c) return { image: c, ready: true };
		if (performance.now() < this.#until) {
			const made = this.#make(def, design, size);
			if (made) return { image: made, ready: true };
		} else if (!this.#queued.has(key)) {
			this.#queued.add(key);
			this.#queue.push({ def, size });
			this.#schedule();
		}
		return { image: this.#placeholder(size), ready: false };
	}

	/** The designs given their bitmap since the last call. */
	fresh(): Tile[] {
		const out = [...this.#fresh];
		this.#fresh.clear();
		return out;
	}

	destroy(): void {
		this.#destroyed = true;
		clearTimeout(this.#task);
		this.#worker?.terminate();
	}

	/** The bitmap made now, or null while its drawing is decoded as an image. */
	#make(def: Tile, design: number, size: number): HTMLCanvasElement | null {
		const drawing = this.#drawings.get(design);
		let paint: SvgPaint | null = null;
		if (drawing === undefined || drawing === 'paths') {
			paint = svgPaint(tileSvg(def, SVG_SIZE));
			this.#drawings.set(design, paint ? 'paths' : this.#decode(def, design));
		}
		if (!paint && !drawing) return null;
		const c = document.createElement('canvas');
		c.width = c.height = size;
		const ctx = c.getContext('2d')!;
		if (paint) paintTile(ctx, compilePaint(paint), size);
		else if (drawing instanceof HTMLImageElement && drawing.naturalWidth > 0)
			ctx.drawImage(drawing, 0, 0, size, size);
		else ctx.drawImage(this.#placeholder(size), 0, 0);
		this.#bitmaps.set(`${size}|${design}`, c);
		return c;
	}

	/** Starts decoding the drawing as an image (at most DECODING at a time; the rest wait). */
	#decode(def: Tile, design: number): null {
		const start = () => {
			this.#decoding++;
			const img = new Image();
			img.onload = img.onerror = () => {
				this.#decoding--;
				if (this.#destroyed) return;
				this.#drawings.set(design, img);
				this.#waiting.shift()?.();
				this.#schedule();
			};
			img.src = tileImageUrl(def, 0, SVG_SIZE);
		};
		if (this.#decoding < DECODING) start();
		else this.#waiting.push(start);
		return null;
	}
	#waiting: (() => void)[] = [];

	/** A task to paint what is asked for meanwhile (once per batch). */
	#schedule(): void {
		if (this.#task === undefined && !this.#destroyed) this.#task = setTimeout(() => this.#work());
	}

	/** The designs drawn with paths to the worker, in one message, the newest first (false: no worker). */
	#send(): boolean {
		const worker = this.#paintWorker();
		if (!worker) return false;
		const items: PaintRequest['items'] = [];
		this.#queue = this.#queue.filter(({ def, size }) => {
			const drawing = this.#drawings.get(this.#designs.get(def)!);
			if (drawing !== undefined && drawing !== 'paths') return true; // an image: drawn here
			this.#sent.set(this.#nextId, { def, size });
			items.unshift({ id: this.#nextId++, def, size });
			return false;
		});
		if (items.length) worker.postMessage({ looks: looksInPlay(), svgSize: SVG_SIZE, items });
		return true;
	}

	#paintWorker(): Worker | null {
		if (this.#worker !== undefined) return this.#worker;
		this.#worker = null;
		if (typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') return null;
		const worker = new Worker(new URL('./tile-paint-worker.ts', import.meta.url), {
			type: 'module'
		});
		worker.onmessage = (e: MessageEvent<PaintAnswer>) => this.#painted(e.data);
		return (this.#worker = worker);
	}

	/** A bitmap from the worker; a drawing it cannot paint is decoded here as an image. */
	#painted({ id, bitmap }: PaintAnswer): void {
		const asked = this.#sent.get(id);
		this.#sent.delete(id);
		if (!asked || this.#destroyed) return;
		const design = this.#designs.get(asked.def)!;
		const key = `${asked.size}|${design}`;
		if (bitmap) {
			this.#drawings.set(design, 'paths');
			this.#bitmaps.set(key, bitmap);
			this.#queued.delete(key);
			this.#fresh.add(asked.def);
			this.drawn();
			return;
		}
		if (this.#drawings.get(design) === undefined)
			this.#drawings.set(design, this.#decode(asked.def, design));
		this.#queue.push(asked);
		this.#schedule();
	}

	/**
	 * One task's painting: the designs drawn with paths go to the worker; here, the images decoded (and
	 * without a worker, everything), the bitmaps asked for last first (the newest tiles, the zoom just reached).
	 */
	#work(): void {
		this.#task = undefined;
		this.#send();
		this.frame();
		const later: { def: Tile; size: number }[] = [];
		while (this.#queue.length && performance.now() < this.#until) {
			const { def, size } = this.#queue.pop()!;
			const design = this.#designs.get(def)!;
			const key = `${size}|${design}`;
			if (this.#make(def, design, size)) {
				this.#queued.delete(key);
				this.#fresh.add(def);
			} else later.push({ def, size }); // its image still decoding
		}
		this.#queue.push(...later);
		if (this.#fresh.size) this.drawn();
		// the bitmaps whose image is still decoding wait for it (its load schedules the next task)
		if (this.#queue.length > later.length) this.#schedule();
	}

	#placeholder(size: number): HTMLCanvasElement {
		let c = this.#placeholders.get(size);
		if (!c) {
			c = document.createElement('canvas');
			c.width = c.height = size;
			const ctx = c.getContext('2d')!;
			ctx.fillStyle = PLACEHOLDER;
			ctx.fillRect(0, 0, size, size);
			this.#placeholders.set(size, c);
		}
		return c;
	}
}
