import { describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { Resvg } from '@resvg/resvg-js';
import fc from 'fast-check';
import { shippedExpansions } from '../../cli/files.ts';
import { HALVES, SIDES, rotateHalf, rotateSide, type Tile } from '../formats/geometry.ts';
import { featureShapes, layoutTile, renderTileSvg } from './tile-svg.ts';
import { COLOURS, LIVESTOCK_SPOTS } from './symbols.ts';
import { BASE_SAMPLES, SPECIAL_SAMPLES } from './samples.ts';

/** Every tile of the shipped expansions. */
function shippedTiles(): { ref: string; tile: Tile }[] {
	return [...shippedExpansions().values()].flatMap((doc) =>
		doc.tiles.map((tile) => ({ ref: `${doc.id}/${tile.id}`, tile: tile as Tile }))
	);
}

const valid = (svg: string) => XMLValidator.validate(svg) === true;
const samples = [...BASE_SAMPLES, ...SPECIAL_SAMPLES].map((tile) => ({
	ref: `sample/${tile.id}`,
	tile
}));
const all = [...samples, ...shippedTiles()];

/** Turns the tile's data itself by `r` quarter turns. */
function rotateData(tile: Tile, r: number): Tile {
	return {
		...tile,
		features: tile.features.map((f) => ({
			...f,
			...(f.sides ? { sides: f.sides.map((s) => rotateSide(s, r)) } : {}),
			...(f.halves ? { halves: f.halves.map((h) => rotateHalf(h, r)) } : {})
		}))
	};
}
function pixels(svg: string): Uint8Array {
	return new Resvg(svg, { fitTo: { mode: 'width', value: 48 } }).render().pixels;
}
function meanDiff(a: Uint8Array, b: Uint8Array): number {
	let sum = 0;
	for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
	return sum / a.length;
}

describe('renderTileSvg', () => {
	it('finds the shipped expansions (or at least the samples)', () => {
		expect(all.length).toBeGreaterThanOrEqual(samples.length);
	});

	it.each(all.map((t) => [t.ref, t.tile] as const))(
		'%s renders to well-formed SVG',
		(_ref, tile) => {
			const svg = renderTileSvg(tile, { size: 80 });
			expect(valid(svg)).toBe(true);
			expect(svg.startsWith('<svg ')).toBe(true);
			expect(svg).toContain('viewBox="0 0 100 100"');
			expect(svg).toContain('width="80"');
		}
	);

	it('draws each feature type in its colour, and only where it exists', () => {
		for (const { ref, tile } of all) {
			const svg = renderTileSvg(tile);
			const types = new Set(tile.features.map((f) => f.type));
			const cityFill = `fill="${COLOURS.city}"`;
			const riverStroke = `stroke="${COLOURS.river}"`;
			if (types.has('city')) expect(svg, ref).toContain(cityFill);
			else if (!tile.wildcard) expect(svg, ref).not.toContain(cityFill);
			if (types.has('river')) expect(svg, ref).toContain(riverStroke);
			else expect(svg, ref).not.toContain(riverStroke);
			if (types.has('road')) expect(svg, ref).toContain(`stroke="${COLOURS.road}"`);
		}
	});

	it('draws pennants, cathedrals, inns, monasteries and the town hall', () => {
		const byId = new Map(samples.map((s) => [s.tile.id, s.tile]));
		const shields = (svg: string) => svg.split(`fill="${COLOURS.shield}"`).length - 1;
		expect(shields(renderTileSvg(byId.get('C')!))).toBe(1);
		expect(shields(renderTileSvg(byId.get('E')!))).toBe(0);
		const two = {
			...byId.get('C')!,
			features: [{ id: 'c', type: 'city', sides: ['N', 'E', 'S', 'W'], modifiers: { pennants: 2 } }]
		} as Tile;
		expect(shields(renderTileSvg(two))).toBe(2);
		expect(renderTileSvg(byId.get('cathedral')!)).toContain('#5d6f91');
		expect(renderTileSvg(byId.get('C')!)).not.toContain('#5d6f91');
		expect(renderTileSvg(byId.get('inn')!)).toContain('#27496d');
		expect(renderTileSvg(byId.get('U')!)).not.toContain('#27496d');
		expect(renderTileSvg(byId.get('B')!)).toContain(COLOURS.roof);
		expect(renderTileSvg(byId.get('town-hall')!)).toContain('#7c2f86');
		expect(renderTileSvg(byId.get('E')!)).not.toContain('#7c2f86');
	});

	it('draws a bridge where one feature crosses another', () => {
		const bridge = SPECIAL_SAMPLES.find((t) => t.id === 'river-bridge')!;
		const svg = renderTileSvg(bridge);
		expect(svg).toContain(`stroke="${COLOURS.stone}"`);
		const flat = { ...bridge, features: bridge.features.map(({ crosses: _c, ...f }) => f) } as Tile;
		expect(renderTileSvg(flat)).not.toContain(`stroke="${COLOURS.stone}"`);
		// the crossing road is drawn after (on top of) the river
		expect(svg.lastIndexOf(`stroke="${COLOURS.road}"`)).toBeGreaterThan(
			svg.lastIndexOf(`stroke="${COLOURS.river}"`)
		);
	});

	it('turns the drawing with the rotation; four quarter turns come back to the start', () => {
		for (const { ref, tile } of all) {
			const r0 = renderTileSvg(tile);
			expect(renderTileSvg(tile, { rotation: 4 }), ref).toBe(r0);
			expect(renderTileSvg(tile, { rotation: -1 }), ref).toBe(renderTileSvg(tile, { rotation: 3 }));
			expect(renderTileSvg(tile, { rotation: 1 }), ref).not.toBe(r0);
			expect(renderTileSvg(tile, { rotation: 1 })).toContain('rotate(90 50 50)');
		}
	});

	it('a turned drawing looks like the drawing of the turned tile', () => {
		// rasterise both and compare: the geometry must agree, only upright details (buildings) may differ
		for (const tile of BASE_SAMPLES) {
			const turned = pixels(renderTileSvg(tile, { rotation: 1 }));
			const ofTurned = pixels(renderTileSvg(rotateData(tile, 1)));
			const unturned = pixels(renderTileSvg(tile));
			// a monastery building stays upright in the turned tile's drawing: allow for it
			const building = tile.features.some((f) => f.type === 'monastery');
			expect(meanDiff(turned, ofTurned), tile.id).toBeLessThan(building ? 6 : 2);
			// control: the unturned drawing differs clearly unless the tile is symmetric (B, C, X)
			if (!['B', 'C', 'X'].includes(tile.id))
				expect(meanDiff(unturned, ofTurned), tile.id).toBeGreaterThan(4);
		}
	});

	it('is deterministic and escapes names', () => {
		const tile = { id: 'a<b>&"c', name: "O'Neil <3", count: 1, features: [] } as unknown as Tile;
		const svg = renderTileSvg(tile);
		expect(valid(svg)).toBe(true);
		expect(svg).toBe(renderTileSvg(tile));
		expect(svg).not.toContain('<b>');
	});

	it('highlights one feature', () => {
		const d = BASE_SAMPLES.find((t) => t.id === 'D')!;
		const plain = renderTileSvg(d);
		const lit = renderTileSvg(d, { highlight: 'r' });
		expect(lit).not.toBe(plain);
		expect(lit).toContain('#ffe14d');
		expect(renderTileSvg(d, { highlight: 'nope' })).toBe(plain);
	});

	it('draws artwork only from data: URLs, under the features', () => {
		const art = { ...BASE_SAMPLES[0], artwork: 'data:image/png;base64,iVBORw0KGgo=' };
		expect(renderTileSvg(art, { artwork: true })).toContain('<image href="data:image/png');
		expect(renderTileSvg(art)).not.toContain('<image');
		const remote = { ...BASE_SAMPLES[0], artwork: 'http://example.com/x.png' };
		expect(renderTileSvg(remote, { artwork: true })).not.toContain('<image');
	});

	it('marks unknown feature types, modifiers and icons with a ? badge', () => {
		const plain = BASE_SAMPLES.find((t) => t.id === 'E')!;
		const badge = '#fff3b0';
		expect(renderTileSvg(plain)).not.toContain(badge);
		expect(renderTileSvg({ ...plain, icons: ['hill'] })).toContain(badge);
		expect(
			renderTileSvg({
				...plain,
				features: [...plain.features, { id: 'x', type: 'tower' } as never]
			})
		).toContain(badge);
		expect(
			renderTileSvg({
				...plain,
				features: [{ id: 'c', type: 'city', sides: ['N'], modifiers: { wine: 1 } }]
			})
		).toContain(badge);
	});

	it('never throws, whatever it is given', () => {
		const side = fc.constantFrom(...SIDES, 'X', 'n', '', 3 as unknown as string);
		const half = fc.constantFrom(...HALVES, 'QQ', '');
		const feature = fc.record(
			{
				id: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(undefined)),
				type: fc.constantFrom(
					'road',
					'city',
					'river',
					'field',
					'monastery',
					'garden',
					'stable',
					'tower',
					''
				),
				sides: fc.oneof(fc.array(side, { maxLength: 6 }), fc.constant(null), fc.string()),
				halves: fc.oneof(fc.array(half, { maxLength: 9 }), fc.constant(undefined)),
				crosses: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
				modifiers: fc.oneof(
					fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.boolean())),
					fc.constant(7)
				)
			},
			{ requiredKeys: [] }
		);
		const tile = fc.record(
			{
				id: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
				wildcard: fc.boolean(),
				role: fc.constantFrom('spring', 'lake', 'start', 'x'),
				icons: fc.oneof(
					fc.array(
						fc.constantFrom('lute', 'volcano', 'dragon', 'princess', 'portal', 'mayor', 'zz')
					),
					fc.constant('lute')
				),
				features: fc.oneof(fc.array(feature, { maxLength: 10 }), fc.constant({}), fc.constant(null))
			},
			{ requiredKeys: [] }
		);
		fc.assert(
			fc.property(fc.oneof(tile, fc.anything()), fc.integer({ min: -9, max: 9 }), (t, rotation) => {
				const svg = renderTileSvg(t as Tile, { rotation, highlight: 'a' });
				expect(valid(svg)).toBe(true);
				expect(() => featureShapes(t)).not.toThrow();
			}),
			{ numRuns: 300 }
		);
	});
});

