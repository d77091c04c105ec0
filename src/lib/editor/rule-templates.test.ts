import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { validateExpansion } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';
import type { Expansion } from '../formats/schema-types.ts';
import {
	addTemplateRule,
	ruleOf,
	sandboxUrl,
	unscoredNames,
	unscoredOnTile,
	workedExample,
	type Template
} from './rule-templates.ts';

const docs = availableExpansions();
const lookup = (id: string) => docs.get(id) as Expansion | undefined;
const harbour = {
	id: 'harbour',
	name: 'Harbour',
	version: '1.0.0',
	dependencies: ['base'],
	modifiers: { port: 'a port' },
	tiles: [
		{
			id: 'h',
			count: 1,
			features: [
				{ id: 'c1', type: 'city', sides: ['N'], modifiers: { port: true } },
				{ id: 'r1', type: 'road', sides: ['E', 'W'] },
				{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
				{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
			]
		}
	]
} as unknown as Expansion;
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
		expect(unscoredNames(harbour)).toEqual([{ name: 'port', kind: 'modifier' }]);
		expect(unscoredOnTile(harbour, harbour.tiles[0])).toEqual([{ name: 'port', kind: 'modifier' }]);
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
		[port({}), 'a 2-tile completed city with 1 port', '2 tiles × 2 + 2 port tiles × 1 = 6', 6],
		[
			port({ per: 'modifier', points: 3 }),
			'a 2-tile completed city with 1 port',
			'2 tiles × 2 + 1 port × 3 = 7',
			7
		],
		[
			port({ feature: 'road' }),
			'a 4-tile completed road with 1 port',
			'4 tiles × 1 + 4 port tiles × 1 = 8',
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
		]
	])('worked example by the engine: %o', (t, board, arithmetic, points) => {
		const r = workedExample(harbour, t, lookup);
		expect(r).toMatchObject({ ok: true, board });
		if (r.ok) expect([r.arithmetic, r.points]).toEqual([arithmetic, points]);
	});

	it('the sandbox address opens the draft in free mode', () => {
		expect(sandboxUrl('harbour', true)).toBe('/sandbox?x=harbour&free=1&draft=harbour');
		expect(sandboxUrl('harbour', false)).toBe('/sandbox?x=harbour&free=1');
	});
});
