import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildJczXml } from '../../export/jcz.ts';
import { importJczXml, stripDoctype } from './jcz.ts';
import type { Expansion, Feature, Tile } from '../schema-types.ts';
import { validateExpansion } from '../validate.ts';

const load = (id: string) => JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8')) as Expansion;

/** A tile's geometry with feature ids replaced by what they are (cities by their sides). */
function geometry(t: Tile): string[] {
	const byId = new Map(t.features.map((f) => [f.id, f]));
	const describe = (f: Feature) =>
		JSON.stringify({
			type: f.type,
			sides: f.sides ? [...f.sides].sort() : undefined,
			halves: f.halves ? [...f.halves].sort() : undefined,
			cities: f.cities?.map((c) => [...(byId.get(c)?.sides ?? [])].sort().join('')).sort(),
			modifiers: f.modifiers && Object.keys(f.modifiers).length ? f.modifiers : undefined
		});
	return t.features.map(describe).sort();
}

describe('jcz import', () => {
	for (const id of ['base', 'inns-and-cathedrals', 'river']) {
		it(`${id}: export then import gives the same geometry (up to feature ids), roles and counts`, () => {
			const original = load(id);
			const { xml, notes } = buildJczXml(original);
			const r = importJczXml(xml, { id });
			if (!r.ok) throw new Error(r.error);
			// Enclosed fields (no half-sides) cannot be written: the export drops them and says so.
			const enclosed = original.tiles.flatMap((t) => t.features.filter((f) => f.type === 'field' && !f.halves?.length).map((f) => `${t.id}/${f.id}`));
			for (const e of enclosed) expect(notes.some((n) => n.includes(`/${e.split('/')[0]}: field '${e.split('/')[1]}' is enclosed`))).toBe(true);
			for (const t of original.tiles) t.features = t.features.filter((f) => f.type !== 'field' || f.halves?.length);
			expect(r.report).toEqual([]);
			expect(r.expansion.id).toBe(id);
			expect(r.expansion.tiles.map((t) => t.id)).toEqual(original.tiles.map((t) => t.id));
			for (const [i, t] of r.expansion.tiles.entries()) {
				const o = original.tiles[i];
				expect(t.count, t.id).toBe(o.count);
				expect(geometry(t), t.id).toEqual(geometry(o));
				expect(t.role === 'start' ? undefined : t.role, t.id).toBe(o.role === 'start' ? undefined : o.role);
			}
			// JCloisterZone picks the start tile in its game setup: an imported base has none, and the
			// validator says a game with it cannot start (the other sets play with the shipped base).
			const problems = validateExpansion(r.expansion).filter((p) => p.severity === 'error');
			expect(problems.map((p) => p.message)).toEqual(id === 'base' ? [expect.stringContaining('no tile of this expansion has role "start"')] : []);
		});
	}

	it('base: the guessed id comes from the tile set, the counts add up to 72', () => {
		const r = importJczXml(buildJczXml(load('base')).xml);
		if (!r.ok) throw new Error(r.error);
		expect(r.expansion.id).toBe('base');
		expect(r.expansion.tiles.reduce((s, t) => s + (t.count as number), 0)).toBe(72);
	});

	it('maps a hand-written file: attributes, marker elements, field cities by side, editions', () => {
		const xml = `<?xml version="1.0"?>
<defs>
  <tiles>
    <tile id="XX/Ccc+">
      <city pennants="2" cathedral="true">N E W</city>
      <road inn="true">S</road>
      <field city="N">SL</field>
      <field city="E" pig-herd="true">SR</field>
    </tile>
    <tile id="XX/Rr" group="river-spring"><river>S</river><field>NL NR EL ER SL SR WL WR</field><volcano/></tile>
    <tile id="XX/old"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>
  </tiles>
  <sets>
    <tile-set id="xx:1"><ref count="3" tile="XX/Ccc+"/><ref count="1" tile="XX/old"/></tile-set>
    <tile-set id="xx:2"><ref count="2" tile="XX/Ccc+"/><ref count="1" tile="XX/Rr"/></tile-set>
  </sets>
</defs>`;
		const r = importJczXml(xml);
		if (!r.ok) throw new Error(r.error);
		const [c, rv] = r.expansion.tiles;
		expect(r.expansion.tiles).toHaveLength(2);
		expect(c).toMatchObject({ id: 'Ccc_', name: 'XX/Ccc+', count: 2 });
		expect(c.features[0]).toEqual({ id: 'c1', type: 'city', sides: ['N', 'E', 'W'], modifiers: { pennants: 2, cathedral: true } });
		expect(c.features[1]).toEqual({ id: 'r1', type: 'road', sides: ['S'], modifiers: { inn: true } });
		expect(c.features[2]).toEqual({ id: 'f1', type: 'field', halves: ['SL'], cities: ['c1'] });
		expect(c.features[3]).toEqual({ id: 'f2', type: 'field', halves: ['SR'], cities: ['c1'], modifiers: { pigHerd: true } });
		expect(rv).toMatchObject({ role: 'spring', icons: ['volcano'], count: 1 });
		expect(r.report).toEqual([
			'tile-set xx:1: an older edition, not counted (choose it with the tileSet option)',
			'tile XX/old: in no chosen tile set (or count 0): left out'
		]);
		const first = importJczXml(xml, { tileSet: 'xx:1' });
		expect(first.ok && first.expansion.tiles.map((t) => [t.id, t.count])).toEqual([
			['Ccc_', 3],
			['old', 1]
		]);
	});

	it('reports unknown elements, attributes and places instead of guessing', () => {
		const xml = `<defs><tiles>
			<tile id="TO/X" max="2"><tower/><road>N S</road><city wagon="1">E Q</city><field city="W">NL NR</field><bridge>NS</bridge></tile>
		</tiles><sets><tile-set id="tower:1"><ref count="1" tile="TO/X"/><remove tile="BA/A"/></tile-set></sets><expansions/></defs>`;
		const r = importJczXml(xml);
		if (!r.ok) throw new Error(r.error);
		expect(r.report).toEqual(
			expect.arrayContaining([
				"element 'expansions' under 'defs' not mapped",
				"tile TO/X: attribute 'max' not mapped",
				"tile TO/X: element 'tower' not mapped",
				"tile TO/X: place 'Q' of a city not mapped",
				"tile TO/X: attribute 'wagon' on 'city' not mapped",
				"tile TO/X: field city 'W' names no city of the tile: not mapped",
				"tile TO/X: element 'bridge' not mapped",
				"tile-set tower:1: element 'remove' not mapped"
			])
		);
		expect(r.expansion.tiles[0].features.map((f) => f.type)).toEqual(['road', 'city', 'field']);
	});

	it('never expands entities: a billion-laughs DOCTYPE and an external entity are ignored and reported', () => {
		const xml = `<?xml version="1.0"?>
<!DOCTYPE defs [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY remote SYSTEM "http://127.0.0.1:9/evil.dtd">
]>
<defs><tiles><tile id="EV/A"><road>N &xxe; S</road><city>&lol3;</city><field>&remote;</field></tile></tiles>
<sets><tile-set id="evil:1"><ref count="1" tile="EV/A"/></tile-set></sets></defs>`;
		const started = performance.now();
		const r = importJczXml(xml);
		expect(performance.now() - started).toBeLessThan(1000);
		if (!r.ok) throw new Error(r.error);
		const json = JSON.stringify(r);
		expect(json).not.toMatch(/root:|lollol/);
		expect(r.report[0]).toMatch(/DOCTYPE .* ignored/);
		expect(r.report).toContain('entity references other than the five XML ones were left unexpanded');
		expect(r.report).toContain("tile EV/A: place '&xxe;' of a road not mapped");
		expect(r.expansion.tiles[0].features[0]).toMatchObject({ type: 'road', sides: ['N', 'S'] });
	});

	it('refuses malformed XML and other documents with a located error', () => {
		const bad = importJczXml('<defs>\n<tiles>\n<tile id="A"></tiles></defs>');
		expect(bad.ok).toBe(false);
		expect(!bad.ok && bad.line).toBe(3);
		const other = importJczXml('<html><body/></html>');
		expect(other).toMatchObject({ ok: false, error: expect.stringMatching(/root element must be 'defs'/) });
	});

	it('stripDoctype keeps line numbers and handles quoted brackets', () => {
		const s = stripDoctype('<?xml version="1.0"?>\n<!DOCTYPE a [\n<!ENTITY x "]>">\n]>\n<a/>');
		expect(s.found).toBe(true);
		expect(s.xml.split('\n')).toHaveLength(5);
		expect(s.xml.trim().endsWith('<a/>')).toBe(true);
		expect(s.xml).not.toMatch(/ENTITY/);
	});
});
