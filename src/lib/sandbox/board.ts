// Long because: one Konva view class (BoardView) that draws the board and reports the pointer and keys.
// The sandbox board on a Konva stage: tiles drawn by the renderer, figures as silhouettes in player
// colours, the lit cells where the tile in hand fits, the targets of the current step, highlights.
// It draws what it is given and reports what the pointer and the keys do; it decides nothing.
import type Konva from 'konva';
import type { BoardMarker, BoardPiece, BoardTile, Move, Tile } from '../engine/index.ts';
import { tileShapes, rotatePoint } from './images.ts';
import { NEUTRAL, silhouetteOf, sizeOf, TOKEN_FILL, type PlayerColour } from './palette.ts';
import { TileBitmaps } from './tile-bitmaps.ts';
import { CELL, TileSheet } from './tile-sheet.ts';

export { CELL };
/**
 * Pixel sizes of a design's bitmaps: the one drawn is the smallest at least as large as the tile on
 * screen (drawing a large bitmap small costs more than the drawing is worth on a 500-tile board).
 */
const LEVELS = [48, 96, 192];
/** Milliseconds after bitmaps painted in tasks of their own are taken into the board (a few times a second, not at each). */
const TAKE_DECODED_MS = 150;
/**
 * Pixels drawn beyond each edge of the view. Between redraws a pan or zoom only moves the drawn
 * canvases with a CSS transform (cheap to composite); the board is drawn again once the view comes to
 * rest, or at once when the move would uncover more than this margin.
 */
const OVERSCAN = 256;
/** Milliseconds without a pan or zoom after which the board is drawn again at the new view. */
const SETTLE_MS = 140;
/** A zoom by more than this factor since the last redraw draws again at once (bitmaps too coarse or too small). */
const MAX_CSS_ZOOM = 1.3;
/** The table under the tiles: a colour with a dot every DOT_STEP screen pixels, which moves with the board. */
const TABLE = '#ece5d6';
const DOT = 'rgba(0,0,0,0.08)';
const DOT_STEP = 24;
const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Container pixel = world × s + (x, y). */
interface Camera {
	x: number;
	y: number;
	s: number;
}

export interface LitCell {
	x: number;
	y: number;
	/** Fits in the current rotation (else only in another one). */
	fits: boolean;
}

export interface BoardTarget {
	key: string;
	x: number;
	y: number;
	feature?: string;
	moves: Move[];
}

export interface Part {
	x: number;
	y: number;
	feature: string;
}

export interface BoardScene {
	tiles: BoardTile[];
	/**
	 * The pieces; `drawn`: what a piece is drawn as when not its kind (palette.ts drawnKind); `token`:
	 * a token (nobody's, drawn in the token colour).
	 */
	pieces: (BoardPiece & { drawn?: string; token?: boolean })[];
	markers: BoardMarker[];
	colours: PlayerColour[];
	/** The tile to place and its rotation (place step), else null. */
	hand: { def: Tile; rotation: number } | null;
	lit: LitCell[];
	targets: BoardTarget[];
	highlight: Part[];
	/** Where the figures of a highlighted scoring stood: ringed. */
	ringed: Part[];
	/** Tiles the bots placed since the person last decided, with the seat that placed each: marked. */
	recent?: { x: number; y: number; seat: number }[];
}

export interface BoardEvents {
	/** A cell was clicked (or Enter pressed on the keyboard cursor). */
	cell(x: number, y: number): void;
	/** The pointer (or the keyboard cursor) is over a cell, or left the board (null). */
	hover(cell: { x: number; y: number } | null): void;
	target(t: BoardTarget): void;
	/** Focus moved to a target with the keyboard (or the pointer is over it). */
	targetHover(t: BoardTarget | null): void;
	/** Rotate the tile in hand by ±1 quarter turn (keys R / Shift+R, Shift+wheel). */
	rotate(by: 1 | -1): void;
}

/** The person asked for less motion: tiles and figures appear without dropping in, a scoring without fading. */
const lessMotion = (): boolean =>
	typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

const FIT_FILL = 'rgba(63,125,46,0.38)';
const FIT_STROKE = '#2f6b22';
const OTHER_FILL = 'rgba(224,162,60,0.16)';
const OTHER_STROKE = '#9a6a10';
const HIGHLIGHT_FILL = 'rgba(255,214,0,0.5)';
/**
 * Screen pixels a figure keeps at least when the board is zoomed out (up to 3.5 times its size on the
 * tile); zoomed out, each figure stands on a disc of its owner's colour (a marker with its kind's
 * silhouette), so a thin figure's colour (the scarecrow's, lying) can be told.
 */
const MIN_FIGURE_PX = 20;
const figureScaleAt = (s: number): number =>
	Math.min(3.5, Math.max(1, Math.ceil((MIN_FIGURE_PX / (24 * s)) * 4) / 4));

