// The surrounded figure's template (template-surrounded.ts): the document it writes validates clean,
// and the engine plays its step in the worked example — the figure's tile surrounded by a last
// tile offers its owner the template's choice, whose event the example reads from the log.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { validateExpansion } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';
import type { Expansion } from '../formats/schema-types.ts';
import { addTemplateRule, type Template } from './rule-templates.ts';
import { workedExample } from './rule-examples.ts';
import type { SurroundedTemplate } from './template-surrounded.ts';
import { moveBlanks, templateOf, type Blanks } from './template-blanks.ts';

const docs = availableExpansions();
const lookup = (id: string) => docs.get(id) as Expansion | undefined;
const watch = {
	id: 'watch',
	name: 'Watch',
	version: '1.0.0',
	dependencies: ['base'],
	tiles: []
} as unknown as Expansion;
const SENTINEL: SurroundedTemplate = {
	kind: 'surrounded',
	name: 'Sentinel',
	perPlayer: 1,
	feature: 'road',
	strength: 1,
	joinsOccupied: false,
	effect: 'lie',
	lying: 3
};
const problems = (doc: Expansion) =>
	validateExpansion(doc, {
		available: docs as ReadonlyMap<string, Expansion>,
		registry: ruleRegistry
	}).filter((p) => p.severity !== 'note');

describe('the surrounded figure’s template', () => {
	it('writes the figure, its data figure and an act step with when: surrounded, valid as inserted', () => {
		const t: Template = { ...SENTINEL, effect: 'win' };
		const { doc, id } = addTemplateRule(watch, t);
		expect(doc.figures).toEqual([expect.objectContaining({ id: 'sentinel', perPlayer: 1 })]);
		expect(doc.dataRules?.figures?.sentinel).toEqual({
			features: ['road'],
			strength: 1,
			joinsOccupied: true,
			rules: [id]
		});
		const step = doc.dataRules?.steps?.[0] as unknown as Record<string, unknown>;
		expect(step).toMatchObject({ type: 'act', figure: 'sentinel', when: 'surrounded' });
		expect(Object.keys(step.choices as object)).toEqual(['win', 'back']);
		expect(problems(doc)).toEqual([]);
	});

	const WIN =
		"Ann's sentinel: win an opponent’s follower there — Bob's follower at (-1,1) goes back to supply and Ann's follower takes its place.";
	it.each([
		['road', 'lie', "Ann's sentinel at (0,1): lay it down."],
		['field', 'put', "Ann's sentinel at (0,1): put a follower in its place."],
		['city', 'win', WIN],
		['road', 'win', WIN],
		['field', 'lie', "Ann's sentinel at (0,1): lay it down."],
		['city', 'put', "Ann's sentinel at (0,1): put a follower in its place."]
	] as const)(
		'on a %s, %s: valid, and its choice played when its tile is surrounded',
		(feature, effect, said) => {
			const t: Template = { ...SENTINEL, feature, effect };
			const { doc, id } = addTemplateRule(watch, t);
			expect(problems(doc)).toEqual([]);
			const bob = effect === 'win' ? " with Bob's follower" : '';
			expect(workedExample(watch, t, lookup)).toEqual({
				ok: true,
				board: `Ann's sentinel on a ${feature}${bob}, its tile surrounded by her last tile`,
				arithmetic: said,
				points: 0,
				rule: id
			});
		}
	);

	it('the blanks make the template: the feature, both strengths, the effect, joining occupied features', () => {
		const move = { ...moveBlanks(), effect: 'put' as const, standing: 3, lying: 0, joins: true };
		const b = {
			kind: 'surrounded',
			feature: 'field',
			figureName: ' Sentinel ',
			perPlayer: 2,
			move
		};
		expect(templateOf(b as unknown as Blanks, undefined, [])).toEqual({
			kind: 'surrounded',
			name: 'Sentinel',
			perPlayer: 2,
			feature: 'field',
			strength: 3,
			joinsOccupied: true,
			effect: 'put',
			lying: 0
		});
		expect(templateOf({ ...b, figureName: ' ' } as unknown as Blanks, undefined, [])).toBeNull();
	});
});
