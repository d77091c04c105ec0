// The JCloisterZone add-on export: the XML parses (entities off), lists every tile type of the set
// with the right counts, and carries the standard modifiers; what cannot map is in the notes.
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { exporter, integerVersion } from '../src/lib/export/jcz.ts';
import { scalePath } from '../src/lib/export/jcz-artwork.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';

const load = (id: string) => JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8')) as Expansion;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: false, isArray: (_n: string, _p: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute });

type XTile = { id: string; group?: string; [k: string]: unknown };
async function exportXml(e: Expansion) {
	const r = await exporter(e);
	const xmlFile = r.files.find((f) => f.path.endsWith('.xml'))!;
	const manifest = JSON.parse(String(r.files.find((f) => f.path === 'jcz-addon.json')!.data));
	const xml = String(xmlFile.data);
	const defs = parser.parse(xml).defs[0];
	const tiles: XTile[] = defs.tiles[0].tile;
	const refs: { count: string; tile: string }[] = defs.sets[0]['tile-set'][0].ref;
	return { r, xml, manifest, tiles, refs, xmlPath: xmlFile.path, setId: defs.sets[0]['tile-set'][0].id };
}

/** The geometry of a JCZ tile without its garden marker: tiles with the same signature are one type. */
function signature(t: XTile): string {
	const parts: string[] = [];
	for (const [k, v] of Object.entries(t)) {
		if (k === 'id' || k === 'group' || k === 'garden') continue;
		for (const e of v as unknown[]) parts.push(`${k}:${JSON.stringify(e)}`);
	}
	return parts.sort().join('|');
}

describe('jcz export', () => {
	it('base: the XML lists the 24 tile types (garden variants as their own tiles) with counts adding up to 72', async () => {
		const { tiles, refs, manifest, xmlPath, setId, r } = await exportXml(load('base'));
		expect(manifest).toMatchObject({ title: expect.any(String), version: expect.any(Number), minimumJczVersion: '5.10.0', expansions: [xmlPath] });
		expect(Number.isInteger(manifest.version)).toBe(true);
		expect(setId).toBe('base:1');
		expect(new Set(tiles.map(signature)).size).toBe(24);
		expect(tiles.filter((t) => 'garden' in t)).toHaveLength(8);
		expect(refs.reduce((s, x) => s + Number(x.count), 0)).toBe(72);
		expect(new Set(refs.map((x) => x.tile))).toEqual(new Set(tiles.map((t) => t.id)));
		expect(r.notes.some((n) => /^artwork: base-artwork\/ .*best reading/.test(n))).toBe(true);
		expect(r.notes.some((n) => /rules play only|no artwork/.test(n))).toBe(false);
		expect(r.notes.some((n) => /figure 'abbot'/.test(n))).toBe(true);
	});

	it('base: fields name their cities by a side, pennants and monasteries are kept', async () => {
		const { tiles } = await exportXml(load('base'));
		const byId = Object.fromEntries(tiles.map((t) => [t.id, t]));
		// H: two city caps N and S, one field touching both.
		expect(byId['BASE/H'].field).toEqual([{ '#text': 'EL ER WL WR', city: 'N S' }]);
		// M: a city corner N+E with a pennant; its field names it by one side.
		expect(byId['BASE/M'].city).toEqual([{ '#text': 'N E', pennants: '1' }]);
		expect(byId['BASE/M'].field).toEqual([{ '#text': 'SL SR WL WR', city: 'N' }]);
		expect(byId['BASE/A'].monastery).toEqual(['']);
		expect(byId['BASE/A'].road).toEqual(['S']);
	});

	it('inns-and-cathedrals: 18 tiles with inns and cathedrals as attributes', async () => {
		const { refs, xml } = await exportXml(load('inns-and-cathedrals'));
		expect(refs.reduce((s, x) => s + Number(x.count), 0)).toBe(18);
		expect(xml).toMatch(/cathedral="true"/);
		expect(xml).toMatch(/inn="true"/);
	});

	it('river: river features and groups for the spring and the lake', async () => {
		const { tiles, refs } = await exportXml(load('river'));
		expect(refs.reduce((s, x) => s + Number(x.count), 0)).toBe(12);
		expect(tiles.filter((t) => t.group === 'river-spring')).toHaveLength(1);
		expect(tiles.filter((t) => t.group === 'river-lake')).toHaveLength(1);
		expect(tiles.every((t) => 'river' in t)).toBe(true);
	});

	it('notes what JCloisterZone cannot express: stables, lutes, the wildcard town hall', async () => {
		const stables = (await exporter(load('inn-and-stable-owners'))).notes;
		expect(stables.some((n) => /stable .* dropped/.test(n))).toBe(true);
		const bards = (await exporter(load('bards'))).notes;
		expect(bards.some((n) => /icon 'lute'/.test(n))).toBe(true);
		const mm = await exportXml(load('messengers-and-mayors'));
		expect(mm.r.notes.some((n) => /wildcard/.test(n))).toBe(true);
		expect(mm.tiles.length).toBe(load('messengers-and-mayors').tiles.filter((t) => !t.wildcard && typeof t.count === 'number').length);
	});

	it('escapes names and ids into well-formed XML', async () => {
		const e: Expansion = {
			id: 'odd',
			name: 'A <weird> & "quoted" -- set',
			version: '2.3.4',
			tiles: [{ id: 'A&B', count: 1, features: [{ id: 'r1', type: 'road', sides: ['N', 'S'] }] } as never]
		};
		const { tiles, manifest, xml } = await exportXml(e);
		expect(tiles[0].id).toBe('ODD/A&amp;B');
		expect(manifest.version).toBe(integerVersion('2.3.4'));
		expect(manifest.version).toBe(20304);
		expect(XMLValidator.validate(xml)).toBe(true);
		expect(xml).toContain('<!-- A <weird> & "quoted" - - set 2.3.4');
	});
});