export class BoardView {
	private K: typeof Konva;
	private stage: Konva.Stage;
	private tileLayer: Konva.Layer;
	private overLayer: Konva.Layer;
	/** Figures, markers, highlights and targets: a group on the top layer (each layer is one more canvas to composite per frame). */
	private pieceLayer: Konva.Group;
	/** The placed tiles (only those in view are drawn), and the newest one as it drops in. */
	private sheet: TileSheet;
	private drop: Konva.Image;
	private dropping: string | undefined;
	private litPool: Konva.Rect[] = [];
	private lastMark: Konva.Rect;
	private ghost: Konva.Image;
	private cursorMark: Konva.Rect;
	/** Designs' drawings as bitmaps, painted once per size. */
	private bitmaps: TileBitmaps;
	private taking: ReturnType<typeof setTimeout> | undefined;
	private destroyed = false;
	private dirty = new Set<Konva.Layer>();
	private frame = 0;
	private scene: BoardScene | null = null;
	private tilesByCell = new Map<string, BoardTile>();
	private hovered: { x: number; y: number } | null = null;
	/** Keyboard cursor cell. */
	cursor = { x: 0, y: 0 };
	private focusedTarget = -1;
	private targetNodes: Konva.Shape[] = [];
	/** The figures' scale at the drawn zoom (they keep a readable size on screen when the board is small). */
	private figureScale = 1;
	/** Where each target of the scene is drawn (world units), by target key. */
	private targetAt = new Map<string, { x: number; y: number }>();
	private fitted = false;
	/** The view the user sees. */
	private cam: Camera = { x: 0, y: 0, s: 1 };
	/** The view the canvases were drawn at; a CSS transform on them maps it to `cam` until the next redraw. */
	private drawn: Camera = { x: 0, y: 0, s: 1 };
	/** The next frame draws at `cam` (and drops the transform). */
	private recentre = false;
	private settle: ReturnType<typeof setTimeout> | undefined;
	private content: HTMLDivElement;
	/**
	 * While the view moves, the layers flattened onto the table in one opaque canvas, shown in their
	 * place: one opaque layer is far cheaper to composite at every frame than two transparent ones
	 * over the table (about half the browser's CPU per frame, measured).
	 */
	private flat: HTMLCanvasElement;
	private moving = false;
	private width = 0;
	private height = 0;
	/** A drag (or pinch) in progress, by pointer id; `panned` suppresses the click that ends a drag. */
	private pointers = new Map<number, { x: number; y: number }>();
	private dragStart: { x: number; y: number } | null = null;
	private panned = false;
	private lastDrawMs = 0;
	/** performance.now() when the last scene was set (benchmark). */
	sceneAt = 0;

	constructor(
		K: typeof Konva,
		private container: HTMLDivElement,
		private on: BoardEvents
	) {
		this.K = K;
		this.stage = new K.Stage({ container, width: 1, height: 1 });
		this.content = this.stage.getContent();
		Object.assign(this.content.style, {
			position: 'absolute',
			left: `${-OVERSCAN}px`,
			top: `${-OVERSCAN}px`,
			transformOrigin: '0 0',
			willChange: 'transform'
		});
		this.flat = document.createElement('canvas');
		Object.assign(this.flat.style, { position: 'absolute', left: '0', top: '0', display: 'none' });
		this.measure();
		this.tileLayer = new K.Layer({ listening: false });
		this.overLayer = new K.Layer();
		this.pieceLayer = new K.Group();
		this.stage.add(this.tileLayer, this.overLayer);
		this.bitmaps = new TileBitmaps(() => {
			this.taking ??= setTimeout(() => {
				this.taking = undefined;
				if (!this.destroyed) this.redraw(this.tileLayer, this.overLayer);
			}, TAKE_DECODED_MS);
		});
		this.sheet = new TileSheet((def, size) => this.bitmap(def, size), LEVELS);
		this.drop = new K.Image({
			width: CELL,
			height: CELL,
			offsetX: CELL / 2,
			offsetY: CELL / 2,
			visible: false,
			listening: false,
			image: undefined
		});
		this.tileLayer.add(
			new K.Shape({ listening: false, sceneFunc: (c) => this.drawTiles(c._context) }),
			this.drop
		);
		this.lastMark = new K.Rect({
			width: CELL,
			height: CELL,
			stroke: '#e0a23c',
			strokeWidth: 5,
			dash: [14, 6],
			visible: false,
			listening: false
		});
		this.ghost = new K.Image({
			width: CELL,
			height: CELL,
			offsetX: CELL / 2,
			offsetY: CELL / 2,
			opacity: 0.6,
			visible: false,
			listening: false,
			image: undefined
		});
		this.cursorMark = new K.Rect({
			width: CELL,
			height: CELL,
			stroke: '#2b2620',
			strokeWidth: 3,
			dash: [6, 4],
			visible: false,
			listening: false
		});
		this.overLayer.add(this.lastMark, this.ghost, this.cursorMark, this.pieceLayer);
		this.content.appendChild(this.flat);
		container.style.background = `radial-gradient(circle at 1px 1px, ${DOT} 1px, transparent 0) 0 0 / ${DOT_STEP}px ${DOT_STEP}px, ${TABLE}`;
		this.stage.on('wheel', (e) => this.wheel(e.evt));
		this.stage.on('click tap', (e) => {
			if (e.target.name() === 'target' || this.panned) return; // a target handles its own click
			const c = this.pointerCell();
			if (c) this.on.cell(c.x, c.y);
		});
		this.stage.on('mousemove', () => this.pointerMoved());
		this.stage.on('mouseleave', () => {
			this.hovered = null;
			this.updateGhost();
			this.on.hover(null);
		});
		container.addEventListener('pointerdown', this.pointerDown);
		container.style.touchAction = 'none';
	}

	destroy(): void {
		this.destroyed = true;
		this.bitmaps.destroy();
		clearTimeout(this.taking);
		clearTimeout(this.settle);
		if (this.frame) cancelAnimationFrame(this.frame);
		this.container.removeEventListener('pointerdown', this.pointerDown);
		this.endDrag();
		this.stage.destroy();
	}

