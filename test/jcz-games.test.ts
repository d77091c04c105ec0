// JCloisterZone saved games (.jcz) in: our own hand-written games (test/fixtures/jcz) import as
// game records and their test assertions hold; broken and unsupported games fail with located
// errors; options we do not model are located warnings; assertion kinds we do not read are
// reported as unsupported, never as passed.
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { recordFromJcz, riverReadingOf, type JczImport } from '../src/lib/formats/jcz-game.ts';
import { jczLocation, parseLocation } from '../src/lib/formats/jcz-vocabulary.ts';
import {
	jczFromRecord,
	readAssertion,
	runJczTest,
	setupFromRecord,
	type GameRecord
} from '../src/lib/engine/index.ts';
import { validateGameRecord } from '../src/lib/formats/validate-scenario.ts';
import { MODULES } from '../src/lib/engine/modules/index.ts';
import type { Feature, Half, Side } from '../src/lib/formats/schema-types.ts';

const shipped = availableExpansions();
const catalog = { expansions: [...shipped.values()] };
const lookup = (id: string) => shipped.get(id);
const DIR = 'test/fixtures/jcz';
const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.jcz'));
const read = (f: string) => readFileSync(`${DIR}/${f}`, 'utf8');
const ok = (r: JczImport) => {
	if (!r.ok) throw new Error(JSON.stringify(r.errors));
	return r;
};

