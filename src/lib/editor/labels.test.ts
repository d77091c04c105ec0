import { expect, test } from 'vitest';
import { placeLabels } from './labels.ts';
import { featureShapes, symbolMarks } from '../render/tile-svg.ts';
import type { Looks } from '../render/looks.ts';
import type { Tile } from '../formats/schema-types.ts';
import { harbourTile } from '../../../test/fixtures/harbour.ts';
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

test('a feature’s label keeps off the symbols drawn on the tile (the harbour’s port, pennants, a cathedral) and still finds room', () => {
	const label = (tile: Tile, looks: Looks) => {
		const wanted = featureShapes(tile).map((s) => ({
			key: s.featureId,
			text: s.featureId,
			at: [s.anchor.x, s.anchor.y] as [number, number]
		}));
		const marks = symbolMarks(tile, looks);
		const placed = placeLabels(wanted, m, marks);
		const over = placed.filter((l) =>
			marks.some(
				({ at, r }) =>
					l.x < at[0] + r &&
					at[0] - r < l.x + l.width &&
					l.y < at[1] + r &&
					at[1] - r < l.y + l.height
			)
		);
		return { wanted, marks, placed, over };
	};
	// the harbour: its port drawn where the city's label stood
	const harbour = label(harbourTile('h'), { port: { symbol: 'port' } });
	expect(harbour.marks.length).toBe(1);
	expect(harbour.placed.map((l) => l.key).sort()).toEqual(['c1', 'f1', 'f2', 'r1']);
	expect(harbour.over).toEqual([]);
	// every shipped tile: every feature labelled, and none over a symbol where a free place exists
	let symbols = 0;
	for (const doc of shippedExpansions().values())
		for (const tile of doc.tiles) {
			const r = label(tile, {});
			expect(r.placed.length, tile.id).toBe(r.wanted.length);
			symbols += r.marks.length;
			expect(r.over.map((l) => `${tile.id} ${l.key}`)).toEqual([]);
		}
	expect(symbols).toBeGreaterThan(20);
});