	/** The stage is the view plus the overscan margin on every side; false when its size is unchanged. */
	private measure(): boolean {
		const r = this.container.getBoundingClientRect();
		const [width, height] = [Math.max(1, r.width), Math.max(1, r.height)];
		if (width === this.width && height === this.height) return false;
		this.width = width;
		this.height = height;
		this.stage.size({ width: this.width + 2 * OVERSCAN, height: this.height + 2 * OVERSCAN });
		const ratio = window.devicePixelRatio || 1;
		this.flat.width = Math.round(this.stage.width() * ratio);
		this.flat.height = Math.round(this.stage.height() * ratio);
		Object.assign(this.flat.style, {
			width: `${this.stage.width()}px`,
			height: `${this.stage.height()}px`
		});
		return true;
	}

	resize(): void {
		// the canvases are made again only when the board's size changed
		if (!this.measure() && (this.fitted || !this.scene?.tiles.length)) return;
		if (!this.fitted && this.scene?.tiles.length) this.fit();
		else this.drawAtView();
	}

	/** Milliseconds the last setScene took (benchmark). */
	get drawMs(): number {
		return this.lastDrawMs;
	}

	// ---------------------------------------------------------------- scene
	setScene(scene: BoardScene, opts: { animate?: boolean } = {}): void {
		const t0 = performance.now();
		if (opts.animate && lessMotion()) opts = { animate: false };
		this.bitmaps.frame();
		if (this.moving) this.drawAtView(); // show the new scene now, not when the view comes to rest
		const before = this.scene?.tiles.length ?? 0;
		this.scene = scene;
		// fitted before the tiles are made: their bitmaps are made once, at the fitted zoom
		if (!this.fitted && scene.tiles.length) this.fit();
		this.tilesByCell = new Map(scene.tiles.map((t) => [`${t.x},${t.y}`, t]));
		// a tile placed or taken back (undo, the timeline): the keyboard cursor waits for the next arrow
		if (scene.tiles.length !== before) this.cursorMark.visible(false);
		const tilesChanged = this.syncTiles(
			scene.tiles,
			opts.animate === true && scene.tiles.length === before + 1
		);
		this.drawLit(scene.lit);
		const last = scene.tiles[scene.tiles.length - 1];
		this.lastMark.visible(!!last && scene.tiles.length > 1);
		if (last) this.lastMark.position({ x: last.x * CELL, y: last.y * CELL });
		this.drawPieces(scene, opts.animate === true);
		this.updateGhost();
		this.updateCursor();
		if (tilesChanged) this.redraw(this.tileLayer);
		this.redraw(this.overLayer);
		this.sceneAt = performance.now();
		this.lastDrawMs = this.sceneAt - t0;
	}

	/** The tiles in the drawn view, on the tile layer's context (world units). */
	private drawTiles(ctx: CanvasRenderingContext2D): void {
		const { x, y, s } = this.drawn;
		const view = {
			x0: (-x - OVERSCAN) / s,
			y0: (-y - OVERSCAN) / s,
			x1: (this.width + OVERSCAN - x) / s,
			y1: (this.height + OVERSCAN - y) / s
		};
		this.sheet.draw(ctx, view, CELL * s * (window.devicePixelRatio || 1), this.dropping);
	}

	/** The bitmap size for the zoom drawn (or about to be: after a fit or a zoom). */
	private level(): number {
		const px = CELL * (this.recentre ? this.cam.s : this.drawn.s) * (window.devicePixelRatio || 1);
		return LEVELS.find((l) => l >= px) ?? LEVELS[LEVELS.length - 1];
	}

	/** The design's drawing, unturned, as a bitmap of `size` px (a shared plain square until it is painted). */
	private bitmap(def: Tile, size = this.level()): { image: CanvasImageSource; ready: boolean } {
		return this.bitmaps.get(def, size);
	}

	/** The chunks (and the tile in hand) that show a plain square take the bitmaps painted meanwhile. */
	private takeDecoded(): void {
		const fresh = this.bitmaps.fresh();
		if (!fresh.length) return;
		this.sheet.touchUp(fresh);
		this.updateGhost();
	}

	/** After a zoom: the figures keep a readable size. */
	private relevel(): void {
		const scale = figureScaleAt(this.drawn.s);
		if (scale !== this.figureScale) {
			this.figureScale = scale;
			if (this.scene) this.drawPieces(this.scene);
		}
		// the smallest figure's size on screen, for the browser tests
		this.container.dataset.figurePx = String(Math.round(24 * scale * this.drawn.s));
	}

	/** Draws the given layers on the next frame (only those that changed). */
	private redraw(...layers: Konva.Layer[]): void {
		for (const l of layers) this.dirty.add(l);
		if (!this.frame) this.frame = requestAnimationFrame(() => this.flushDraw());
	}

