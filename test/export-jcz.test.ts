// The JCloisterZone add-on export, checked against the format's facts (docs/export.md,
// read from JCZ's engine and client): one folder at the root named after the
// expansion, an <expansion> the client offers, ids of its own, features in an order JCZ's engine
// reads (a field after the cities it names), every tile type with its count, standard modifiers,
// enclosed fields on I, crossings and wagon moves; what cannot map is in the notes.
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { buildJczXml, exporter, impliedElements, integerVersion } from '../src/lib/export/jcz.ts';
import { archiveFiles } from '../src/lib/export/archive.ts';
import { availableExpansions } from '../src/cli/files.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';
import { editorMadeExpansion } from './fixtures/jcz-editor-made.ts';

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	processEntities: false,
	isArray: (_n: string, _p: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute
});
const ordered = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	processEntities: false,
	preserveOrder: true
});

// Facts from JCloisterZone's sources: its tile-set names (the client's expansions/*.xml, editions
// cut off), its expansion names (the client's models/expansions.js), its tile-id prefixes and the
// add-on ids it keeps for itself.
const JCZ_TILE_SETS = [
	'basic',
	'winter',
	'inns-and-cathedrals',
	'traders-and-builders',
	'princess-and-dragon',
	'tower',
	'abbey-and-mayor',
	'bridges-castles-and-bazaars',
	'hills-and-sheep',
	'under-the-big-top',
	'king-and-robber',
	'river/1',
	'river/2',
	'siege/besiegers',
	'siege/cathars',
	'count',
	'gq11',
	'gq11/river',
	'cult/5',
	'cult/6',
	'tunnel',
	'corn-circles/1',
	'corn-circles/2',
	'festival',
	'flier',
	'goldmines',
	'mage-and-witch',
	'monasteries',
	'darmstadt',
	'ferries',
	'labyrinth',
	'russian-promos/2013',
	'russian-promos/2016',
	'spiel-doch',
	'watchtowers',
	'wind-roses'
];
const JCZ_EXPANSIONS = [
	'BASIC',
	'WINTER',
	'INNS_AND_CATHEDRALS',
	'TRADERS_AND_BUILDERS',
	'PRINCESS_AND_DRAGON',
	'TOWER',
	'ABBEY_AND_MAYOR',
	'BRIDGES_CASTLES_AND_BAZAARS',
	'HILLS_AND_SHEEP',
	'UNDER_THE_BIG_TOP',
	'KING_AND_ROBBER',
	'RIVER',
	'SIEGE',
	'COUNT',
	'GQ11',
	'CULT',
	'TUNNEL',
	'CORN_CIRCLES',
	'FESTIVAL',
	'FLIER',
	'GOLDMINES',
	'MAGE_AND_WITCH',
	'MONASTERIES',
	'DARMSTADT',
	'FERRIES',
	'LABYRINTH',
	'RUSSIAN_PROMOS',
	'SPIEL_DOCH',
	'WATCHTOWERS',
	'WIND_ROSES'
];
const JCZ_PREFIXES = [
	'BA',
	'WI',
	'IC',
	'TB',
	'DG',
	'TO',
	'AM',
	'BR',
	'HS',
	'UB',
	'KR',
	'RI',
	'RI.1',
	'RI.2',
	'SI',
	'CO',
	'GQ',
	'CU',
	'TU',
	'CC',
	'FE',
	'FL',
	'GO',
	'MW',
	'MO',
	'DA',
	'FR',
	'LA',
	'RU',
	'SD',
	'WT',
	'WR'
];
const JCZ_ADDONS = ['jcz', 'classic'];

type XTile = { id: string; group?: string; [k: string]: unknown };
/** Text as written (the parsers leave entities alone, so nothing is ever expanded). */
const decode = (t: string) =>
	t
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&amp;/g, '&');
type ONode = Record<string, unknown>;
const oname = (n: ONode) => Object.keys(n).find((k) => k !== ':@')!;
const okids = (n: ONode) =>
	(n[oname(n)] as ONode[]).filter((c) => !('#text' in c) && !('#comment' in c));
