// The placed tiles of the sandbox board, drawn by one Konva shape: only the tiles in view. Close up,
// or up to DIRECT_MAX tiles in view, each tile is drawn from its design's bitmap; zoomed out over
// more (a cell of at most CHUNK_MAX_PX screen pixels) from chunks — CHUNK × CHUNK cells rasterised
// once into a canvas, touched up where a tile changes (a placement, a jump on the timeline) or a
// drawing arrives. A 10,000-tile board so costs a frame a few dozen canvases, not 10,000 images
// (and no Konva node per tile).
import type { BoardTile, Tile } from '../engine/index.ts';

/** World units per cell (a tile is 100 × 100, like the renderer's viewBox). */
export const CELL = 100;
/** Cells per side of a chunk. */
const CHUNK = 16;
/** Screen pixels per cell up to which the board is drawn from chunks (rasterised at these sizes). */
const CHUNK_PX = [8, 16, 32];
const CHUNK_MAX_PX = CHUNK_PX[CHUNK_PX.length - 1];
/** Tiles in view up to which they are drawn one by one at any zoom (a chunk costs more than its few tiles). */
const DIRECT_MAX = 2000;
/** Pixels of chunk canvases kept at most (those not drawn lately go first). */
const CHUNK_BUDGET = 12e6;

/** A design's drawing, unturned, as a bitmap; `ready` false while it is a plain square (still decoding). */
export interface TileArt {
	(def: Tile, size: number): { image: CanvasImageSource; ready: boolean };
}

/** The part of the world in view (world units). */
export interface WorldRect {
	x0: number;
	y0: number;
	x1: number;
	y1: number;
}

interface ChunkCanvas {
	canvas: HTMLCanvasElement;
	ctx: CanvasRenderingContext2D;
	/** Tiles drawn as a plain square, by design and cell: drawn again when their drawing is ready. */
	waiting: Map<Tile, Map<string, BoardTile>>;
	/** The frame it was last drawn in. */
	used: number;
}

interface Chunk {
	x: number;
	y: number;
	tiles: Map<string, BoardTile>;
	/** Rasterised, by pixels per cell. */
	canvases: Map<number, ChunkCanvas>;
}

/**
 * Draws `image` (a design's drawing, unturned) as the tile t: turned by its rotation, in its cell.
 * `m` is the context's transform for world units.
 */
function drawTile(
	ctx: CanvasRenderingContext2D,
	m: DOMMatrix,
	t: BoardTile,
	image: CanvasImageSource
): void {
	// the world transform, then the cell's centre and the quarter turns
	const r = (((t.rotation % 4) + 4) % 4) as 0 | 1 | 2 | 3;
	const cos = [1, 0, -1, 0][r];
	const sin = [0, 1, 0, -1][r];
	const cx = t.x * CELL + CELL / 2;
	const cy = t.y * CELL + CELL / 2;
	ctx.setTransform(
		m.a * cos + m.c * sin,
		m.b * cos + m.d * sin,
		m.c * cos - m.a * sin,
		m.d * cos - m.b * sin,
		m.a * cx + m.c * cy + m.e,
		m.b * cx + m.d * cy + m.f
	);
	ctx.drawImage(image, -CELL / 2, -CELL / 2, CELL, CELL);
}

export class TileSheet {
	/** The tiles as last given, with their signatures (what they show, where). */
	#tiles: { tile: BoardTile; sig: string }[] = [];
	#chunks = new Map<string, Chunk>();
	#frame = 0;
	#pixels = 0;

	constructor(
		private art: TileArt,
		/** Bitmap sizes for tiles drawn one by one; the smallest also fills the chunks. */
		private levels: number[]
	) {}

	/** Brings the sheet in line with the board's tiles; true when anything changed. */
	sync(tiles: BoardTile[]): boolean {
		const had = this.#tiles;
		let changed = had.length !== tiles.length;
		for (let i = tiles.length; i < had.length; i++) this.#put(had[i].tile, null);
		for (let i = 0; i < tiles.length; i++) {
			const t = tiles[i];
			const sig = `${t.key}|${t.x}|${t.y}|${t.rotation}`;
			if (had[i]?.sig === sig) continue;
			changed = true;
			if (had[i]) this.#put(had[i].tile, null);
			this.#put(t, t);
			had[i] = { tile: t, sig };
		}
		had.length = tiles.length;
		return changed;
	}