describe('featureShapes', () => {
	it('gives every feature of every tile an area and an anchor inside the tile', () => {
		for (const { ref, tile } of all) {
			const shapes = featureShapes(tile);
			expect(shapes.map((s) => s.featureId).sort(), ref).toEqual(
				tile.features.map((f) => f.id).sort()
			);
			for (const s of shapes) {
				expect(s.path, `${ref} ${s.featureId}`).toMatch(/^M[\d.-]+ [\d.-]+/);
				expect(valid(`<svg xmlns="http://www.w3.org/2000/svg"><path d="${s.path}"/></svg>`)).toBe(
					true
				);
				expect(s.anchor.x).toBeGreaterThanOrEqual(0);
				expect(s.anchor.x).toBeLessThanOrEqual(100);
				expect(s.anchor.y).toBeGreaterThanOrEqual(0);
				expect(s.anchor.y).toBeLessThanOrEqual(100);
			}
		}
	});

	it('puts fields under cities and roads (drawing order)', () => {
		const order = featureShapes(BASE_SAMPLES.find((t) => t.id === 'D')!).map((s) => s.type);
		expect(order.indexOf('field')).toBeLessThan(order.indexOf('city'));
		expect(order.lastIndexOf('field')).toBeLessThan(order.indexOf('road'));
	});

	it('lays fields enclosed between two crossing cities apart, either side of the bridge, as meadow over the city under it', () => {
		const enclosed = (id: string): Tile['features'][number] => ({
			id,
			type: 'field',
			halves: [],
			cities: ['c1', 'c2']
		});
		const crossing = (over: ['N', 'S'] | ['W', 'E'], under: ['N', 'S'] | ['W', 'E']): Tile => ({
			id: 'x',
			count: 1,
			features: [
				{ id: 'c1', type: 'city', sides: over, crosses: ['c2'] },
				{ id: 'c2', type: 'city', sides: under },
				enclosed('f1'),
				enclosed('f2')
			]
		});
		const at = (t: Tile) => [...layoutTile(t).enclosed.values()].map((e) => [...e.at, e.patch]);
		// over a west–east bridge: north and south of its deck; over a north–south one: west and east
		expect(at(crossing(['W', 'E'], ['N', 'S']))).toEqual([
			[50, 28, true],
			[50, 72, true]
		]);
		expect(at(crossing(['N', 'S'], ['W', 'E']))).toEqual([
			[28, 50, true],
			[72, 50, true]
		]);
		// a cap above a band (Abbey & Mayor's, Traders & Builders'): between the two, over the band
		const capAndBand: Tile = {
			id: 'y',
			count: 1,
			features: [
				{ id: 'c1', type: 'city', sides: ['N'] },
				{ id: 'c2', type: 'city', sides: ['W', 'E'] },
				enclosed('f1'),
				{ id: 'f2', type: 'field', halves: ['SL', 'SR'], cities: ['c2'] }
			]
		};
		expect(at(capAndBand)).toEqual([[50, 31.5, true]]);
	});

	it('follows the city wall and the road between the two fields of D', () => {
		const d = featureShapes(BASE_SAMPLES.find((t) => t.id === 'D')!);
		const f1 = d.find((s) => s.featureId === 'f1')!; // between the cap and the road
		const f2 = d.find((s) => s.featureId === 'f2')!;
		expect(f1.anchor.y).toBeLessThan(50);
		expect(f2.anchor.y).toBeGreaterThan(50);
		expect(f1.path).toContain('C'); // the wall curve
		expect(f2.path).not.toContain('C');
	});
});

