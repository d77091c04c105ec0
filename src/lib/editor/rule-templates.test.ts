import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { validateExpansion } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';
import type { Expansion } from '../formats/schema-types.ts';
import {
	addTemplateRule,
	ruleOf,
	sandboxQuery,
	triggerTiles,
	unscoredNames,
	unscoredOnTile,
	unscoredWords,
	templateRuleIn,
	type Template
} from './rule-templates.ts';
import { workedExample } from './rule-examples.ts';
import { harbourTile } from '../../../test/fixtures/harbour.ts';

const docs = availableExpansions();
const lookup = (id: string) => docs.get(id) as Expansion | undefined;
const harbour = {
	id: 'harbour',
	name: 'Harbour',
	version: '1.0.0',
	dependencies: ['base'],
	modifiers: { port: 'a port' },
	tiles: [harbourTile('h')]
} as unknown as Expansion;
// a figure of the harbour's, made by the figure template, for the award's
const withPilot = addTemplateRule(harbour, {
	kind: 'figure',
	name: 'Pilot',
	strength: 1,
	features: ['road'],
	perPlayer: 1
}).doc;
const port = (t: Partial<Template>): Template =>
	({
		kind: 'completed',
		feature: 'city',
		modifier: 'port',
		points: 1,
		per: 'tile',
		...t
	}) as Template;

