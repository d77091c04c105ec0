// The edges of a game (issue 32): the board holds any game within the limits (10,000 tiles in one
// line) without a cell aliasing another, coordinates off the board are refused where they enter, and
// every list that makes a game larger (a draw order, coin outcomes) is bounded with a located error
// (and a 422 lists the first 100 problems).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import {
	apply,
	boardTileAt,
	legalMoves,
	startGame,
	type Expansion,
	type GameState,
	type Move
} from '../src/lib/engine/index.ts';
import { IN_PLACE_SILENT } from '../src/lib/engine/index.ts';
import { BOARD_REACH } from '../src/lib/engine/cells.ts';
import recordSchema from '../schemas/game-record.v1.json';
import { validateGameRecord } from '../src/lib/formats/validate-scenario.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { errorResponse } from '../src/lib/server/api.ts';
import { setupFromRecord } from '../src/lib/engine/record.ts';
import { simulate } from '../src/lib/checker/index.ts';
import { MAX_DRAW_ORDER, MAX_GAME_TILES, MAX_OUTCOMES } from '../src/lib/formats/limits.ts';

const base: Expansion = JSON.parse(readFileSync('expansions/base.json', 'utf8'));
const setup = (drawOrder: string[], outcomes?: number[]) => ({
	expansions: [base],
	players: ['Ann', 'Bob'],
	seed: 1,
	drawOrder,
	outcomes,
	quiet: true
});

const play = (state: GameState, move: Move): GameState => {
	const r = apply(state, move, IN_PLACE_SILENT);
	if (!r.ok) throw new Error(`${JSON.stringify(move)}: ${r.refusal.message}`);
	return r.state;
};

describe('the board', () => {
	test('a line of 10,000 tiles north of the start: no cell wraps onto another, every listed cell touches the line', () => {
		// base/C is a city on all four sides: each one fits north of the last (the start tile's city faces north)
		let state = startGame(setup(Array(MAX_DRAW_ORDER).fill('base/C'))).state;
		for (let y = -1; y >= -MAX_DRAW_ORDER; y--) {
			state = play(state, { type: 'place', x: 0, y, rotation: 0 });
			state = play(state, { type: 'pass' });
		}
		expect(state.finished).toBe(true);
		expect(state.boardX.length).toBe(MAX_GAME_TILES);
		expect(boardTileAt(state, 0, 0)?.key).toBe('base/D');
		expect(boardTileAt(state, 0, -8192)?.key).toBe('base/C');
		expect(boardTileAt(state, 0, -MAX_DRAW_ORDER)?.key).toBe('base/C');
		// the open cells are those beside the line and at its two ends, nowhere else
		expect(state.front.length).toBe(2 * MAX_GAME_TILES + 2);
	});

	test('the last placements of a long line are listed where they are', () => {
		let state = startGame(setup(Array(5000).fill('base/C'))).state;
		for (let y = -1; y >= -4999; y--) {
			state = play(state, { type: 'place', x: 0, y, rotation: 0 });
			state = play(state, { type: 'pass' });
		}
		const cells = legalMoves(state).map(
			(m) => `${(m as { x: number }).x},${(m as { y: number }).y}`
		);
		for (const cell of cells) {
			const [x, y] = cell.split(',').map(Number);
			expect(
				Math.abs(x) === 1 ? y <= 0 && y >= -4999 : x === 0 && (y === 1 || y === -5000),
				cell
			).toBe(true);
		}
		expect(cells).toContain('0,-5000');
	});

	test('a placement at a far cell that would alias a near one is refused, located, as off the board or not adjacent', () => {
		const state = startGame(setup(['base/C', 'base/C'])).state;
		const tryPlace = (x: number, y: number) => apply(state, { type: 'place', x, y, rotation: 0 });
		// (0, -1) is the one legal cell north of the start; these coordinates shared its packed cell
		for (const [x, y] of [
			[2 ** 19, -1],
			[0, -1 + 2 ** 15],
			[0, -1 - 2 ** 16],
			[-(2 ** 20), -1]
		]) {
			const r = tryPlace(x, y);
			expect(r.ok, `${x},${y}`).toBe(false);
			if (!r.ok)
				expect(r.refusal).toMatchObject({
					code: 'off-board',
					rules: ['BASE-1.3.1'],
					details: { x, y }
				});
		}
		const near = tryPlace(-1, -1 + 8192);
		expect(near.ok).toBe(false);
		if (!near.ok) expect(near.refusal.code).toBe('not-adjacent');
		expect(tryPlace(0, -1).ok).toBe(true);
		// the view answers nothing there either
		expect(boardTileAt(state, 2 ** 19, 0)).toBeUndefined();
		expect(boardTileAt(state, 0, 2 ** 15)).toBeUndefined();
	});
});

