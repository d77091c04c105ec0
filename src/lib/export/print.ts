// Print-and-play sheets: A4 (210 × 297 mm) or US Letter (215.9 × 279.4 mm) SVG pages, viewBox in
// millimetres, with one 45 mm frame per physical tile (counts respected; per-player counts for
// `players` players, 6 by default), cut marks at the frame edges outside the grid, optional bleed
// around each frame, and optional pages of tile backs mirrored for double-sided printing (flip on
// the long edge). The PDF export (pdf.ts) puts these same pages into one file.
import type { Expansion, Tile } from '../formats/schema-types.ts';
import {
	isPaper,
	type ExportFile,
	type ExportOptions,
	type Exporter,
	type Paper
} from './types.ts';
import { copiesOf, isRiverTile } from '../formats/geometry.ts';
import { escapeXml, renderTileSvg } from '../render/tile-svg.ts';
import { looksInPlay } from '../render/looks.ts';
import { counted } from '../formats/words.ts';

/** A4, the default paper. */
export const PAGE_W = 210;
export const PAGE_H = 297;
export const PAPER_MM: Record<Paper, { w: number; h: number; label: string }> = {
	a4: { w: PAGE_W, h: PAGE_H, label: 'A4' },
	letter: { w: 215.9, h: 279.4, label: 'US Letter' }
};
export const TILE_MM = 45;
/** Smallest page margin (most printers cannot print closer to the edge); cut marks sit in it. */
const MIN_MARGIN = 6;
const MARK_LEN = 4;
const MARK_GAP = 1;
const DEFAULT_PLAYERS = 6;

export interface PrintOptions extends ExportOptions {
	/** Players for per-player tile counts (default 6, the most the base game supports). */
	players?: number;
}

export interface PrintLayout {
	cols: number;
	rows: number;
	perPage: number;
	/** Size of one cell: the frame plus bleed on both sides. */
	cell: number;
	/** Top-left corner of the grid of cells. */
	x0: number;
	y0: number;
	/** The page, in millimetres. */
	w: number;
	h: number;
}

/** Room at the foot of the page for the footer (scale bar, label) under the bottom cut marks. */
const FOOTER = 14;

/** How many frames fit on a page, and where the grid starts (centred, above the footer). */
export function printLayout(bleedMm = 0, paper: Paper = 'a4'): PrintLayout {
	const { w, h, label } = PAPER_MM[paper];
	const cell = TILE_MM + 2 * bleedMm;
	// across: between the side margins; down: between the top margin and the footer
	const band = h - MIN_MARGIN - FOOTER;
	const cols = Math.floor((w - 2 * MIN_MARGIN + 1e-9) / cell);
	const rows = Math.floor((band + 1e-9) / cell);
	if (cols < 1 || rows < 1)
		throw new Error(`a bleed of ${bleedMm} mm leaves no room for a 45 mm tile on a ${label} page`);
	return {
		cols,
		rows,
		perPage: cols * rows,
		cell,
		x0: (w - cols * cell) / 2,
		y0: MIN_MARGIN + (band - rows * cell) / 2,
		w,
		h
	};
}

const n = (v: number) => String(Math.round(v * 1000) / 1000);
const defId = (i: number) => `design-${i}`;

function page(layout: PrintLayout, content: string, title: string): string {
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n` +
		`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${n(layout.w)}mm" height="${n(layout.h)}mm" viewBox="0 0 ${n(layout.w)} ${n(layout.h)}">\n` +
		`<title>${escapeXml(title)}</title>\n${content}</svg>\n`
	);
}

