// Issue 8 §0: a game's expansions are closed over their dependencies by one resolver, in every
// face: the CLI's simulate, replay and test, game records and scenarios. The fan set of the
// reproduction depends on bards, inn-and-stable-owners, inns-and-cathedrals and
// messengers-and-mayors and has a stable, an inn, a lute and a mayor symbol on its tiles.
import { afterAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableExpansions } from '../src/cli/files.ts';
import {
	expansionHash,
	recordOf,
	replay,
	resolveGame,
	setupFromRecord,
	startGame
} from '../src/lib/engine/index.ts';
import type { Expansion, GameRecord, Scenario } from '../src/lib/formats/schema-types.ts';

const FAN = 'test/fixtures/expansions/valid/dependent-fan-set.json';
const SCENARIO = 'test/fixtures/scenarios/dependent-fan-set.json';
const DEPENDENCIES = [
	'bards',
	'inn-and-stable-owners',
	'inns-and-cathedrals',
	'messengers-and-mayors'
];

const dir = mkdtempSync(join(tmpdir(), 'carcassonne-deps-'));
const store = join(dir, 'expansions');
const tmp = join(dir, 'files');
for (const d of [store, tmp]) mkdirSync(d);
copyFileSync(FAN, join(store, 'dependent-fan-set.json'));
const write = (file: string, doc: object) => writeFileSync(file, JSON.stringify(doc, null, '\t'));
const set = (id: string, dependencies: string[]): Expansion => ({
	id,
	name: id,
	version: '1.0.0',
	dependencies,
	tiles: []
});
write(join(store, 'broken-set.json'), set('broken-set', ['base', 'nowhere']));
write(join(store, 'cycle-a.json'), set('cycle-a', ['base', 'cycle-b']));
write(join(store, 'cycle-b.json'), set('cycle-b', ['cycle-a']));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
	const r = spawnSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		timeout: 60_000,
		env: { ...process.env, EXPANSIONS_DIR: store }
	});
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const scenario = JSON.parse(readFileSync(SCENARIO, 'utf8')) as Scenario;
const docs = availableExpansions();
const fan = JSON.parse(readFileSync(FAN, 'utf8')) as Expansion;
docs.set(fan.id, fan);

describe('simulate --expansions <fan set>', () => {
	test('plays base, the set and its dependencies: their rules fire and the stable scores', () => {
		const r = cli(
			'simulate',
			'--expansions',
			'dependent-fan-set',
			'--games',
			'4',
			'--seed',
			'3',
			'--json'
		);
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout);
		expect(out.expansions).toEqual([
			'base',
			'bards',
			'inns-and-cathedrals',
			'inn-and-stable-owners',
			'messengers-and-mayors',
			'dependent-fan-set'
		]);
		const rules = Object.keys(out.stats.rules);
		for (const prefix of ['BARD-', 'ISO-', 'MM-', 'IC-'])
			expect(
				rules.some((id) => id.startsWith(prefix)),
				prefix
			).toBe(true);
		expect(
			out.stats.tiles.find((t: { tile: string }) => t.tile === 'dependent-fan-set/S').placed
		).toBeGreaterThan(0);
		expect(
			out.stats.features.find((f: { kind: string }) => f.kind === 'stable').points
		).toBeGreaterThan(0);
	});
	test('a missing or cyclic dependency exits 1 naming the document, its pointer and the cycle', () => {
		const r = cli('simulate', '--expansions', 'broken-set,cycle-a', '--games', '1');
		expect(r.code).toBe(1);
		expect(r.stdout).toBe('');
		expect(r.stderr).toContain(
			"'broken-set' depends on 'nowhere' (/dependencies/1), which is not an available expansion"
		);
		expect(r.stderr).toContain(
			"dependency cycle: cycle-a → cycle-b → cycle-a ('cycle-b' /dependencies/0)"
		);
		const unknown = cli('simulate', '--expansions', 'no-such-set', '--games', '1');
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain(
			"--expansions: 'no-such-set' is not an available expansion nor a rule module"
		);
	});
});

