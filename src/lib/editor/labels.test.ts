import { expect, test } from 'vitest';
import { placeLabels } from './labels.ts';
import { featureShapes } from '../render/tile-svg.ts';
import { shippedExpansions } from '../../cli/files.ts';

const m = { fontSize: 3.6, charWidth: 2.1, pad: 0.9 };

test('labels of every shipped tile never overlap and stay inside the tile', () => {
	let checked = 0;
	for (const doc of shippedExpansions().values()) {
		for (const tile of doc.tiles) {
			const shapes = featureShapes(tile);
			// the worst case the canvas meets: a long hover label first, then every feature's id
			const wanted = [
				{
					key: 'hover',
					text: 'NL: the west half of the north side',
					at: [50, 50] as [number, number]
				}
			].concat(
				shapes.map((s) => ({
					key: s.featureId,
					text: s.featureId,
					at: [s.anchor.x, s.anchor.y] as [number, number]
				}))
			);
			const placed = placeLabels(wanted, m);
			for (const [i, a] of placed.entries()) {
				expect(
					a.x >= 0 && a.y >= 0 && a.x + a.width <= 100 && a.y + a.height <= 100,
					`${tile.id} ${a.key} inside`
				).toBe(true);
				for (const b of placed.slice(i + 1))
					expect(
						a.x < b.x + b.width &&
							b.x < a.x + a.width &&
							a.y < b.y + b.height &&
							b.y < a.y + a.height,
						`${tile.id}: ${a.key} / ${b.key}`
					).toBe(false);
			}
			// on the shipped tiles every feature finds room
			expect(placed.length, tile.id).toBe(wanted.length);
			checked++;
		}
	}
	expect(checked).toBeGreaterThan(100);
});
