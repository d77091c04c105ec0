// The hostile expansion documents of the fuzz test (test/fuzz-documents.test.ts) and of its
// benchmark (bench/hostile.bench.ts), from a cheap seeded generator: document i is always the same.
// Parameters, figure and tile counts huge, negative, fractional or just out of range; 10,000 nested
// arrays put anywhere; 1 MB strings where names and ids go; random structural damage to real
// documents; and documents with every parameter and ruling drawn from what the registry allows.
import { readFileSync, readdirSync } from 'node:fs';
import {
	modulesEnabledBy,
	parametersFor,
	rulingsFor,
	ruleRegistry as registry
} from '../src/lib/engine/registry.ts';
import { MODULES } from '../src/lib/engine/modules/index.ts';
import { generator, playRandomMoves, type Gen } from './fuzz-generator.ts';
import { checkState, snapshot } from '../src/lib/engine/invariants.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

export { registry };

/** Random moves an accepted document's game plays. */
export const MOVES = 20;

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Doc = { [k: string]: Json };

const tilesOf = (d: Doc): Doc[] => (Array.isArray(d.tiles) ? (d.tiles as Doc[]) : []);
const readDir = (dir: string) =>
	readdirSync(dir)
		.filter((f) => f.endsWith('.json') && f !== 'expectations.json')
		.map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Doc);
const shipped = readDir('expansions');
export const available = new Map(shipped.map((d) => [d.id as string, d as unknown as Expansion]));
// the sets the generator starts from: the small valid fixtures and shipped sets, mostly the small
// ones (a game always compiles base's tiles too; the large sets would make the test slow, not sharper)
const small = (d: Doc) => tilesOf(d).length <= 4;
const seeds: Doc[] = [...readDir('test/fixtures/expansions/valid'), ...shipped.filter(small)];
const largeSeeds: Doc[] = shipped.filter((d) => !small(d));

const allParameters = parametersFor(MODULES.map((m) => m.id));
const allRulings = rulingsFor(MODULES.map((m) => m.id));
const parametersOf = (d: Doc) =>
	parametersFor(modulesEnabledBy(d as unknown as Expansion, available));
// out of every range but 21 (a count's maximum is 20, points go to 100)
const HOSTILE_NUMBERS = [1e308, -1e308, 2 ** 53, 1e9, 10_001, 1001, 101, 21, -1, -5, 0.5, 2.5];
const MEGABYTE = 'x'.repeat(1 << 20);
const DEEP: Json = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000));

/** A copy of the document with one tile replaced (the rest shared: the generator stays cheap). */
function withTile(d: Doc, k: number, change: (t: Doc) => Doc): Doc {
	const tiles = tilesOf(d).slice();
	if (tiles.length === 0)
		return {
			...d,
			tiles: [
				change({
					id: 'T',
					count: 1,
					features: [
						{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
					]
				})
			]
		};
	tiles[k % tiles.length] = change(tiles[k % tiles.length]);
	return { ...d, tiles };
}

// Each kind of document: a name for the report and how to make one from a seed document.
const kinds: { name: string; weight: number; make: (g: Gen, d: Doc) => Doc }[] = [
	{
		name: 'hostile parameter',
		weight: 50,
		// mostly a parameter the document's modules read (one no module reads is only a warning)
		make: (g, d) => ({
			...d,
			parameters: {
				...(d.parameters as Doc),
				[g.pick(g.next() < 0.95 ? parametersOf(d) : allParameters).name]: g.pick(HOSTILE_NUMBERS)
			}
		})
	},
	{
		name: 'hostile tile count',
		weight: 25,
		make: (g, d) =>
			withTile(d, g.int(100), (t) => ({
				...t,
				count: g.next() < 0.5 ? g.pick(HOSTILE_NUMBERS) : { perPlayer: g.pick(HOSTILE_NUMBERS) }
			}))
	},
	{
		name: 'hostile figure count',
		weight: 15,
		make: (g, d) => ({
			...d,
			figures: [
				{
					id: g.pick(['follower', 'large', 'abbot', 'buddo', 'owner', 'mayor']),
					name: 'F',
					[g.pick(['perPlayer', 'neutral'])]: g.pick(HOSTILE_NUMBERS)
				}
			]
		})
	},
	{
		name: '10,000 nested arrays',
		weight: 15,
		make: (g, d) =>
			g.next() < 0.5
				? {
						...d,
						[g.pick([
							'name',
							'description',
							'parameters',
							'rulings',
							'tiles',
							'figures',
							'dependencies',
							'junk'
						])]: DEEP
					}
				: withTile(d, g.int(100), (t) => ({
						...t,
						[g.pick(['features', 'icons', 'count', 'id'])]: DEEP
					}))
	},
	{
		name: '1 MB string',
		weight: 1,
		make: (g, d) => {
			const where = g.int(4);
			if (where === 0)
				return { ...d, [g.pick(['id', 'name', 'description', 'version'])]: MEGABYTE };
			if (where === 1)
				return { ...d, dependencies: [MEGABYTE], rulings: { [g.pick(allRulings).id]: MEGABYTE } };
			return withTile(d, g.int(100), (t) =>
				where === 2
					? { ...t, [g.pick(['id', 'name', 'artwork', 'role'])]: MEGABYTE }
					: {
							...t,
							features: [
								{ id: MEGABYTE, type: 'city', sides: ['N'] },
								...((t.features as Json[]) ?? [])
							]
						}
			);
		}
	},
	{
		name: 'structural damage',
		weight: 20,
		make: (g, d) => {
			const doc = structuredClone(d);
			for (let n = 1 + g.int(3); n > 0; n--) damage(g, doc);
			return doc;
		}
	},
	{
		name: 'parameters and rulings in range',
		weight: 4,
		make: (g, d) => {
			const parameters: Doc = {};
			for (const p of allParameters)
				if (g.next() < 0.3) parameters[p.name] = p.min + g.int(Math.min(p.max - p.min, 12) + 1);
			const rulings: Doc = {};
			for (const r of allRulings)
				if (g.next() < 0.2) rulings[r.id] = g.pick(Object.keys(r.options));
			return { ...d, parameters, rulings };
		}
	}
];
const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);

