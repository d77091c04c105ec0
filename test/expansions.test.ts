// The shipped tile sets in expansions/: schema-valid, consistent geometry, and the published counts.
import { describe, test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { listJsonFiles, PROJECT_EXPANSIONS_DIR, shippedExpansions } from '../src/cli/files.ts';
import Ajv2020 from 'ajv/dist/2020.js';
import { SIDES, cornerNeighbourSide, halvesOf, type Tile } from '../src/lib/formats/geometry.ts';
import { SHIPPED_EXPANSIONS } from '../src/lib/formats/shipped.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { ruleRegistry } from '../src/lib/engine/registry.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';

const docs = shippedExpansions();
const get = (id: string): Expansion => {
	const doc = docs.get(id);
	if (!doc) throw new Error(`expansions/${id}.json is missing`);
	return doc;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(JSON.parse(readFileSync('schemas/tile.v1.json', 'utf8')));
const validate = ajv.compile(JSON.parse(readFileSync('schemas/expansion.v1.json', 'utf8')));

/** Physical copies of the tiles matching `pred` (per-player counts are not included). */
const copies = (doc: Expansion, pred: (t: Tile) => boolean = () => true): number =>
	doc.tiles.filter(pred).reduce((n, t) => n + (typeof t.count === 'number' ? t.count : 0), 0);
const has = (t: Tile, pred: (f: Tile['features'][number]) => boolean): number =>
	t.features.filter(pred).length;
const hasIcon = (icon: string) => (t: Tile) => (t.icons ?? []).includes(icon);

/** Geometry problems of one tile, as readable strings (empty when the tile is consistent). */
function geometryProblems(t: Tile): string[] {
	const out: string[] = [];
	const ids = t.features.map((f) => f.id);
	if (new Set(ids).size !== ids.length) out.push('duplicate feature ids');
	if (t.wildcard) {
		// it fits anything: nothing on it touches a side (the abbey's monastery does not)
		if (t.features.some((f) => f.sides?.length || f.halves))
			out.push('a wildcard tile has no feature on its sides');
		return out;
	}
	const border = t.features.filter(
		(f) => f.type === 'road' || f.type === 'city' || f.type === 'river'
	);
	const fields = t.features.filter((f) => f.type === 'field');
	for (const f of t.features) {
		const isBorder = border.includes(f);
		if (isBorder !== Boolean(f.sides?.length)) out.push(`${f.id}: sides`);
		if ((f.type === 'field') !== Array.isArray(f.halves) || (f.halves && !fields.includes(f)))
			out.push(`${f.id}: halves`);
		if (f.cities && f.type !== 'field') out.push(`${f.id}: only fields list cities`);
		for (const c of f.cities ?? [])
			if (!t.features.some((x) => x.id === c && x.type === 'city'))
				out.push(`${f.id}: no city ${c}`);
		for (const c of f.crosses ?? [])
			if (c === f.id || !ids.includes(c)) out.push(`${f.id}: crosses unknown ${c}`);
	}
	for (const side of SIDES) {
		const on = border.filter((f) => f.sides?.includes(side));
		if (on.length > 1) out.push(`side ${side} has ${on.length} road/city/river features`);
		for (const h of halvesOf(side)) {
			const n = fields.filter((f) => f.halves?.includes(h)).length;
			const want = on[0]?.type === 'city' ? 0 : 1;
			if (n !== want) out.push(`half ${h} is in ${n} fields, expected ${want}`);
		}
	}
	// a tile whose adjacency is drawn by hand lists what its drawing shows (the validator: notes only)
	for (const f of t.handDrawnAdjacency ? [] : fields)
		for (const h of f.halves ?? []) {
			const city = border.find(
				(c) => c.type === 'city' && c.sides?.includes(cornerNeighbourSide(h))
			);
			if (city && !(f.cities ?? []).includes(city.id))
				out.push(`${f.id} holds ${h} next to ${city.id} but does not list it`);
		}
	return out;
}

describe('geometry check', () => {
	// The check above must be able to fail.
	test('finds a field that misses the city at its corner, a half in two fields and a city half in a field', () => {
		const bad: Tile = {
			id: 'x',
			count: 1,
			features: [
				{ id: 'c1', type: 'city', sides: ['N'] },
				{ id: 'f1', type: 'field', halves: ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'] },
				{ id: 'f2', type: 'field', halves: ['WR', 'NL'] }
			]
		};
		const p = geometryProblems(bad);
		expect(p).toContain('f1 holds EL next to c1 but does not list it');
		expect(p).toContain('half WR is in 2 fields, expected 1');
		expect(p).toContain('half NL is in 1 fields, expected 0');
	});
});

describe('shipped expansions', () => {
	test('every shipped set has a file named by its id and every file is a shipped set', () => {
		expect([...docs.keys()].sort()).toEqual([...SHIPPED_EXPANSIONS].sort());
		expect(listJsonFiles(PROJECT_EXPANSIONS_DIR).map((f) => basename(f, '.json'))).toEqual(
			[...SHIPPED_EXPANSIONS].sort()
		);
	});

	for (const [id, doc] of docs) {
		describe(id, () => {
			test('validates against the schema', () => {
				const ok = validate(doc);
				expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 1)).toEqual([]);
				expect(ok).toBe(true);
			});
			test('the project validator finds no errors and no warnings', () => {
				const problems = validateExpansion(doc, { available: docs, registry: ruleRegistry }).filter(
					(p) => p.severity !== 'note'
				);
				expect(problems).toEqual([]);
			});
			test('document header', () => {
				expect(doc.$schema).toBe('../schemas/expansion.v1.json');
				expect(doc.id).toBe(id);
				expect(doc.version).toBe('1.0.0');
				expect(doc.description?.length).toBeGreaterThan(40);
				expect(
					typeof doc.rules === 'string' || typeof doc.dataRules === 'object',
					'a rule module or data rules'
				).toBe(true);
				if (id !== 'base') expect(doc.dependencies).toContain('base');
				for (const d of doc.dependencies ?? []) expect(docs.has(d), `dependency ${d}`).toBe(true);
			});
			test('tile ids are unique', () => {
				const ids = doc.tiles.map((t) => t.id);
				expect(ids.length - new Set(ids).size).toBe(0);
			});
			test('tile geometry is consistent', () => {
				const problems = doc.tiles.flatMap((t) =>
					geometryProblems(t).map((p) => `${id}/${t.id}: ${p}`)
				);
				expect(problems).toEqual([]);
			});
			test('modifiers and icons are declared by this set or a dependency', () => {
				const scope = [
					doc,
					...(doc.dependencies ?? []).flatMap((d) => [
						get(d),
						...(get(d).dependencies ?? []).map(get)
					])
				];
				const mods = new Set(scope.flatMap((d) => Object.keys(d.modifiers ?? {})));
				const icons = new Set(scope.flatMap((d) => Object.keys(d.icons ?? {})));
				const missing = doc.tiles.flatMap((t) => [
					...(t.icons ?? []).filter((i) => !icons.has(i)).map((i) => `${t.id}: icon ${i}`),
					...t.features.flatMap((f) =>
						Object.keys(f.modifiers ?? {})
							.filter((m) => !mods.has(m))
							.map((m) => `${t.id}/${f.id}: ${m}`)
					)
				]);
				expect(missing).toEqual([]);
			});
		});
	}
});

describe('published contents', () => {
	test('base: 72 tiles, 24 types, 32 designs, 8 gardens, 10 pennants, one start design', () => {
		const base = get('base');
		expect(copies(base)).toBe(72);
		expect(base.tiles.length).toBe(32);
		expect(new Set(base.tiles.map((t) => t.type)).size).toBe(24);
		expect(base.tiles.every((t) => t.type && /^[A-X]$/.test(t.type))).toBe(true);
		expect(copies(base, (t) => has(t, (f) => f.type === 'garden') > 0)).toBe(8);
		expect(
			base.tiles
				.filter((t) => has(t, (f) => f.type === 'garden') > 0)
				.map((t) => t.type)
				.sort()
				.join('')
		).toBe('EHIMNRUV');
		const pennants = base.tiles.reduce(
			(n, t) =>
				n + (t.count as number) * t.features.reduce((k, f) => k + (f.modifiers?.pennants ?? 0), 0),
			0
		);
		expect(pennants).toBe(10);
		const start = base.tiles.filter((t) => t.role === 'start');
		expect(start.map((t) => t.id)).toEqual(['D']);
		const byType = new Map<string, number>();
		for (const t of base.tiles)
			byType.set(t.type!, (byType.get(t.type!) ?? 0) + (t.count as number));
		expect(Object.fromEntries([...byType].sort())).toEqual({
			A: 2,
			B: 4,
			C: 1,
			D: 4,
			E: 5,
			F: 2,
			G: 1,
			H: 3,
			I: 2,
			J: 3,
			K: 3,
			L: 3,
			M: 2,
			N: 3,
			O: 2,
			P: 3,
			Q: 1,
			R: 3,
			S: 2,
			T: 1,
			U: 8,
			V: 9,
			W: 4,
			X: 1
		});
		expect(base.figures?.find((f) => f.id === 'follower')?.perPlayer).toBe(7);
		// the abbot is a module of its own, chosen in a game's setup: base does not declare it
		expect(base.figures?.some((f) => f.id === 'abbot')).toBe(false);
	});

	test('inns-and-cathedrals: 18 tiles, 6 inns, 2 cathedrals, a large meeple each', () => {
		const ic = get('inns-and-cathedrals');
		expect(copies(ic)).toBe(18);
		expect(copies(ic, (t) => has(t, (f) => f.modifiers?.inn === true) > 0)).toBe(6);
		expect(copies(ic, (t) => has(t, (f) => f.modifiers?.cathedral === true) > 0)).toBe(2);
		expect(ic.figures?.find((f) => f.id === 'large')?.perPlayer).toBe(1);
		expect(ic.dependencies).toEqual(['base']);
	});

	test('river: 12 river tiles, one spring, one lake, a bridge, one garden', () => {
		const river = get('river');
		expect(copies(river)).toBe(12);
		expect(river.tiles.every((t) => has(t, (f) => f.type === 'river') > 0)).toBe(true);
		expect(copies(river, (t) => t.role === 'spring')).toBe(1);
		expect(copies(river, (t) => t.role === 'lake')).toBe(1);
		const bridge = river.tiles.find((t) => t.id === 'bridge')!;
		const road = bridge.features.find((f) => f.type === 'road')!;
		expect(road.crosses).toEqual([bridge.features.find((f) => f.type === 'river')!.id]);
		expect(copies(river, (t) => has(t, (f) => f.type === 'garden') > 0)).toBe(1);
	});

	test('dragon: 30 tiles, 6 volcano, 12 dragon, 6 princess, 6 portal; neutral dragon and fairy', () => {
		const dragon = get('dragon');
		expect(copies(dragon)).toBe(30);
		expect([
			copies(dragon, hasIcon('volcano')),
			copies(dragon, hasIcon('dragon')),
			copies(dragon, hasIcon('princess')),
			copies(dragon, hasIcon('portal'))
		]).toEqual([6, 12, 6, 6]);
		for (const t of dragon.tiles.filter(hasIcon('princess')))
			expect(
				has(t, (f) => f.type === 'city' && f.modifiers?.princess === true),
				t.id
			).toBe(1);
		expect(dragon.figures?.map((f) => [f.id, f.neutral])).toEqual([
			['dragon', 1],
			['fairy', 1]
		]);
	});

	test('bards: 7 lute tiles and 7 note tokens', () => {
		const bards = get('bards');
		expect(copies(bards, hasIcon('lute'))).toBe(7);
		expect(copies(bards)).toBe(7);
		expect(bards.tokens?.find((t) => t.id === 'note')?.count).toBe(7);
		expect(bards.parameters?.noteTokens).toBe(7);
		expect(
			bards.tiles.some((t) => t.features.every((f) => f.type === 'monastery' || f.type === 'field'))
		).toBe(true);
		expect(bards.rulings?.['BARD-R5']).toBe('joined-feature');
	});

	test('inn-and-stable-owners: stables (half with livestock), 4 owners each, needs inns', () => {
		const iso = get('inn-and-stable-owners');
		const stables = iso.tiles.filter((t) => has(t, (f) => f.type === 'stable') > 0);
		expect(stables.length).toBeGreaterThanOrEqual(6);
		expect(
			copies(
				iso,
				(t) => has(t, (f) => f.type === 'stable' && f.modifiers?.livestock === true) > 0
			) * 2
		).toBe(copies(iso, (t) => stables.includes(t)));
		expect(iso.dependencies).toContain('inns-and-cathedrals');
		expect(iso.figures?.find((f) => f.id === 'owner')?.perPlayer).toBe(4);
		expect(iso.parameters).toMatchObject({
			ownersPerPlayer: 4,
			innkeeperPoints: 3,
			innkeeperMajorityBonus: 1,
			stablePoints: 8,
			livestockBonus: 5
		});
	});

	test('buddo: no tiles, one neutral Buddo', () => {
		const buddo = get('buddo');
		expect(buddo.tiles).toEqual([]);
		expect(buddo.figures?.map((f) => [f.id, f.neutral])).toEqual([['buddo', 1]]);
	});

	test('messengers-and-mayors: 12 mayor-symbol tiles incl. one river tile, bridge city, per-player town hall', () => {
		const mm = get('messengers-and-mayors');
		const marked = mm.tiles.filter(hasIcon('mayor'));
		expect(copies(mm, hasIcon('mayor'))).toBe(12);
		expect(marked.filter((t) => has(t, (f) => f.type === 'river') > 0).map((t) => t.id)).toEqual([
			'waterfall'
		]);
		const hall = mm.tiles.find((t) => t.id === 'town-hall')!;
		expect(hall.count).toEqual({ perPlayer: 1 });
		expect(hall.wildcard).toBe(true);
		expect(hall.features).toEqual([]);
		const bridge = mm.tiles.find((t) => t.id === 'bridge-city')!;
		const cities = bridge.features.filter((f) => f.type === 'city');
		expect(cities.length).toBe(2);
		expect(
			cities.filter((c) => c.crosses?.length === 1 && cities.some((o) => o.id === c.crosses![0]))
				.length
		).toBe(1);
		const fall = mm.tiles.find((t) => t.id === 'waterfall')!;
		const fieldsAbove = fall.features.filter((f) => f.type === 'field' && f.halves?.includes('NL'));
		expect(fieldsAbove.map((f) => f.halves)).toEqual([['NL', 'NR']]);
		expect(
			fall.features.filter((f) => f.type === 'field' && f.halves?.some((h) => h[0] === 'S')).length
		).toBe(2);
		expect(mm.figures?.map((f) => [f.id, f.perPlayer])).toEqual([
			['mayor', 1],
			['messenger', 1],
			['scarecrow', 1]
		]);
	});
});
