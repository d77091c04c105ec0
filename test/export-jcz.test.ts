// The JCloisterZone add-on export: the XML parses (entities off), lists every tile type of the set
// with the right counts, and carries the standard modifiers; what cannot map is in the notes.
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { exporter, integerVersion } from '../src/lib/formats/export/jcz.ts';
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
		expect(r.notes.some((n) => /rules play only/.test(n))).toBe(true);
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