describe('our own .jcz games', () => {
	test('there are games of the base game, Inns & Cathedrals, the dragon, Hills & Sheep’s shepherd and a designer’s add-on tile', () => {
		expect(fixtures).toEqual(
			expect.arrayContaining([
				'base-action-phase.jcz',
				'base-tile-phase.jcz',
				'inns-and-cathedrals.jcz',
				'dragon.jcz',
				'hills-and-sheep.jcz',
				'designer-add-on.jcz'
			])
		);
	});
	test.each(fixtures)('%s: imports as a valid game record and every assertion holds', (f) => {
		const r = ok(recordFromJcz(read(f), catalog));
		expect(
			validateGameRecord(r.record, { available: shipped, moduleIds: MODULES.map((m) => m.id) })
		).toEqual([]);
		const t = runJczTest(r, lookup);
		expect(t.error).toBeUndefined();
		expect(t.results.filter((a) => a.status !== 'passed')).toEqual([]);
	});
	test('every message type and assertion kind we read is among them', () => {
		const all = fixtures.map((f) => JSON.parse(read(f)));
		const types = new Set(all.flatMap((g) => g.replay.map((m: { type: string }) => m.type)));
		expect([...types].sort()).toEqual([
			'COMMIT',
			'DEPLOY_MEEPLE',
			'FLOCK_EXPAND_OR_SCORE',
			'MOVE_NEUTRAL_FIGURE',
			'PASS',
			'PLACE_TILE',
			'SHEPHERD_CONFIRM',
			'UNDO'
		]);
		const text = all.flatMap((g) => g.test.assertions as string[]).join('\n');
		for (const kind of [
			/ has \d+ points/,
			/ scored \w+ for/,
			/^Phase is/m,
			/^Player can pass/m,
			/^Player can't pass/m,
			/^Undo is allowed/m,
			/^Undo is not allowed/m,
			/^Available action TilePlacement/m,
			/^Available action Meeple/m,
			/^TilePlacement \S+ options/m,
			/^Meeple \w+ options/m
		])
			expect(text).toMatch(kind);
	});
	test('tile ids, rotations, pointers, meeples and setup keys become ours', () => {
		const r = ok(recordFromJcz(read('base-action-phase.jcz'), catalog));
		expect(r.record.expansions).toEqual([{ id: 'base' }]);
		expect(r.record.start).toBe('base/D');
		// BA/C turned 180° is our E turned twice; the UNDO took back the farmer, the knight stays
		expect(r.record.moves.slice(0, 3)).toEqual([
			{ type: 'place', tile: 'base/E', x: 0, y: -1, rotation: 2 },
			{ type: 'deploy', figure: 'follower', feature: 'c1' },
			{ type: 'place', tile: 'base/A', x: 1, y: 0, rotation: 1 }
		]);
		const tiny = ok(recordFromJcz(read('base-tile-phase.jcz'), catalog));
		expect(tiny.record.rulings).toEqual({ 'BASE-R3': 'no-farmers', 'BASE-R1': 'c1-early' });
		// no endTurn: the rest of the pack follows the forced order, so the game goes on
		expect(tiny.record.drawOrder!.slice(0, 3)).toEqual(['base/E', 'base/V', 'base/H']);
		expect(tiny.record.drawOrder!.length).toBeGreaterThan(60);
		const ic = ok(recordFromJcz(read('inns-and-cathedrals.jcz'), catalog));
		expect(ic.record.drawOrder).toEqual(['inns-and-cathedrals/K', 'inns-and-cathedrals/A']);
		expect(ic.record.moves[1]).toEqual({ type: 'deploy', figure: 'large', feature: 'c1' });
		const dragon = ok(recordFromJcz(read('dragon.jcz'), catalog));
		expect(dragon.record.moves).toContainEqual({ type: 'dragon', x: -1, y: 0 });
		expect(dragon.record.moves).toContainEqual({ type: 'fairy', x: 1, y: 0, feature: 'r1' });
		// the volcano turn was committed with no figure: a pass
		expect(dragon.record.moves[1]).toEqual({ type: 'pass' });
		const addOn = ok(recordFromJcz(read('designer-add-on.jcz'), catalog));
		expect(addOn.record.expansions.map((e) => e.id)).toEqual([
			'base',
			'inns-and-cathedrals',
			'wells'
		]);
	});
	test('a JCZ 5.x game (no SHEPHERD_CONFIRM) draws the first sheep with the engine’s current random', () => {
		const g = JSON.parse(read('hills-and-sheep.jcz'));
		const newer = ok(recordFromJcz(read('hills-and-sheep.jcz'), catalog)).record;
		const old = { ...g, appVersion: '5.7.3', initialRandom: 0.6 };
		old.replay = g.replay.filter((m: { type: string }) => m.type !== 'SHEPHERD_CONFIRM');
		const r = ok(recordFromJcz(JSON.stringify(old), catalog));
		expect(r.record.draws).toEqual(newer.draws);
		expect(runJczTest(r, lookup).results.filter((a) => a.status !== 'passed')).toEqual([]);
	});
	test('JCZ’s locations read back as they are written, for every side set and field', () => {
		const sides: Side[] = ['N', 'E', 'S', 'W'];
		for (let mask = 1; mask < 16; mask++) {
			const f = {
				id: 'r',
				type: 'road',
				sides: sides.filter((_, i) => mask & (1 << i))
			} as Feature;
			for (let r = 0; r < 4; r++) {
				const loc = jczLocation(f, r);
				expect(parseLocation(loc)!.sides.length).toBe(f.sides!.length);
			}
		}
		expect(jczLocation({ id: 'f', type: 'field', halves: ['SL', 'NL', 'EL'] as Half[] }, 0)).toBe(
			'NL.EL.SL'
		);
		expect(jczLocation({ id: 'c', type: 'city', sides: ['N', 'W'] }, 2)).toBe('SE');
		expect(jczLocation({ id: 'c', type: 'city', sides: ['N', 'E', 'S'] }, 0)).toBe('_W');
		expect(parseLocation('NX')).toBeNull();
	});
});

