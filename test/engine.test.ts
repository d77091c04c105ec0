import { describe, expect, it } from 'vitest';
import {
	apply,
	createGame,
	legalMoves,
	startGame,
	undo,
	redo,
	playRandomGame,
	type GameState,
	type Move,
	type ScoreEvent
} from '../src/lib/engine/index.ts';
import { base } from './fixtures/tilesets.ts';

function play(state: GameState, ...moves: Move[]) {
	const events = [];
	for (const m of moves) {
		const r = apply(state, m);
		if (!r.ok) throw new Error(`${JSON.stringify(m)}: ${r.refusal.message}`);
		state = r.state;
		events.push(...r.events);
	}
	return { state, events };
}

describe('base engine', () => {
	it('starts with D at the origin and offers placements for the first drawn tile', () => {
		const { state, events } = startGame({
			expansions: [base],
			players: ['Ann', 'Bob'],
			seed: 1,
			drawOrder: ['base/E']
		});
		expect(events.map((e) => e.type)).toEqual(['start', 'draw']);
		const moves = legalMoves(state) as { x: number; y: number; rotation: number }[];
		// E (city N) can go north of D with its city facing down: rotation 2
		expect(moves).toContainEqual({ type: 'place', tile: 'base/E', x: 0, y: -1, rotation: 2 });
		// …but not with its field against D's city
		expect(moves).not.toContainEqual({ type: 'place', tile: 'base/E', x: 0, y: -1, rotation: 0 });
	});

	it('refuses a mismatched edge naming the neighbour', () => {
		const s = createGame({
			expansions: [base],
			players: ['Ann', 'Bob'],
			seed: 1,
			drawOrder: ['base/E']
		});
		const r = apply(s, { type: 'place', x: 0, y: -1, rotation: 0 });
		expect(r.ok).toBe(false);
		if (!r.ok) {
			expect(r.refusal.code).toBe('edge-mismatch');
			expect(r.refusal.rules).toContain('BASE-1.3.2');
			expect(r.refusal.details?.neighbour).toEqual({ x: 0, y: 0, tile: 'base/D' });
		}
	});

	it('scores a two-tile city for its knight: 2 tiles × 2 = 4', () => {
		const s = createGame({
			expansions: [base],
			players: ['Ann', 'Bob'],
			seed: 1,
			drawOrder: ['base/E', 'base/U']
		});
		const { state, events } = play(
			s,
			{ type: 'place', x: 0, y: -1, rotation: 2 },
			{ type: 'deploy', figure: 'follower', feature: 'c1' }
		);
		const score = events.find((e) => e.type === 'score') as ScoreEvent;
		expect(score.winners).toEqual([0]);
		expect(score.points).toBe(4);
		expect(score.arithmetic).toBe('2 tiles × 2 = 4');
		expect(state.scores).toEqual([4, 0]);
		// the knight came back
		expect(state.pieces.filter((p) => p.owner === 0 && p.seg === -1)).toHaveLength(7);
	});

	it('refuses a follower on an occupied road, naming where the occupant stands', () => {
		const s = createGame({
			expansions: [base],
			players: ['Ann', 'Bob'],
			seed: 1,
			drawOrder: ['base/U', 'base/V', 'base/V']
		});
		// Ann: U east of D continues D's road; Bob: V west of D turns it
		let st = play(
			s,
			{ type: 'place', x: 1, y: 0, rotation: 1 },
			{ type: 'deploy', figure: 'follower', feature: 'r1' }
		).state;
		const r = apply(st, { type: 'place', x: -1, y: 0, rotation: 2 });
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		st = r.state;
		const d = apply(st, { type: 'deploy', figure: 'follower', feature: 'r1' });
		expect(d.ok).toBe(false);
		if (!d.ok) {
			expect(d.refusal.code).toBe('feature-occupied');
			expect(d.refusal.rules).toEqual(['BASE-1.4.3']);
			expect(d.refusal.details?.occupant).toMatchObject({ owner: 0, x: 1, y: 0, feature: 'r1' });
		}
	});

	it('plays random games to the end; undo then redo is the identity', () => {
		for (let seed = 1; seed <= 5; seed++) {
			const r = playRandomGame({ expansions: [base], players: ['A', 'B', 'C'], seed });
			expect(r.error).toBeUndefined();
			expect(r.state.finished).toBe(true);
			expect(r.placements).toBeGreaterThan(60);
		}
		let s = createGame({ expansions: [base], players: ['A', 'B'], seed: 3 });
		for (let i = 0; i < 20; i++) s = (apply(s, legalMoves(s)[0]) as { state: GameState }).state;
		const back = undo(s)!;
		expect(back.log.length).toBe(19);
		const again = redo(back);
		expect(again?.ok).toBe(true);
		if (again?.ok)
			expect(JSON.parse(JSON.stringify(again.state))).toEqual(JSON.parse(JSON.stringify(s)));
		expect(back.redo).toHaveLength(1); // the copying redo left the undone state as it was
		// in place and without events (the checker's redo): the same state, the undone one changed into it
		const inPlace = redo(back, { mutate: true, events: false });
		expect(inPlace?.ok && inPlace.state === back && inPlace.events.length === 0).toBe(true);
		expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(s)));
	});
});

