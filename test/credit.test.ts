// Points credited by rule: every term of a score goes to the expansion whose rule gave it, whatever
// the tiles — a note token's +1 a tile to Bards (BARD-SCORE-2), an inn's +1 a tile to Inns &
// Cathedrals (IC-2.4) and the points its zero takes away, an expansion without tiles whose one rule
// adds 1 to every completed city; in the engine, in the checker's report and in `simulate --json`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableExpansions } from '../src/cli/files.ts';
import {
	apply,
	contextOf,
	creditByExpansion,
	creditSum,
	legalMoves,
	setupFromRecord,
	startGame,
	type Award,
	type Expansion,
	type GameEvent,
	type GameState,
	type Scenario,
	type ScoreEvent
} from '../src/lib/engine/index.ts';
import { randomMove } from '../src/lib/engine/random.ts';
import { resolveGame } from '../src/lib/engine/registry.ts';
import { simulate, type CheckerConfig, type Report } from '../src/lib/checker/index.ts';

const docs = availableExpansions();
const cityBonus = JSON.parse(readFileSync('test/fixtures/city-bonus.json', 'utf8')) as Expansion;
const lookup = (id: string) => (id === cityBonus.id ? cityBonus : docs.get(id));
const tmp = mkdtempSync(join(tmpdir(), 'carcassonne-credit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A scenario's game played through: its final state and every event. */
function playScenario(name: string): { state: GameState; events: GameEvent[] } {
	const sc = JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8')) as Scenario;
	const { setup, moves } = setupFromRecord(sc.game, (id) => docs.get(id));
	const { state, events } = startGame({ ...setup!, quiet: false });
	const all = [...events];
	for (const m of moves) {
		const r = apply(state, m, { mutate: true });
		if (!r.ok) throw new Error(r.refusal.message);
		all.push(...r.events);
	}
	return { state, events: all };
}

const roadScores = (events: GameEvent[]) =>
	events.filter(
		(e): e is ScoreEvent => e.type === 'score' && (e as ScoreEvent).feature.kind === 'road'
	);
/** The award's points by rule. */
const byRule = (a: Award) => Object.fromEntries((a.credit ?? []).map((c) => [c.rule, c.points]));

describe('a score credited term by term', () => {
	it('BARD-SCORE-2 and IC-2.4: an inn road of 5 tiles with a note token, 5 × (1 + 1 inn + 1 note)', () => {
		const { state, events } = playScenario('BARD-SCORE-2-note-on-inn-road');
		const [road] = roadScores(events);
		const [award] = road.awards;
		// the road's 1 a tile is base's; the inn sets it to 2 (+1 a tile: IC-2.4); the note adds 1 a tile
		const tiles = road.feature.tiles.length;
		expect(byRule(award)).toEqual({ 'BASE-1.6': tiles, 'IC-2.4': tiles, 'BARD-SCORE-2': tiles });
		expect(creditSum(award.credit!)).toBe(award.points);
		const credit = creditByExpansion(contextOf(state), events, 2);
		expect(credit[award.player]).toEqual({
			base: tiles,
			'inns-and-cathedrals': tiles,
			bards: tiles
		});
		expect(Object.values(credit[award.player]).reduce((a, b) => a + b, 0)).toBe(
			state.scores[award.player]
		);
	});

	it('IC-2.4: a completed inn road gives Inns & Cathedrals its +1 a tile; an unfinished one takes base’s points', () => {
		const done = playScenario('IC-2.4-inn-road-complete');
		const [complete] = roadScores(done.events).filter((e) => e.awards.length);
		const n = complete.feature.tiles.length;
		expect(byRule(complete.awards[0])).toEqual({ 'BASE-1.6': n, 'IC-2.4': n });
		const open = playScenario('IC-2.4-inn-road-incomplete-zero');
		const [final] = roadScores(open.events).filter((e) => e.final);
		const m = final.feature.tiles.length;
		// the road would have given 1 a tile at the end (base); the inn's zero took them (IC-2.4)
		expect(final.awards[0].points).toBe(0);
		expect(byRule(final.awards[0])).toEqual({ 'BASE-1.7': m, 'IC-2.4': -m });
		const credit = creditByExpansion(contextOf(open.state), open.events, 2);
		expect(credit[final.awards[0].player]).toEqual({ base: m, 'inns-and-cathedrals': -m });
	});
});

/** A game of random moves (the moves depend on the seed and the legal moves only). */
function randomGame(ids: string[], seed: number): { state: GameState; events: GameEvent[] } {
	const r = resolveGame(ids, lookup);
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	const { state, events } = startGame({
		expansions: r.expansions,
		modules: r.modules,
		players: ['A', 'B', 'C'],
		seed
	});
	const all = [...events];
	let rng = seed;
	while (!state.finished) {
		const [m, next] = randomMove(legalMoves(state), rng);
		rng = next;
		const res = apply(state, m, { mutate: true, quiet: true });
		if (!res.ok) throw new Error(res.refusal.message);
		all.push(...res.events);
	}
	return { state, events: all };
}

describe('an expansion without tiles whose one rule adds 1 to every completed city', () => {
	it('is credited exactly the points it adds: the same game without it scores that much less', () => {
		for (const seed of [1, 2]) {
			const withIt = randomGame(['city-bonus'], seed);
			const without = randomGame(['base'], seed);
			expect(withIt.state.log).toEqual(without.state.log);
			const credit = creditByExpansion(contextOf(withIt.state), withIt.events, 3);
			const added = withIt.state.scores.map((s, p) => s - without.state.scores[p]);
			expect(added.some((n) => n > 0)).toBe(true);
			expect(credit.map((c) => c['city-bonus'] ?? 0)).toEqual(added);
			expect(credit.map((c) => c.base ?? 0)).toEqual(without.state.scores);
		}
	});

	it('is credited by rule in the checker’s report, in-process and from `simulate --json`', () => {
		const r = resolveGame(['city-bonus'], lookup);
		if (!r.ok) throw new Error('unresolved');
		const cfg: CheckerConfig = {
			expansions: r.expansions,
			modules: r.modules,
			players: ['A', 'B'],
			games: 10,
			seed: 3
		};
		const report = simulate(cfg);
		const row = report.stats.credit!.find((c) => c.expansion === 'city-bonus')!;
		expect(row.name).toBe('City bonus');
		expect(row.points).toBeGreaterThan(0);
		expect(row.points).toBe(report.stats.rulePoints!['CB-1']);
		// its tiles scored nothing: it has none
		expect(report.stats.expansions.find((e) => e.expansion === 'city-bonus')!.points).toBe(0);
		expect(creditTotal(report)).toBe(report.stats.totalPoints);

		const dir = join(tmp, 'expansions');
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, 'city-bonus.json'), JSON.stringify(cityBonus));
		const cli = spawnSync(
			process.execPath,
			[
				'bin/carcassonne-lab.js',
				'simulate',
				'--expansions',
				'city-bonus',
				'--games',
				'10',
				'--seed',
				'3',
				'--players',
				'2',
				'--workers',
				'1',
				'--json'
			],
			{ encoding: 'utf8', timeout: 60_000, env: { ...process.env, EXPANSIONS_DIR: dir } }
		);
		expect(cli.stderr).toBe('');
		const json = JSON.parse(cli.stdout) as Report;
		expect(json.stats.credit).toEqual(report.stats.credit);
		expect(json.stats.rulePoints).toEqual(report.stats.rulePoints);
	});
});

