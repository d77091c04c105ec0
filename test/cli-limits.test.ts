// The command line at its edges (issue 32): counts with stated maxima checked before any work (exit
// 2 naming the maximum), negative numbers as values, and games refused with an expansion the
// validator rejects (simulate, match and replay alike), also when it was found valid before it changed.
import { afterAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tmp = mkdtempSync(join(tmpdir(), 'carcassonne-cli-limits-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
	const r = spawnSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		timeout: 60_000,
		env: { ...process.env, ...env }
	});
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('simulate options', () => {
	test('counts beyond their maxima are usage errors naming the maximum, every one at once', () => {
		const r = cli([
			'simulate',
			'--games',
			'1e12',
			'--workers',
			'256',
			'--players',
			'2.5',
			'--sample',
			'2'
		]);
		expect(r.code).toBe(2);
		expect(r.stderr.trim().split('\n')).toEqual([
			'--games: a whole number from 1 to 1,000,000, not 1e12',
			'--players: a whole number from 1 to 8, not 2.5',
			'--sample: a share of the games from 0 to 1, not 2',
			'--workers: a whole number from 1 to 32, not 256'
		]);
		expect(r.stdout).toBe('');
	});

	test('a negative seed is a value, written either way; unknown options stay usage errors', () => {
		const run = (...seed: string[]) =>
			cli(['simulate', ...seed, '--games', '2', '--workers', '1', '--json']);
		const spaced = run('--seed', '-5');
		expect(spaced.stderr).toBe('');
		expect(spaced.code).toBe(0);
		const report = JSON.parse(spaced.stdout);
		expect(report.games).toBe(2);
		const { seconds: _a, ...a } = report;
		const { seconds: _b, ...b } = JSON.parse(run('--seed=-5').stdout);
		expect(b).toEqual(a);
		const bad = cli(['simulate', '--gmaes', '3']);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toMatch(/^Unknown option '--gmaes'/);
	});
});

describe('an expansion the validator rejects', () => {
	const dir = join(tmp, 'expansions');
	const env = { EXPANSIONS_DIR: dir };
	const record = join(tmp, 'game.json');
	mkdirSync(dir);
	copyFileSync(
		'test/fixtures/expansions/invalid/duplicate-tile-id.json',
		join(dir, 'duplicate-tile-id.json')
	);
	const expected =
		"expansion 'duplicate-tile-id' is invalid at /tiles/3/id: tile id 'D' is used twice (also by tile 0)";

	test('simulate and match refuse to play it (exit 1, located)', () => {
		const sim = cli(
			['simulate', '--expansions', 'duplicate-tile-id', '--games', '2', '--workers', '1'],
			env
		);
		expect(sim.code).toBe(1);
		expect(sim.stderr.trim()).toBe(expected);
		const match = cli(
			[
				'match',
				'--bots',
				'random',
				'--expansions',
				'duplicate-tile-id',
				'--games',
				'1',
				'--threads',
				'1',
				'--seed',
				'-2'
			],
			env
		);
		expect(match.code).toBe(1);
		expect(match.stderr.trim()).toBe(expected);
	});

	test('replay refuses a record of it (exit 1, located)', () => {
		writeFileSync(
			record,
			JSON.stringify({
				schemaVersion: 1,
				expansions: [{ id: 'base' }, { id: 'duplicate-tile-id' }],
				players: ['A', 'B'],
				seed: 1,
				moves: []
			})
		);
		const r = cli(['replay', record], env);
		expect(r.code).toBe(1);
		expect(r.stderr.trim()).toBe(`${record}: ${expected}`);
	});
});

test('a document found valid is not validated again, and changed to an invalid one it is refused', () => {
	const dir = join(tmp, 'changing');
	mkdirSync(dir);
	const doc = JSON.parse(readFileSync('test/fixtures/expansions/valid/small-set.json', 'utf8'));
	const file = join(dir, 'small-set.json');
	const simulate = () =>
		cli(['simulate', '--expansions', doc.id, '--games', '1', '--workers', '1'], {
			EXPANSIONS_DIR: dir
		});
	writeFileSync(file, JSON.stringify(doc));
	expect(simulate().code).toBe(0);
	// the second run finds it remembered valid (the bundle's valid-cache): it plays as before
	expect(simulate().code).toBe(0);
	writeFileSync(file, JSON.stringify({ ...doc, tiles: [...doc.tiles, doc.tiles[0]] }));
	const r = simulate();
	expect(r.code).toBe(1);
	expect(r.stderr).toMatch(new RegExp(`^expansion '${doc.id}' is invalid at /tiles/`));
	expect(simulate().code).toBe(1);
});

test('replay: a move at a far cell that would alias a near one is refused (exit 1), at its place in the record', () => {
	const file = join(tmp, 'far.json');
	writeFileSync(
		file,
		JSON.stringify({
			schemaVersion: 1,
			expansions: [{ id: 'base' }],
			players: ['A', 'B'],
			seed: 1,
			drawOrder: ['base/C'],
			moves: [{ type: 'place', x: 2 ** 19, y: -1, rotation: 0 }]
		})
	);
	const r = cli(['replay', file]);
	expect(r.code).toBe(1);
	// the record's schema bounds a cell (the board's reach) before the engine sees the move
	expect(r.stderr).toBe(`${file}:/moves/0/x: must be <= 16382\n`);
});