/** Short lines in the margin in line with every frame edge of the used part of the grid. */
function cutMarks(
	layout: PrintLayout,
	usedCols: number,
	usedRows: number,
	bleed: number,
	mirrored: boolean
): string {
	const xs = new Set<number>();
	const ys = new Set<number>();
	for (let c = 0; c < usedCols; c++) {
		const cc = mirrored ? layout.cols - 1 - c : c;
		const left = layout.x0 + cc * layout.cell + bleed;
		xs.add(left).add(left + TILE_MM);
	}
	for (let r = 0; r < usedRows; r++) {
		const top = layout.y0 + r * layout.cell + bleed;
		ys.add(top).add(top + TILE_MM);
	}
	const minX = Math.min(...[...xs]) - bleed;
	const maxX = Math.max(...[...xs]) + bleed;
	const minY = Math.min(...[...ys]) - bleed;
	const maxY = Math.max(...[...ys]) + bleed;
	const lines: string[] = [];
	for (const x of xs) {
		lines.push(
			`<line x1="${n(x)}" y1="${n(minY - MARK_GAP - MARK_LEN)}" x2="${n(x)}" y2="${n(minY - MARK_GAP)}"/>`
		);
		lines.push(
			`<line x1="${n(x)}" y1="${n(maxY + MARK_GAP)}" x2="${n(x)}" y2="${n(maxY + MARK_GAP + MARK_LEN)}"/>`
		);
	}
	for (const y of ys) {
		lines.push(
			`<line x1="${n(minX - MARK_GAP - MARK_LEN)}" y1="${n(y)}" x2="${n(minX - MARK_GAP)}" y2="${n(y)}"/>`
		);
		lines.push(
			`<line x1="${n(maxX + MARK_GAP)}" y1="${n(y)}" x2="${n(maxX + MARK_GAP + MARK_LEN)}" y2="${n(y)}"/>`
		);
	}
	return `<g class="cut-marks" stroke="#000" stroke-width="0.2">${lines.join('')}</g>\n`;
}

/** The back of a tile: the expansion's name and mark; river tiles get their own back. */
function backDefs(expansion: Expansion, cell: number): string {
	const mark =
		expansion.name
			.split(/[\s-]+/)
			.filter((w) => /^[A-Za-z0-9]/.test(w) && !/^(and|of|the|de|et|&)$/i.test(w))
			.map((w) => w[0]!.toUpperCase())
			.join('')
			.slice(0, 3) || expansion.id.slice(0, 3).toUpperCase();
	const c = cell / 2;
	const back = (id: string, fill: string, ring: string, label: string) =>
		`<g id="${id}"><rect width="${n(cell)}" height="${n(cell)}" fill="${fill}"/>` +
		`<circle cx="${n(c)}" cy="${n(c)}" r="13" fill="none" stroke="${ring}" stroke-width="1.2"/>` +
		`<text x="${n(c)}" y="${n(c + 3.2)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="9" fill="${ring}">${escapeXml(mark)}</text>` +
		`<text x="${n(c)}" y="${n(c + 18.5)}" text-anchor="middle" font-family="sans-serif" font-size="3" fill="${ring}">${escapeXml(label)}</text></g>`;
	return (
		back('back-land', '#6b4f2a', '#f1e3c2', expansion.name.slice(0, 40)) +
		back('back-river', '#2f6f9f', '#e2f1fb', `${expansion.name.slice(0, 32)} · river`)
	);
}

