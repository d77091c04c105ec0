// The sandbox's timeline on long games: it keeps a bounded number of engine states (checkpoints,
// a few recent ones, the last), yet every step's state is the engine's replay of the moves up to it;
// the log is read a page at a time; play, undo and play on cut the timeline consistently.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../../cli/files.ts';
import {
	cloneState,
	legalMoves,
	replay,
	sameState,
	setupFromRecord,
	type Expansion,
	type GameState
} from '../engine/index.ts';
import { bigExpansion, bigRecord } from '../../../scripts/big-game.ts';
import { FIRST_SPAN, MAX_CHECKPOINTS, SandboxSession } from './session.svelte.ts';

const all = availableExpansions();
const base = all.get('base') as Expansion;
// 200 designs, 2,000 copies: a whole game of ~4,200 steps (the checkpoints' span twice the first)
const big = bigExpansion(base, 200, 2000, 3);
const lookup = (id: string) => (id === big.id ? big : all.get(id));
const record = bigRecord(base, big, 100_000, 3);

describe('a long game', () => {
	const loaded = SandboxSession.fromRecord(record, lookup);
	const s = loaded.session!;

	test('loads whole, keeping at most MAX_CHECKPOINTS checkpoints besides a few recent states (not one per step)', () => {
		expect(loaded.errors).toEqual([]);
		expect(loaded.refused).toBeUndefined();
		expect(record.moves.length).toBeGreaterThan(MAX_CHECKPOINTS * FIRST_SPAN);
		expect(s.steps.length).toBe(record.moves.length + 1);
		expect(s.state.finished).toBe(true);
		expect(s.keptStates).toBeLessThanOrEqual(MAX_CHECKPOINTS + 1);
		for (const i of [5, 700, 3000, 10, 4000 % s.steps.length]) s.stateAt(i);
		expect(s.keptStates).toBeLessThanOrEqual(MAX_CHECKPOINTS + 8 + 1);
	});

	test("every step's state is the engine's replay up to it (checkpoints, between them, after the span doubled)", () => {
		const n = s.steps.length;
		const wanted = new Set(
			[
				0,
				1,
				FIRST_SPAN - 1,
				FIRST_SPAN,
				FIRST_SPAN + 1,
				2 * FIRST_SPAN * MAX_CHECKPOINTS - 1,
				2 * FIRST_SPAN * MAX_CHECKPOINTS + 1,
				Math.floor(n / 2),
				n - 2,
				n - 1
			].filter((i) => i < n)
		);
		const expected = new Map<number, GameState>();
		const { setup, moves } = setupFromRecord(record, lookup);
		replay(setup!, moves, {
			quiet: true,
			events: false,
			onStep: (i, _m, _e, st) => wanted.has(i + 1) && expected.set(i + 1, cloneState(st))
		});
		// out of order: a later step first, then earlier ones (the recent states are no shortcut back)
		for (const i of [...wanted].sort((a, b) => ((a * 7919) % 13) - ((b * 7919) % 13)))
			expect(sameState(s.stateAt(i), expected.get(i)!), `step ${i}`).toBe(true);
	});

	test('the log: the events up to the step shown, its last page read without copying the whole', () => {
		const { setup, moves } = setupFromRecord(record, lookup);
		const loud = replay(setup!, moves, { quiet: false });
		expect(s.eventCount).toBe(loud.events.length);
		expect(s.events.map((e) => e.type)).toEqual(loud.events.map((e) => e.type));
		const tail = s.logTail(300);
		expect(tail).toHaveLength(300);
		expect(tail.map((l) => l.event)).toEqual(loud.events.slice(-300));
		expect(tail[299].step).toBe(s.steps.length - 1);
		s.jump(100);
		expect(s.eventCount).toBe(s.steps[100].eventsThrough);
		expect(
			s
				.logTail(5)
				.map((l) => l.step)
				.every((st) => st <= 100)
		).toBe(true);
		expect(s.logTail(1e6)).toHaveLength(s.steps[100].eventsThrough);
	});
});

test('play, undo and play on from an earlier step: the timeline is cut there and replays alike', () => {
	const s = new SandboxSession({ expansions: [base], players: ['Ann', 'Bob'], seed: 9 });
	for (let i = 0; i < 100; i++)
		expect(s.play(legalMoves(s.state)[i % 3] ?? legalMoves(s.state)[0])).toBeNull();
	expect(s.steps.length).toBe(101);
	s.undo();
	expect(s.at).toBe(99);
	s.jump(70);
	const other = legalMoves(s.state).at(-1)!;
	expect(s.play(other)).toBeNull();
	expect(s.steps.length).toBe(72);
	expect(s.steps[71].move).toEqual(other);
	const r = replay(s.setup, s.fullRecord().moves as never, { quiet: true, events: false });
	expect(sameState(s.stateAt(71), r.state)).toBe(true);
	for (const i of [64, 65, 70]) {
		const partial = replay(
			s.setup,
			s.steps.slice(1, i + 1).map((x) => x.move!),
			{ quiet: true, events: false }
		);
		expect(sameState(s.stateAt(i), partial.state), `step ${i}`).toBe(true);
	}
	expect(s.eventCount).toBe(s.events.length);
	s.jump(10);
	s.truncate();
	expect(s.steps.length).toBe(11);
	expect(s.fullRecord().moves).toHaveLength(10);
	expect(s.moverOf(10)).toBe(s.steps[9].player);
});

test("an extra turn (Traders & Builders' builder): the same seat plays again, as the engine says", () => {
	const game = JSON.parse(
		readFileSync('scenarios/TB-BUILDER-2-extending-the-road-gives-another-turn.json', 'utf8')
	).game;
	const loaded = SandboxSession.fromRecord(game, (id) => all.get(id));
	expect(loaded.errors).toEqual([]);
	// whose step each is: Ann's turn at moves 8–9 extends her builder's road, she plays 10–11 too, then Bob
	expect(loaded.session!.steps.slice(0, -1).map((x) => x.player)).toEqual([
		0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1
	]);
});