	/** Sets the cell of `at` to `tile` (or empties it), in the rasterised chunks too. */
	#put(at: BoardTile, tile: BoardTile | null): void {
		const key = `${Math.floor(at.x / CHUNK)},${Math.floor(at.y / CHUNK)}`;
		const cell = `${at.x},${at.y}`;
		let chunk = this.#chunks.get(key);
		if (!chunk) {
			if (!tile) return;
			chunk = {
				x: Math.floor(at.x / CHUNK),
				y: Math.floor(at.y / CHUNK),
				tiles: new Map(),
				canvases: new Map()
			};
			this.#chunks.set(key, chunk);
		}
		const before = chunk.tiles.get(cell);
		if (tile) chunk.tiles.set(cell, tile);
		else if (before === at) chunk.tiles.delete(cell);
		else return; // another tile took the cell meanwhile
		if (!chunk.tiles.size) {
			for (const c of chunk.canvases.values()) this.#pixels -= c.canvas.width * c.canvas.height;
			this.#chunks.delete(key);
			return;
		}
		for (const [px, c] of chunk.canvases) {
			const m = this.#chunkMatrix(chunk, px);
			c.ctx.setTransform(m);
			c.ctx.clearRect(at.x * CELL, at.y * CELL, CELL, CELL);
			if (before) c.waiting.get(before.def)?.delete(cell);
			if (tile) this.#drawInChunk(c, m, tile);
		}
	}

	/** World units → the chunk canvas's pixels at `px` pixels per cell. */
	#chunkMatrix(chunk: Chunk, px: number): DOMMatrix {
		const k = px / CELL;
		return new DOMMatrix([k, 0, 0, k, -chunk.x * CHUNK * px, -chunk.y * CHUNK * px]);
	}

	#drawInChunk(c: ChunkCanvas, m: DOMMatrix, t: BoardTile): void {
		const { image, ready } = this.art(t.def, this.levels[0]);
		drawTile(c.ctx, m, t, image);
		if (ready) return;
		let w = c.waiting.get(t.def);
		if (!w) c.waiting.set(t.def, (w = new Map()));
		w.set(`${t.x},${t.y}`, t);
	}

	/** The chunk rasterised at `px` pixels per cell (made now if it is not kept). */
	#canvas(chunk: Chunk, px: number): ChunkCanvas {
		let c = chunk.canvases.get(px);
		if (!c) {
			const canvas = document.createElement('canvas');
			canvas.width = canvas.height = CHUNK * px;
			const ctx = canvas.getContext('2d')!;
			c = { canvas, ctx, waiting: new Map(), used: 0 };
			chunk.canvases.set(px, c);
			this.#pixels += canvas.width * canvas.height;
			const m = this.#chunkMatrix(chunk, px);
			for (const t of chunk.tiles.values()) this.#drawInChunk(c, m, t);
		}
		c.used = this.#frame;
		return c;
	}

	/** The drawings of these designs, decoded meanwhile, replace their plain squares in the chunks. */
	touchUp(designs: Iterable<Tile>): void {
		for (const def of designs)
			for (const chunk of this.#chunks.values())
				for (const [px, c] of chunk.canvases) {
					const w = c.waiting.get(def);
					if (!w) continue;
					c.waiting.delete(def);
					const { image } = this.art(def, this.levels[0]);
					const m = this.#chunkMatrix(chunk, px);
					for (const t of w.values()) drawTile(c.ctx, m, t, image);
				}
	}

	/**
	 * Draws the tiles within `view` on a context whose transform maps world units to its pixels,
	 * a cell being `cellPx` device pixels; `skip` is a cell left out (a tile being animated in).
	 */
	draw(ctx: CanvasRenderingContext2D, view: WorldRect, cellPx: number, skip?: string): void {
		this.#frame++;
		const m = ctx.getTransform();
		const inView = ({ tile: t }: { tile: BoardTile }) =>
			t.x * CELL + CELL >= view.x0 &&
			t.x * CELL <= view.x1 &&
			t.y * CELL + CELL >= view.y0 &&
			t.y * CELL <= view.y1;
		const shown = this.#tiles.filter(inView);
		if (cellPx > CHUNK_MAX_PX || shown.length <= DIRECT_MAX) {
			const size = this.levels.find((l) => l >= cellPx) ?? this.levels[this.levels.length - 1];
			for (const { tile: t } of shown)
				if (skip !== `${t.x},${t.y}`) drawTile(ctx, m, t, this.art(t.def, size).image);
		} else {
			const px = CHUNK_PX.find((l) => l >= cellPx)!;
			const side = CHUNK * CELL;
			for (const chunk of this.#chunks.values()) {
				const x = chunk.x * side;
				const y = chunk.y * side;
				if (x + side < view.x0 || x > view.x1 || y + side < view.y0 || y > view.y1) continue;
				ctx.setTransform(m);
				ctx.drawImage(this.#canvas(chunk, px).canvas, x, y, side, side);
			}
			this.#evict();
		}
		ctx.setTransform(m);
	}

	/** Chunk canvases not drawn lately go while the kept ones exceed the budget. */
	#evict(): void {
		if (this.#pixels <= CHUNK_BUDGET) return;
		const kept = [...this.#chunks.values()]
			.flatMap((chunk) => [...chunk.canvases].map(([px, c]) => ({ chunk, px, c })))
			.filter((k) => k.c.used < this.#frame)
			.sort((a, b) => a.c.used - b.c.used);
		for (const { chunk, px, c } of kept) {
			if (this.#pixels <= CHUNK_BUDGET) break;
			chunk.canvases.delete(px);
			this.#pixels -= c.canvas.width * c.canvas.height;
		}
	}
}
