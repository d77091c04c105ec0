// The interaction checker: the cheap invariant checks still catch broken states, the report is the
// same for any number of workers, a tile nothing can match is reported never placed, a flipped
// ruling shows in the comparison, and a finding's record reproduces it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { apply, legalMoves, replay, startGame } from '../src/lib/engine/index.ts';
import {
	canonical,
	checkState,
	sameMoves,
	sameState,
	snapshot
} from '../src/lib/engine/invariants.ts';
import { randomMove } from '../src/lib/engine/random.ts';
import { setupFromRecord } from '../src/lib/engine/record.ts';
import { checkReplay } from '../src/lib/checker/replay-check.ts';
import {
	combinations,
	compareReports,
	compareRuns,
	comparisonRuns,
	simulate,
	sweepRows,
	type CheckerConfig
} from '../src/lib/checker/index.ts';
import { resolveGame } from '../src/lib/engine/registry.ts';
import type { Expansion, GameState } from '../src/lib/engine/types.ts';
import { BOTS, HOARD, createBot } from '../src/lib/bots/index.ts';

const docs = availableExpansions();
const get = (id: string) => docs.get(id) as Expansion;

/** A base game played 30 random moves in. */
function midGame(seed = 4): GameState {
	const { state } = startGame({
		expansions: [get('base')],
		players: ['A', 'B'],
		seed,
		quiet: true
	});
	let rng = seed;
	for (let i = 0; i < 60 && !state.finished; i++) {
		const [m, next] = randomMove(legalMoves(state), rng);
		rng = next;
		apply(state, m, { mutate: true, quiet: true });
	}
	return state;
}