describe('state and records', () => {
	it('survives JSON and keeps playing the same', async () => {
		const { recordOf, setupFromRecord } = await import('../src/lib/engine/record.ts');
		const { restoreGame, replay } = await import('../src/lib/engine/index.ts');
		let s = createGame({ expansions: [base], players: ['A', 'B'], seed: 9 });
		for (let i = 0; i < 30; i++)
			s = (apply(s, legalMoves(s)[i % legalMoves(s).length]) as { state: GameState }).state;
		const copy = restoreGame(JSON.parse(JSON.stringify(s)), [base]);
		expect(legalMoves(copy)).toEqual(legalMoves(s));
		const rec = recordOf(s);
		expect(rec.moves).toHaveLength(30);
		expect(rec.rulings).toMatchObject({ 'BASE-R1': 'modern', 'BASE-R2': '3rd' });
		const back = setupFromRecord(rec, (id) => (id === 'base' ? base : undefined));
		expect(back.warnings).toEqual([]);
		const again = replay(back.setup!, back.moves);
		expect(again.state.scores).toEqual(s.scores);
		expect(again.state.log).toEqual(s.log);
	});
	it('refuses a place move naming another tile', () => {
		const s = createGame({ expansions: [base], players: ['A'], seed: 1, drawOrder: ['base/E'] });
		const r = apply(s, { type: 'place', tile: 'base/U', x: 0, y: -1, rotation: 2 });
		expect(r.ok ? '' : r.refusal.code).toBe('wrong-tile');
	});
});

describe('startGame refuses a setup it cannot play, saying why', () => {
	it('parameters out of their declared range, too many players', () => {
		const bad = { ...base, parameters: { roadTilePoints: -5, monasteryPoints: 1e308 } };
		expect(() => startGame({ expansions: [bad], players: ['Ann', 'Bob'], seed: 1 })).toThrow(
			'the game cannot start: parameter roadTilePoints is -5: it must be a whole number from 0 to 100; parameter monasteryPoints is 1e+308: it must be a whole number from 0 to 100'
		);
		const nine = Array.from({ length: 9 }, (_, i) => `P${i}`);
		expect(() => startGame({ expansions: [base], players: nine, seed: 1 })).toThrow(
			'a game has 1 to 8 players, not 9'
		);
		expect(() => startGame({ expansions: [base], players: [], seed: 1 })).toThrow(
			'a game has 1 to 8 players, not 0'
		);
	});
	it('a figure count out of range and more tiles than a game holds', () => {
		const many = {
			...base,
			figures: [{ id: 'follower', name: 'Follower', perPlayer: 1e9 }],
			tiles: base.tiles.map((t) => ({ ...t, count: 1000 }))
		};
		expect(() => startGame({ expansions: [many], players: ['Ann'], seed: 1 })).toThrow(
			/figure follower of base: perPlayer is 1000000000: it must be a whole number from 0 to 20; the expansions hold \d+ tiles: a game has at most 10000/
		);
	});
	it('no start tile', () => {
		const none = { ...base, tiles: base.tiles.map(({ role: _role, ...t }) => t) };
		expect(() => startGame({ expansions: [none], players: ['Ann'], seed: 1 })).toThrow(
			/no start tile/
		);
	});
});
