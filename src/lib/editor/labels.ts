// Labels on the tile canvas that never overlap: each is tried at its anchor, then at positions
// around it, and left out when none is free (the feature list names every feature anyway).
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
	[9, -6]
];

/** Boxes (in the tile's 0..100 units) for the labels, in order of priority: no two intersect, all inside the tile. */
export function placeLabels(
	wanted: readonly WantedLabel[],
	m: { fontSize: number; charWidth: number; pad: number }
): PlacedLabel[] {
	const out: PlacedLabel[] = [];
	const height = m.fontSize + 2 * m.pad;
	const overlaps = (a: PlacedLabel, b: PlacedLabel) =>
		a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
	for (const w of wanted) {
		const width = Math.min(100, w.text.length * m.charWidth + 2 * m.pad + 1);
		for (const [dx, dy] of OFFSETS) {
			const box: PlacedLabel = {
				...w,
				width,
				height,
				x: Math.min(100 - width, Math.max(0, w.at[0] + dx - width / 2)),
				y: Math.min(100 - height, Math.max(0, w.at[1] + dy - height / 2))
			};
			if (!out.some((o) => overlaps(o, box))) {
				out.push(box);
				break;
			}
		}
	}
	return out;
}
