// The JCloisterZone export of an expansion's data rules: what JCZ's scripted modifiers can carry
// (a modifier on a feature kind, a scoring script from the value rules that read it) is written,
// and the script is run here the way JCZ runs it (a function body, with the globals JCZ binds:
// tiles, completed and the feature's modifiers), so its points are checked, not only its text.
// Everything else is listed as dropped in the notes, with its rule id.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildJczXml, exporter } from '../src/lib/export/jcz.ts';
import { jczDataRules } from '../src/lib/export/jcz-scripts.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';

const wine = (): Expansion =>
	JSON.parse(readFileSync('test/fixtures/expansions/valid/wine-and-vintners.json', 'utf8'));
const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	processEntities: false,
	cdataPropName: '#cdata'
});

async function addonXml(doc: Expansion) {
	const r = await exporter(doc, {});
	const file = r.files.find((f) => f.path.endsWith(`${doc.id}.xml`))!;
	const xml = String(file.data);
	expect(XMLValidator.validate(xml)).toBe(true);
	return { xml: parser.parse(xml), notes: r.notes, files: r.files };
}

/** Runs a scoring script as JCZ's ModifiedFeature does: `(() => { script })()` with the feature's globals. */
const score = (script: string, globals: Record<string, unknown>) =>
	runInNewContext(`(() => { ${script}})()`, { ...globals });