describe('invariant checks', () => {
	it('catch a figure dropped from its feature, a figure created, a falling score (per move and in the full scan)', () => {
		const s = midGame();
		const before = snapshot(s);
		expect(checkState(s, before, undefined, false)).toEqual([]);
		expect(checkState(s, before, undefined, true)).toEqual([]);
		const root = s.featurePieces.findIndex((l) => l && l.length > 0);
		expect(root).toBeGreaterThanOrEqual(0);
		const dropped = structuredClone(s);
		dropped.featurePieces[root] = dropped.featurePieces[root]!.slice(1);
		for (const scan of [false, true])
			expect(checkState(dropped, before, undefined, scan).map((v) => v.invariant)).toContain(
				'figure-listed-once'
			);
		const extra = structuredClone(s);
		extra.pieces.push({ ...extra.pieces[0], seg: -1, tile: -1 });
		expect(checkState(extra, before, undefined, false).map((v) => v.invariant)).toContain(
			'figures-conserved'
		);
		const fell = structuredClone(s);
		fell.scores[0] = before.scores[0] - 1;
		expect(checkState(fell, before, undefined, false).map((v) => v.invariant)).toContain(
			'scores-never-fall'
		);
	});

	it('catch a score that is not a whole finite number', () => {
		const s = midGame();
		const before = snapshot(s);
		for (const wrong of [Infinity, NaN, 2.5])
			for (const scan of [false, true]) {
				const bad = structuredClone(s);
				bad.scores[1] = wrong;
				expect(checkState(bad, before, undefined, scan).map((v) => v.message)).toContain(
					`player 1's score is ${wrong}: a score is a whole, finite number`
				);
			}
	});

	it('catch a figure out of the game without a rule recording it, and a recorded removal that did not happen', () => {
		const s = midGame();
		const before = snapshot(s);
		const pc = s.pieces.findIndex((p) => p.seg === -1);
		expect(pc).toBeGreaterThanOrEqual(0);
		const out = structuredClone(s);
		out.pieces[pc].seg = -2;
		const recorded = structuredClone(out);
		recorded.moduleState.test = { removed: [pc] };
		const notOut = structuredClone(s);
		notOut.moduleState.test = { removed: [pc, pc] };
		for (const scan of [false, true]) {
			expect(checkState(out, before, undefined, scan).map((v) => v.message)).toEqual([
				`piece ${pc} (${s.pieces[pc].kind} of ${s.pieces[pc].owner}) left the game without a rule recording it`
			]);
			expect(checkState(recorded, before, undefined, scan)).toEqual([]);
		}
		// the records are read on the full scans (and whenever a piece is out); a piece listed twice is reported once
		expect(checkState(notOut, before, undefined, true).map((v) => v.message)).toEqual([
			`piece ${pc} is recorded as removed but is not`
		]);
		expect(checkState(notOut, before, undefined, false)).toEqual([]);
	});

	it('sameState is equal exactly when the canonical states are', () => {
		const s = midGame();
		const copy = JSON.parse(JSON.stringify(s)) as GameState;
		expect(sameState(copy, s)).toBe(true);
		const changed = structuredClone(s);
		changed.scores[1]++;
		expect(canonical(changed)).not.toBe(canonical(s));
		expect(sameState(changed, s)).toBe(false);
		const moved = structuredClone(s);
		moved.moduleState.abbot = { ...(moved.moduleState.abbot ?? {}), marker: 1 };
		expect(sameState(moved, s)).toBe(false);
	});

	it('sameState without the log, and the logs compared move by move (the replay and undo checks)', () => {
		const s = midGame();
		const copy = JSON.parse(JSON.stringify(s)) as GameState;
		expect(sameMoves(copy.log, s.log)).toBe(true); // equal moves, not the same objects
		expect(sameMoves(s.log.slice(0, 5), s.log, 5)).toBe(true);
		expect(sameMoves(s.log.slice(0, 4), s.log, 5)).toBe(false);
		const other = structuredClone(s);
		other.log[3] = { type: 'pass' };
		expect(sameMoves(other.log, s.log)).toBe(false);
		// the log is all the two states differ in: only sameMoves tells them apart
		expect(sameState(other, s)).toBe(true);
		const scored = structuredClone(s);
		scored.scores[0]++;
		expect(sameState(scored, s)).toBe(false);
	});

	it('sameState (the replay check) leaves logs, redo stacks and path compression out, and sees every other change', () => {
		const s = midGame();
		const copy = JSON.parse(JSON.stringify(s)) as GameState;
		copy.log = [];
		copy.redo = [{ type: 'pass' }] as GameState['redo'];
		expect(sameState(copy, s)).toBe(true); // logs and redo stacks left out, the JSON form compared
		const compressed = structuredClone(s);
		for (let i = 0; i < compressed.parent.length; i++) {
			let r = i;
			while (compressed.parent[r] !== r) r = compressed.parent[r];
			compressed.parent[i] = r;
		}
		expect(sameState(compressed, s)).toBe(true); // the union-find compared by roots
		const variants: ((t: GameState) => void)[] = [
			(t) => t.scores[1]++,
			(t) => (t.moduleState.abbot = { ...(t.moduleState.abbot ?? {}), marker: 1 }),
			(t) => (t.pieces[0].owner = t.pieces[0].owner + 1),
			(t) => t.segmentTile.push(0),
			(t) => (t.parent[t.parent.length - 1] = 0),
			(t) => {
				// a root that segments point to, joined to another root: only its own entry differs
				const k = t.parent.find((p, j) => p !== j && t.parent[p] === p)!;
				t.parent[k] = t.parent.findIndex((p, j) => p === j && j !== k);
			},
			(t) => ((t.pieces[1] as unknown as Record<string, unknown>).extra = 0),
			(t) => t.pieces[1].seg++,
			(t) => t.featurePieces.push([0]),
			(t) => (t.featurePieces[t.featurePieces.findIndex((l) => l !== null)] = null),
			(t) => t.discarded.push(0),
			(t) => {
				const rng = t.rng; // a member moved to the end: JSON writes another text
				delete (t as Partial<GameState>).rng;
				t.rng = rng;
			}
		];
		for (const change of variants) {
			const t = structuredClone(s);
			change(t);
			expect(sameState(t, s)).toBe(false);
		}
		// a piece with a member of its own is compared as JSON, and the pieces after it still are
		const own = structuredClone(s);
		(own.pieces[0] as unknown as Record<string, unknown>).extra = 1;
		const ownMoved = structuredClone(own);
		expect(sameState(ownMoved, own)).toBe(true);
		ownMoved.pieces[1].seg++;
		expect(sameState(ownMoved, own)).toBe(false);
		// as JSON: a member left undefined is not written (equal, wherever it stands), one set to null is
		const undef = structuredClone(s);
		(undef.pieces[0] as unknown as Record<string, unknown>).extra = undefined;
		expect(sameState(undef, s)).toBe(true);
		expect(sameState(s, undef)).toBe(true);
		const first = structuredClone(s);
		first.pieces[0] = { extra: undefined, ...s.pieces[0] } as GameState['pieces'][number];
		expect(sameState(first, undef)).toBe(true);
		const nulled = structuredClone(undef);
		(nulled.pieces[0] as unknown as Record<string, unknown>).extra = null;
		expect(sameState(nulled, undef)).toBe(false);
		expect(sameState(undef, nulled)).toBe(false);
	});
});

