// The hand-written schemas themselves: hover help for every property (a `$ref` carries its own
// description beside it: some editors show nothing for a bare reference), closed objects where
// extension is not meant, and fixture documents that name their schema by a path that exists.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const schemaFiles = readdirSync('schemas').filter((f) => f.endsWith('.json'));

/** Pointers of property schemas without a description, anywhere below `node`. */
function undescribed(node: unknown, at: string, out: string[]): string[] {
	if (Array.isArray(node)) node.forEach((x, i) => undescribed(x, `${at}/${i}`, out));
	else if (node !== null && typeof node === 'object') {
		for (const [k, v] of Object.entries(node)) {
			if (k === 'properties' && v !== null && typeof v === 'object')
				for (const [name, prop] of Object.entries(v)) {
					if (typeof (prop as { description?: unknown }).description !== 'string')
						out.push(`${at}/properties/${name}`);
				}
			undescribed(v, `${at}/${k}`, out);
		}
	}
	return out;
}

describe('schemas', () => {
	// the validator compiles them with validateSchema off (src/lib/formats/validate.ts): checked here
	test.each(schemaFiles)('%s is a valid JSON Schema 2020-12 document', (file) => {
		const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true });
		expect(ajv.validateSchema(read(`schemas/${file}`) as object), JSON.stringify(ajv.errors)).toBe(
			true
		);
	});
	test.each(schemaFiles)('every property of %s has its own description', (file) => {
		expect(undescribed(read(`schemas/${file}`), '', [])).toEqual([]);
	});

	test('a per-player count in a tile set allows nothing but perPlayer', () => {
		const check = new Ajv2020({ strict: true }).compile(read('schemas/tileset.v1.json') as object);
		const set = (count: unknown) => ({
			id: 'x',
			name: 'X',
			version: '1.0.0',
			tiles: [
				{ id: 'A', count, features: [], edges: { N: 'field', E: 'field', S: 'field', W: 'field' } }
			]
		});
		expect(check(set({ perPlayer: 1 })), JSON.stringify(check.errors)).toBe(true);
		expect(check(set({ perPlayer: 1, extra: 2 }))).toBe(false);
	});
});

describe('fixture documents name their schema', () => {
	const root = 'test/fixtures/expansions';
	const files = ['valid', 'warnings', 'invalid'].flatMap((d) =>
		readdirSync(join(root, d))
			.filter((f) => f.endsWith('.json') && f !== 'expectations.json')
			.map((f) => join(root, d, f))
	);
	// Documents that are no object at all cannot carry one: their fault is the shape itself.
	const objects = files.filter((f) => {
		const doc = read(f);
		return doc !== null && typeof doc === 'object' && !Array.isArray(doc);
	});
	test('most fixtures are objects', () => {
		expect(objects.length).toBeGreaterThan(60);
	});
	test.each(objects)('%s carries a $schema that resolves to a schema file', (file) => {
		const ref = (read(file) as { $schema?: unknown }).$schema;
		expect(typeof ref).toBe('string');
		const target = join(dirname(file), ref as string);
		expect(existsSync(target), target).toBe(true);
		expect((read(target) as { $id?: string }).$id).toMatch(/\/expansion\.v1\.json$/);
	});
});