describe('replay of a record naming [base, <fan set>]', () => {
	const record = join(tmp, 'fan-game.json');
	write(record, scenario.game);
	test('accepts the note and owner moves and scores the stable', () => {
		expect(scenario.game.expansions.map((e) => e.id)).toEqual(['base', 'dependent-fan-set']);
		const r = cli('replay', record, '--json');
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout);
		expect(out.finished).toBe(true);
		expect(out.scores).toEqual({ Ann: 7, Bob: 2 });
		const types = out.events.map((e: { type: string }) => e.type);
		expect(types).toContain('note');
		expect(types).toContain('owner');
		expect(
			out.events.some(
				(e: { type: string; feature?: { kind: string } }) =>
					e.type === 'score' && e.feature?.kind === 'stable'
			)
		).toBe(true);
	});
	test('a record whose expansion lacks a dependency exits 1 with the located error', () => {
		const broken = join(tmp, 'broken-game.json');
		write(broken, {
			...scenario.game,
			expansions: [{ id: 'base' }, { id: 'broken-set' }],
			moves: []
		});
		const r = cli('replay', broken);
		expect(r.code).toBe(1);
		expect(r.stderr).toContain(
			"broken-game.json:/expansions: 'broken-set' depends on 'nowhere' (/dependencies/1), which is not an available expansion"
		);
		const unknown = join(tmp, 'unknown-game.json');
		write(unknown, { ...scenario.game, expansions: [{ id: 'base' }, { id: 'ghost' }], moves: [] });
		expect(cli('replay', unknown).stderr).toContain(
			"unknown-game.json:/expansions/1: 'ghost' is not an available expansion nor a rule module"
		);
	});
});

describe('test of a scenario with the fan set', () => {
	test('passes', () => {
		const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
		ajv.addSchema(JSON.parse(readFileSync('schemas/game-record.v1.json', 'utf8')));
		const valid = ajv.compile(JSON.parse(readFileSync('schemas/scenario.v1.json', 'utf8')));
		expect(valid(scenario) ? [] : valid.errors).toEqual([]);
		const r = cli('test', SCENARIO);
		expect(r.stdout).toContain('✓ dependent-fan-set');
		expect(r.stdout).toContain('1 passed, 0 failed');
		expect(r.code).toBe(0);
	});
	test('fails, located, when an expansion of it cannot be resolved', () => {
		const file = join(tmp, 'cyclic.json');
		write(file, {
			...scenario,
			name: 'cyclic',
			game: { ...scenario.game, expansions: [{ id: 'cycle-a' }], moves: [] },
			expect: { finished: false }
		});
		const r = cli('test', file);
		expect(r.code).toBe(1);
		expect(r.stdout).toContain(
			"dependency cycle: cycle-a → cycle-b → cycle-a ('cycle-b' /dependencies/0)"
		);
		expect(r.stdout).toContain('0 passed, 1 failed');
	});
});

describe('game records list what was played', () => {
	test('the resolved set, base first, each with its content hash; replaying the record reproduces the game', () => {
		const { setup, moves, errors } = setupFromRecord(scenario.game as GameRecord, (id) =>
			docs.get(id)
		);
		expect(errors).toEqual([]);
		const played = replay(setup!, moves);
		expect(played.error).toBeUndefined();
		const rec = recordOf(played.state);
		expect(rec.expansions.map((e) => e.id)).toEqual([
			'base',
			'bards',
			'inns-and-cathedrals',
			'inn-and-stable-owners',
			'messengers-and-mayors',
			'dependent-fan-set'
		]);
		for (const e of rec.expansions) expect(e.hash).toBe(expansionHash(docs.get(e.id)!));
		for (const id of DEPENDENCIES) expect(rec.expansions.some((e) => e.id === id)).toBe(true);
		const again = setupFromRecord(rec, (id) => docs.get(id));
		expect(replay(again.setup!, again.moves).state.scores).toEqual(played.state.scores);
	});
	test('startGame refuses a set that is not closed over its dependencies', () => {
		expect(() =>
			startGame({ expansions: [docs.get('base')!, fan], players: ['A', 'B'], seed: 1 })
		).toThrow(
			"expansion 'dependent-fan-set' depends on 'bards' (/dependencies/0), which the game's expansions lack"
		);
		const r = resolveGame(['dependent-fan-set'], (id) => docs.get(id));
		expect(
			r.ok && startGame({ expansions: r.expansions, players: ['A', 'B'], seed: 1 }).state.finished
		).toBe(false);
	});
});