describe('what the import cannot play is a located error; what it does not model, a located warning', () => {
	const base = () => JSON.parse(read('base-action-phase.jcz'));
	const errors = (g: unknown) => {
		const r = recordFromJcz(JSON.stringify(g), catalog);
		return r.ok ? [] : r.errors;
	};
	test('not JSON, no setup, no replay', () => {
		expect(errors('"text"')).toEqual([
			{ pointer: '', message: 'a JCloisterZone saved game is a JSON object' }
		]);
		const r = recordFromJcz('{', catalog);
		expect(!r.ok && r.errors[0].pointer).toBe('');
		expect(errors({ players: [] })[0].pointer).toBe('/setup');
	});
	test('an expansion, a figure or a message we do not play', () => {
		const g = base();
		g.setup.sets['tower:1'] = 1;
		g.setup.elements.tower = true;
		g.replay[1] = { type: 'PLACE_TOKEN', payload: {} };
		expect(errors(g)).toEqual([
			{ pointer: '/setup/sets/tower:1', message: "JCloisterZone's 'tower' is not played here" },
			{ pointer: '/setup/elements/tower', message: "JCloisterZone's 'tower' is not played here" }
		]);
		delete g.setup.sets['tower:1'];
		delete g.setup.elements.tower;
		expect(errors(g)[0]).toEqual({
			pointer: '/replay/1/type',
			message: "JCloisterZone's message 'PLACE_TOKEN' is not played here"
		});
	});
	test('an unknown tile, a bad rotation, a pointer to no feature, a meeple we lack', () => {
		const g = base();
		g.replay[0].payload.tileId = 'XX/nothing';
		g.replay[5].payload.rotation = 'R45';
		g.replay[9].payload.pointer.location = 'NW';
		g.replay[6].payload.meepleId = '1.ringmaster.1';
		const e = errors(g);
		expect(e.map((x) => x.pointer)).toEqual(
			expect.arrayContaining([
				'/replay/0/payload/tileId',
				'/replay/5/payload/rotation',
				'/replay/6/payload/meepleId',
				'/replay/9/payload/pointer'
			])
		);
		expect(e.find((x) => x.pointer === '/replay/0/payload/tileId')?.message).toMatch(
			/'XX\/nothing' is not one of the tiles in play/
		);
		expect(e.find((x) => x.pointer === '/replay/9/payload/pointer')?.message).toMatch(
			/no road at NW/
		);
		expect(e.find((x) => x.pointer === '/replay/6/payload/meepleId')?.message).toMatch(
			/ringmaster/
		);
	});
	test('an UNDO with nothing to take back in its turn', () => {
		const g = base();
		g.replay.splice(5, 0, { type: 'UNDO', payload: {} });
		expect(errors(g)).toEqual([
			{ pointer: '/replay/5', message: 'UNDO with nothing to undo in this turn' }
		]);
	});
	test('a rule we do not model is a warning at its place, and the game is played by ours', () => {
		const g = base();
		g.setup.rules['little-buildings-scoring'] = '3/2/1';
		const r = ok(recordFromJcz(JSON.stringify(g), catalog));
		expect(r.warnings).toContainEqual({
			pointer: '/setup/rules/little-buildings-scoring',
			message: expect.stringContaining('not modelled')
		});
	});
});

describe('assertions', () => {
	const r = ok(recordFromJcz(read('base-action-phase.jcz'), catalog));
	const t = runJczTest(r, lookup);
	test('a kind we do not read is unsupported, never passed', () => {
		for (const a of [
			'Available action ReturnMeeple for ROBBERS_SON',
			'Ann has KING token with size 3',
			'Tower piece BLACK options: [0,0]'
		])
			expect(readAssertion(a, t.state!, t.events, r.tail).status).toBe('unsupported');
	});
	test('a wrong number fails and says what was found', () => {
		expect(readAssertion('Ann has 5 points', t.state!, t.events, r.tail)).toEqual({
			assertion: 'Ann has 5 points',
			status: 'failed',
			detail: 'Ann has 4 points'
		});
		expect(readAssertion('Bob scored city for 4 points', t.state!, t.events, r.tail).status).toBe(
			'failed'
		);
	});
});

