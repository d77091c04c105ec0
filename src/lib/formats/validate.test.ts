import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateExpansion, validateTile } from './validate.ts';
import type { Expansion, Tile } from './schema-types.ts';

const load = (name: string): Expansion =>
	JSON.parse(readFileSync(`test/fixtures/expansions/valid/${name}.json`, 'utf8'));
const errors = (doc: unknown) => validateExpansion(doc).filter((p) => p.severity === 'error');

describe('validateExpansion', () => {
	test('a well-formed set has no errors', () => {
		expect(errors(load('small-set'))).toEqual([]);
	});
	test('a field that forgets its neighbouring city is located by pointer', () => {
		const doc = load('small-set');
		doc.tiles[1].features[2].cities = [];
		expect(errors(doc)).toEqual([
			{
				pointer: '/tiles/1/features/2/cities',
				message: 'field f1 touches city c1 along the north-east corner but does not list it',
				severity: 'error'
			}
		]);
	});
	test('hand-drawn adjacency turns the mismatches into notes', () => {
		const problems = validateExpansion(load('hand-drawn'));
		expect(problems.length).toBeGreaterThan(0);
		expect(problems.every((p) => p.severity === 'note')).toBe(true);
	});
	test('junk never throws and is reported at the root', () => {
		for (const junk of [null, 3, 'x', [], {}, { tiles: 'no' }]) {
			const problems = validateExpansion(junk);
			expect(problems.length).toBeGreaterThan(0);
		}
	});
});

describe('what the enabled sets provide', () => {
	const river: Expansion = {
		id: 'a-river',
		name: 'A river',
		version: '1.0.0',
		tiles: [
			{
				id: 'R',
				count: 1,
				features: [
					{ id: 'w1', type: 'river', sides: ['N'] },
					{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
				]
			}
		]
	};
	test('a river end no other tile offers is a warning once the enabled sets are known', () => {
		expect(validateExpansion(river)).toEqual([]);
		const available = new Map([['base', load('small-set')]]);
		expect(validateExpansion(river, { available }).map((p) => [p.pointer, p.severity])).toEqual([
			['/tiles/0', 'warning']
		]);
		const twoCopies = structuredClone(river);
		twoCopies.tiles[0].count = 2;
		expect(validateExpansion(twoCopies, { available })).toEqual([]);
		const withTownHall = { ...structuredClone(river), dependencies: ['town-hall'] };
		available.set('town-hall', load('town-hall'));
		expect(validateExpansion(withTownHall, { available })).toEqual([]);
	});
	test('modifiers declared by a dependency of a dependency are known', () => {
		const doc = load('small-set');
		doc.tiles[2].features[0].modifiers = { wine: 1 };
		doc.dependencies = ['middle'];
		const available = new Map<string, Expansion>([
			['middle', { id: 'middle', name: 'M', version: '1.0.0', dependencies: ['wine'], tiles: [] }],
			[
				'wine',
				{ id: 'wine', name: 'W', version: '1.0.0', modifiers: { wine: 'a barrel' }, tiles: [] }
			]
		]);
		expect(validateExpansion(doc, { available })).toEqual([]);
		available.delete('wine');
		expect(validateExpansion(doc, { available }).map((p) => p.severity)).toEqual(['warning']);
	});
});

describe('validateTile', () => {
	test('checks one tile with pointers relative to it', () => {
		const tile: Tile = structuredClone(load('small-set').tiles[1]);
		expect(validateTile(tile)).toEqual([]);
		tile.features[1].sides = ['E', 'N'];
		expect(validateTile(tile).map((p) => p.pointer)).toContain('/features/1/sides/1');
	});
	test('knows the modifiers its expansion declares', () => {
		const tile: Tile = structuredClone(load('small-set').tiles[2]);
		tile.features[0].modifiers = { wine: 1 };
		expect(validateTile(tile).map((p) => p.severity)).toEqual(['warning']);
		const expansion = { id: 'x', modifiers: { wine: 'a barrel of wine' } };
		expect(validateTile(tile, { expansion })).toEqual([]);
	});
});

describe('documents no game can be played with', () => {
	const shipped = (id: string): Expansion =>
		JSON.parse(readFileSync(`expansions/${id}.json`, 'utf8'));
	test('10,000 nested arrays anywhere: one located error, no throw (JSON.parse reads them, nothing else can)', () => {
		const text = '['.repeat(10_000) + ']'.repeat(10_000);
		const doc = { ...load('small-set'), description: JSON.parse(text) };
		const problems = validateExpansion(doc);
		expect(problems).toHaveLength(1);
		expect(problems[0].pointer).toBe('/description' + '/0'.repeat(99));
		expect(problems[0].message).toMatch(/nested more than 100 levels/);
		expect(validateTile(JSON.parse(text))[0].message).toMatch(/nested more than 100 levels/);
	});
	test('a base without a start tile cannot start a game: an error, not a clean bill', () => {
		const base = shipped('base');
		for (const t of base.tiles) delete t.role;
		const problems = validateExpansion(base, { available: new Map() });
		expect(problems.filter((p) => p.severity === 'error')).toEqual([
			{
				pointer: '/tiles',
				message: expect.stringContaining('no tile of this expansion has role "start"'),
				severity: 'error'
			}
		]);
		// another set plays with the shipped base, which has one
		const available = new Map([['base', shipped('base')]]);
		expect(
			validateExpansion(load('small-set'), { available }).filter((p) => p.severity === 'error')
		).toEqual([]);
	});
});

describe("a look's SVG", () => {
	const withLook = (svg: string) => {
		const doc = load('harbour-with-looks');
		doc.looks!.harbour = { ...doc.looks!.harbour, svg };
		return doc;
	};
	const notSvg = {
		pointer: '/looks/harbour/svg',
		message: `the look of 'harbour' is not an SVG document (it must start with <svg …>): drawn as a '?'`,
		severity: 'warning'
	};
	test('comments before something that is not SVG: a located warning, read in one pass', () => {
		// the regular expression this check once was took time doubling with each comment: these never ended
		for (const n of [60, 10_000])
			expect(validateExpansion(withLook('<!---->'.repeat(n) + 'x'))).toContainEqual(notSvg);
	});
	test('a declaration, white space and comments before <svg> are an SVG document', () => {
		const circle = '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
		for (const svg of [
			circle,
			`\n <?xml version="1.0"?>\n<!-- a -- b -->  <!---->\t${circle}`,
			'<!---->'.repeat(10_000) + circle,
			'<svg>\n</svg>'
		])
			expect(validateExpansion(withLook(svg))).not.toContainEqual(notSvg);
	});
	test('an unclosed comment or declaration, or a tag that only starts with svg, is not', () => {
		for (const svg of ['<!-- <svg>', '<?xml <svg>', '<svgx>', '<svg', '<!-- a --> b --> <svg>', ''])
			expect(validateExpansion(withLook(svg))).toContainEqual(notSvg);
	});
});