describe('rule templates', () => {
	it('a port no rule reads is named; the template’s rule makes it valid and read', () => {
		const portU = { name: 'port', kind: 'modifier' as const, declared: true };
		expect(unscoredNames(harbour)).toEqual([portU]);
		expect(unscoredWords(portU)).toBe('port: declared, but no rule scores it');
		expect(unscoredOnTile(harbour, harbour.tiles[0])).toEqual([portU]);
		expect(unscoredOnTile(harbour, { id: 'x', count: 1, features: [] })).toEqual([]);
		const { doc, id } = addTemplateRule(harbour, port({}));
		expect(id).toBe('HARBOUR-PORT-1');
		expect(unscoredNames(doc)).toEqual([]);
		expect(
			validateExpansion(doc, {
				available: docs as ReadonlyMap<string, Expansion>,
				registry: ruleRegistry
			}).filter((p) => p.severity !== 'note')
		).toEqual([]);
		expect(addTemplateRule(doc, port({})).id).toBe('HARBOUR-PORT-2');
		expect(ruleOf(port({ kind: 'final', per: 'nothing' }), 'X-1').effect).toEqual({
			zero: 'a port on an incomplete city'
		});
	});

	it.each([
		[port({}), 'a 2-tile completed city with 1 port', '2 tiles × (2 + 1 with a port) = 6', 6],
		[
			port({ per: 'modifier', points: 3 }),
			'a 2-tile completed city with 1 port',
			'2 tiles × 2 + 1 port × 3 = 7',
			7
		],
		[
			port({ feature: 'road' }),
			'a 4-tile completed road with 1 port',
			'4 tiles × (1 + 1 with a port) = 8',
			8
		],
		[
			port({ kind: 'final', per: 'modifier', points: 2 }),
			'a 2-tile incomplete city with 1 port',
			'2 tiles × 1 + 1 port × 2 = 4',
			4
		],
		[
			port({ kind: 'final', feature: 'road', per: 'nothing' }),
			'a 2-tile incomplete road with 1 port',
			'0 (a port on an incomplete road)',
			0
		],
		[
			port({ feature: 'monastery', modifier: 'harbour', mark: 'icon', per: 'modifier', points: 2 }),
			'a completed monastery with 1 harbour tile',
			'1 completed monastery × 9 + 1 harbour tile × 2 = 11',
			11
		],
		[
			port({ kind: 'final', feature: 'field', per: 'modifier', points: 2 }),
			'a field beside 1 completed city, with 1 port',
			'1 completed city × 3 + 1 port × 2 = 5',
			5
		],
		[
			{ kind: 'around', feature: 'garden', modifier: 'vine', points: 3 } as Template,
			'a completed garden with 1 vine tile among the 8 tiles around it',
			'1 completed garden × 9 + 1 vine tile × 3 = 12',
			12
		],
		[
			{ kind: 'majority', feature: 'city', modifier: 'wine', points: 10, ties: 'all' } as Template,
			'Ann and Bob each complete a city with 1 wine',
			'Most wine (1): Ann +10, Bob +10.',
			10
		],
		[
			{ kind: 'majority', feature: 'city', modifier: 'wine', points: 10, ties: 'none' } as Template,
			'Ann and Bob each complete a city with 1 wine',
			'Most wine (1) tied between Ann and Bob: a tie scores nothing.',
			10
		],
		[
			{
				kind: 'figure',
				name: 'Harbour master',
				strength: 2,
				features: ['city', 'road'],
				perPlayer: 1
			} as Template,
			"a 4-tile city with Ann's Harbour master and Bob's follower",
			'strength 2 against 1: Ann scores 4 tiles × 2 = 8',
			8
		],
		[
			{ kind: 'award', feature: 'road', figure: 'pilot', name: 'Pilot', points: 3 } as Template,
			"a completed road with Ann's Pilot",
			'1 pilot × 3 = 3',
			3
		]
	])('worked example by the engine: %o', (t, board, arithmetic, points) => {
		const doc = t.kind === 'award' ? withPilot : harbour;
		const r = workedExample(doc, t, lookup);
		expect(r).toMatchObject({ ok: true, board });
		if (r.ok) expect([r.arithmetic, r.points]).toEqual([arithmetic, points]);
		// the document the template writes is valid
		expect(
			validateExpansion(addTemplateRule(doc, t).doc, {
				available: docs as ReadonlyMap<string, Expansion>,
				registry: ruleRegistry
			}).filter((p) => p.severity === 'error')
		).toEqual([]);
	});

	// the templates of issue 31's constructs, each inserted into an expansion with nothing else: it
	// validates with no problem, and the engine plays its worked example — the event it logs asserted
	const mini = { id: 'mini', name: 'Mini', version: '1.0.0', dependencies: ['base'], tiles: [] };
	it.each([
		[
			{ kind: 'builder', name: 'Foreman', features: ['road', 'city'], perPlayer: 1 },
			"a road with Ann's follower and Foreman, her next tile extending it",
			'Ann extended the road holding their foreman: another turn for Ann.'
		],
		[
			{ kind: 'builder', name: 'Mason', features: ['city'], perPlayer: 1 },
			"a city with Ann's follower and Mason, her next tile extending it",
			'Ann extended the city holding their mason: another turn for Ann.'
		],
		[
			{ kind: 'wagon', name: 'Cart', features: ['road', 'city'], reach: 'connected', perPlayer: 1 },
			"a road closed at both ends with Bob's Cart on it",
			"Bob's cart moves on to city c1 of (-1,0)."
		],
		[
			{ kind: 'wagon', name: 'Cart', features: ['road', 'city'], reach: 'around', perPlayer: 1 },
			"a road closed at both ends with Bob's Cart on it",
			"Bob's cart moves on to city c1 of (0,0)."
		],
		[
			{ kind: 'tiebreak', modifier: 'hill', by: 'any' },
			"a road of 6 tiles, Ann's follower on a hill tile and Bob's on another",
			'Completed road of 6 tiles at (1,0): Ann and Bob tie with strength 1; on hill tiles: Ann 1 follower, Bob 0 followers, so Ann scores → Ann +6 (6 tiles × 1 = 6).'
		],
		[
			{ kind: 'beneath', modifier: 'hill', tiles: 2 },
			'a hill tile placed with tiles left in the pile',
			'2 tiles of the pile go face down beneath the hill tile at (1,0), out of the game.'
		],
		[
			{
				kind: 'token',
				modifier: 'lighthouse',
				name: 'Lighthouse',
				count: 5,
				feature: 'road',
				points: 1,
				returns: true
			},
			'a 4-tile road completed with a lighthouse put on it',
			'Ann puts a lighthouse on road r1 of the lighthouse tile at (1,0); no figure may join that road this turn (it was the only free feature). 4 tiles × (1 + 1 lighthouse bonus) = 8. 1 lighthouse goes back to the supply (MINI-LIGHTHOUSE-3).'
		],
		[
			{
				kind: 'token',
				modifier: 'beacon',
				name: 'Fire',
				count: 2,
				feature: 'city',
				points: 2,
				returns: false
			},
			'a 2-tile city completed with a fire put on it',
			'Ann puts a fire on city c1 of the beacon tile at (0,-1); no figure may join that city this turn (it was the only free feature). 2 tiles × (2 + 2 fire bonus) = 8.'
		],
		[
			{
				kind: 'piece',
				name: 'Watchman',
				perPlayer: 2,
				feature: 'city',
				modifier: 'watchtower',
				with: 'instead',
				occupies: false
			},
			"Ann's tile with a city with a watchtower",
			'Ann puts a watchman as watchman of the watchtower on c1 of (0,-1), instead of the usual figure.'
		],
		[
			{
				kind: 'piece',
				name: 'Ferryman',
				perPlayer: 1,
				feature: 'road',
				modifier: '',
				with: 'figure',
				occupies: true
			},
			"Ann's tile with a road",
			'Ann puts a ferryman as ferryman of the road on r1 of (1,0), in addition to the usual figure.'
		],
		[
			{ kind: 'final', feature: 'field', modifier: 'herd', points: 1, per: 'city' },
			'a field beside 1 completed city, with 1 herd',
			'1 completed city × (3 + 1 herd) = 4'
		]
	] as [Template, string, string][])(
		'%o: valid as inserted, and its event in play',
		(t, board, arithmetic) => {
			const { doc, id } = addTemplateRule(mini as unknown as Expansion, t);
			expect(
				validateExpansion(doc, {
					available: docs as ReadonlyMap<string, Expansion>,
					registry: ruleRegistry
				}).filter((p) => p.severity !== 'note')
			).toEqual([]);
			expect(workedExample(mini as unknown as Expansion, t, lookup)).toMatchObject({
				ok: true,
				board,
				arithmetic,
				rule: id
			});
		}
	);

	it('the builder and wagon templates write a figure with its two rules', () => {
		const { doc } = addTemplateRule(harbour, {
			kind: 'wagon',
			name: 'Cart',
			features: ['road'],
			reach: 'around',
			perPlayer: 2
		});
		expect(doc.figures).toMatchObject([{ id: 'cart', name: 'Cart', perPlayer: 2 }]);
		expect(doc.dataRules?.figures?.cart).toEqual({
			features: ['road'],
			moveOn: { features: ['road'], around: true },
			rules: ['HARBOUR-CART-1'],
			moveOnRules: ['HARBOUR-CART-2']
		});
		expect(doc.dataRules?.rules?.map((r) => [r.id, r.type])).toEqual([
			['HARBOUR-CART-1', 'text'],
			['HARBOUR-CART-2', 'text']
		]);
	});

	it('the token template writes a token kind, its step after the icon tile, and its rules; the icon is read', () => {
		const lit = {
			...harbour,
			icons: { lighthouse: 'a lighthouse' },
			tiles: [{ ...harbour.tiles[0], icons: ['lighthouse'] }]
		} as Expansion;
		expect(unscoredNames(lit).map((u) => u.name)).toContain('lighthouse');
		const t: Template = {
			kind: 'token',
			modifier: 'lighthouse',
			name: 'Lighthouse',
			count: 5,
			feature: 'road',
			points: 1,
			returns: true
		};
		const { doc, id } = addTemplateRule(lit, t);
		expect(id).toBe('HARBOUR-LIGHTHOUSE-1');
		expect(doc.tokens).toEqual([
			expect.objectContaining({ id: 'lighthouse', name: 'Lighthouse', count: 5 })
		]);
		expect(doc.icons).toEqual({ lighthouse: 'a lighthouse' });
		expect(doc.dataRules?.steps).toEqual([
			{
				type: 'token',
				id: 'HARBOUR-LIGHTHOUSE-1',
				at: 'placed',
				icon: 'lighthouse',
				token: 'lighthouse',
				onto: { road: true },
				returns: true,
				returnRules: ['HARBOUR-LIGHTHOUSE-3']
			}
		]);
		expect(doc.dataRules?.rules?.map((r) => [r.id, r.type])).toEqual([
			['HARBOUR-LIGHTHOUSE-1', 'text'],
			['HARBOUR-LIGHTHOUSE-2', 'value'],
			['HARBOUR-LIGHTHOUSE-3', 'text']
		]);
		expect(unscoredNames(doc).map((u) => u.name)).not.toContain('lighthouse');
		expect(triggerTiles(doc, t)).toEqual(['harbour/h']);
		expect(templateRuleIn(doc, t)).toBe(id);
		// a second token step for the same token replaces the first (one step per token)
		const again = addTemplateRule(doc, { ...t, returns: false, points: 0 }).doc;
		expect(again.dataRules?.steps).toHaveLength(1);
		expect(again.dataRules?.steps?.[0]).not.toHaveProperty('returns');
	});

	it('the sandbox address opens the draft in free mode with the tiles that trigger the rule ready', () => {
		const ready = triggerTiles(harbour, port({}));
		expect(ready).toEqual(['harbour/h']);
		expect(triggerTiles(harbour, port({ modifier: 'well' }))).toEqual([]);
		expect(sandboxQuery('harbour', true, ready)).toBe(
			'x=harbour&free=1&draft=harbour&ready=harbour%2Fh'
		);
		expect(sandboxQuery('harbour', false)).toBe('x=harbour&free=1');
	});

	it('a port only on tiles: one true message, the tile’s own problem ("unknown modifier"), not "declared"', () => {
		const onTiles = { ...harbour, modifiers: undefined } as Expansion;
		const [u] = unscoredNames(onTiles);
		expect(u).toEqual({ name: 'port', kind: 'modifier', declared: false });
		expect(unscoredWords(u)).toBe(
			"port: on tiles, but the expansion declares no modifier 'port' and no rule scores it"
		);
		// the tile editor leaves it to the tile's problems, which say it
		expect(unscoredOnTile(onTiles, harbour.tiles[0])).toEqual([]);
		const problems = validateExpansion(onTiles, {
			available: docs as ReadonlyMap<string, Expansion>,
			registry: ruleRegistry
		}).map((p) => p.message);
		expect(problems.filter((m) => m.includes("'port'"))).toHaveLength(1);
	});

	it('a rule just added is the template’s rule: the worked example counts it once, not twice', () => {
		for (const t of [port({}), port({ per: 'modifier', points: 3 }), port({ feature: 'road' })]) {
			const before = workedExample(harbour, t, lookup);
			const { doc, id } = addTemplateRule(harbour, t);
			expect(templateRuleIn(harbour, t)).toBeNull();
			expect(templateRuleIn(doc, t)).toBe(id);
			expect(workedExample(doc, t, lookup)).toEqual(before);
			// another number of points is another rule
			expect(templateRuleIn(doc, { ...t, points: 7 } as Template)).toBeNull();
		}
	});
});