describe('the replay and undo checks', () => {
	/** A finished base game of random moves. */
	function finished(seed: number): GameState {
		const { state } = startGame({
			expansions: [get('base')],
			players: ['A', 'B'],
			seed,
			quiet: true
		});
		let rng = seed;
		while (!state.finished) {
			const [m, next] = randomMove(legalMoves(state), rng);
			rng = next;
			apply(state, m, { mutate: true, quiet: true });
		}
		return state;
	}
	const findings = (s: GameState, undoAt: number) => {
		const out: string[] = [];
		checkReplay(s, undoAt, (v) => out.push(v.invariant));
		return out;
	};

	it('find nothing in a game the engine played, wherever undo is tried', () => {
		const s = finished(21);
		for (const at of [0, 1, 37, s.log.length - 1, s.log.length + 5])
			expect(findings(s, at)).toEqual([]);
	});

	it('find a final state the log does not reproduce, and a log the engine refuses', () => {
		const scored = finished(22);
		scored.scores[1] += 3;
		expect(findings(scored, 10)).toEqual(['replay-reproduces']);
		const moved = finished(23);
		const at = moved.log.findIndex((m) => m.type === 'place');
		moved.log[at] = { ...moved.log[at], x: 40, y: 40 } as GameState['log'][number];
		expect(findings(moved, 10)).toEqual(['replay-reproduces']);
	});
});

const cli = (...args: string[]) =>
	spawnSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		timeout: 120_000,
		// a run this short stays in the main thread: the pool takes all but its first chunk
		env: { ...process.env, CARCASSONNE_LAB_POOL: 'always' }
	});
const withoutTiming = (text: string) => {
	const { seconds: _s, workers: _w, ...rest } = JSON.parse(text);
	return rest;
};

describe('simulate on a pool', () => {
	it('gives the same report with 1 and 3 workers (the first chunk in the main thread, the rest on the pool)', () => {
		const args = [
			'simulate',
			'--expansions',
			'river,dragon',
			'--games',
			'45',
			'--seed',
			'9',
			'--players',
			'3',
			'--json'
		];
		const one = cli(...args, '--workers', '1');
		const three = cli(...args, '--workers', '3');
		expect(one.stderr).toBe('');
		expect(three.stderr).toBe('');
		expect(one.status).toBe(0);
		const a = withoutTiming(one.stdout);
		expect(a.games).toBe(45);
		expect(a.sampled).toBe(45);
		expect(withoutTiming(three.stdout)).toEqual(a);
	});

	it('sweeps the pairs of a mix against base alone', () => {
		const r = cli(
			'simulate',
			'--expansions',
			'bards,buddo,river',
			'--sweep',
			'pairs',
			'--games',
			'4',
			'--seed',
			'3',
			'--json'
		);
		expect(r.stderr).toBe('');
		const out = JSON.parse(r.stdout);
		expect(out.runs.map((x: { label: string }) => x.label)).toEqual([
			'base',
			'bards + buddo',
			'bards + river',
			'buddo + river'
		]);
		expect(out.runs[1].report.expansions).toEqual(['base', 'bards', 'buddo']);
		expect(out.comparisons).toHaveLength(3);
		expect(out.comparisons[0]).toMatchObject({ a: 'base', b: 'bards + buddo', games: 4 });
		expect(out.comparisons[0].rules.some((d: { name: string }) => d.name.startsWith('BARD-'))).toBe(
			true
		);
	});

	it('refuses a policy it does not know, naming the known ones', () => {
		const r = cli('simulate', '--policies', 'random,nobody', '--games', '1');
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/unknown bot "nobody"; known: random/);
	});
});