	/** Draws the layers waiting for the next frame now; returns the milliseconds it took. */
	flushDraw(): number {
		const t0 = performance.now();
		if (this.frame) cancelAnimationFrame(this.frame);
		this.frame = 0;
		if (this.recentre) {
			// draw at the view the user sees, and drop the transform in the same frame
			this.recentre = false;
			this.drawn = { ...this.cam };
			this.stage.scale({ x: this.cam.s, y: this.cam.s });
			this.stage.position({ x: this.cam.x + OVERSCAN, y: this.cam.y + OVERSCAN });
			this.content.style.transform = '';
			this.container.style.backgroundPosition = `${mod(this.cam.x, DOT_STEP)}px ${mod(this.cam.y, DOT_STEP)}px`;
			this.relevel();
			if (this.moving) this.showLayers(true);
		}
		this.bitmaps.frame();
		this.takeDecoded();
		for (const l of this.dirty) l.draw();
		this.dirty.clear();
		return performance.now() - t0;
	}

	/** Brings the tiles drawn in line with the board; true when anything changed. */
	private syncTiles(tiles: BoardTile[], animate: boolean): boolean {
		const changed = this.sheet.sync(tiles);
		const t = tiles[tiles.length - 1];
		this.dropping = undefined;
		this.drop.visible(false);
		if (!animate || !t) return changed;
		// the newest tile drops in (the sheet leaves its cell out meanwhile)
		const cell = `${t.x},${t.y}`;
		this.dropping = cell;
		this.drop.setAttrs({
			visible: true,
			x: t.x * CELL + CELL / 2,
			y: t.y * CELL + CELL / 2,
			rotation: t.rotation * 90,
			image: this.bitmap(t.def).image,
			scaleX: 1.12,
			scaleY: 1.12,
			opacity: 0.4
		});
		new this.K.Tween({
			node: this.drop,
			duration: 0.15,
			scaleX: 1,
			scaleY: 1,
			opacity: 1,
			onFinish: () => {
				if (this.dropping !== cell) return;
				this.dropping = undefined;
				this.drop.visible(false);
				this.redraw(this.tileLayer);
			}
		}).play();
		return changed;
	}

	private drawLit(lit: LitCell[]): void {
		const K = this.K;
		while (this.litPool.length < lit.length) {
			const r = new K.Rect({
				width: CELL - 6,
				height: CELL - 6,
				cornerRadius: 6,
				listening: false
			});
			this.overLayer.add(r);
			r.moveToBottom();
			this.litPool.push(r);
		}
		this.litPool.forEach((r, i) => {
			const c = lit[i];
			if (!c) return void r.visible(false);
			r.setAttrs({
				visible: true,
				x: c.x * CELL + 3,
				y: c.y * CELL + 3,
				fill: c.fits ? FIT_FILL : OTHER_FILL,
				stroke: c.fits ? FIT_STROKE : OTHER_STROKE,
				strokeWidth: c.fits ? 3 : 2,
				dash: c.fits ? [] : [9, 7]
			});
		});
	}

	private anchor(
		tile: BoardTile | undefined,
		feature: string | undefined
	): { x: number; y: number } | null {
		if (!tile) return null;
		const shape = feature ? tileShapes(tile.def).get(feature) : undefined;
		const p = shape ? rotatePoint(shape.anchor.x, shape.anchor.y, tile.rotation) : { x: 50, y: 50 };
		return { x: tile.x * CELL + p.x, y: tile.y * CELL + p.y };
	}

	private tileAt(x: number, y: number): BoardTile | undefined {
		return this.tilesByCell.get(`${x},${y}`);
	}

	private figure(
		kind: string,
		featureType: string | undefined,
		fill: string,
		ink: string,
		label: string,
		at: { x: number; y: number },
		lying = false
	): Konva.Group {
		const K = this.K;
		const size = 24 * sizeOf(kind) * this.figureScale;
		const g = new K.Group({
			x: at.x,
			y: at.y,
			scaleX: size / 20,
			scaleY: size / 20,
			rotation: lying ? 90 : 0,
			listening: false
		});
		// zoomed out: a marker, the owner's disc with the kind's silhouette in the ink colour on it
		const marker = this.figureScale > 1;
		if (marker)
			g.add(
				new K.Circle({
					radius: 11,
					fill,
					stroke: '#1d1a16',
					strokeWidth: 1.4,
					perfectDrawEnabled: false
				})
			);
		g.add(
			new K.Path({
				data: silhouetteOf(kind, featureType),
				offsetX: 10,
				offsetY: 10,
				...(marker
					? { fill: ink, scaleX: 0.75, scaleY: 0.75 }
					: { fill, stroke: '#1d1a16', strokeWidth: 1.4 }),
				perfectDrawEnabled: false
			})
		);
		if (label && !marker)
			g.add(
				new K.Text({
					text: label,
					x: -10,
					y: -1.5,
					width: 20,
					align: 'center',
					fontSize: 7,
					fontStyle: 'bold',
					fill: ink,
					fontFamily: 'system-ui, sans-serif'
				})
			);
		return g;
	}

	/** Where each piece stood at the last drawing (a piece that arrives or moves drops in). */
	private pieceSpots = new Map<number, string>();

	private drawPieces(scene: BoardScene, animate = false): void {
		const before = this.pieceSpots;
		this.pieceSpots = new Map(scene.pieces.map((p) => [p.piece, `${p.x},${p.y},${p.feature}`]));
		this.pieceLayer.destroyChildren();
		this.targetNodes = [];
		this.drawUnderFigures(scene);
		this.drawFigures(scene, animate ? before : null);
		this.drawMarkers(scene);
		this.drawTargets(scene);
		if (this.focusedTarget >= scene.targets.length) this.focusedTarget = -1;
		this.markFocusedTarget();
	}

