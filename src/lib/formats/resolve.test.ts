// The one resolver of a game's expansions: closure, order, diamonds, cycles, missing documents, modules.
import { describe, expect, test } from 'vitest';
import { chosenPointer, resolveExpansions, type Resolution } from './resolve.ts';
import type { Expansion } from './schema-types.ts';

const doc = (id: string, dependencies?: string[]): Expansion => ({
	id,
	name: id,
	version: '1.0.0',
	tiles: [],
	...(dependencies ? { dependencies } : {})
});
const ids = (r: Resolution) => (r.ok ? r.expansions : r.partial).map((e) => e.id);

const docs = [
	doc('base'),
	doc('inns', ['base']),
	doc('owners', ['base', 'inns']),
	doc('bards', ['base']),
	// a diamond: left and right both need inns
	doc('left', ['inns']),
	doc('right', ['inns', 'bards']),
	doc('top', ['left', 'right']),
	doc('fan', ['bards', 'owners', 'inns'])
];

describe('resolveExpansions', () => {
	test('closes over dependencies transitively, base first, each dependency before its dependents', () => {
		const r = resolveExpansions(['fan'], docs);
		expect(r.ok).toBe(true);
		expect(ids(r)).toEqual(['base', 'bards', 'inns', 'owners', 'fan']);
	});
	test('a diamond lists the shared dependency once, before both sides', () => {
		expect(ids(resolveExpansions(['top'], docs))).toEqual([
			'base',
			'inns',
			'left',
			'bards',
			'right',
			'top'
		]);
	});
	test('the order is stable: the chosen order decides between independent sets, duplicates count once', () => {
		expect(ids(resolveExpansions(['bards', 'inns'], docs))).toEqual(['base', 'bards', 'inns']);
		expect(ids(resolveExpansions(['inns', 'bards', 'inns', 'base'], docs))).toEqual([
			'base',
			'inns',
			'bards'
		]);
		// an already resolved list resolves to itself
		const once = ids(resolveExpansions(['top', 'fan'], docs));
		expect(ids(resolveExpansions(once, docs))).toEqual(once);
	});
	test('base comes first even when nobody names it, unless told not to', () => {
		expect(ids(resolveExpansions(['bards'], docs))).toEqual(['base', 'bards']);
		expect(ids(resolveExpansions([], docs))).toEqual(['base']);
		expect(
			ids(
				resolveExpansions(
					['inns'],
					docs.filter((d) => d.id !== 'base'),
					{ base: false }
				)
			)
		).toEqual(['inns']);
	});
	test('takes a list, a map or a lookup function', () => {
		const map = new Map(docs.map((d) => [d.id, d]));
		expect(ids(resolveExpansions(['owners'], map))).toEqual(['base', 'inns', 'owners']);
		expect(ids(resolveExpansions(['owners'], (id) => map.get(id)))).toEqual([
			'base',
			'inns',
			'owners'
		]);
	});
	test('a missing dependency is an error located at the document that names it', () => {
		const r = resolveExpansions(['mine'], [...docs, doc('mine', ['bards', 'nowhere'])]);
		expect(r.ok).toBe(false);
		if (r.ok) return;
		expect(r.errors).toEqual([
			{
				id: 'nowhere',
				document: 'mine',
				pointer: '/dependencies/1',
				message:
					"'mine' depends on 'nowhere' (/dependencies/1), which is not an available expansion"
			}
		]);
		expect(ids(r)).toEqual(['base', 'bards', 'mine']);
	});
	test('a missing chosen id is located by its index in the chosen list', () => {
		const r = resolveExpansions(['bards', 'ghost'], docs);
		expect(r.ok ? [] : r.errors).toEqual([
			{ id: 'ghost', pointer: '/1', message: "'ghost' is not an available expansion" }
		]);
		const noBase = resolveExpansions(['bards'], docs.slice(1));
		// reported once, where first met
		expect(noBase.ok ? [] : noBase.errors).toEqual([
			{
				id: 'base',
				pointer: '',
				message: "'base' is not an available expansion, and every game plays it"
			}
		]);
	});
	test('a cycle is an error spelled out, at the dependency that closes it', () => {
		const cyclic = [doc('base'), doc('a', ['base', 'b']), doc('b', ['c']), doc('c', ['a'])];
		const r = resolveExpansions(['a'], cyclic);
		expect(r.ok ? [] : r.errors).toEqual([
			{
				id: 'a',
				document: 'c',
				pointer: '/dependencies/0',
				message: "dependency cycle: a → b → c → a ('c' /dependencies/0)"
			}
		]);
		const self = resolveExpansions(['me'], [doc('base'), doc('me', ['me'])]);
		expect(self.ok ? [] : self.errors.map((e) => e.message)).toEqual([
			"dependency cycle: me → me ('me' /dependencies/0)"
		]);
	});
	test('chosen ids naming a rule module without a document are modules; as a dependency such an id is missing', () => {
		const r = resolveExpansions(['inns', 'pig', 'abbot'], docs, {
			moduleIds: ['base', 'abbot', 'pig', 'bards']
		});
		expect(r).toEqual({ ok: true, expansions: [docs[0], docs[1]], modules: ['pig', 'abbot'] });
		// a document wins over a module of the same id
		expect(resolveExpansions(['bards'], docs, { moduleIds: ['bards'] })).toMatchObject({
			ok: true,
			modules: []
		});
		const dep = resolveExpansions(['wants-pig'], [...docs, doc('wants-pig', ['pig'])], {
			moduleIds: ['pig']
		});
		expect(dep.ok ? [] : dep.errors.map((e) => e.pointer)).toEqual(['/dependencies/0']);
		// without module ids the message does not mention modules
		const plain = resolveExpansions(['pig'], docs);
		expect(plain.ok ? '' : plain.errors[0].message).toBe("'pig' is not an available expansion");
		const named = resolveExpansions(['nope'], docs, { moduleIds: ['pig'] });
		expect(named.ok ? '' : named.errors[0].message).toBe(
			"'nope' is not an available expansion nor a rule module"
		);
	});
});

describe('chosenPointer', () => {
	const groups = [
		['/expansions', 2],
		['/modules', 1]
	] as const;
	test('the chosen id in its group, the first group for errors among the dependencies', () => {
		expect(chosenPointer({ id: 'x', pointer: '/1', message: '' }, groups)).toBe('/expansions/1');
		expect(chosenPointer({ id: 'x', pointer: '/2', message: '' }, groups)).toBe('/modules/0');
		expect(
			chosenPointer({ id: 'x', document: 'y', pointer: '/dependencies/0', message: '' }, groups)
		).toBe('/expansions');
		expect(chosenPointer({ id: 'base', pointer: '', message: '' }, groups)).toBe('/expansions');
	});
});
