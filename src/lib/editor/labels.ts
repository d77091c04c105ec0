// Labels on the tile canvas that never overlap: each is tried at its anchor, then at positions
// around it — first where it covers no symbol either (a pennant, a port, a cathedral), else where it
// covers no other label — and left out when none is free (the feature list names every feature anyway).
import type { Pt } from '../render/tile-geometry.ts';

export interface WantedLabel {
	key: string;
	text: string;
	at: Pt;
	strong?: boolean;
}
export interface PlacedLabel extends WantedLabel {
	x: number;
	y: number;
	width: number;
	height: number;
}

const OFFSETS: Pt[] = [
	[0, 0],
	[0, -6],
	[0, 6],
	[-9, 0],
	[9, 0],
	[0, -12],
	[0, 12],
	[-9, -6],
	[9, 6],
	[-9, 6],
	[9, -6],
	[0, -16],
	[0, 16],
	[-15, 0],
	[15, 0],
	[-13, -11],
	[13, -11],
	[-13, 11],
	[13, 11],
	[0, -22],
	[0, 22],
	[0, -28],
	[0, 28],
	[-28, 0],
	[28, 0]
];

/** A symbol the labels keep off: its centre and reach (render/tile-svg.ts `symbolMarks`). */
export interface Obstacle {
	at: Pt;
	r: number;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Boxes (in the tile's 0..100 units) for the labels, in order of priority: no two intersect, all
 * inside the tile, none over a symbol of `avoid` where there is room elsewhere.
 */
export function placeLabels(
	wanted: readonly WantedLabel[],
	m: { fontSize: number; charWidth: number; pad: number },
	avoid: readonly Obstacle[] = []
): PlacedLabel[] {
	const out: PlacedLabel[] = [];
	const height = m.fontSize + 2 * m.pad;
	const symbols: Box[] = avoid.map(({ at, r }) => ({
		x: at[0] - r,
		y: at[1] - r,
		width: 2 * r,
		height: 2 * r
	}));
	for (const w of wanted) {
		const width = Math.min(100, w.text.length * m.charWidth + 2 * m.pad + 1);
		const boxes = OFFSETS.map(([dx, dy]): PlacedLabel => ({
			...w,
			width,
			height,
			x: Math.min(100 - width, Math.max(0, w.at[0] + dx - width / 2)),
			y: Math.min(100 - height, Math.max(0, w.at[1] + dy - height / 2))
		}));
		const free = (b: PlacedLabel) => !out.some((o) => overlaps(o, b));
		const box =
			boxes.find((b) => free(b) && !symbols.some((s) => overlaps(s, b))) ?? boxes.find(free);
		if (box) out.push(box);
	}
	return out;
}