	/** Under the figures: highlighted feature parts, the bots' recent tiles, ringed features. */
	private drawUnderFigures(scene: BoardScene): void {
		const K = this.K;
		// highlighted feature parts under the figures
		for (const p of scene.highlight) {
			const g = this.featurePart(p, { fill: HIGHLIGHT_FILL, stroke: '#b8860b', strokeWidth: 2.5 });
			if (g) this.pieceLayer.add(g);
		}
		// the bots' tiles since the person's last decision: a frame in the placing seat's colour
		for (const r of scene.recent ?? []) {
			const c = scene.colours[r.seat];
			this.pieceLayer.add(
				new K.Rect({
					x: r.x * CELL + 2,
					y: r.y * CELL + 2,
					width: CELL - 4,
					height: CELL - 4,
					stroke: c?.fill ?? '#444',
					strokeWidth: 4,
					cornerRadius: 4,
					listening: false,
					name: 'recent'
				})
			);
		}
		for (const r of scene.ringed) {
			const a = this.anchor(this.tileAt(r.x, r.y), r.feature);
			if (a)
				this.pieceLayer.add(
					new K.Circle({
						x: a.x,
						y: a.y,
						radius: 17,
						stroke: '#b8860b',
						strokeWidth: 4,
						dash: [5, 3],
						listening: false
					})
				);
		}
	}

	/** The figures; those that arrived or moved since `before` (when animated) drop in. */
	private drawFigures(scene: BoardScene, before: ReadonlyMap<number, string> | null): void {
		const K = this.K;
		// figures; several on one feature stand side by side
		const stacks = new Map<string, number>();
		for (const pc of scene.pieces) {
			const t = this.tileAt(pc.x, pc.y);
			const a = this.anchor(t, pc.feature);
			if (!t || !a) continue;
			const k = `${pc.x},${pc.y},${pc.feature}`;
			const n = stacks.get(k) ?? 0;
			stacks.set(k, n + 1);
			const colour = pc.owner >= 0 ? scene.colours[pc.owner] : undefined;
			const ftype = t.def.features.find((f) => f.id === pc.feature)?.type;
			const kind = pc.drawn ?? pc.kind;
			const node = this.figure(
				kind,
				ftype,
				colour?.fill ?? (pc.token ? TOKEN_FILL : NEUTRAL.fill),
				colour?.ink ?? NEUTRAL.ink,
				pc.owner >= 0 ? String(pc.owner + 1) : '',
				{ x: a.x + n * 13 - (n ? 4 : 0), y: a.y - n * 4 },
				pc.lying
			);
			this.pieceLayer.add(node);
			if (before && before.get(pc.piece) !== k) {
				// dropped onto the board: from above and larger, in 180 ms (the board takes clicks meanwhile)
				const { y, scaleX, scaleY } = node.attrs as { y: number; scaleX: number; scaleY: number };
				node.setAttrs({ y: y - 18, scaleX: scaleX * 1.5, scaleY: scaleY * 1.5, opacity: 0.3 });
				new K.Tween({
					node,
					duration: 0.18,
					y,
					scaleX,
					scaleY,
					opacity: 1,
					easing: K.Easings.EaseOut
				}).play();
			}
		}
	}

	/** The neutral markers: the dragon, the fairy. */
	private drawMarkers(scene: BoardScene): void {
		for (const m of scene.markers) {
			const t = this.tileAt(m.x, m.y);
			if (!t) continue;
			let at = { x: t.x * CELL + 24, y: t.y * CELL + 26 };
			if (m.kind === 'fairy') {
				const pc =
					m.piece !== undefined ? scene.pieces.find((p) => p.piece === m.piece) : undefined;
				const a = pc ? this.anchor(t, pc.feature) : null;
				at = a ? { x: a.x + 14, y: a.y - 12 } : { x: t.x * CELL + 76, y: t.y * CELL + 24 };
			}
			this.pieceLayer.add(
				this.figure(m.kind, undefined, m.kind === 'dragon' ? '#b8472f' : '#f7a8d8', '#fff', '', at)
			);
		}
	}

	/** The current step's targets, each taking clicks and hovers. */
	private drawTargets(scene: BoardScene): void {
		const K = this.K;
		// the current step's targets; two on one spot (a field's centre and a stable) are set apart
		this.targetAt.clear();
		const placed: { x: number; y: number }[] = [];
		scene.targets.forEach((tg, i) => {
			const a = tg.feature
				? this.anchor(this.tileAt(tg.x, tg.y), tg.feature)
				: { x: tg.x * CELL + CELL / 2, y: tg.y * CELL + CELL / 2 };
			if (!a) return;
			for (let k = 0; k < 6 && placed.some((p) => Math.hypot(p.x - a.x, p.y - a.y) < 24); k++) {
				a.x += k % 2 ? -26 : 26;
				a.y += 14;
			}
			placed.push(a);
			this.targetAt.set(tg.key, a);
			// a whole empty cell (the town hall) is lit as a placement is; a feature or a tile gets a circle
			const c: Konva.Shape =
				!tg.feature && !this.tileAt(tg.x, tg.y)
					? new K.Rect({
							x: tg.x * CELL + 3,
							y: tg.y * CELL + 3,
							width: CELL - 6,
							height: CELL - 6,
							cornerRadius: 6,
							fill: FIT_FILL,
							stroke: FIT_STROKE,
							strokeWidth: 3,
							name: 'target'
						})
					: new K.Circle({
							x: a.x,
							y: a.y,
							radius: (tg.feature ? 12 : 22) * this.figureScale,
							fill: 'rgba(255,255,255,0.55)',
							stroke: '#2e5c8f',
							strokeWidth: 3,
							dash: tg.feature ? [] : [6, 4],
							name: 'target'
						});
			c.on('click tap', (e) => {
				e.cancelBubble = true;
				if (!this.panned) this.on.target(tg);
			});
			c.on('mouseenter', () => {
				this.container.style.cursor = 'pointer';
				this.on.targetHover(tg);
			});
			c.on('mouseleave', () => {
				this.container.style.cursor = '';
				this.on.targetHover(null);
			});
			this.pieceLayer.add(c);
			this.targetNodes[i] = c;
		});
	}