describe('a record out as .jcz and back', () => {
	// every scenario whose game has a draw order (the pack then ends where the pile ends), and our .jcz games
	const scenarios = readdirSync('scenarios').map(
		(f) => JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')).game as GameRecord
	);
	const records = [
		...scenarios.filter((g) => g.drawOrder),
		...fixtures.map((f) => ok(recordFromJcz(read(f), catalog)).record)
	];
	const same = (r: GameRecord) => ({
		// the expansions with their dependencies (a record may leave them to the resolver)
		expansions: setupFromRecord(r, lookup)
			.setup!.expansions.map((e) => e.id)
			.sort(),
		modules: [...(r.modules ?? [])].sort(),
		players: r.players,
		figures: r.figures ?? {},
		drawOrder: r.drawOrder,
		// the flock's draws: the random values of JCZ's shepherd and flock messages
		draws: r.draws,
		// a place move names its tile on the way back (in a record it may leave it to the draw)
		moves: r.moves.map((m) => (m.type === 'place' ? { ...m, tile: undefined } : m))
	});
	test('export → import gives the same game, wherever JCZ has the moves and rulings', () => {
		let n = 0;
		for (const rec of records) {
			const out = jczFromRecord(rec, lookup);
			if (!out.ok) {
				// only figures and moves JCZ lacks (Buddo, the bards' tokens, messengers, town halls, …) stop an export
				expect(out.errors[0].message, JSON.stringify(out.errors)).toMatch(
					/has no (JCloisterZone )?(meeple|message)/
				);
				continue;
			}
			const back = ok(recordFromJcz(out.text, catalog));
			expect(same(back.record)).toEqual(same(rec));
			if (!out.warnings.length)
				for (const [id, v] of Object.entries(rec.rulings ?? {}))
					expect(back.record.rulings?.[id] ?? 'default', id).toBe(v);
			n++;
		}
		expect(n).toBeGreaterThan(60);
	});
	test("GQ11's field tile travels as JCZ's gq11-pig-herd (its engine reads the rule's absence as 'nothing')", () => {
		const herd = scenarios.find((g) => g.rulings?.['TB-R2'] === 'field')!;
		for (const [ruling, rule] of [
			['field', 'nothing'],
			['herd', 'pig']
		]) {
			const out = jczFromRecord({ ...herd, rulings: { 'TB-R2': ruling } }, lookup);
			if (!out.ok) throw new Error(JSON.stringify(out.errors));
			expect(JSON.parse(out.text).setup.rules['gq11-pig-herd']).toBe(rule);
			expect(ok(recordFromJcz(out.text, catalog)).record.rulings?.['TB-R2']).toBe(ruling);
		}
	});
	test("the river's reading travels as the client whose engine wrote the game (its appVersion)", () => {
		// JCZ's releases, FanCZ's re-releases of JCZ's engine and its 6.x before engine 6.1.5
		expect(
			['5.7.0', '5.12.1', '5.13.5', '6.0.0', '6.1.0-alpha.15', undefined, 'six'].map(riverReadingOf)
		).toEqual(Array(7).fill('look-ahead'));
		expect(['6.1.0-alpha.16', '6.1.0', '6.2.0-beta.4', '6.2.0'].map(riverReadingOf)).toEqual(
			Array(4).fill('look-ahead-strict')
		);
		const river = scenarios.find(
			(g) => g.drawOrder && g.expansions.some((e) => (typeof e === 'string' ? e : e.id) === 'river')
		)!;
		for (const [reading, appVersion] of [
			['look-ahead', '5.12.1'],
			['look-ahead-strict', '6.2.0']
		]) {
			const out = jczFromRecord(
				{ ...river, rulings: { ...river.rulings, 'RIVER-R2': reading, 'ABBOT-R1': 'no' } },
				lookup
			);
			if (!out.ok) throw new Error(JSON.stringify(out.errors));
			expect(out.warnings).toEqual([]);
			expect(JSON.parse(out.text).appVersion).toBe(appVersion);
			expect(ok(recordFromJcz(out.text, catalog)).record.rulings?.['RIVER-R2']).toBe(reading);
		}
	});
});

describe('the command line', () => {
	const cli = (...args: string[]) =>
		spawnSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
			encoding: 'utf8',
			timeout: 60_000
		});
	test('`test` runs .jcz games with JCZ’s descriptions; `replay` takes one', () => {
		const t = cli('test', DIR);
		expect(t.stdout).toContain('✓ Inns & Cathedrals: a large meeple in a cathedral city');
		expect(t.stdout).toContain(`${fixtures.length} passed, 0 failed`);
		expect(t.status).toBe(0);
		const r = cli('replay', `${DIR}/inns-and-cathedrals.jcz`);
		expect(r.stdout).toContain('final scores: Ann 0, Bob 0');
		expect(r.status).toBe(0);
		const e = cli('export-record', 'scenarios/IC-2.4-inn-road-complete.json');
		expect(e.status).toBe(0);
		expect(JSON.parse(e.stdout).setup.sets).toEqual({ 'basic:2': 1, 'inns-and-cathedrals:2': 1 });
	});
});