describe('findings and comparisons', () => {
	it('a tile the rules leave in the box is reported left out, not never placed', () => {
		// river edges on every side in a game without The River: river tiles play only with The River (RIVER-3.1.3)
		const broken = {
			id: 'broken-tile',
			name: 'Broken tile',
			version: '1.0.0',
			dependencies: ['base'],
			tiles: [
				{
					id: 'X',
					name: 'River on every side',
					count: 3,
					features: [{ id: 'w1', type: 'river', sides: ['N', 'E', 'S', 'W'] }]
				}
			]
		} as unknown as Expansion;
		const r = simulate({
			expansions: [get('base'), broken],
			players: ['A', 'B'],
			games: 20,
			seed: 5
		});
		expect(r.violations).toEqual([]);
		expect(r.findings.tilesLeftOut).toEqual(['broken-tile/X']);
		expect(r.stats.tiles.find((t) => t.tile === 'broken-tile/X')).toMatchObject({
			drawn: 0,
			placed: 0,
			completed: 0,
			scored: 0
		});
		// every base tile was placed
		expect(r.findings.tilesNeverPlaced).toEqual([]);
	});

	it("a flipped ruling shows in the comparison: the farm edition changes the rules that fire and the fields' points", () => {
		const cfg: CheckerConfig = {
			expansions: [get('base')],
			players: ['A', 'B'],
			games: 60,
			seed: 8
		};
		const first = simulate(cfg);
		const second = simulate({ ...cfg, rulings: { 'BASE-R2': '2nd' } });
		const c = compareReports(first, second, ['1st edition farms', '2nd edition farms']);
		expect(c.games).toBe(60);
		const names = c.rules.filter((d) => d.significant).map((d) => d.name);
		expect(names.length).toBeGreaterThan(0);
		expect(c.rules.every((d) => d.difference !== 0)).toBe(true);
		const fields = c.features.find((f) => f.kind === 'field')!;
		expect(fields.difference).not.toBe(0);
		// the same seeds: without the ruling the two runs are the same report
		expect(compareReports(first, simulate(cfg)).rules).toEqual([]);
	});

	it('the runs of a comparison (the CLI and the page build them alike): a flip, a sweep, and what they refuse', () => {
		const resolve = (ids: string[]) => {
			const r = resolveGame(ids, docs);
			return r.ok
				? { expansions: r.expansions, modules: r.modules }
				: r.errors.map((e) => e.message).join('; ');
		};
		const cfg: CheckerConfig = {
			expansions: [get('base')],
			players: ['A', 'B'],
			games: 4,
			seed: 2,
			rulings: { 'BASE-R2': '2nd' }
		};
		const flip = comparisonRuns(cfg, ['base'], { flip: { 'BASE-R1': 'c1-early' } }, resolve);
		if ('error' in flip) throw new Error(flip.error);
		expect(flip.map((r) => r.label)).toEqual(['BASE-R2=2nd', 'BASE-R1=c1-early']);
		expect(flip[1].cfg.rulings).toEqual({ 'BASE-R2': '2nd', 'BASE-R1': 'c1-early' });
		expect(comparisonRuns(cfg, ['base'], { flip: { 'BASE-R2': '2nd' } }, resolve)).toMatchObject({
			usage: true,
			error: expect.stringMatching(/does not already use/)
		});
		expect(comparisonRuns(cfg, ['base', 'bards'], { sweep: 'pairs' }, resolve)).toMatchObject({
			usage: true,
			error: expect.stringMatching(/at least two/)
		});
		expect(comparisonRuns(cfg, ['bards', 'nowhere'], { sweep: 'pairs' }, resolve)).toMatchObject({
			usage: false,
			error: expect.stringMatching(/nowhere/)
		});

		const sweep = comparisonRuns(cfg, ['bards', 'buddo', 'pig'], { sweep: 'subsets' }, resolve);
		if ('error' in sweep) throw new Error(sweep.error);
		const labels = sweep.map((r) => r.label);
		expect(labels).toEqual([
			'base',
			'bards + buddo',
			'bards + pig',
			'buddo + pig',
			'bards + buddo + pig'
		]);
		expect(sweep[3].cfg.modules).toContain('pig');
		const reports = sweep.slice(0, 3).map((r) => simulate(r.cfg));
		const rows = sweepRows(labels.slice(0, 3), reports, compareRuns(labels.slice(0, 3), reports));
		expect(rows.map((r) => r.mix)).toEqual(['base', 'bards + buddo', 'bards + pig']);
		expect(rows[0].shifts.every((d) => d.difference === 0 && !d.significant)).toBe(true);
		expect(rows[1].meanScore).toBe(
			Math.round(((reports[1].stats.seats[0].mean + reports[1].stats.seats[1].mean) / 2) * 100) /
				100
		);
		expect(rows[1].shifts[0].difference).toBe(
			Math.round((reports[1].stats.seats[0].mean - reports[0].stats.seats[0].mean) * 100) / 100
		);
	});

	it('keeps a finding with the record that reproduces it, at its move', () => {
		// a policy that, at its sixth placement, places the tile where nothing fits: apply refuses it
		BOTS['test-misplacer'] = {
			name: 'Test misplacer',
			about: 'misplaces its sixth tile',
			create: (seed, spec) => {
				const inner = createBot({ ...spec, bot: 'random' }, seed);
				let placements = 0;
				return {
					id: 'test-misplacer',
					decide: (state) => {
						const d = inner.decide(state);
						if (d.move.type === 'place' && ++placements === 6)
							return { move: { ...d.move, x: 40, y: 40 }, alternatives: [] };
						return d;
					}
				};
			}
		};
		try {
			const r = simulate({
				expansions: [get('base')],
				players: ['A', 'B'],
				games: 2,
				seed: 2,
				policies: [{ bot: 'random' }, { bot: 'test-misplacer' }]
			});
			expect(r.violationCounts).toEqual({ 'listed-moves-legal': 2 });
			const f = r.violations[0];
			expect(f.step).toBe(f.record.moves.length);
			expect(f.move).toMatchObject({ type: 'place', x: 40, y: 40 });
			const back = setupFromRecord(f.record, get);
			expect(back.errors).toEqual([]);
			const again = replay(back.setup!, back.moves);
			expect(again.error).toBeUndefined();
			const refused = apply(again.state, f.move!);
			expect(refused.ok).toBe(false);
			expect(r.stats.seats.map((s) => s.policy)).toEqual(['random', 'test-misplacer']);
		} finally {
			delete BOTS['test-misplacer'];
		}
	});
});

