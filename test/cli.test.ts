// The real command-line tool (bin/carcassonne-lab.js) on the shipped sets and on broken copies.
import { afterAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { Expansion, TileSet } from '../src/lib/formats/schema-types.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carcassonne-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(...args: string[]) {
	const r = spawnSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		timeout: 60_000
	});
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const base = (): Expansion => JSON.parse(readFileSync('expansions/base.json', 'utf8'));

describe('carcassonne-lab validate', () => {
	test('the shipped expansions are valid (exit 0)', () => {
		const r = cli('validate', 'expansions');
		expect(r.stderr).toBe('');
		expect(r.stdout).toMatch(/ 0 errors/);
		expect(r.code).toBe(0);
	});

	test('broken tiles exit 1 and name the pointer of each fault', () => {
		// A field that forgets its neighbouring city.
		const forgets = base();
		const ti = forgets.tiles.findIndex(
			(t) => !t.handDrawnAdjacency && t.features.some((f) => f.type === 'field' && f.cities?.length)
		);
		const fi = forgets.tiles[ti].features.findIndex((f) => f.type === 'field' && f.cities?.length);
		const field = forgets.tiles[ti].features[fi];
		const city = field.cities![0];
		field.cities = [];
		writeFileSync(join(tmp, 'forgets.json'), JSON.stringify(forgets, null, '\t'));
		// A side covered twice: a second road on a side a road already covers.
		const twice = base();
		const ri = twice.tiles.findIndex((t) => t.features.some((f) => f.type === 'road'));
		const road = twice.tiles[ri].features.find((f) => f.type === 'road')!;
		twice.tiles[ri].features.push({ id: 'zz', type: 'road', sides: [road.sides![0]] });
		writeFileSync(join(tmp, 'twice.json'), JSON.stringify(twice, null, '\t'));
		// An unknown property.
		const unknown = base();
		Object.assign(unknown.tiles[0], { colour: 'red' });
		writeFileSync(join(tmp, 'unknown.json'), JSON.stringify(unknown, null, '\t'));
		// Not JSON at all.
		writeFileSync(join(tmp, 'torn.json'), '{\n  "id": "torn",\n  "tiles": [\n');

		const r = cli('validate', tmp);
		expect(r.code).toBe(1);
		const lines = r.stdout.split('\n');
		expect(lines).toContainEqual(
			expect.stringMatching(
				new RegExp(
					`forgets\\.json:/tiles/${ti}/features/${fi}/cities: field ${field.id} touches city ${city} along the [a-z-]+ corner but does not list it$`
				)
			)
		);
		expect(lines).toContainEqual(
			expect.stringContaining(
				`twice.json:/tiles/${ri}/features/${twice.tiles[ri].features.length - 1}/sides/0: the `
			)
		);
		expect(lines).toContainEqual(
			expect.stringContaining(`unknown.json:/tiles/0/colour: unknown property 'colour' on a tile`)
		);
		expect(lines).toContainEqual(
			expect.stringMatching(/torn\.json:: not valid JSON at line \d+, column \d+/)
		);
	});

	test('--json prints { valid, errors: [{ file, pointer, message, severity }] }', () => {
		const r = cli('validate', join(tmp, 'unknown.json'), '--json');
		expect(r.code).toBe(1);
		const out = JSON.parse(r.stdout);
		expect(out.valid).toBe(false);
		expect(out.errors).toContainEqual({
			file: join(tmp, 'unknown.json'),
			pointer: '/tiles/0/colour',
			message: expect.stringContaining("unknown property 'colour'"),
			severity: 'error'
		});
		const ok = JSON.parse(cli('validate', 'expansions/base.json', '--json').stdout);
		expect(ok.valid).toBe(true);
	});

	test('usage errors exit 2', () => {
		expect(cli('validate').code).toBe(2);
		expect(cli('validate', '--strict', 'expansions').code).toBe(2);
		expect(cli('validate', join(tmp, 'no-such-file.json')).code).toBe(2);
	});
});