	/** Draws a feature's parts for a moment (a scoring), fading out within 200 ms. */
	flash(parts: Part[]): void {
		const K = this.K;
		for (const p of parts) {
			const g = this.featurePart(p, { fill: 'rgba(255,255,255,0.85)' });
			if (!g) continue;
			this.overLayer.add(g);
			if (lessMotion()) {
				this.redraw(this.overLayer);
				setTimeout(() => (g.destroy(), this.redraw(this.overLayer)), 600);
			} else
				new K.Tween({ node: g, duration: 0.2, opacity: 0, onFinish: () => g.destroy() }).play();
		}
	}

	/** A feature's part drawn in place on its tile (turned with it), or null when not on the board. */
	private featurePart(p: Part, style: Konva.ShapeConfig): Konva.Group | null {
		const t = this.tileAt(p.x, p.y);
		const shape = t && tileShapes(t.def).get(p.feature);
		if (!t || !shape) return null;
		const g = new this.K.Group({
			x: t.x * CELL + CELL / 2,
			y: t.y * CELL + CELL / 2,
			offsetX: CELL / 2,
			offsetY: CELL / 2,
			rotation: t.rotation * 90,
			listening: false
		});
		g.add(new this.K.Path({ data: shape.path, ...style }));
		return g;
	}

	// ---------------------------------------------------------------- pointer and view
	private pointerCell(): { x: number; y: number } | null {
		const p = this.stage.getRelativePointerPosition();
		if (!p) return null;
		return { x: Math.floor(p.x / CELL), y: Math.floor(p.y / CELL) };
	}

	private pointerMoved(): void {
		const c = this.pointerCell();
		if (!c || (this.hovered && this.hovered.x === c.x && this.hovered.y === c.y)) return;
		this.hovered = c;
		this.updateGhost();
		this.redraw(this.overLayer);
		this.on.hover(c);
	}

	private updateGhost(): void {
		const hand = this.scene?.hand;
		const at = this.hovered ?? (this.cursorMark.visible() ? this.cursor : null);
		if (!hand || !at || this.tileAt(at.x, at.y)) {
			this.ghost.visible(false);
			return;
		}
		this.ghost.setAttrs({
			visible: true,
			x: at.x * CELL + CELL / 2,
			y: at.y * CELL + CELL / 2,
			rotation: hand.rotation * 90,
			image: this.bitmap(hand.def).image
		});
	}

	private updateCursor(): void {
		this.cursorMark.position({ x: this.cursor.x * CELL, y: this.cursor.y * CELL });
	}

	// A drag pans (the mouse's left button, one finger); two fingers pinch. Not Konva's stage drag,
	// which draws the whole stage on every move.
	private pointerDown = (e: PointerEvent): void => {
		if (e.pointerType === 'mouse' && e.button !== 0) return;
		if (!this.pointers.size) {
			this.panned = false;
			window.addEventListener('pointermove', this.pointerMove);
			window.addEventListener('pointerup', this.pointerUp);
			window.addEventListener('pointercancel', this.pointerUp);
		}
		this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
		this.dragStart = { x: e.clientX, y: e.clientY };
	};

	private pointerMove = (e: PointerEvent): void => {
		const was = this.pointers.get(e.pointerId);
		if (!was) return;
		const now = { x: e.clientX, y: e.clientY };
		if (this.pointers.size === 2) {
			const [a, b] = [...this.pointers.entries()].map(([id, p]) => (id === e.pointerId ? now : p));
			const [a0, b0] = [...this.pointers.values()];
			const r = this.container.getBoundingClientRect();
			const d0 = Math.hypot(a0.x - b0.x, a0.y - b0.y);
			if (d0 > 0)
				this.zoomAt(
					{ x: (a.x + b.x) / 2 - r.left, y: (a.y + b.y) / 2 - r.top },
					Math.hypot(a.x - b.x, a.y - b.y) / d0
				);
			this.panned = true;
		} else if (
			this.panned ||
			(this.dragStart && Math.hypot(now.x - this.dragStart.x, now.y - this.dragStart.y) > 4)
		) {
			this.panned = true;
			this.panBy(now.x - was.x, now.y - was.y);
		} else return; // not a drag yet: keep the start point
		this.pointers.set(e.pointerId, now);
	};

	private pointerUp = (e: PointerEvent): void => {
		this.pointers.delete(e.pointerId);
		if (!this.pointers.size) this.endDrag();
	};

	private endDrag(): void {
		this.pointers.clear();
		this.dragStart = null;
		window.removeEventListener('pointermove', this.pointerMove);
		window.removeEventListener('pointerup', this.pointerUp);
		window.removeEventListener('pointercancel', this.pointerUp);
	}

