import { describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { Resvg } from '@resvg/resvg-js';
import { readFileSync } from 'node:fs';
import schema from '../../../schemas/expansion.v1.json';
import type { Tile } from '../formats/geometry.ts';
import { renderTileSvg } from './tile-svg.ts';
import { SYMBOLS, drawLook, drawSymbol, looksOf } from './looks.ts';
import { harbourTile } from '../../../test/fixtures/harbour.ts';

/** The harbour tile of issue 30: a city N with a port, a road E–W, the fields on either side. */
const HARBOUR = harbourTile('harbour') as Tile;
/** The '?' badge's fill: drawn for what has no look. */
const UNKNOWN = '#fff3b0';
const PORT_MARK = drawSymbol('port', [0, 0]).slice(60, 160);

describe('looks: the symbols of an expansion’s own icons and modifiers', () => {
	it('the library is the schema’s list of symbols, each drawn as valid SVG without a ?', () => {
		expect(SYMBOLS.map((s) => s.name)).toEqual(schema.$defs.look.properties.symbol.enum);
		for (const { name } of SYMBOLS) {
			const svg = `<svg xmlns="http://www.w3.org/2000/svg">${drawSymbol(name, [50, 50])}</svg>`;
			expect(XMLValidator.validate(svg), name).toBe(true);
			expect(svg, name).not.toContain(UNKNOWN);
		}
	});

	it('a modifier with a look is drawn by it; without one, a ?', () => {
		expect(renderTileSvg(HARBOUR)).toContain(UNKNOWN);
		const svg = renderTileSvg(HARBOUR, { looks: { port: { symbol: 'port' } } });
		expect(svg).toContain(PORT_MARK);
		expect(svg).not.toContain(UNKNOWN);
	});

	it('a number draws one per unit (at most 4); an icon with a look sits in a free corner', () => {
		const well = drawSymbol('well', [0, 0]).slice(60, 160);
		const twoWells = {
			...HARBOUR,
			features: [{ ...HARBOUR.features[0], modifiers: { well: 2 } }, ...HARBOUR.features.slice(1)]
		} as Tile;
		expect(
			renderTileSvg(twoWells, { looks: { well: { symbol: 'well' } } }).split(well).length - 1
		).toBe(2);
		const withIcon = { ...HARBOUR, icons: ['harbour'] } as Tile;
		const svg = renderTileSvg(withIcon, {
			looks: { harbour: { symbol: 'fish' }, port: { symbol: 'port' } }
		});
		expect(svg).not.toContain(UNKNOWN);
		expect(svg).toMatch(/translate\((17|83) (17|83)\) scale\(1\)"><circle r="8" fill="#e4f1fb"/);
	});

	it('the designer’s SVG is sanitised and fitted; something not SVG is a ?', () => {
		const own =
			'<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><circle cx="5" cy="5" r="4" fill="#123456"/></svg>';
		const drawn = drawLook({ svg: own }, [50, 50]);
		expect(drawn).toContain('fill="#123456"');
		expect(drawn).toContain('viewBox="0 0 10 10"');
		expect(drawn).not.toMatch(/script|onload|alert/);
		expect(drawLook({ svg: 'a port' }, [50, 50])).toContain(UNKNOWN);
		const tile = renderTileSvg(HARBOUR, { looks: { port: { svg: own, place: 'centre' } } });
		expect(XMLValidator.validate(tile)).toBe(true);
		// resvg draws it (the rasteriser of the PNG, print and JCloisterZone exports)
		expect(new Resvg(tile).render().width).toBe(100);
	});

	it('looks of dependencies apply, the expansion’s own over them; junk is skipped', () => {
		expect(
			looksOf({ looks: { port: { symbol: 'port' }, bad: 3 } }, [
				{ looks: { port: { symbol: 'flag' }, well: { symbol: 'well' } } }
			])
		).toEqual({
			port: { symbol: 'port' },
			well: { symbol: 'well' }
		});
		expect(looksOf(null, [{ looks: [] }])).toEqual({});
	});

	it('the shipped Wells draw their well', () => {
		const wells = JSON.parse(readFileSync('expansions/wells.json', 'utf8'));
		const svg = renderTileSvg(wells.tiles[0], { looks: looksOf(wells) });
		expect(svg).toContain(drawSymbol('well', [0, 0]).slice(60, 160));
		expect(svg).not.toContain(UNKNOWN);
	});
});