export const exporter: Exporter = async (expansion, options: PrintOptions = {}) => {
	const bleed = Math.max(0, Math.min(10, Number(options.bleedMm) || 0));
	const players =
		options.players && options.players > 0 ? Math.round(options.players) : DEFAULT_PLAYERS;
	const paper: Paper = isPaper(options.paper) ? options.paper : 'a4';
	const layout = printLayout(bleed, paper);
	const { w: pageW, h: pageH } = layout;
	const notes: string[] = [];
	const tiles: Tile[] = Array.isArray(expansion.tiles) ? expansion.tiles : [];
	const looks = looksInPlay(expansion, (id) => options.available?.get(id));

	// Every physical tile, in the order of the designs.
	const physical: { design: number; tile: Tile }[] = [];
	tiles.forEach((tile, design) => {
		for (let k = 0; k < copiesOf(tile, players); k++) physical.push({ design, tile });
		if (typeof tile.count !== 'number')
			notes.push(
				`tile ${tile.id}: ${tile.count.perPlayer} per player, printed for ${players} players (${copiesOf(tile, players)} copies)`
			);
	});
	if (physical.length === 0) notes.push(`expansion ${expansion.id} has no tiles: nothing to print`);

	// Each design is drawn once per page file (in <defs>) and used by every frame showing it.
	const designDefs = (used: Set<number>) =>
		[...used]
			.sort((a, b) => a - b)
			.map(
				(i) =>
					`<g id="${defId(i)}">${renderTileSvg(tiles[i], { size: 100, idPrefix: `${defId(i)}-`, artwork: true, looks })}</g>`
			)
			.join('\n');

	const pages = Math.ceil(physical.length / layout.perPage);
	const files: ExportFile[] = [];
	const scale = TILE_MM / 100;
	const bleedScale = layout.cell / 100;
	for (let p = 0; p < pages; p++) {
		const items = physical.slice(p * layout.perPage, (p + 1) * layout.perPage);
		const used = new Set(items.map((i) => i.design));
		const usedCols = Math.min(layout.cols, items.length);
		const usedRows = Math.ceil(items.length / layout.cols);
		const label = `${expansion.name} ${expansion.version} · page ${p + 1}/${pages}`;
		const frames: string[] = [];
		const backs: string[] = [];
		items.forEach(({ design, tile }, k) => {
			const col = k % layout.cols;
			const row = Math.floor(k / layout.cols);
			const cx = layout.x0 + col * layout.cell;
			const cy = layout.y0 + row * layout.cell;
			const ref = `${expansion.id}/${tile.id}`;
			// The bleed shows the tile enlarged to the cell, under the tile itself at 45 mm.
			const under =
				bleed > 0
					? `<use href="#${defId(design)}" transform="translate(${n(cx)} ${n(cy)}) scale(${n(bleedScale)})"/>`
					: '';
			frames.push(
				`<g class="frame" data-tile="${escapeXml(ref)}">${under}` +
					`<use href="#${defId(design)}" transform="translate(${n(cx + bleed)} ${n(cy + bleed)}) scale(${n(scale)})"/>` +
					`<rect class="frame-edge" x="${n(cx + bleed)}" y="${n(cy + bleed)}" width="${TILE_MM}" height="${TILE_MM}" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="0.1"/></g>`
			);
			// Backs mirror left-right so each lands behind its tile when the sheet is flipped on the long edge.
			const bx = pageW - cx - layout.cell;
			backs.push(
				`<g class="back" data-tile="${escapeXml(ref)}"><use href="#${isRiverTile(tile) ? 'back-river' : 'back-land'}" transform="translate(${n(bx)} ${n(cy)})"/></g>`
			);
		});
		// The footer: a 50 mm scale bar on the left (to check the printed size), the label beside it.
		const barY = pageH - 2.5;
		const textX = layout.x0 + 50 + 4;
		const footer =
			`<g class="scale-bar" stroke="#555" stroke-width="0.2"><line x1="${n(layout.x0)}" y1="${n(barY)}" x2="${n(layout.x0 + 50)}" y2="${n(barY)}"/>` +
			`<line x1="${n(layout.x0)}" y1="${n(barY - 1)}" x2="${n(layout.x0)}" y2="${n(barY + 1)}"/><line x1="${n(layout.x0 + 50)}" y1="${n(barY - 1)}" x2="${n(layout.x0 + 50)}" y2="${n(barY + 1)}"/></g>` +
			`<g class="footer" font-family="sans-serif" font-size="2.4" fill="#555">` +
			`<text x="${n(layout.x0 + 25)}" y="${n(barY - 1.6)}" text-anchor="middle">50 mm</text>` +
			`<text x="${n(textX)}" y="${n(pageH - 5)}">${escapeXml(label)}</text>` +
			`<text x="${n(textX)}" y="${n(pageH - 1.8)}">tiles ${TILE_MM} mm${bleed ? ` + ${n(bleed)} mm bleed` : ''} · ${PAPER_MM[paper].label} · print at 100 % (no scaling)</text>` +
			`</g>\n`;
		const num = String(p + 1).padStart(2, '0');
		files.push({
			path: `page-${num}.svg`,
			data: page(
				layout,
				`<defs>\n${designDefs(used)}\n</defs>\n${frames.join('\n')}\n${cutMarks(layout, usedCols, usedRows, bleed, false)}${footer}`,
				label
			),
			type: 'image/svg+xml'
		});
		if (options.backs)
			files.push({
				path: `page-${num}-back.svg`,
				data: page(
					layout,
					`<defs>${backDefs(expansion, layout.cell)}</defs>\n${backs.join('\n')}\n${cutMarks(layout, usedCols, usedRows, bleed, true)}`,
					`${label} (backs)`
				),
				type: 'image/svg+xml'
			});
	}
	notes.push(
		`${counted(physical.length, 'tile')} on ${pages} ${PAPER_MM[paper].label} page${pages === 1 ? '' : 's'} (${layout.cols} × ${layout.rows} per page, ${TILE_MM} mm${bleed ? ` with ${n(bleed)} mm bleed` : ''}); print at 100 % scale`
	);
	if (options.backs)
		notes.push(
			'backs: print each page-NN-back.svg on the reverse of page-NN.svg, flipping on the long edge'
		);
	if (!tiles.some((t) => t.artwork))
		notes.push('no tile has artwork: the tiles are drawn from their features');
	return { files, notes };
};
