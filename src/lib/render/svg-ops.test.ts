import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { shippedExpansions } from '../../cli/files.ts';
import type { Tile } from '../formats/geometry.ts';
import { looksOf } from './looks.ts';
import { BASE_SAMPLES, SPECIAL_SAMPLES } from './samples.ts';
import { parseTransform, svgPaint, type Matrix, type SvgPaint } from './svg-ops.ts';
import { renderTileSvg } from './tile-svg.ts';

const expansions = [...shippedExpansions().values()];
const looks = looksOf(undefined, expansions);
const tiles: [string, Tile][] = [
	...[...BASE_SAMPLES, ...SPECIAL_SAMPLES].map((t): [string, Tile] => [`sample/${t.id}`, t]),
	...expansions.flatMap((e) => e.tiles.map((t): [string, Tile] => [`${e.id}/${t.id}`, t as Tile]))
];

/** The shapes written back as a flat SVG: each one path with its own transform and paint. */
function flatSvg(p: SvgPaint): string {
	const body = p.ops
		.map(
			(op) =>
				`<path d="${op.d}" transform="matrix(${op.m.join(' ')})" fill-rule="${op.rule}" ` +
				`fill="${op.fill ?? 'none'}" fill-opacity="${op.fillAlpha}" ` +
				`stroke="${op.stroke ?? 'none'}" stroke-opacity="${op.strokeAlpha}" stroke-width="${op.width}" ` +
				`stroke-linecap="${op.cap}" stroke-linejoin="${op.join}" stroke-miterlimit="${op.miter}" ` +
				`stroke-dasharray="${op.dash.join(' ') || 'none'}" stroke-dashoffset="${op.dashOffset}"/>`
		)
		.join('');
	return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="${p.box.join(' ')}">${body}</svg>`;
}
const pixels = (svg: string) =>
	new Resvg(svg, { fitTo: { mode: 'width', value: 96 } }).render().pixels;
/** The mean difference of two RGBA rasters per channel (0–255). */
function meanDiff(a: Uint8Array, b: Uint8Array): number {
	let sum = 0;
	for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
	return sum / a.length;
}
const apply = (m: Matrix, x: number, y: number) => [
	m[0] * x + m[2] * y + m[4],
	m[1] * x + m[3] * y + m[5]
];

describe('svgPaint: the renderer SVG read back as shapes', () => {
	it.each(tiles)('%s: every shape, and they draw the same picture', (_ref, tile) => {
		for (const rotation of [0, 1]) {
			const svg = renderTileSvg(tile, { size: 96, rotation, looks });
			const p = svgPaint(svg);
			// an icon drawn by the designer's own SVG (pig-herd's gq11) is decoded as an image
			if ((tile.icons ?? []).some((name) => looks[name]?.svg)) {
				expect(p, 'a drawing with an own SVG look').toBeNull();
				continue;
			}
			expect(p, 'read as shapes').not.toBeNull();
			const shapes = svg.match(/<(path|rect|circle|ellipse)\b/g)!.length;
			// the clip's square is no shape to paint; a shape with neither fill nor stroke paints nothing
			expect(p!.ops.length).toBeGreaterThanOrEqual(shapes - 1 - 4);
			expect(p!.ops.length).toBeLessThanOrEqual(shapes - 1);
			expect(meanDiff(pixels(flatSvg(p!)), pixels(svg))).toBeLessThan(0.1);
		}
	});

	it('the shapes of a wrong reading draw another picture (the comparison above can fail)', () => {
		const svg = renderTileSvg(BASE_SAMPLES[0], { size: 96, looks });
		const p = svgPaint(svg)!;
		const wrong = { ...p, ops: p.ops.map((op) => ({ ...op, m: [1, 0, 0, 1, 3, 0] as Matrix })) };
		expect(meanDiff(pixels(flatSvg(wrong)), pixels(svg))).toBeGreaterThan(1);
	});

	it('reads inherited paint, transforms, the basic shapes and the opacity of a shape', () => {
		const p = svgPaint(
			'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 100 100">' +
				'<g fill="#123456" stroke="#abc" stroke-width="2" transform="translate(10 20)">' +
				'<g transform="scale(2)"><circle cx="5" cy="5" r="5" stroke="none"/></g>' +
				'<rect x="1" y="2" width="30" height="10" rx="20" opacity=".5" fill="none"/>' +
				'<ellipse cx="0" cy="0" rx="0" ry="3"/></g>' +
				'<path d="M0 0H9" stroke-dasharray="2 1" stroke="rgba(0,0,0,.5)" fill-opacity=".25"/></svg>'
		)!;
		expect(p.box).toEqual([0, 0, 100, 100]);
		expect(p.ops.map((op) => [op.fill, op.stroke])).toEqual([
			['#123456', null],
			[null, '#abc'],
			['#000', 'rgba(0,0,0,.5)']
		]);
		const [circle, rect, path] = p.ops;
		expect(circle.d).toBe('M10 5A5 5 0 0 1 0 5A5 5 0 0 1 10 5Z');
		expect(circle.m).toEqual([2, 0, 0, 2, 10, 20]);
		// rx is held to half the width, ry to half the height
		expect(rect.d).toBe(
			'M16 2H16A15 5 0 0 1 31 7V7A15 5 0 0 1 16 12H16A15 5 0 0 1 1 7V7A15 5 0 0 1 16 2Z'
		);
		expect([rect.strokeAlpha, rect.width]).toEqual([0.5, 2]);
		expect([path.fillAlpha, path.dash, path.m]).toEqual([0.25, [2, 1], [1, 0, 0, 1, 0, 0]]);
	});

	it('reads the transforms SVG has', () => {
		const at = (t: string, x: number, y: number) =>
			apply(parseTransform(t), x, y).map((v) => Math.round(v * 1e6) / 1e6);
		expect(at('rotate(90 50 50)', 0, 0)).toEqual([100, 0]);
		expect(at('translate(5) scale(2 3)', 1, 1)).toEqual([7, 3]);
		expect(at('matrix(1 0 0 1 4 5), rotate(180)', 1, 2)).toEqual([3, 3]);
		expect(at('skewX(45)', 0, 2)).toEqual([2, 2]);
	});

	it.each([
		['a look of the designer own SVG', renderWithOwnLook()],
		['a gradient', '<svg viewBox="0 0 10 10"><path d="M0 0H5" fill="url(#g)"/></svg>'],
		['a group opacity', '<svg viewBox="0 0 10 10"><g opacity=".5"><path d="M0 0H5"/></g></svg>'],
		['text', '<svg viewBox="0 0 10 10"><text>hi</text></svg>'],
		['an image', '<svg viewBox="0 0 10 10"><image href="data:image/png;base64,AA"/></svg>'],
		[
			'an opacity over a fill and a stroke',
			'<svg viewBox="0 0 10 10"><path d="M0 0H5" opacity=".5" stroke="#000"/></svg>'
		],
		[
			'a clip of its own',
			'<svg viewBox="0 0 10 10"><g clip-path="url(#c)"><path d="M0 0H5"/></g></svg>'
		],
		[
			'a colour by name a canvas may read otherwise',
			'<svg viewBox="0 0 10 10"><path d="M0 0" fill="currentColor"/></svg>'
		],
		['a length with a unit', '<svg viewBox="0 0 10 10"><rect width="5px" height="5"/></svg>'],
		['an unclosed element', '<svg viewBox="0 0 10 10"><g>'],
		['a viewBox that is not square', '<svg viewBox="0 0 10 20"><path d="M0 0H5"/></svg>'],
		['no svg', '<path d="M0 0H5"/>']
	])('answers null for %s (the drawing is decoded as an image)', (_what, svg) => {
		expect(svgPaint(svg)).toBeNull();
	});
});

function renderWithOwnLook(): string {
	const tile = { ...BASE_SAMPLES[0], icons: ['harbour'] } as Tile;
	return renderTileSvg(tile, {
		looks: { harbour: { svg: '<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>' } }
	});
}