/** Deletes, replaces or duplicates one value somewhere in the document. */
function damage(g: Gen, doc: Doc): void {
	const places: { parent: Json[] | Doc; key: string | number }[] = [];
	const walk = (v: Json) => {
		if (Array.isArray(v)) v.forEach((x, i) => (places.push({ parent: v, key: i }), walk(x)));
		else if (v && typeof v === 'object')
			for (const k of Object.keys(v)) {
				places.push({ parent: v, key: k });
				walk(v[k]);
			}
	};
	walk(doc);
	if (places.length === 0) return;
	const { parent, key } = g.pick(places);
	const op = g.int(3);
	if (op === 0) {
		if (Array.isArray(parent)) parent.splice(key as number, 1);
		else delete parent[key as string];
	} else if (op === 1)
		(parent as Record<string | number, Json>)[key] = g.pick<Json>([
			'N',
			'city',
			'road',
			'field',
			'c1',
			'start',
			0,
			1,
			-1,
			1e308,
			'',
			null,
			[],
			{},
			['N'],
			{ perPlayer: 2 }
		]);
	else if (Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
}

/** The game's expansions: base, the document's dependencies (transitively), the document. */
function gameExpansions(doc: Expansion): Expansion[] {
	const out: Expansion[] = [];
	const visit = (id: string) => {
		const e = available.get(id);
		if (!e || out.includes(e) || id === doc.id) return;
		for (const dep of e.dependencies ?? []) visit(dep);
		out.push(e);
	};
	if (doc.id !== 'base') visit('base');
	for (const id of doc.dependencies ?? []) visit(id);
	return [...out, doc];
}

/** Starts a game with the document and plays MOVES random moves; what went wrong, or undefined. */
export function play(doc: Expansion, seed: number, players: number): string | undefined {
	const { failure } = playRandomMoves(gameExpansions(doc), seed, players, MOVES, (start) => {
		let before = snapshot(start);
		return (state) => {
			const violations = checkState(state, before);
			before = snapshot(state);
			return violations.length ? `${violations[0].invariant}: ${violations[0].message}` : undefined;
		};
	});
	return failure;
}

/** Hostile document i: its kind, the document, and the players of its game if it is accepted. */
export function hostileDocument(i: number): { kind: string; doc: Doc; players: number } {
	const g = generator(i);
	let w = g.int(totalWeight);
	const kind = kinds.find((k) => (w -= k.weight) < 0)!;
	const doc = kind.make(g, i % 100 === 0 ? g.pick(largeSeeds) : g.pick(seeds));
	return { kind: kind.name, doc, players: 1 + g.int(4) };
}