describe('jcz export of data rules', () => {
	it('wine: a + modifier on cities with a scoring script from WINE-1, and the tiles carry the wine', async () => {
		const { xml, notes, files } = await addonXml(wine());
		expect(new Set(files.map((f) => f.path.split('/')[0]))).toEqual(
			new Set(['cel-wine-and-vintners'])
		);
		const mod = xml.defs.modifier;
		expect(mod).toMatchObject({ type: '+', selector: 'city[wine]' });
		const script = String(mod.scoring['#cdata']);
		expect(script).toContain('WINE-1');
		expect(xml.defs.tiles.tile.city).toMatchObject({ wine: '1', '#text': 'N' });
		// a completed city of 2 tiles with 1 wine: JCZ's 2 × 2 plus the script's 2 = 6, as "2 tiles × (2 + 1 wine) = 6" here
		expect(score(script, { tiles: 2, completed: true, wine: 1 })).toEqual([
			{ name: 'WINE-1', count: 2, points: 2 }
		]);
		expect(score(script, { tiles: 3, completed: true, wine: 2, pennants: 1 })).toEqual([
			{ name: 'WINE-1', count: 3, points: 6 }
		]);
		// WINE-1 is at: complete only, so a city left incomplete gets nothing from it
		expect(score(script, { tiles: 2, completed: false, wine: 1 })).toEqual([]);
		expect(notes.join('\n')).toContain(
			"data rules WINE-1: written as JCloisterZone's scripted modifier city[wine] (type +)"
		);
	});

	it('lists what JCZ cannot carry as dropped, each with its rule id: awards, figures, texts', async () => {
		const { notes } = await addonXml(wine());
		const text = notes.join('\n');
		expect(text).toMatch(/data rule VINT-2 \(\/dataRules\/rules\/2, award\): .*dropped/);
		expect(text).toMatch(/data rule VINT-1 \(\/dataRules\/rules\/1, text\): .*dropped/);
		expect(text).toMatch(/data figure 'vintner' \(VINT-1\): .*dropped/);
	});

	it('drops rules JCZ’s script cannot express, saying why, and keeps those it can', () => {
		const doc = wine();
		doc.dataRules = {
			modifiers: {
				wine: { combine: 'sum', features: ['city', 'garden'] },
				gold: { combine: 'max', features: ['road'] },
				holy: { combine: 'any', features: ['monastery'] }
			},
			parameters: { bonus: { default: 3, min: 0, max: 9 } },
			rules: [
				{
					id: 'W-1',
					type: 'value',
					text: 'Wine doubles a city.',
					feature: 'city',
					when: { var: 'complete' },
					effect: { multiply: 2 }
				},
				{
					id: 'W-2',
					type: 'value',
					text: 'Lutes pay.',
					feature: 'city',
					effect: { perTile: { var: 'icon.lute' } }
				},
				{
					id: 'W-3',
					type: 'value',
					text: 'Every road pays more.',
					feature: 'road',
					effect: { perTile: 1 }
				},
				{
					id: 'W-4',
					type: 'value',
					text: 'Gold.',
					feature: 'road',
					effect: { perTile: { var: 'modifier.gold' } }
				},
				{
					id: 'W-5',
					type: 'value',
					text: 'Gardens.',
					feature: 'garden',
					effect: { perTile: { var: 'modifier.wine' } }
				},
				{
					id: 'W-6',
					type: 'collect',
					text: 'Take the wine.',
					feature: 'city',
					modifier: 'wine',
					token: 'wine'
				},
				{ id: 'W-7', type: 'majority', text: 'Most wine.', token: 'wine', points: 10 },
				{
					id: 'W-8',
					type: 'value',
					text: 'Holy monasteries.\u2028items.push({ name: "X", points: 99 });\nitems.push({ name: "Y", points: 99 });',
					feature: 'monastery',
					at: ['complete'],
					when: { var: 'modifier.holy' },
					effect: {
						add: { count: { var: 'neighbours' }, per: { var: 'param.bonus' }, label: 'neighbour' }
					}
				}
			]
		};
		const r = jczDataRules(doc);
		const text = r.notes.join('\n');
		expect(text).toMatch(/W-1 .*multiply.*dropped/);
		expect(text).toMatch(/W-2 .*icon\.lute.*dropped/);
		expect(text).toMatch(/W-3 .*carrying its modifier.*dropped/);
		expect(text).toMatch(/data modifier 'gold' \(combine max\).*dropped/);
		expect(text).toMatch(/W-4 .*modifier 'gold'.*dropped/);
		expect(text).toMatch(/data modifier 'wine' on gardens.*dropped/);
		expect(text).toMatch(/W-5 .*gardens.*dropped/);
		expect(text).toMatch(/W-6 .*collect.*dropped/);
		expect(text).toMatch(/W-7 .*majority.*dropped/);
		expect(text).toMatch(/parameter 'bonus': its value in this expansion \(3\)/);
		expect(
			r.modifiers.filter((m) => m.rules.length).map((m) => [m.selector, m.type, m.rules])
		).toEqual([['monastery[holy]', 'any', ['W-8']]]);
		// a modifier no kept rule scores is still declared (its values stay on the features), with a script that adds nothing
		const declared = r.modifiers.filter((m) => !m.rules.length);
		expect(declared.length).toBeGreaterThan(0);
		for (const m of declared) {
			expect(m.script).toBe('return [];');
			expect(text).toContain(`declared as JCloisterZone's modifier ${m.selector}`);
		}
		expect(declared.map((m) => m.selector)).toContain('city[wine]');
		// a holy monastery with all 8 neighbours, completed: 8 × 3; JCZ binds tiles = 9 (itself included)
		expect(score(r.modifiers[0].script, { tiles: 9, completed: true, holy: true })).toEqual([
			{ name: 'W-8', count: 8, points: 24 }
		]);
		expect(score(r.modifiers[0].script, { tiles: 9, completed: true })).toEqual([]);
		// the rule's text is a comment on one line: no line break of any kind lets it become code
		expect(r.modifiers[0].script).not.toMatch(/\u2028|\n\s*items\.push\(\{ name: "Y"/);
	});

	it('the shipped sets: the inn and the cathedral stay JCZ’s own; Bards’ note scoring and the moves written as data are dropped by rule id', () => {
		const ic = JSON.parse(readFileSync('expansions/inns-and-cathedrals.json', 'utf8')) as Expansion;
		const icOut = buildJczXml(ic);
		expect(parser.parse(icOut.xml).defs.modifier).toBeUndefined();
		expect(icOut.notes.join('\n')).toContain(
			"data modifier 'inn': JCloisterZone's own (attribute inn)"
		);
		const bards = JSON.parse(readFileSync('expansions/bards.json', 'utf8')) as Expansion;
		const text = buildJczXml(bards).notes.join('\n');
		for (const id of ['BARD-SCORE-1', 'BARD-SCORE-2', 'BARD-SCORE-3', 'BARD-SCORE-4'])
			expect(text).toMatch(new RegExp(`data rule ${id} .*dropped`));
		// its move, the note token's step, is named with the rules it plays
		expect(text).toContain(
			"data step BARD-PLACE-2 (/dataRules/steps/0, token): a move — right after a tile with the icon 'lute' is placed, its player puts a 'note' token on one of its features (road, city, field, monastery, garden, stable); a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped (its rules: BARD-PLACE-2, BARD-R4, BARD-R5, BARD-PLACE-4, BARD-PLACE-5, BARD-R3, BARD-PLACE-3, BARD-R1, BARD-R2, BARD-R7)"
		);
	});

	it('Messengers & Mayors’ town hall, a held-tile step, is named with the rules it plays', () => {
		const mm = JSON.parse(
			readFileSync('expansions/messengers-and-mayors.json', 'utf8')
		) as Expansion;
		expect(buildJczXml(mm).notes).toContain(
			"data step MM-TURN-3 (/dataRules/steps/0, held-tile): a move — the tile 'town-hall', which each player holds and places instead of drawing; a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped (its rules: MM-TURN-3, MM-HALL-1, MM-HALL-2, MM-HALL-8, MM-END-1, MM-R10, MM-HALL-4, MM-HALL-7, MM-R4, MM-R3)"
		);
	});

	it('Messengers & Mayors’ setup check is named with its icon', () => {
		const mm = JSON.parse(
			readFileSync('expansions/messengers-and-mayors.json', 'utf8')
		) as Expansion;
		expect(buildJczXml(mm).notes).toContain(
			"data rule MM-SETUP-2 (/dataRules/rules/1, check): counts the tiles with the icon 'mayor' at setup against the numbers expected; JCloisterZone's setup checks no tile set: dropped"
		);
	});

	it('Hills & Sheep’s shepherd, a bag step, is named with the rules it plays', () => {
		const hs = JSON.parse(readFileSync('expansions/hills-and-sheep.json', 'utf8')) as Expansion;
		expect(buildJczXml(hs).notes).toContain(
			"data step HS-SHEEP-2 (/dataRules/steps/0, bag): a move — the 'shepherd' figure draws 5 kinds of token from a face-down bag while its feature grows, its owner choosing to draw again or cash in; a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped (its rules: HS-SHEEP-2, HS-SHEEP-1, HS-SHEEP-4, HS-SHEEP-3, HS-SHEEP-5)"
		);
	});

	it('every data step is named in NOTES.txt, whatever its type, once', async () => {
		const doc = wine();
		doc.tokens = [{ id: 'beam', name: 'Beam', count: 3 }];
		doc.icons = { ...doc.icons, lighthouse: 'a lighthouse' };
		doc.dataRules = {
			...doc.dataRules,
			steps: [
				{ type: 'token', id: 'W-9', icon: 'lighthouse', token: 'beam', onto: { road: true } },
				// a type of step this export has no words for (one to come) is named by its type
				{ type: 'coin', id: 'W-10' }
			] as unknown as NonNullable<Expansion['dataRules']>['steps']
		};
		const { notes, files } = await addonXml(doc);
		const steps = notes.filter((n) => n.startsWith('data step '));
		expect(steps).toEqual([
			"data step W-9 (/dataRules/steps/0, token): a move — right after a tile with the icon 'lighthouse' is placed, its player puts a 'beam' token on one of its features (road); a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped",
			"data step W-10 (/dataRules/steps/1, coin): a move — a 'coin' step; a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped"
		]);
		const text = String(files.find((f) => f.path.endsWith('NOTES.txt'))!.data);
		for (const n of steps) expect(text).toContain(`- ${n}\n`);
		// a figure's action (act step): the messenger riding on
		const mm = JSON.parse(
			readFileSync('expansions/messengers-and-mayors.json', 'utf8')
		) as Expansion;
		expect(buildJczXml(mm).notes.join('\n')).toContain(
			"data step MM-MSG-3 (/dataRules/steps/1, act): a move — when its road scores, the 'messenger' figure's owner chooses: return, road, city;"
		);
		// and the mayor's ability, triggered when its tile is surrounded
		expect(buildJczXml(mm).notes.join('\n')).toContain(
			"data step MM-MAYOR-4 (/dataRules/steps/2, act): a move — when a placement surrounds its tile on four sides, the 'mayor' figure's owner chooses: favour, none; a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped (its rules: MM-MAYOR-4, MM-R7, MM-R8, BASE-1.4.1, MM-MAYOR-3, MM-HALL-5, MM-MAYOR-5)"
		);
		// a piece sent home instead of the turn's figure (send-home step): the festival, the princess
		const festival = JSON.parse(readFileSync('expansions/festival.json', 'utf8')) as Expansion;
		expect(buildJczXml(festival).notes.join('\n')).toContain(
			"data step FEST-1 (/dataRules/steps/0, send-home): a move — instead of the turn's figure, the player sends one of their own pieces on the board back to supply (after placing a tile with the icon 'festival'), move 'festival'; a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped (its rules: FEST-1, FEST-R1)"
		);
		const dragon = JSON.parse(readFileSync('expansions/dragon.json', 'utf8')) as Expansion;
		expect(buildJczXml(dragon).notes.join('\n')).toContain(
			"data step DRAGON-4.6.1 (/dataRules/steps/1, send-home): a move — instead of the turn's figure, the player sends anyone's piece in a 'princess' feature of the tile just placed back to supply, move 'princess'"
		);
		// a second figure after the turn's figure action (second-figure step): the phantom
		const phantom = JSON.parse(readFileSync('expansions/phantom.json', 'utf8')) as Expansion;
		expect(buildJczXml(phantom).notes.join('\n')).toContain(
			"data step PHANTOM-2 (/dataRules/steps/0, second-figure): a move — after the turn's figure action, the player may also place a 'phantom' on the tile just placed, step 'phantom'"
		);
	});

	it('Buddo’s moves are named in the notes: its coin (a random step) and its figure’s rules', () => {
		const buddo = JSON.parse(readFileSync('expansions/buddo.json', 'utf8')) as Expansion;
		const text = buildJczXml(buddo).notes.join('\n');
		expect(text).toContain(
			"data step BUDDO-DRAGON-2 (/dataRules/steps/0, random): a move — a random outcome (heads or tails) for the 'buddo', drawn from the game's seed; a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped (its rules: BUDDO-DRAGON-2, BUDDO-R1)"
		);
		expect(text).toMatch(/data figure 'buddo' \(.*BUDDO-WANT-1.*BUDDO-DRAGON-1.*\)/);
	});
});
