// Free mode (the sandbox's "pick the next tile"): the pick step replaces the draw, the rules stay
// the rules (the river before the land, a tile that fits nowhere refused, a dragon before any
// volcano set aside), records replay, and the invariants hold under random free play.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import {
	apply,
	legalMoves,
	startGame,
	recordOf,
	setupFromRecord,
	replay,
	tilesToDraw,
	type Expansion,
	type GameState,
	type Move
} from '../src/lib/engine/index.ts';
import { simulate } from '../src/lib/checker/index.ts';

const docs = availableExpansions();
const get = (id: string) => docs.get(id) as Expansion;
const lookup = (id: string) => docs.get(id);
const tileOf = (m: Move) => (m as { tile?: unknown }).tile;

function play(state: GameState, move: Move): GameState {
	const r = apply(state, move);
	if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.refusal.message}`);
	return r.state;
}

describe('free mode', () => {
	it('asks for a pick instead of drawing, lists one pick per kind of tile left, and places the picked tile', () => {
		const { state } = startGame({
			expansions: [get('base')],
			players: ['Ann', 'Bob'],
			seed: 3,
			free: true
		});
		expect(state.pending[0].kind).toBe('pick');
		const picks = legalMoves(state);
		const kinds = new Set(tilesToDraw(state).map((t) => t.key));
		expect(picks.map(tileOf).sort()).toEqual([...kinds].sort());
		const s1 = play(state, { type: 'pick', tile: 'base/U' });
		expect(s1.pending[0].kind).toBe('place');
		expect(legalMoves(s1).every((m) => tileOf(m) === 'base/U')).toBe(true);
		const left = tilesToDraw(s1).find((t) => t.key === 'base/U')?.count;
		expect(left).toBe((tilesToDraw(state).find((t) => t.key === 'base/U')?.count ?? 0) - 1);
	});

	it('refuses a tile that is not left, one that fits nowhere, and a land tile while the river is drawn', () => {
		const { state } = startGame({
			expansions: [get('base')],
			players: ['Ann', 'Bob'],
			seed: 3,
			free: true,
			start: 'base/D'
		});
		const unknown = apply(state, { type: 'pick', tile: 'base/NOPE' });
		expect(unknown.ok || unknown.refusal.code).toBe('wrong-tile');
		const river = startGame({
			expansions: [get('base'), get('river')],
			players: ['Ann', 'Bob'],
			seed: 3,
			free: true
		}).state;
		const land = apply(river, { type: 'pick', tile: 'base/U' });
		expect(land.ok || land.refusal).toMatchObject({ code: 'not-yet', rules: ['RIVER-3.1.1'] });
		expect(legalMoves(river).every((m) => String(tileOf(m)).startsWith('river/'))).toBe(true);
		// the lake comes last: not pickable while other river tiles are left
		const lake = get('river').tiles.find((t) => t.role === 'lake')!;
		const early = apply(river, { type: 'pick', tile: `river/${lake.id}` });
		expect(early.ok || early.refusal.code).toBe('not-yet');
	});

	it('refuses a pick of a tile with no legal placement (BASE-1.3.6) instead of discarding it, and does not list it', () => {
		// start on the monastery with four field sides (B): the city on all four sides (C) fits nowhere
		const { state } = startGame({
			expansions: [get('base')],
			players: ['Ann', 'Bob'],
			seed: 3,
			free: true,
			start: 'base/B'
		});
		const r = apply(state, { type: 'pick', tile: 'base/C' });
		expect(r.ok || r.refusal).toMatchObject({ code: 'fits-nowhere', rules: ['BASE-1.3.6'] });
		expect(legalMoves(state).some((m) => tileOf(m) === 'base/C')).toBe(false);
		expect(legalMoves(state).some((m) => tileOf(m) === 'base/E')).toBe(true);
	});

	it('a free game record replays to the same state with the CLI path (setupFromRecord + replay)', () => {
		let { state } = startGame({
			expansions: [get('base'), get('inns-and-cathedrals')],
			players: ['Ann', 'Bob'],
			seed: 5,
			free: true
		});
		for (let i = 0; i < 30 && !state.finished; i++)
			state = play(state, legalMoves(state)[i % legalMoves(state).length]);
		const rec = recordOf(state);
		expect(rec.free).toBe(true);
		const { setup, moves, errors } = setupFromRecord(JSON.parse(JSON.stringify(rec)), lookup);
		expect(errors).toEqual([]);
		const r = replay(setup!, moves);
		expect(r.error).toBeUndefined();
		expect(r.state.scores).toEqual(state.scores);
		expect(r.state.boardTile).toEqual(state.boardTile);
	});

	for (const ids of [
		['base'],
		['base', 'river', 'dragon'],
		[
			'base',
			'inns-and-cathedrals',
			'bards',
			'inn-and-stable-owners',
			'buddo',
			'messengers-and-mayors'
		]
	]) {
		it(`random free play keeps every invariant: ${ids.join(' + ')}`, () => {
			const r = simulate({
				expansions: ids.map(get),
				players: ['A', 'B', 'C'],
				free: true,
				games: 6,
				seed: 21
			});
			expect(r.violations.map((v) => `game ${v.game}: ${v.invariant}: ${v.message}`)).toEqual([]);
			expect(r.placements).toBeGreaterThan(6 * 50);
		});
	}
});