const oattrs = (n: ONode) => (n[':@'] ?? {}) as Record<string, string>;
const otext = (n: ONode) =>
	((n[oname(n)] as ONode[]).find((c) => '#text' in c)?.['#text'] as string | undefined) ?? '';

// Exports are rasterised (900 px PNGs): each document is exported once and shared by the tests.
const exported = new Map<Expansion, ReturnType<typeof exporter>>();
const loaded = new Map<string, Expansion>();
const load = (id: string): Expansion => {
	if (!loaded.has(id))
		loaded.set(
			id,
			id === 'editor-made'
				? editorMadeExpansion()
				: (JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8')) as Expansion)
		);
	return loaded.get(id)!;
};

async function exportAddon(e: Expansion) {
	if (!exported.has(e)) exported.set(e, exporter(e));
	const r = await exported.get(e)!;
	const roots = new Set(r.files.map((f) => f.path.split('/')[0]));
	expect(roots.size, 'one folder at the root').toBe(1);
	const [root] = roots;
	const inRoot = (path: string) => r.files.find((f) => f.path === `${root}/${path}`);
	const manifest = JSON.parse(String(inRoot('jcz-addon.json')!.data));
	const xml = String(inRoot(manifest.expansions[0])!.data);
	const defs = parser.parse(xml).defs[0];
	const tiles: XTile[] = defs.tiles[0].tile;
	const tileSet = defs.sets[0]['tile-set'][0];
	const refs: { count: string; tile: string }[] = tileSet.ref;
	const expansion = defs.expansion[0];
	return {
		r,
		root,
		inRoot,
		xml,
		manifest,
		tiles,
		refs,
		setId: tileSet.id as string,
		expansion,
		defs
	};
}

/** Reads the tiles as JCZ's engine does: a field's `city` must name a city read before it. */
function fieldsAfterTheirCities(xml: string): string[] {
	const faults: string[] = [];
	const defs = (ordered.parse(xml) as ONode[]).find((n) => oname(n) === 'defs')!;
	for (const tilesEl of okids(defs).filter((n) => oname(n) === 'tiles'))
		for (const t of okids(tilesEl)) {
			const cities: string[][] = [];
			for (const f of okids(t)) {
				if (oname(f) === 'city') cities.push(otext(f).split(/\s+/));
				if (oname(f) === 'field' && oattrs(f).city)
					for (const label of oattrs(f).city.split(/\s+/))
						if (!cities.some((c) => c.includes(label)))
							faults.push(
								`${oattrs(t).id}: field ${otext(f)} names city ${label} before it is read`
							);
			}
		}
	return faults;
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

const shipped = [...availableExpansions().values()].filter((e) => e.tiles.length > 0);

describe('jcz export: an add-on the client installs and offers', () => {
	it.each([...shipped.map((e) => e.id), 'editor-made'])(
		'%s: one root folder named after the expansion, an <expansion> with a title, ids of its own, fields after their cities',
		async (id) => {
			const e = load(id);
			const { r, root, inRoot, xml, manifest, tiles, refs, setId, expansion } =
				await exportAddon(e);
			expect(root).toBe(`cel-${e.id}`);
			expect(JCZ_ADDONS).not.toContain(root);
			// the archive unpacks to the same one folder
			const entries = Object.keys(unzipSync(archiveFiles(r.files)));
			expect(new Set(entries.map((p) => p.split('/')[0]))).toEqual(new Set([root]));
			expect(manifest).toMatchObject({
				title: e.name,
				minimumJczVersion: '5.10.0',
				expansions: [`${e.id}.xml`],
				artworks: [`${e.id}-artwork`]
			});
			expect(Number.isInteger(manifest.version)).toBe(true);
			expect(inRoot(`${manifest.artworks[0]}/artwork.json`)).toBeDefined();
			// the client offers the set only through an <expansion> naming its tile set; it looks the
			// set up as <ref> first, so an id without an edition serves both editions (with and without the abbot)
			expect(decode(expansion.title[0])).toBe(e.name);
			expect(expansion.ref[0]['tile-set']).toBe(setId);
			expect(JCZ_EXPANSIONS).not.toContain(expansion.id);
			expect(setId).not.toContain(':');
			expect(JCZ_TILE_SETS).not.toContain(setId);
			for (const t of tiles) expect(JCZ_PREFIXES, t.id).not.toContain(t.id.split('/')[0]);
			expect(fieldsAfterTheirCities(xml)).toEqual([]);
			expect(XMLValidator.validate(xml)).toBe(true);
			const expressible = e.tiles.filter((t) => !t.wildcard && typeof t.count === 'number');
			expect(refs.map((x) => [x.tile, Number(x.count)])).toEqual(
				expressible.map((t) => [`CEL-${e.id.toUpperCase()}/${t.id}`, t.count])
			);
			expect(String(inRoot('NOTES.txt')!.data)).toBe(
				r.notes.map((n) => `- ${n}`).join('\n') + '\n'
			);
		}
	);

	it('a tile made in the editor (its field listed before its city) is written city first', async () => {
		const e = load('editor-made');
		expect(e.tiles[0].features.map((f) => f.type)).toEqual(['field', 'city', 'road', 'field']);
		const { tiles, r } = await exportAddon(e);
		const cap = tiles.find((t) => t.id === 'CEL-EDITOR-MADE/cap-road')!;
		expect(Object.keys(cap).filter((k) => k !== 'id')).toEqual(['city', 'road', 'field']);
		expect(cap.city).toEqual([{ '#text': 'N', pennants: '1' }]);
		expect(cap.field).toEqual([{ '#text': 'EL WR', city: 'N' }, 'ER SL SR WL']);
		// the designer's start tile: what the client does instead is said
		expect(
			r.notes.some((n) =>
				/cap-road: is the start tile here; JCloisterZone always starts from its own base tile BA\/RCr/.test(
					n
				)
			)
		).toBe(true);
	});

	it("enclosed fields stand on the inner place I, naming their cities (JCZ writes I&C's four-city tile so)", async () => {
		const four = (await exportAddon(load('editor-made'))).tiles.find(
			(t) => t.id === 'CEL-EDITOR-MADE/four-caps'
		)!;
		expect(four.field).toEqual([{ '#text': 'I', city: 'N E S W' }]);
		const ic = await exportAddon(load('inns-and-cathedrals'));
		const enclosed = load('inns-and-cathedrals').tiles.filter((t) =>
			t.features.some((f) => f.type === 'field' && !f.halves?.length)
		);
		expect(enclosed.length).toBeGreaterThan(0);
		for (const t of enclosed) {
			const x = ic.tiles.find((y) => y.id === `CEL-INNS-AND-CATHEDRALS/${t.id}`)!;
			expect(
				(x.field as { '#text': string }[]).some((f) => f['#text'] === 'I'),
				t.id
			).toBe(true);
		}
		expect(ic.r.notes.some((n) => /enclosed/.test(n))).toBe(false);
	});

	it('a road under a city is a tunnel; the wagon moves between a road end and its monastery or city', async () => {
		const { tiles } = await exportAddon(load('editor-made'));
		const band = tiles.find((t) => t.id === 'CEL-EDITOR-MADE/band-bridge')!;
		expect(band.road).toEqual([{ '#text': 'N S', tunnel: 'true' }]);
		const chapel = tiles.find((t) => t.id === 'CEL-EDITOR-MADE/chapel')!;
		expect(chapel.monastery).toEqual([{ 'wagon-move': 'a' }]);
		expect(chapel.road).toEqual([{ '#text': 'S', inn: 'true', 'wagon-move': 'a' }]);
		const base = await exportAddon(load('base'));
		// D: a road from the south into a city on three sides; X: a crossroads of four road ends
		const byId = Object.fromEntries(base.tiles.map((t) => [t.id, t]));
		const moves = (t: XTile) =>
			Object.entries(t).flatMap(([k, v]) =>
				Array.isArray(v)
					? v.flatMap((x) =>
							x && typeof x === 'object' && 'wagon-move' in x
								? [`${k}:${(x as Record<string, string>)['wagon-move']}`]
								: []
						)
					: []
			);
		expect(moves(byId['CEL-BASE/X']).sort()).toEqual(['road:a', 'road:a', 'road:a', 'road:a']);
		expect(moves(byId['CEL-BASE/A']).sort()).toEqual(['monastery:a', 'road:a']);
	});

	it('base: 24 tile types (garden variants as their own tiles), 72 copies; fields name their cities by a side', async () => {
		const { tiles, refs, r } = await exportAddon(load('base'));
		expect(new Set(tiles.map(signature)).size).toBe(24);
		expect(tiles.filter((t) => 'garden' in t)).toHaveLength(8);
		expect(refs.reduce((s, x) => s + Number(x.count), 0)).toBe(72);
		const byId = Object.fromEntries(tiles.map((t) => [t.id, t]));
		expect(byId['CEL-BASE/H'].field).toEqual([{ '#text': 'EL ER WL WR', city: 'N S' }]);
		expect(byId['CEL-BASE/M'].city).toEqual([{ '#text': 'N E', pennants: '1' }]);
		expect(byId['CEL-BASE/M'].field).toEqual([{ '#text': 'SL SR WL WR', city: 'N' }]);
		expect(r.notes.some((n) => /figure 'abbot'/.test(n))).toBe(false);
	});

	it('inns-and-cathedrals and river: 18 and 12 copies, inns and cathedrals as attributes, river groups', async () => {
		const ic = await exportAddon(load('inns-and-cathedrals'));
		expect(ic.refs.reduce((s, x) => s + Number(x.count), 0)).toBe(18);
		expect(ic.xml).toMatch(/cathedral="true"/);
		expect(ic.xml).toMatch(/inn="true"/);
		const river = await exportAddon(load('river'));
		expect(river.refs.reduce((s, x) => s + Number(x.count), 0)).toBe(12);
		expect(river.tiles.filter((t) => t.group === 'river-spring')).toHaveLength(1);
		expect(river.tiles.filter((t) => t.group === 'river-lake')).toHaveLength(1);
		expect(
			river.r.notes.some((n) =>
				/spring keeps its JCloisterZone group, but the client orders river tiles .* only when its own River is chosen/.test(
					n
				)
			)
		).toBe(true);
	});

	it('notes what JCloisterZone cannot express: stables, lutes, the wildcard town hall', async () => {
		const stables = (await exportAddon(load('inn-and-stable-owners'))).r.notes;
		expect(stables.some((n) => /stable .* dropped/.test(n))).toBe(true);
		// the owner's piece step is a move JCZ cannot express
		expect(stables.some((n) => /data step ISO-INN-1 .*owner.* dropped/.test(n))).toBe(true);
		const bards = (await exportAddon(load('bards'))).r.notes;
		expect(bards.some((n) => /icon 'lute'/.test(n))).toBe(true);
		const mm = await exportAddon(load('messengers-and-mayors'));
		expect(mm.r.notes.some((n) => /wildcard/.test(n))).toBe(true);
		expect(mm.tiles.length).toBe(
			load('messengers-and-mayors').tiles.filter((t) => !t.wildcard && typeof t.count === 'number')
				.length
		);
	});

	it('escapes names and ids into well-formed XML', async () => {
		const e: Expansion = {
			id: 'odd',
			name: 'A <weird> & "quoted" -- set',
			version: '2.3.4',
			tiles: [
				{ id: 'A&B', count: 1, features: [{ id: 'r1', type: 'road', sides: ['N', 'S'] }] } as never
			]
		};
		const { tiles, manifest, xml, expansion } = await exportAddon(e);
		expect(tiles[0].id).toBe('CEL-ODD/A&amp;B');
		expect(decode(expansion.title[0])).toBe(e.name);
		expect(manifest.version).toBe(integerVersion('2.3.4'));
		expect(manifest.version).toBe(234);
		expect(XMLValidator.validate(xml)).toBe(true);
		expect(xml).toContain('<!-- A <weird> & "quoted" - - set 2.3.4');
	});
});

// ---- artwork: what JCloisterZone's client needs to draw and play the tiles

const { Resvg } = createRequire(import.meta.url)(
	'@resvg/resvg-js'
) as typeof import('@resvg/resvg-js');
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
	const img = new Resvg(
		`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><image href="${href}" width="900" height="900"/></svg>`
	).render();
	const i = (y * img.width + x) * 4;
	return [...img.pixels.subarray(i, i + 4)];
}
// JCloisterZone's names of side sets, written out independently of the exporter's table.
const SIDE_SETS: Record<string, string> = {
	N: 'N',
	E: 'E',
	S: 'S',
	W: 'W',
	'E N': 'NE',
	'E S': 'SE',
	'S W': 'SW',
	'N W': 'NW',
	'E W': 'WE',
	'N S': 'NS',
	'E S W': '_N',
	'N S W': '_E',
	'E N W': '_S',
	'E N S': '_W',
	'E N S W': 'NWSE'
};
const HALF_ORDER = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
const CLASSES: Record<string, string> = {
	road: 'Road',
	city: 'City',
	river: 'River',
	field: 'Field',
	monastery: 'Monastery',
	garden: 'Garden'
};

/** The `<Class>/<Location>` keys a tile of the XML must have in the artwork. */
function expectedKeys(t: XTile): string[] {
	const keys: string[] = [];
	for (const [name, cls] of Object.entries(CLASSES)) {
		const elements = (t[name] as ({ '#text'?: string } | string)[] | undefined) ?? [];
		elements.forEach((e, i) => {
			const text = typeof e === 'string' ? e : (e['#text'] ?? '');
			if (name === 'monastery' || name === 'garden') keys.push(`${cls}/${'I'.repeat(i + 1)}`);
			else if (name === 'field')
				keys.push(
					`${cls}/${text
						.split(' ')
						.sort((a, b) => HALF_ORDER.indexOf(a) - HALF_ORDER.indexOf(b))
						.join('.')}`
				);
			else keys.push(`${cls}/${SIDE_SETS[text.split(' ').sort().join(' ')]}`);
		});
	}
	return keys.sort();
}

describe('jcz export: the client elements an expansion implies', () => {
	const shipped = availableExpansions();
	it('switches on what the tiles and figures need (the client takes a game’s default elements only from these)', () => {
		expect(impliedElements(shipped.get('inns-and-cathedrals')!)).toEqual([
			'big-follower',
			'inn',
			'cathedral',
			'abbot',
			'garden'
		]);
		expect(impliedElements(shipped.get('base')!)).toEqual(['abbot', 'garden']);
		expect(impliedElements(shipped.get('dragon')!)).toEqual(['abbot', 'garden', 'dragon', 'fairy']);
		expect(impliedElements(shipped.get('wells')!)).toEqual([]);
		const { xml } = buildJczXml(shipped.get('inns-and-cathedrals')!);
		for (const e of ['big-follower', 'inn', 'cathedral'])
			expect(xml).toContain(`<implies element="${e}"`);
	});
	it('has a small version that grows', () => {
		expect([
			integerVersion('1.0.0'),
			integerVersion('1.0.1'),
			integerVersion('1.2.0'),
			integerVersion('2.0.0')
		]).toEqual([100, 101, 120, 200]);
		expect(integerVersion('1.12.0')).toBeGreaterThanOrEqual(integerVersion('1.9.9'));
	});
});

/**
 * Which of `points` (900-unit tile coordinates) the clip path covers, as an SVG renderer fills it
 * (resvg, the default nonzero rule), drawn at a fifth of the size.
 */
function covered(clip: string, points: [number, number][]): boolean[] {
	const img = new Resvg(
		`<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 900 900"><path d="${clip}" fill="#000"/></svg>`
	).render();
	return points.map(([x, y]) => {
		const i = (Math.min(179, Math.floor(y / 5)) * img.width + Math.min(179, Math.floor(x / 5))) * 4;
		return img.pixels[i + 3] > 127;
	});
}

describe('jcz export: artwork', () => {
	it.each([...shipped.map((e) => e.id), 'editor-made'])(
		'%s: every tile has a 900 px image and every feature a shape with a clip path and a meeple point of its own',
		async (id) => {
			const { r, root, tiles, manifest } = await exportAddon(load(id));
			expect(manifest.artworks).toEqual([`${id}-artwork`]);
			const folder = `${root}/${manifest.artworks[0]}`;
			const artwork = jsonOf(r.files, `${folder}/artwork.json`);
			expect(artwork).toMatchObject({
				title: load(id).name,
				tileSize: 900,
				featuresInclude: expect.any(Array),
				tilesInclude: expect.any(Array)
			});
			const shapes = Object.assign(
				{},
				...artwork.featuresInclude.map((p: string) => jsonOf(r.files, `${folder}/${p}`))
			);
			const entries = Object.assign(
				{},
				...artwork.tilesInclude.map((p: string) => jsonOf(r.files, `${folder}/${p}`))
			);
			expect(Object.keys(entries).sort()).toEqual(tiles.map((t) => t.id).sort());
			let features = 0;
			for (const t of tiles) {
				const entry = entries[t.id];
				expect(pngSize(fileOf(r.files, `${folder}/${entry.image}`)!.data), `${t.id} image`).toEqual(
					[900, 900]
				);
				expect(Object.keys(entry.features).sort(), t.id).toEqual(expectedKeys(t));
				const own = Object.entries(entry.features as Record<string, string>).map(
					([key, id]) => [key, shapes[id]] as [string, { clip: string; point: [number, number] }]
				);
				// no two features share a point; each clip (plain path data: polygons, holes wound the
				// other way) covers its own feature's point and no other's
				const points = own.map(([, shape]) => shape?.point);
				expect(new Set(points.map(String)).size, `${t.id} points`).toBe(points.length);
				for (const [key, shape] of own) {
					expect(shape.clip, `${t.id} ${key}`).toMatch(/^(M[-\d. ]+(L[-\d. ]+)+Z)+$/);
					expect(covered(shape.clip, points), `${t.id} ${key}: the points it covers`).toEqual(
						own.map(([k]) => k === key)
					);
				}
				for (const [key, shapeId] of Object.entries(entry.features as Record<string, string>)) {
					const shape = shapes[shapeId];
					expect(shape, `${t.id} ${key}`).toBeDefined();
					expect(shape.clip).toMatch(/^M[-\d. ]+[A-Za-z][-\d. A-Za-z]*[Zz]$/);
					const [x, y] = shape.point;
					expect(
						x >= 0 && x <= 900 && y >= 0 && y <= 900,
						`${t.id} ${key} point ${shape.point}`
					).toBe(true);
					const start = shape.clip
						.match(/^M(-?[\d.]+) (-?[\d.]+)/)!
						.slice(1)
						.map(Number);
					expect(
						start.every((n: number) => n >= 0 && n <= 900),
						`${t.id} ${key} clip ${shape.clip.slice(0, 30)}`
					).toBe(true);
					features++;
				}
			}
			// every tile's features were checked (the pig herd's one tile has a single field)
			expect(features).toBeGreaterThanOrEqual(tiles.length);
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
		const image = (name: string) =>
			fileOf(r.files, `cel-art/art-artwork/images/${name}.png`)!.data as Uint8Array;
		expect(pixel(image('painted'), 100, 100)).toEqual([255, 0, 0, 255]);
		expect(pixel(image('drawn'), 100, 100)).not.toEqual([255, 0, 0, 255]);
		expect(pixel(image('elsewhere'), 100, 100)).toEqual(pixel(image('drawn'), 100, 100));
		expect(
			r.notes.some((n) =>
				/CEL-ART\/elsewhere: its artwork 'art\/x.png' is not an embedded image/.test(n)
			)
		).toBe(true);
	});
});