// ---- artwork: what JCloisterZone's client needs to draw and play the tiles

const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
type Files = Awaited<ReturnType<typeof exporter>>['files'];
const fileOf = (files: Files, path: string) => files.find((f) => f.path === path);
const jsonOf = (files: Files, path: string) => {
	const f = fileOf(files, path);
	expect(f, path).toBeDefined();
	return JSON.parse(String(f!.data));
};
/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(data: string | Uint8Array): [number, number] {
	expect(data).toBeInstanceOf(Uint8Array);
	const b = Buffer.from(data as Uint8Array);
	expect([...b.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	return [b.readUInt32BE(16), b.readUInt32BE(20)];
}
/** The RGBA of a pixel of a PNG (decoded by drawing it with resvg). */
function pixel(png: Uint8Array, x: number, y: number): number[] {
	const href = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
	const img = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><image href="${href}" width="900" height="900"/></svg>`).render();
	const i = (y * img.width + x) * 4;
	return [...img.pixels.subarray(i, i + 4)];
}
// JCloisterZone's names of side sets, written out independently of the exporter's table.
const SIDE_SETS: Record<string, string> = {
	N: 'N', E: 'E', S: 'S', W: 'W', 'E N': 'NE', 'E S': 'SE', 'S W': 'SW', 'N W': 'NW', 'E W': 'WE', 'N S': 'NS',
	'E S W': '_N', 'N S W': '_E', 'E N W': '_S', 'E N S': '_W', 'E N S W': 'NWSE'
};
const HALF_ORDER = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
const CLASSES: Record<string, string> = { road: 'Road', city: 'City', river: 'River', field: 'Field', monastery: 'Monastery', garden: 'Garden' };

/** The `<Class>/<Location>` keys a tile of the XML must have in the artwork. */
function expectedKeys(t: XTile): string[] {
	const keys: string[] = [];
	for (const [name, cls] of Object.entries(CLASSES)) {
		const elements = (t[name] as ({ '#text'?: string } | string)[] | undefined) ?? [];
		elements.forEach((e, i) => {
			const text = typeof e === 'string' ? e : (e['#text'] ?? '');
			if (name === 'monastery' || name === 'garden') keys.push(`${cls}/${'I'.repeat(i + 1)}`);
			else if (name === 'field') keys.push(`${cls}/${text.split(' ').sort((a, b) => HALF_ORDER.indexOf(a) - HALF_ORDER.indexOf(b)).join('.')}`);
			else keys.push(`${cls}/${SIDE_SETS[text.split(' ').sort().join(' ')]}`);
		});
	}
	return keys.sort();
}

describe('jcz export: artwork', () => {
	it.each(['base', 'river', 'inns-and-cathedrals', 'messengers-and-mayors'])(
		'%s: every tile has a 900 px image and every feature a shape with a clip path and a meeple point',
		async (id) => {
			const { r, tiles, manifest } = await exportXml(load(id));
			expect(manifest.artworks).toEqual([`${id}-artwork`]);
			const folder = manifest.artworks[0];
			const artwork = jsonOf(r.files, `${folder}/artwork.json`);
			expect(artwork).toMatchObject({ title: load(id).name, tileSize: 900, featuresInclude: expect.any(Array), tilesInclude: expect.any(Array) });
			const shapes = Object.assign({}, ...artwork.featuresInclude.map((p: string) => jsonOf(r.files, `${folder}/${p}`)));
			const entries = Object.assign({}, ...artwork.tilesInclude.map((p: string) => jsonOf(r.files, `${folder}/${p}`)));
			expect(Object.keys(entries).sort()).toEqual(tiles.map((t) => t.id).sort());
			let features = 0;
			for (const t of tiles) {
				const entry = entries[t.id];
				expect(pngSize(fileOf(r.files, `${folder}/${entry.image}`)!.data), `${t.id} image`).toEqual([900, 900]);
				expect(Object.keys(entry.features).sort(), t.id).toEqual(expectedKeys(t));
				for (const [key, shapeId] of Object.entries(entry.features as Record<string, string>)) {
					const shape = shapes[shapeId];
					expect(shape, `${t.id} ${key}`).toBeDefined();
					expect(shape.clip).toMatch(/^M[-\d. ]+[A-Za-z][-\d. A-Za-z]*[Zz]$/);
					const [x, y] = shape.point;
					expect(x >= 0 && x <= 900 && y >= 0 && y <= 900, `${t.id} ${key} point ${shape.point}`).toBe(true);
					const start = shape.clip.match(/^M(-?[\d.]+) (-?[\d.]+)/)!.slice(1).map(Number);
					expect(start.every((n: number) => n >= 0 && n <= 900), `${t.id} ${key} clip ${shape.clip.slice(0, 30)}`).toBe(true);
					features++;
				}
			}
			expect(features).toBeGreaterThan(tiles.length);
		}
	);

	it("uses the designer's artwork as the tile image, and the drawing for tiles without one", async () => {
		const red = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#f00"/></svg>').toString('base64')}`;
		const monastery = () => [
			{ id: 'm1', type: 'monastery' },
			{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
		];
		const e = {
			id: 'art',
			name: 'Art',
			version: '1.0.0',
			tiles: [
				{ id: 'painted', count: 1, artwork: red, features: monastery() },
				{ id: 'drawn', count: 1, features: monastery() },
				{ id: 'elsewhere', count: 1, artwork: 'art/x.png', features: monastery() }
			]
		} as unknown as Expansion;
		const r = await exporter(e);
		const image = (name: string) => fileOf(r.files, `art-artwork/images/${name}.png`)!.data as Uint8Array;
		expect(pixel(image('painted'), 100, 100)).toEqual([255, 0, 0, 255]);
		expect(pixel(image('drawn'), 100, 100)).not.toEqual([255, 0, 0, 255]);
		expect(pixel(image('elsewhere'), 100, 100)).toEqual(pixel(image('drawn'), 100, 100));
		expect(r.notes.some((n) => /ART\/elsewhere: its artwork 'art\/x.png' is not an embedded image/.test(n))).toBe(true);
	});

	it('scales path data to the 900 tile, arcs included', () => {
		expect(scalePath('M10 20h5v-2.5L0 100a2 2 0 1 0 4 0Q1 2 3 4C1 1 2 2 3 3Z', 9)).toBe('M90 180h45v-22.5L0 900a18 18 0 1 0 36 0Q9 18 27 36C9 9 18 18 27 27Z');
	});
});