it('a stable with livestock keeps its animals on the tile, wherever the barn stands', () => {
	const doc = shippedExpansions().get('inn-and-stable-owners')!;
	// a sheep reaches 6 units left, 5 right (mirrored for the last), 4 down from its spot, 2.5 up
	const reach = LIVESTOCK_SPOTS.map(([x, y], i) =>
		i === LIVESTOCK_SPOTS.length - 1
			? [x - 5, x + 6, y - 2.5, y + 4]
			: [x - 6, x + 5, y - 2.5, y + 4]
	);
	const corners = [
		[17, 17],
		[83, 17],
		[83, 83],
		[17, 83]
	];
	let stables = 0;
	for (const tile of doc.tiles) {
		for (const p of layoutTile(tile).inner.filter((i) => i.feature.type === 'stable')) {
			// where it stands on this tile, and in each corner (where a stable beside a monastery goes, r 11)
			for (const [at, r] of [[p.at, p.r], ...corners.map((c) => [c, 11])] as [number[], number][]) {
				const k = r / 12; // as inner() scales the barn
				for (const [x0, x1, y0, y1] of reach) {
					expect(at[0] + k * x0, `${tile.id} west`).toBeGreaterThanOrEqual(0);
					expect(at[0] + k * x1, `${tile.id} east`).toBeLessThanOrEqual(100);
					expect(at[1] + k * y0, `${tile.id} north`).toBeGreaterThanOrEqual(0);
					expect(at[1] + k * y1, `${tile.id} south`).toBeLessThanOrEqual(100);
				}
			}
			stables++;
		}
	}
	expect(stables).toBeGreaterThanOrEqual(8);
});