describe('the lists that make a game larger', () => {
	test('a draw order beyond the size of a game does not start, naming /drawOrder; the largest one does', () => {
		expect(() => startGame(setup(Array(30_000).fill('base/C')))).toThrow(
			/\/drawOrder holds 30000 tiles: a game has at most 10000 tiles, so a draw order names at most 9999/
		);
		expect(() => startGame(setup(Array(MAX_DRAW_ORDER + 1).fill('base/C')))).toThrow(/\/drawOrder/);
		expect(startGame(setup(Array(MAX_DRAW_ORDER).fill('base/C'))).state.piles[0].tiles.length).toBe(
			MAX_DRAW_ORDER - 1
		); // one is drawn
	});

	test('coin outcomes beyond one a turn do not start, naming /outcomes', () => {
		expect(() => startGame(setup(['base/C'], Array(1_000_000).fill(1)))).toThrow(
			/\/outcomes holds 1000000 coin outcomes: .* at most 10000/
		);
		expect(startGame(setup(['base/C'], Array(MAX_OUTCOMES).fill(1))).state.outcomes.length).toBe(
			MAX_OUTCOMES
		);
	});

	test("a record naming a cell off the board is invalid at that move, with the engine's reach", () => {
		const record = {
			schemaVersion: 1,
			expansions: [{ id: 'base' }],
			players: ['Ann'],
			seed: 1,
			moves: [
				{ type: 'place', x: 2 ** 19, y: -1, rotation: 0 },
				{ type: 'dragon', x: 0, y: -BOARD_REACH - 1 }
			]
		};
		expect(validateGameRecord(record).map((p) => p.pointer)).toEqual(['/moves/0/x', '/moves/1/y']);
		const edge = {
			...record,
			moves: [{ type: 'place', x: BOARD_REACH, y: -BOARD_REACH, rotation: 0 }]
		};
		expect(validateGameRecord(edge)).toEqual([]);
		const move = recordSchema.properties.moves.items.properties;
		expect([move.x.minimum, move.x.maximum, move.y.minimum, move.y.maximum]).toEqual([
			-BOARD_REACH,
			BOARD_REACH,
			-BOARD_REACH,
			BOARD_REACH
		]);
	});

	test('a record with either list too long is invalid at its pointer', () => {
		const record = {
			schemaVersion: 1,
			expansions: [{ id: 'base' }],
			players: ['Ann'],
			seed: 1,
			moves: [],
			drawOrder: Array(MAX_DRAW_ORDER + 1).fill('base/C'),
			outcomes: Array(MAX_OUTCOMES + 1).fill(0)
		};
		expect(
			validateGameRecord(record)
				.map((p) => p.pointer)
				.sort()
		).toEqual(['/drawOrder', '/outcomes']);
		expect(validateGameRecord({ ...record, drawOrder: ['base/C'], outcomes: [0] })).toEqual([]);
	});
});

test('a 422 lists the first 100 problems and says how many more: 20,000 wrong outcomes are 101 entries', async () => {
	const record = {
		schemaVersion: 1,
		expansions: [{ id: 'base' }],
		players: ['Ann'],
		seed: 1,
		moves: [],
		outcomes: Array(20_000).fill(2)
	};
	const problems = validateGameRecord(record);
	expect(problems).toHaveLength(20_001);
	const body = await errorResponse(422, 'invalid', problems).json();
	expect(body.errors).toHaveLength(101);
	expect(body.errors.slice(0, 100)).toEqual(problems.slice(0, 100));
	expect(body.errors[100]).toEqual({
		pointer: '',
		message: '19,901 more problems (19,901 errors) not listed: the first 100 are',
		severity: 'note'
	});
});

test("a record's modules given as text is one located error, not a module per letter", () => {
	const r = setupFromRecord(
		{
			schemaVersion: 1,
			expansions: [{ id: 'base' }],
			modules: 'pig',
			players: ['Ann'],
			seed: 1,
			moves: []
		} as never,
		(id) => (id === 'base' ? base : undefined)
	);
	expect(r.errors).toEqual([
		`/modules: a list of rule module ids such as ["pig"], not the text 'pig'`
	]);
});

test('a record or scenario nested too deep is one located problem, not a throw', () => {
	const deep = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000));
	const record = {
		schemaVersion: 1,
		expansions: [{ id: 'base' }],
		players: ['Ann'],
		seed: 1,
		moves: [{ type: 'place', x: deep }]
	};
	const problems = validateGameRecord(record);
	expect(problems).toHaveLength(1);
	expect(problems[0].pointer.startsWith('/moves/0/x/0/0')).toBe(true);
	expect(problems[0].message).toMatch(/nested more than 100 levels/);
});

describe('the checker', () => {
	test('a valid game of 5,172 tiles (over 10,000 moves) ends without a violation: the bound on moves comes from the game', () => {
		// six of base's road and monastery designs, 850 copies each: every one fits almost anywhere
		const designs = ['A', 'B', 'U', 'V', 'W', 'X'].map((id) => ({
			...base.tiles.find((t) => t.id === id)!,
			count: 850
		}));
		const large = {
			id: 'large',
			name: 'Large',
			version: '1.0.0',
			dependencies: ['base'],
			tiles: designs
		} as unknown as Expansion;
		expect(
			validateExpansion(large, { available: new Map([['base', base]]) }).filter(
				(p) => p.severity === 'error'
			)
		).toEqual([]);
		const report = simulate({
			expansions: [base, large],
			players: ['A', 'B'],
			games: 1,
			seed: 1,
			checkMoves: false,
			sample: 0
		});
		expect(report.violations).toEqual([]);
		expect(report.placements).toBeGreaterThan(5_000);
		expect(report.moves).toBeGreaterThan(10_000);
	});
});