describe('carcassonne-lab export --format json', () => {
	const ajv = new Ajv2020({ allErrors: true, strict: true });
	const checkTileSet = ajv.compile(JSON.parse(readFileSync('schemas/tileset.v1.json', 'utf8')));
	const published: [string, number][] = [
		['base', 72],
		['inns-and-cathedrals', 18],
		['river', 12]
	];
	test.each(published)('%s exports %i tiles', (id, tiles) => {
		const out = join(tmp, 'export', id);
		const r = cli('export', id, '--format', 'json', '--out', out);
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		expect(r.stdout).toContain(`wrote ${join(out, `${id}.json`)}`);
		const set = JSON.parse(readFileSync(join(out, `${id}.json`), 'utf8')) as TileSet;
		expect(checkTileSet(set), JSON.stringify(checkTileSet.errors)).toBe(true);
		expect(set.id).toBe(id);
		expect(set.tiles.reduce((n, t) => n + (typeof t.count === 'number' ? t.count : 0), 0)).toBe(
			tiles
		);
		for (const t of set.tiles) expect(Object.keys(t.edges)).toEqual(['N', 'E', 'S', 'W']);
	});

	test('a broken expansion file is refused with exit 1', () => {
		const r = cli(
			'export',
			join(tmp, 'unknown.json'),
			'--format',
			'json',
			'--out',
			join(tmp, 'refused')
		);
		expect(r.code).toBe(1);
		expect(r.stderr).toContain('/tiles/0/colour');
		expect(existsSync(join(tmp, 'refused'))).toBe(false);
	});

	test('usage errors exit 2', () => {
		expect(cli('export', 'base').code).toBe(2);
		expect(cli('export', 'base', '--format', 'docx').code).toBe(2);
		expect(cli('export', 'no-such-expansion', '--format', 'json').code).toBe(2);
	});
});

describe('hostile input and explanations (issue 9)', () => {
	test('validate: a file of 10,000 nested arrays is one located error, not a crash (exit 1)', () => {
		const file = join(tmp, 'deep.json');
		writeFileSync(
			file,
			`{"id":"deep","name":"x","version":"1.0.0","tiles":${'['.repeat(10_000)}${']'.repeat(10_000)}}`
		);
		const r = cli('validate', file);
		expect(r.code).toBe(1);
		expect(r.stderr + r.stdout).toMatch(
			/deep\.json:\/tiles(\/0)+: arrays and objects are nested more than 100 levels deep/
		);
		expect(r.stderr).not.toMatch(/RangeError/);
	});
	test('export: options outside their ranges are clamped and noted', () => {
		const r = cli(
			'export',
			'base',
			'--format',
			'print',
			'--players',
			'10000000',
			'--bleed',
			'9',
			'--out',
			join(tmp, 'print'),
			'--json'
		);
		expect(r.code).toBe(0);
		expect(JSON.parse(r.stdout).notes.slice(0, 2)).toEqual([
			'bleedMm 9 is outside 0–5 or too precise: 5 used',
			'players 10000000 is outside 1–8 or too precise: 8 used'
		]);
	});
	test('replay: a ruling under "rules applied" shows its description and the option in force', () => {
		const r = cli('replay', 'scenarios/BARD-R8-token-on-any-tile.json');
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(
			/ {2}BARD-R8 +Which unfinished roads and cities score 0 at the end .*In force: token-on-any-tile \(those with a note token on one of their tiles/
		);
		expect(r.stdout).not.toMatch(/^ {2}[A-Z]+-R\d+ *$/m);
	});
});

describe('carcassonne-lab match', () => {
	test('plays seeded games between bots in worker threads, seats rotated, the same for the same seed', () => {
		const run = () =>
			cli(
				'match',
				'--bots',
				'greedy,random',
				'--games',
				'2',
				'--threads',
				'2',
				'--seed',
				'4',
				'--json'
			);
		const r = run();
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout);
		expect(out.games.map((g: { seats: number[] }) => g.seats)).toEqual([
			[0, 1],
			[1, 0]
		]);
		expect(out.bots.map((b: { bot: string; games: number }) => [b.bot, b.games])).toEqual([
			['greedy', 2],
			['random', 2]
		]);
		expect(out.bots[0].ci[0]).toBeLessThanOrEqual(out.bots[0].winRate);
		expect(JSON.parse(run().stdout).games).toEqual(out.games);
	});

	test('an unknown bot or level is a usage error naming the known ones', () => {
		const r = cli('match', '--bots', 'greedy,mcts:extreme');
		expect(r.code).toBe(2);
		expect(r.stderr).toMatch(/no level "extreme"; levels: easy, medium, hard/);
	});
});