	/**
	 * Shows the view at `cam`: by a CSS transform of the canvases drawn at `drawn` while that covers
	 * the view, drawing again when it comes to rest; at once when it would not.
	 */
	private moveView(): void {
		const { cam, drawn } = this;
		const k = cam.s / drawn.s;
		// the canvas's corner sits at (-OVERSCAN, -OVERSCAN) and shows the world at `drawn`
		const tx = cam.x + OVERSCAN - k * (drawn.x + OVERSCAN);
		const ty = cam.y + OVERSCAN - k * (drawn.y + OVERSCAN);
		const left = tx - OVERSCAN;
		const top = ty - OVERSCAN;
		const covers =
			k < MAX_CSS_ZOOM &&
			k > 1 / MAX_CSS_ZOOM &&
			left <= 0 &&
			top <= 0 &&
			left + k * (this.width + 2 * OVERSCAN) >= this.width &&
			top + k * (this.height + 2 * OVERSCAN) >= this.height;
		if (!covers) return this.drawAtView();
		if (!this.moving && !this.recentre) this.flatten();
		// a pan alone moves by whole pixels (a fraction would resample the drawn board: blurred tiles)
		this.content.style.transform =
			k === 1
				? `translate(${Math.round(tx)}px, ${Math.round(ty)}px)`
				: `translate(${tx}px, ${ty}px) scale(${k})`;
		clearTimeout(this.settle);
		this.settle = setTimeout(() => this.drawAtView(), SETTLE_MS);
	}

	/** Paints the layers, as drawn, onto the table in the flat canvas and shows it instead of them. */
	private flatten(): void {
		if (this.dirty.size) this.flushDraw();
		const g = this.flat.getContext('2d', { alpha: false })!;
		const ratio = this.flat.width / this.stage.width();
		g.setTransform(1, 0, 0, 1, 0, 0);
		g.fillStyle = TABLE;
		g.fillRect(0, 0, this.flat.width, this.flat.height);
		// the dots where the table shows them: every DOT_STEP px from the drawn view's offset
		const dot = document.createElement('canvas');
		dot.width = dot.height = DOT_STEP;
		const d = dot.getContext('2d')!;
		d.fillStyle = DOT;
		d.beginPath();
		d.arc(1, 1, 1, 0, 2 * Math.PI);
		d.fill();
		g.setTransform(ratio, 0, 0, ratio, 0, 0);
		g.translate(mod(this.drawn.x, DOT_STEP) + OVERSCAN, mod(this.drawn.y, DOT_STEP) + OVERSCAN);
		g.fillStyle = g.createPattern(dot, 'repeat')!;
		g.fillRect(
			-OVERSCAN - DOT_STEP,
			-OVERSCAN - DOT_STEP,
			this.stage.width() + DOT_STEP,
			this.stage.height() + DOT_STEP
		);
		g.setTransform(1, 0, 0, 1, 0, 0);
		for (const l of [this.tileLayer, this.overLayer]) g.drawImage(l.getNativeCanvasElement(), 0, 0);
		this.showLayers(false);
	}

	private showLayers(show: boolean): void {
		this.moving = !show;
		this.flat.style.display = show ? 'none' : 'block';
		for (const l of [this.tileLayer, this.overLayer])
			l.getNativeCanvasElement().style.visibility = show ? '' : 'hidden';
	}

	/** Draws the board at the current view on the next frame. */
	private drawAtView(): void {
		clearTimeout(this.settle);
		this.settle = undefined;
		this.recentre = true;
		this.redraw(this.tileLayer, this.overLayer);
	}

