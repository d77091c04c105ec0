// The templates that write a move as data (template-held-tile.ts, template-random.ts,
// template-act.ts, template-second-figure.ts): each writes a valid document whose step the engine
// plays in the worked example (a guild hall, a gnome the dragon chews, a scout riding on, a squire
// placed after the turn's follower), with the tile or figure its step
// needs; the form's choices are the schema's and the act validator's.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { validateExpansion } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';
import type { Expansion } from '../formats/schema-types.ts';
import { addTemplateRule, type Template } from './rule-templates.ts';
import { workedExample } from './rule-examples.ts';
import { moveBlanks, templateOf, type Blanks } from './template-blanks.ts';
import { stepEnum } from './template-choices.ts';
import expansionSchema from '../../../schemas/expansion.v1.json';

const docs = availableExpansions();
const lookup = (id: string) => docs.get(id) as Expansion | undefined;
const harbour = {
	id: 'harbour',
	name: 'Harbour',
	version: '1.0.0',
	dependencies: ['base'],
	tiles: []
} as unknown as Expansion;

const GUILD_HALL: Template = {
	kind: 'held-tile',
	name: 'Guild hall',
	count: 2,
	where: 'beside',
	endsGame: 'when-all-placed',
	land: false
};

describe('the move templates', () => {
	it.each([
		[
			GUILD_HALL,
			"Ann's monastery, its 8th neighbour Bob's guild hall placed instead of drawing",
			'Bob places their guild hall at (1,1) instead of drawing a tile; it fits any neighbour. 1 completed monastery × 9 + 1 guild hall × -1 = 8.'
		],
		[
			{ ...GUILD_HALL, where: 'hole', endsGame: 'after-a-final-round', land: true },
			"Ann's monastery, its 8th neighbour Bob's guild hall placed instead of drawing",
			'Bob places their guild hall in the hole at (1,1) instead of drawing a tile; it fits any neighbour. 1 completed monastery × 9 = 9.'
		],
		[
			{
				kind: 'random',
				name: 'Gnome',
				count: 1,
				features: ['city', 'monastery'],
				at: 'dragon-enters',
				heads: 'supply',
				tails: 'removed'
			},
			"the dragon woken next to Bob's gnome on a monastery",
			'The dragon chews Gnome at (1,1): its movement ends and a toss decides Gnome’s fate. Heads: the gnome goes back to the supply.'
		],
		[
			{ kind: 'act', name: 'Scout', perPlayer: 1, reach: 'road-end', moveTo: ['road'] },
			"a road closed at both ends with Bob's scout on it",
			"3 tiles × 1 = 3. Bob's scout: ride on to a road — road r1 of (1,0)."
		],
		[
			{ kind: 'second-figure', name: 'Squire', perPlayer: 1, features: ['road', 'field'] },
			"Ann's follower on a tile, then her squire on it too",
			'Ann places a follower as thief on road r1 of (1,0). Ann places a squire as farmer on field f1 of (1,0).'
		],
		[
			{ kind: 'second-figure', name: 'Squire', perPlayer: 2, features: ['city'] },
			"Ann's follower on a tile, then her squire on it too",
			'Ann places a follower as farmer on field f1 of (0,1). Ann places a squire as knight on city c1 of (0,1).'
		],
		[
			{ kind: 'second-figure', name: 'Squire', perPlayer: 1, features: ['monastery'] },
			"Ann's follower on a tile, then her squire on it too",
			'Ann places a follower as farmer on field f1 of (0,1). Ann places a squire as monk on monastery m1 of (0,1).'
		]
	] as [Template, string, string][])(
		'%o: valid as inserted, and its step in play',
		(t, board, arithmetic) => {
			const { doc, id } = addTemplateRule(harbour, t);
			expect(
				validateExpansion(doc, {
					available: docs as ReadonlyMap<string, Expansion>,
					registry: ruleRegistry
				}).filter((p) => p.severity !== 'note')
			).toEqual([]);
			expect(workedExample(harbour, t, lookup)).toMatchObject({
				ok: true,
				board,
				arithmetic,
				rule: id
			});
		}
	);

	it('a figure taken back after an icon tile: valid as inserted, and its step in play', () => {
		const belfry = { ...harbour, icons: { bell: 'A bell tower.' } } as Expansion;
		const t: Template = { kind: 'send-home', name: 'bell', modifier: 'bell' };
		const { doc, id } = addTemplateRule(belfry, t);
		expect(doc.dataRules?.steps).toEqual([
			expect.objectContaining({ type: 'send-home', id, move: 'bell', icon: 'bell', whose: 'own' })
		]);
		expect(
			validateExpansion(doc, {
				available: docs as ReadonlyMap<string, Expansion>,
				registry: ruleRegistry
			}).filter((p) => p.severity !== 'note')
		).toEqual([]);
		expect(workedExample(belfry, t, lookup)).toMatchObject({
			ok: true,
			board: "Ann's follower on a road, taken back as she places a bell tile",
			arithmetic:
				'Ann takes their follower at (1,0) back to supply instead of placing a figure (bell).',
			rule: id
		});
	});

	it('the move templates write their step with the tile or figure it needs; their choices are the schema’s', () => {
		const held = addTemplateRule(harbour, GUILD_HALL).doc;
		expect(held.tiles?.find((t) => t.id === 'guild-hall')).toMatchObject({ wildcard: true });
		expect(held.dataRules?.steps).toEqual([
			expect.objectContaining({
				type: 'held-tile',
				id: 'HARBOUR-GUILD-HALL-1',
				tile: 'guild-hall',
				count: 2,
				endRules: ['HARBOUR-GUILD-HALL-2'],
				landTile: expect.objectContaining({ complete: false, completeRule: 'HARBOUR-GUILD-HALL-3' })
			})
		]);
		const coin = addTemplateRule(harbour, {
			kind: 'random',
			name: 'Gnome',
			count: 1,
			features: ['road'],
			at: 'dragon-enters',
			heads: 'supply',
			tails: 'removed'
		}).doc;
		expect(coin.figures).toEqual([expect.objectContaining({ id: 'gnome', neutral: 1 })]);
		expect(coin.dataRules?.figures?.gnome?.drawsDragon?.rules).toEqual(['HARBOUR-GNOME-2']);
		expect(coin.dataRules?.onlyWhen?.['HARBOUR-GNOME-3']).toEqual({ modules: ['dragon'] });
		const act = addTemplateRule(harbour, {
			kind: 'act',
			name: 'Scout',
			perPlayer: 1,
			reach: 'road-end',
			moveTo: ['city']
		}).doc;
		expect(act.dataRules?.steps?.[0]).toMatchObject({
			type: 'act',
			figure: 'scout',
			from: ['road'],
			choices: { back: { event: 'scoutBack' }, city: { moveTo: 'city', event: 'scoutMoves' } }
		});
		expect(Object.keys((act.dataRules?.steps?.[0] as { choices: object }).choices)).toEqual([
			'back',
			'city'
		]);
		const squire = addTemplateRule(harbour, {
			kind: 'second-figure',
			name: 'Squire',
			perPlayer: 2,
			features: ['road']
		}).doc;
		expect(squire.figures).toEqual([expect.objectContaining({ id: 'squire', perPlayer: 2 })]);
		expect(squire.dataRules?.figures?.squire).toEqual({
			features: ['road'],
			rules: ['HARBOUR-SQUIRE-1']
		});
		expect(squire.dataRules?.steps).toEqual([
			{
				type: 'second-figure',
				id: 'HARBOUR-SQUIRE-2',
				at: 'figureDone',
				step: 'squire',
				figures: ['squire'],
				describe: 'place a squire too, or pass'
			}
		]);
		// the blanks offer what the schema and the validator allow
		expect(moveBlanks()).toMatchObject({
			where: 'beside',
			endsGame: 'when-all-placed',
			at: 'dragon-enters',
			heads: 'supply',
			tails: 'removed',
			reach: 'road-end',
			moveTo: ['road', 'city']
		});
		expect(stepEnum('heldTileStep', 'where')).toEqual(
			(expansionSchema.$defs.heldTileStep.properties.where as { enum: string[] }).enum
		);
	});

	it('the blanks make the template they show: the neutral figures in supply, not the held tiles', () => {
		const move = { ...moveBlanks(), count: 2, neutral: 3 };
		const blanks = {
			kind: 'random',
			figureName: 'Gnome',
			perPlayer: 1,
			stands: ['road'],
			move
		} as unknown as Blanks;
		expect(templateOf(blanks, undefined, [])).toMatchObject({ kind: 'random', count: 3 });
		expect(templateOf({ ...blanks, kind: 'held-tile' }, undefined, [])).toMatchObject({
			kind: 'held-tile',
			count: 2
		});
	});
});