const creditTotal = (r: Report) => (r.stats.credit ?? []).reduce((a, c) => a + c.points, 0);

describe('the report of a fan mix is consistent with its own tables', () => {
	const r = resolveGame(
		['bards', 'inns-and-cathedrals', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'],
		(id) => docs.get(id)
	);
	if (!r.ok) throw new Error('unresolved');
	let report: Report;
	let s: Report['stats'];
	beforeAll(() => {
		report = simulate({
			expansions: r.expansions,
			modules: r.modules,
			players: ['A', 'B'],
			policies: [{ bot: 'greedy' }, { bot: 'random' }],
			games: 20,
			seed: 1
		});
		s = report.stats;
	}, 120_000);

	it('lists no rule as never applied that an event cited, and a rule deciding the end applied in every game', () => {
		const cited = Object.keys(s.rules).filter((id) => s.rules[id] > 0);
		expect(report.findings.rulesNeverFired.filter((id) => cited.includes(id))).toEqual([]);
		expect(report.findings.rulesUncited.filter((id) => cited.includes(id))).toEqual([]);
		// every game ends (BASE-1.7.3), and with town halls in play only once every one is placed
		expect(s.rules['BASE-1.7.3']).toBe(report.games);
		expect(s.rules['MM-END-1']).toBe(report.games);
		expect(report.findings.rulesNeverFired).not.toContain('MM-END-1');
	});

	it('credits every point once: by expansion and by rule, the sums are all the points scored', () => {
		const total = s.seats.reduce((a, seat) => a + seat.mean * report.games, 0);
		expect(s.totalPoints).toBeCloseTo(total, 6);
		expect(creditTotal(report)).toBe(s.totalPoints);
		expect(Object.values(s.rulePoints!).reduce((a, b) => a + b, 0)).toBe(s.totalPoints);
		// each expansion's points are the points of the rules its document declares
		for (const c of s.credit!) {
			const mine = Object.entries(s.rulePoints!)
				.filter(
					([id]) => (report.ruleBook[id]?.expansion ?? sourceOfRuling(report, id)) === c.expansion
				)
				.reduce((a, [, n]) => a + n, 0);
			expect([c.expansion, mine]).toEqual([c.expansion, c.points]);
		}
		// the fan sets' rules gave points: Bards' and the inns' terms are theirs, not base's
		for (const id of ['BARD-SCORE-2', 'IC-2.4', 'ISO-SCORE-1'])
			expect(s.rulePoints![id]).toBeTruthy();
	});

	it('explains every tile placed more often than drawn: placed without a draw, by the rule that placed it', () => {
		for (const t of s.tiles) {
			const without = Object.values(t.placedWithoutDraw ?? {}).reduce((a, b) => a + b, 0);
			expect([t.tile, t.placed - without]).toEqual([t.tile, t.drawn - t.discarded]);
			for (const rule of Object.keys(t.placedWithoutDraw ?? {}))
				expect(report.ruleBook[rule]?.text).toBeTruthy();
		}
	});
});

/** The expansion of a ruling id (a ruling's terms belong where its rules do). */
function sourceOfRuling(report: Report, id: string): string | undefined {
	const ruling = report.rulingBook.find((x) => x.id === id);
	return ruling ? report.ruleBook[ruling.rules[0]]?.expansion : undefined;
}