	private wheel(e: WheelEvent): void {
		e.preventDefault();
		if (e.shiftKey && !e.ctrlKey) {
			this.on.rotate((e.deltaY || e.deltaX) > 0 ? 1 : -1);
			return;
		}
		// a touchpad's two-finger scroll pans; the wheel and a pinch (ctrl+wheel) zoom at the pointer
		if (!e.ctrlKey && Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
			this.panBy(-e.deltaX, -e.deltaY);
			return;
		}
		const r = this.container.getBoundingClientRect();
		this.zoomAt(
			{ x: e.clientX - r.left, y: e.clientY - r.top },
			Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015))
		);
	}

	/** Zooms by `factor` keeping the world point under `p` (container pixels) in place. */
	zoomAt(p: { x: number; y: number }, factor: number): void {
		const { x, y, s } = this.cam;
		const scale = Math.min(4, Math.max(0.08, s * factor));
		this.cam = { x: p.x - ((p.x - x) / s) * scale, y: p.y - ((p.y - y) / s) * scale, s: scale };
		this.moveView();
	}

	zoom(factor: number): void {
		this.zoomAt({ x: this.width / 2, y: this.height / 2 }, factor);
	}

	panBy(dx: number, dy: number): void {
		this.cam = { ...this.cam, x: this.cam.x + dx, y: this.cam.y + dy };
		this.moveView();
	}

	/** The current zoom (screen pixels per world unit). */
	get scale(): number {
		return this.cam.s;
	}

	/** Zooms and pans so that the whole board, the lit cells and the step's targets fill the view. */
	fit(): void {
		const s = this.scene;
		if (!s) return;
		// a target may be an empty cell beyond the board's edge (a town hall)
		const cells = [...s.tiles, ...s.lit, ...s.targets];
		if (!cells.length) return;
		const xs = cells.map((c) => c.x);
		const ys = cells.map((c) => c.y);
		const [x0, x1, y0, y1] = [
			Math.min(...xs),
			Math.max(...xs) + 1,
			Math.min(...ys),
			Math.max(...ys) + 1
		];
		const w = this.width;
		const h = this.height;
		if (w < 10 || h < 10) return;
		const scale = Math.min(
			1.4,
			Math.max(0.08, Math.min(w / ((x1 - x0) * CELL + 60), h / ((y1 - y0) * CELL + 60)))
		);
		this.cam = {
			x: w / 2 - ((x0 + x1) / 2) * CELL * scale,
			y: h / 2 - ((y0 + y1) / 2) * CELL * scale,
			s: scale
		};
		this.fitted = true;
		this.drawAtView();
	}

	/** Keeps the keyboard cursor in view. */
	private reveal(x: number, y: number): void {
		const { s } = this.cam;
		const px = x * CELL * s + this.cam.x;
		const py = y * CELL * s + this.cam.y;
		const m = 20;
		let dx = 0;
		let dy = 0;
		if (px < m) dx = m - px;
		if (px + CELL * s > this.width - m) dx = this.width - m - px - CELL * s;
		if (py < m) dy = m - py;
		if (py + CELL * s > this.height - m) dy = this.height - m - py - CELL * s;
		if (dx || dy) this.panBy(dx, dy);
	}

	// ---------------------------------------------------------------- keyboard
	/** Handles a key on the focused board; true when it was the board's. */
	key(e: KeyboardEvent): boolean {
		const s = this.scene;
		const arrows: Record<string, [number, number]> = {
			ArrowLeft: [-1, 0],
			ArrowRight: [1, 0],
			ArrowUp: [0, -1],
			ArrowDown: [0, 1]
		};
		const step = arrows[e.key];
		if (step && e.shiftKey) {
			this.panBy(-step[0] * 80, -step[1] * 80);
			return true;
		}
		if (step && s && s.targets.length && !s.hand) {
			// cycle through the step's targets
			const n = s.targets.length;
			const dir = step[0] + step[1] > 0 ? 1 : -1;
			this.focusedTarget =
				this.focusedTarget < 0 ? (dir > 0 ? 0 : n - 1) : (this.focusedTarget + dir + n) % n;
			this.markFocusedTarget();
			this.on.targetHover(s.targets[this.focusedTarget]);
			return true;
		}
		if (step) {
			if (!this.cursorMark.visible()) {
				this.cursorMark.visible(true);
				const last = s?.tiles[s.tiles.length - 1];
				if (last) this.cursor = { x: last.x, y: last.y };
			}
			this.cursor = { x: this.cursor.x + step[0], y: this.cursor.y + step[1] };
			this.hovered = null;
			this.updateCursor();
			this.updateGhost();
			this.reveal(this.cursor.x, this.cursor.y);
			this.redraw(this.overLayer);
			this.on.hover({ ...this.cursor });
			return true;
		}
		if (e.key === 'Enter' || e.key === ' ') {
			if (s?.hand && this.cursorMark.visible()) this.on.cell(this.cursor.x, this.cursor.y);
			else if (s && this.focusedTarget >= 0 && s.targets[this.focusedTarget])
				this.on.target(s.targets[this.focusedTarget]);
			else return false;
			return true;
		}
		if (e.key === 'r' || e.key === 'R') {
			this.on.rotate(e.shiftKey ? -1 : 1);
			return true;
		}
		if (e.key === '+' || e.key === '=') return (this.zoom(1.25), true);
		if (e.key === '-' || e.key === '_') return (this.zoom(0.8), true);
		if (e.key === '0' || e.key === 'f' || e.key === 'F') return (this.fit(), true);
		return false;
	}

	private markFocusedTarget(): void {
		this.targetNodes.forEach((c, i) =>
			c?.setAttrs(
				i === this.focusedTarget
					? { stroke: '#e0a23c', strokeWidth: 5 }
					: { stroke: c instanceof this.K.Rect ? FIT_STROKE : '#2e5c8f', strokeWidth: 3 }
			)
		);
		this.redraw(this.overLayer);
	}

	// ---------------------------------------------------------------- for tests and benchmarks
	/** The page coordinates of a board point (world units) — where a test clicks. */
	toClient(wx: number, wy: number): { x: number; y: number } {
		const r = this.container.getBoundingClientRect();
		const { x, y, s } = this.cam;
		return { x: r.left + x + wx * s, y: r.top + y + wy * s };
	}
	/** Where a feature (or a cell's middle) of the board is, in pixels of the board's box: a score's note stands there. */
	featureToLocal(x: number, y: number, feature?: string): { x: number; y: number } | null {
		const a = feature
			? this.anchor(this.tileAt(x, y), feature)
			: { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 };
		if (!a) return null;
		const { cam } = this;
		return { x: cam.x + a.x * cam.s, y: cam.y + a.y * cam.s };
	}
	cellToClient(x: number, y: number): { x: number; y: number } {
		return this.toClient(x * CELL + CELL / 2, y * CELL + CELL / 2);
	}
	targetToClient(x: number, y: number, feature?: string): { x: number; y: number } | null {
		const a =
			this.targetAt.get(`${x},${y},${feature ?? ''}`) ??
			(feature
				? this.anchor(this.tileAt(x, y), feature)
				: { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 });
		return a ? this.toClient(a.x, a.y) : null;
	}
}