describe('combinations', () => {
	it('lists every pair, or every subset of two or more, smallest first', () => {
		expect(combinations(['a', 'b', 'c'])).toEqual([
			['a', 'b'],
			['a', 'c'],
			['b', 'c']
		]);
		expect(combinations(['a', 'b', 'c'], true)).toEqual([
			['a', 'b'],
			['a', 'c'],
			['b', 'c'],
			['a', 'b', 'c']
		]);
	});
});

describe('the follower-hoarding policy', () => {
	it('deploys a figure with HOARD followers or fewer in its supply only when nothing else is possible', () => {
		const bot = createBot({ bot: 'hoarder' }, 17);
		const { state } = startGame({
			expansions: [get('base'), get('inns-and-cathedrals')],
			players: ['A', 'B'],
			seed: 17,
			quiet: true
		});
		let deployedLow = 0;
		let passedLow = 0;
		while (!state.finished) {
			const step = state.pending[0];
			const supply = state.pieces.filter(
				(p) => p.owner === step.player && p.kind === 'follower' && p.seg === -1
			).length;
			const options = legalMoves(state);
			const { move } = bot.decide(state);
			expect(options).toContainEqual(move);
			if (step.kind !== 'place' && supply <= HOARD) {
				if (move.type === 'deploy') {
					deployedLow++;
					expect(options.every((m) => m.type === 'deploy')).toBe(true);
				} else if (options.some((m) => m.type === 'deploy')) passedLow++;
			}
			expect(apply(state, move, { mutate: true, quiet: true }).ok).toBe(true);
		}
		expect(passedLow).toBeGreaterThan(0);
		expect(deployedLow).toBe(0);
	});
});
