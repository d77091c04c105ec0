// The JCloisterZone tile-XML import, on small hand-written files, one per construct found in JCZ's
// own tile files (scripts/check-jcz.ts runs the import over all of them by hand, see docs/export.md):
// tiles directly under <defs>, crossings and tunnels, max and <remove>, enclosed fields on I and
// II, wagon moves, the engine's old <pack> files, <expansion>. The round trip through the export
// is in test/jcz-round-trip.test.ts.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { importJczXml } from './jcz.ts';
import { stripDoctype } from './jcz-xml.ts';
import type { Expansion, Tile } from '../schema-types.ts';
import { validateExpansion } from '../validate.ts';

const ok = (xml: string, options = {}) => {
	const r = importJczXml(xml, options);
	if (!r.ok) throw new Error(r.error);
	return r;
};
const tileOf = (e: Expansion, name: string): Tile => e.tiles.find((t) => t.name === name)!;
const errors = (e: Expansion) => validateExpansion(e).filter((p) => p.severity === 'error');
const ALL = 'NL NR EL ER SL SR WL WR';

describe('jcz import', () => {
	it('reads tiles wherever they sit: directly under <defs> as in festival.xml and flier.xml', () => {
		const r = ok(`<defs>
			<tile id="FE/M"><monastery/><field>${ALL}</field><festival/><windmill/></tile>
			<tiles><tile id="FE/C"><city>N</city><field city="N">EL ER SL SR WL WR</field></tile></tiles>
			<sets><tile-set id="festival"><ref count="2" tile="FE/M"/><ref count="1" tile="FE/C"/></tile-set></sets></defs>`);
		expect(r.expansion.tiles.map((t) => [t.name, t.count])).toEqual([
			['FE/M', 2],
			['FE/C', 1]
		]);
		expect(r.report).toEqual(["tile FE/M: element 'windmill' not mapped"]);
		expect(r.expansion.tiles[0].icons).toEqual(['festival']);
		expect(errors(r.expansion)).toEqual([]);
	});

	it("caps a count by the tile's max and leaves out what a chosen set removes (River I + II: 22, not 24)", () => {
		const r = ok(`<defs><tiles>
			<tile id="RI/s" max="1" group="river-spring"><river>S</river><field>${ALL}</field></tile>
			<tile id="RI.1/lake" max="1" group="river-lake"><river>N</river><field>${ALL}</field></tile>
			<tile id="RI.2/lake" max="1" group="river-lake"><river>N</river><field>${ALL}</field></tile>
			<tile id="RI/WE"><river>W E</river><field>NL NR EL WR</field><field>ER SL SR WL</field></tile>
		</tiles><sets>
			<tile-set id="river/1:1"><ref count="1" tile="RI/s"/><ref count="1" tile="RI.1/lake"/><ref count="2" tile="RI/WE"/></tile-set>
			<tile-set id="river/2:1"><ref count="1" tile="RI/s"/><ref count="1" tile="RI.2/lake"/><ref count="3" tile="RI/WE"/><remove tile="RI.1/lake"/></tile-set>
		</sets></defs>`);
		expect(r.tileSets).toEqual(['river/1:1', 'river/2:1']);
		expect(r.expansion.tiles.map((t) => [t.name, t.count, t.role])).toEqual([
			['RI/s', 1, 'spring'],
			['RI.2/lake', 1, 'lake'],
			['RI/WE', 5, undefined]
		]);
		expect(r.report).toEqual(['tile RI.1/lake: removed by a chosen tile set: left out']);
		expect(r.expansion.tiles.reduce((s, t) => s + (t.count as number), 0)).toBe(7);
	});

	it('states the crossings JCZ leaves to the places: a tunnel under a city, a river under a city, a road over a river, two cities', () => {
		const r = ok(`<defs><tiles>
			<tile id="DG/CRcr"><city>E W</city><road tunnel="true">N S</road><field city="W">NL NR</field><field city="W">SL SR</field></tile>
			<tile id="RI/CIcI"><city>W E</city><river>N S</river><field city="W">NL NR</field><field city="W">SL</field><field city="W">SR</field></tile>
			<tile id="RI/RIrI"><road inn="true">W E</road><river>N S</river><field>WR NL</field><field>NR EL</field><field>ER SL</field><field>SR WL</field></tile>
			<tile id="KR/CCcc"><city>N S</city><city>W E</city></tile>
		</tiles><sets><tile-set id="x"><ref count="1" tile="DG/CRcr"/><ref count="1" tile="RI/CIcI"/><ref count="1" tile="RI/RIrI"/><ref count="1" tile="KR/CCcc"/></tile-set></sets></defs>`);
		const crosses = (name: string) =>
			tileOf(r.expansion, name).features.flatMap((f) =>
				(f.crosses ?? []).map((c) => `${f.id}>${c}`)
			);
		expect(crosses('DG/CRcr')).toEqual(['c1>r1', 'f1>r1', 'f2>r1']);
		expect(crosses('RI/CIcI')).toEqual(['c1>w1', 'f1>w1']);
		expect(crosses('RI/RIrI')).toEqual(['r1>w1']);
		expect(crosses('KR/CCcc')).toEqual(['c1>c2']);
		expect(r.report).toEqual([]);
		expect(errors(r.expansion)).toEqual([]);
	});

	it("the inside of The Count's city (half-sides JCZ leaves to no feature on its CO/ tiles) becomes a quarter; the tiles validate", () => {
		// tiles written for this test in the shapes count.xml has: a corner of the city with a road
		// out, a tile wholly inside it (with JCZ's <quarter/> marker), one with a city outside the walls
		const r = ok(`<defs><tiles>
			<tile id="CO/a"><road>W</road><field>WR NL NR EL</field><field>WL SR</field></tile>
			<tile id="CO/b"><quarter/></tile>
			<tile id="CO/c"><city>S</city><field city="S">WL WR NL ER</field></tile>
			<tile id="XX/bad"><road>W</road><field>WR NL NR EL</field></tile>
		</tiles><sets><tile-set id="count"><ref count="1" tile="CO/a"/><ref count="1" tile="CO/b"/><ref count="1" tile="CO/c"/><ref count="1" tile="XX/bad"/></tile-set></sets></defs>`);
		expect(tileOf(r.expansion, 'CO/a').features.at(-1)).toEqual({
			id: 'q1',
			type: 'quarter',
			halves: ['ER', 'SL']
		});
		expect(tileOf(r.expansion, 'CO/b').features).toEqual([
			{ id: 'q1', type: 'quarter', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
		]);
		expect(tileOf(r.expansion, 'CO/c').features.at(-1)).toEqual({
			id: 'q1',
			type: 'quarter',
			halves: ['NR', 'EL']
		});
		expect(r.report).toEqual([
			"tile CO/a: half-sides ER SL are inside The Count's city of Carcassonne (no feature in JCloisterZone): imported as quarter q1, kept as data (no rule module here plays The Count)",
			"tile CO/b: element 'quarter' not mapped",
			"tile CO/b: half-sides NL NR EL ER SL SR WL WR are inside The Count's city of Carcassonne (no feature in JCloisterZone): imported as quarter q1, kept as data (no rule module here plays The Count)",
			"tile CO/c: half-sides NR EL are inside The Count's city of Carcassonne (no feature in JCloisterZone): imported as quarter q1, kept as data (no rule module here plays The Count)",
			// not one of The Count's tiles: a fault, said so
			'tile XX/bad: half-sides ER SL SR WL belong to no field or city: the tile will not validate'
		]);
		const problems = validateExpansion(r.expansion);
		// the only error is the faulty tile's; each quarter is said to be kept as data
		expect(problems.filter((p) => p.severity === 'error').map((p) => p.pointer)).toEqual([
			'/tiles/3/features'
		]);
		expect(
			problems.filter((p) => /quarter q1 .* kept as data/.test(p.message)).map((p) => p.pointer)
		).toEqual(['/tiles/0/features/3/type', '/tiles/1/features/0/type', '/tiles/2/features/2/type']);
	});

	it('a tunnel end of The Tunnel is reported, imported as a road', () => {
		const r =
			ok(`<defs><tiles><tile id="TU/R"><road tunnel="true">W</road><road tunnel="true">E</road><field>${ALL}</field></tile></tiles>
			<sets><tile-set id="tunnel"><ref count="1" tile="TU/R"/></tile-set></sets></defs>`);
		expect(r.report).toEqual([
			"tile TU/R: road 'r1' is a tunnel end (The Tunnel): not mapped, imported as a road",
			"tile TU/R: road 'r2' is a tunnel end (The Tunnel): not mapped, imported as a road"
		]);
	});

	it('an enclosed field on I (and II) with its cities, and a tile whose adjacency JCZ draws by hand, marked so', () => {
		const r = ok(`<defs><tiles>
			<tile id="IC/CCCC"><city>N</city><city>E</city><city>S</city><city>W</city><field city="N W E S">I</field></tile>
			<tile id="KR/Cc"><city>N W</city><field city="N W">I</field><field city="N W">II</field><field city="N">EL ER SL SR</field></tile>
			<tile id="BA/C"><city>N</city><field city="N">EL ER SL SR WL WR</field></tile>
		</tiles><sets><tile-set id="x"><ref count="1" tile="IC/CCCC"/><ref count="1" tile="KR/Cc"/><ref count="1" tile="BA/C"/></tile-set></sets></defs>`);
		const four = tileOf(r.expansion, 'IC/CCCC');
		expect(four.features[4]).toEqual({
			id: 'f1',
			type: 'field',
			halves: [],
			cities: ['c1', 'c4', 'c2', 'c3']
		});
		expect(four.handDrawnAdjacency).toBe(true);
		const two = tileOf(r.expansion, 'KR/Cc');
		expect(two.features.filter((f) => f.type === 'field').map((f) => f.halves)).toEqual([
			[],
			[],
			['EL', 'ER', 'SL', 'SR']
		]);
		expect(two.handDrawnAdjacency).toBe(true);
		expect(tileOf(r.expansion, 'BA/C').handDrawnAdjacency).toBeUndefined();
		expect(r.report).toEqual([]);
		expect(errors(r.expansion)).toEqual([]);
	});

	it('wagon moves follow from the geometry; a file that differs is reported', () => {
		const r = ok(`<defs><tiles>
			<tile id="BA/LR"><monastery wagon-move="a"/><road wagon-move="a">S</road><field>${ALL}</field></tile>
			<tile id="BA/CccR"><road wagon-move="a">S</road><city wagon-move="a">N W E</city><field city="N">SL</field><field city="N">SR</field></tile>
			<tile id="XX/odd"><road wagon-move="a">S</road><road wagon-move="a">E</road><city>N W</city><field city="N">NR EL</field><field>ER SL</field><field city="W">SR WL</field></tile>
		</tiles><sets><tile-set id="x"><ref count="1" tile="BA/LR"/><ref count="1" tile="BA/CccR"/><ref count="1" tile="XX/odd"/></tile-set></sets></defs>`);
		expect(r.report).toEqual([
			'tile XX/odd: wagon moves r1+r2 differ from what the geometry gives (c1+r1, c1+r2): not mapped'
		]);
	});

	it("reads the engine's old <pack> files (a count on each tile) and an add-on's <expansion>", () => {
		const pack = ok(
			`<pack><tile count="2" id="RCr"><road>W E</road><city>N</city><field city="N">EL WR</field><field>ER SL SR WL</field><position x="0" y="0"/></tile></pack>`
		);
		expect(pack.expansion.tiles.map((t) => [t.id, t.count])).toEqual([['RCr', 2]]);
		expect(pack.tileSets).toEqual([]);
		expect(pack.report).toEqual(["tile RCr: element 'position' not mapped"]);
		const addon =
			ok(`<defs><tiles><tile id="CEL-X/A"><monastery/><field>${ALL}</field></tile></tiles>
			<sets><tile-set id="cel/x"><ref count="1" tile="CEL-X/A"/></tile-set></sets>
			<expansion id="CEL_X"><title>Abbeys &amp; Co</title><description>Some abbeys</description><ref tile-set="cel/x"/><icon/></expansion></defs>`);
		expect(addon.expansion).toMatchObject({ name: 'Abbeys & Co', description: 'Some abbeys' });
		expect(addon.report).toEqual(["expansion CEL_X: element 'icon' not mapped"]);
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
		expect(c.features[0]).toEqual({
			id: 'c1',
			type: 'city',
			sides: ['N', 'E', 'W'],
			modifiers: { pennants: 2, cathedral: true }
		});
		expect(c.features[1]).toEqual({
			id: 'r1',
			type: 'road',
			sides: ['S'],
			modifiers: { inn: true }
		});
		expect(c.features[2]).toEqual({ id: 'f1', type: 'field', halves: ['SL'], cities: ['c1'] });
		expect(c.features[3]).toEqual({
			id: 'f2',
			type: 'field',
			halves: ['SR'],
			cities: ['c1'],
			modifiers: { pigHerd: true }
		});
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
			<tile id="TO/X" wind-rose="1"><tower/><road>N S</road><city wagon="1">E Q</city><field city="W">NL NR</field><bridge>NS</bridge></tile>
		</tiles><sets><tile-set id="tower:1"><ref count="1" tile="TO/X"/><requires expansion="RIVER"/></tile-set><bag/></sets><expansions/></defs>`;
		const r = importJczXml(xml);
		if (!r.ok) throw new Error(r.error);
		expect(r.report).toEqual(
			expect.arrayContaining([
				"element 'expansions' under 'defs' not mapped",
				"tile TO/X: attribute 'wind-rose' not mapped",
				"tile TO/X: element 'tower' not mapped",
				"tile TO/X: place 'Q' of a city not mapped",
				"tile TO/X: attribute 'wagon' on 'city' not mapped",
				"tile TO/X: field city 'W' names no city of the tile: not mapped",
				"tile TO/X: element 'bridge' not mapped",
				'tile-set tower:1: requires expansion RIVER in JCloisterZone: not mapped (add the dependency by hand)',
				"element 'bag' under 'sets' not mapped"
			])
		);
		expect(r.expansion.tiles[0].features.map((f) => f.type)).toEqual(['road', 'city', 'field']);
	});

	it('never expands entities: a billion-laughs DOCTYPE and an external entity are ignored and reported', () => {
		// its time is a benchmark figure (bench/hostile.bench.ts): nothing here depends on speed
		const xml = readFileSync('test/fixtures/jcz/billion-laughs.xml', 'utf8');
		const r = importJczXml(xml);
		if (!r.ok) throw new Error(r.error);
		const json = JSON.stringify(r);
		expect(json).not.toMatch(/root:|lollol/);
		expect(r.report[0]).toMatch(/DOCTYPE .* ignored/);
		expect(r.report).toContain(
			'entity references other than the five XML ones were left unexpanded'
		);
		expect(r.report).toContain("tile EV/A: place '&xxe;' of a road not mapped");
		expect(r.expansion.tiles[0].features[0]).toMatchObject({ type: 'road', sides: ['N', 'S'] });
	});

	it('refuses malformed XML and other documents with a located error', () => {
		const bad = importJczXml('<defs>\n<tiles>\n<tile id="A"></tiles></defs>');
		expect(bad.ok).toBe(false);
		expect(!bad.ok && bad.line).toBe(3);
		const other = importJczXml('<html><body/></html>');
		expect(other).toMatchObject({
			ok: false,
			error: expect.stringMatching(/root element must be 'defs'/)
		});
	});

	it('stripDoctype keeps line numbers and handles quoted brackets', () => {
		const s = stripDoctype('<?xml version="1.0"?>\n<!DOCTYPE a [\n<!ENTITY x "]>">\n]>\n<a/>');
		expect(s.found).toBe(true);
		expect(s.xml.split('\n')).toHaveLength(5);
		expect(s.xml.trim().endsWith('<a/>')).toBe(true);
		expect(s.xml).not.toMatch(/ENTITY/);
	});
});
