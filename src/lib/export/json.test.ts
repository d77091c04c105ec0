import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { exporter, TILESET_SCHEMA_FILE, TILESET_SCHEMA_ID } from './json.ts';
import type { Expansion, TileSet } from '../formats/schema-types.ts';

const fixture = (name: string): Expansion =>
	JSON.parse(readFileSync(`test/fixtures/expansions/valid/${name}.json`, 'utf8'));

test('the tile set carries ids, counts, geometry and derived edges', async () => {
	const { files, notes } = await exporter(fixture('small-set'));
	expect(files.map((f) => f.path)).toEqual(['small-set.json', TILESET_SCHEMA_FILE]);
	expect(notes).toEqual([]);
	const set = JSON.parse(String(files[0].data)) as TileSet;
	expect(set.tiles).toHaveLength(4);
	expect(set.tiles.map((t) => [t.id, t.count])).toEqual([
		['A', 2],
		['D', 4],
		['C', 1],
		['V', 9]
	]);
	expect(set.tiles[1].edges).toEqual({ N: 'city', E: 'road', S: 'field', W: 'road' });
	expect(set.tiles[1].features).toHaveLength(4);
	expect(set.tiles[1].role).toBe('start');
});

test('the set names its schema by a path an editor resolves: the copy of the schema written next to it', async () => {
	const { files } = await exporter(fixture('small-set'));
	const set = JSON.parse(String(files[0].data)) as TileSet;
	expect(set.$schema).toBe('./tileset.v1.json');
	const schemaFile = files.find((f) => f.path === set.$schema!.replace(/^\.\//, ''));
	expect(schemaFile?.type).toBe('application/schema+json');
	const schema = JSON.parse(String(schemaFile!.data));
	expect(schema).toEqual(JSON.parse(readFileSync('schemas/tileset.v1.json', 'utf8')));
	expect(schema.$id).toBe(TILESET_SCHEMA_ID);
	const check = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
	expect(check(set), JSON.stringify(check.errors)).toBe(true);
});

test('per-player counts stay objects', async () => {
	const { files } = await exporter(fixture('town-hall'));
	const set = JSON.parse(String(files[0].data)) as TileSet;
	expect(set.tiles[0].count).toEqual({ perPlayer: 1 });
	expect(set.tiles[0].wildcard).toBe(true);
});

test('artwork kept as a relative path is noted', async () => {
	const doc = fixture('small-set');
	doc.tiles[0].artwork = 'art/A.png';
	const { notes } = await exporter(doc);
	expect(notes).toEqual([expect.stringContaining("tile A: its artwork 'art/A.png'")]);
});
