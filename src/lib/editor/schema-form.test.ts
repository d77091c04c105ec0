import { describe, expect, it } from 'vitest';
import expansionSchema from '../../../schemas/expansion.v1.json';
import wine from '../../../test/fixtures/expansions/valid/wine-and-vintners.json';
import {
	branchIndex,
	branches,
	fieldKind,
	formPointers,
	initialValue,
	objectFields,
	placeProblems,
	resolve,
	type RootSchema,
	type Schema
} from './schema-form.ts';
import { getAt, moveItem, removeAt, renameKey, setAt } from './pointer-edit.ts';

const root = expansionSchema as unknown as RootSchema;
const def = (name: string) => ({ $ref: `#/$defs/${name}` }) as Schema;
const rule = def('dataRule');
const prop = (s: Schema, ...path: string[]) =>
	path.reduce((x, k) => resolve(x, root).properties![k], s);

describe('a form generated from the expansion schema’s dataRules', () => {
	it('gives each property the field its schema asks for', () => {
		expect(fieldKind(expansionSchema.properties.dataRules as Schema, root)).toBe('object');
		expect(fieldKind(prop(def('dataRules'), 'modifiers'), root)).toBe('map');
		expect(fieldKind(prop(def('dataRules'), 'rules'), root)).toBe('array');
		expect(fieldKind(prop(rule, 'type'), root)).toBe('enum');
		expect(fieldKind(prop(rule, 'id'), root)).toBe('string');
		expect(fieldKind(prop(rule, 'at'), root)).toBe('enum-set');
		expect(fieldKind(prop(rule, 'cites'), root)).toBe('array');
		expect(fieldKind(prop(rule, 'effect'), root)).toBe('object');
		expect(fieldKind(prop(def('dataParameter'), 'default'), root)).toBe('number');
		expect(fieldKind(prop(def('dataFigure'), 'follower'), root)).toBe('boolean');
		// expressions have no form: JSON text; a figure's strength is a choice of an expression or one per kind
		expect(fieldKind(prop(rule, 'when'), root)).toBe('json');
		expect(fieldKind(prop(rule, 'effect', 'perTile'), root)).toBe('json');
		const strength = prop(def('dataFigure'), 'strength');
		expect(fieldKind(strength, root)).toBe('choice');
		expect(branches(strength, root).map((b) => b.label)).toEqual(['Expression', 'one per name']);
		expect(branchIndex(strength, { city: 3 }, root)).toBe(1);
		expect(branchIndex(strength, { '+': [1, 2] }, root)).toBe(0);
		expect(branchIndex(strength, 2, root)).toBe(0);
	});

	it('keeps the schema’s words: a $ref’s own description wins over the definition’s', () => {
		expect(resolve(prop(rule, 'when'), root).description).toMatch(/^A condition/);
		expect(resolve(prop(rule, 'when'), root).anyOf).toHaveLength(3);
	});

	it('starts a new rule with what the schema requires, and shows the required and present properties', () => {
		expect(initialValue(rule, root)).toEqual({ id: '', type: 'value' });
		expect(initialValue(def('dataModifier'), root)).toEqual({ combine: 'sum' });
		const f = objectFields(rule, { id: 'X-1', type: 'value', feature: 'city' }, root);
		expect(f.shown.map((x) => x.key)).toEqual(['id', 'type', 'feature']);
		expect(f.addable.map((x) => x.key)).toContain('effect');
	});

	it('places every problem at the field its pointer names, or the nearest field above it', () => {
		const value = wine.dataRules;
		const fields = formPointers(
			expansionSchema.properties.dataRules as Schema,
			value,
			root,
			'/dataRules'
		);
		expect(fields).toContainEqual({ pointer: '/dataRules/rules/0/effect/perTile', deep: true });
		expect(fields).toContainEqual({
			pointer: '/dataRules/figures/vintner/strength/city',
			deep: true
		});
		const problems = [
			{
				pointer: '/dataRules/rules/0/effect/perTile/var',
				message: 'unknown modifier',
				severity: 'error' as const
			},
			{
				pointer: '/dataRules/rules/1/nope',
				message: 'unknown property',
				severity: 'error' as const
			},
			{ pointer: '/dataRules/modifiers/wine/combine', message: 'bad', severity: 'error' as const },
			{ pointer: '/tiles/0', message: 'not ours', severity: 'error' as const }
		];
		const placed = placeProblems(problems, fields, '/dataRules');
		expect(placed.get('/dataRules/rules/0/effect/perTile')?.map((p) => p.message)).toEqual([
			'unknown modifier'
		]);
		expect(placed.get('/dataRules/rules/1')?.map((p) => p.message)).toEqual(['unknown property']);
		expect(placed.get('/dataRules/modifiers/wine/combine')?.map((p) => p.message)).toEqual(['bad']);
		expect([...placed.values()].flat()).toHaveLength(3);
	});
});

describe('pointer edits', () => {
	const doc = { a: { list: [1, 2, 3], map: { x: 1, y: 2 } }, b: 1 };
	it('set, remove, move and rename without touching the rest', () => {
		const set = setAt(doc, '/a/list/1', 9);
		expect(set.a.list).toEqual([1, 9, 3]);
		expect(set.a.map).toBe(doc.a.map);
		expect(doc.a.list).toEqual([1, 2, 3]);
		expect(setAt(doc, '/c/d', true)).toEqual({ ...doc, c: { d: true } });
		expect(setAt(doc, '/a/list/3', 4).a.list).toEqual([1, 2, 3, 4]);
		expect(removeAt(doc, '/a/list/0').a.list).toEqual([2, 3]);
		expect(removeAt(doc, '/b')).toEqual({ a: doc.a });
		expect(removeAt(doc, '/zz')).toBe(doc);
		expect(moveItem(doc, '/a/list', 2, 0).a.list).toEqual([3, 1, 2]);
		expect(moveItem(doc, '/a/list', 2, 3)).toBe(doc);
		expect(Object.keys(renameKey(doc, '/a/map', 'x', 'z').a.map)).toEqual(['z', 'y']);
		expect(renameKey(doc, '/a/map', 'x', 'y')).toBe(doc);
		expect(getAt(doc, '/a/map/y')).toBe(2);
		expect(getAt({ 'a/b': { '~': 1 } }, '/a~1b/~0')).toBe(1);
	});
});
