// Refusal explanations name what is in the way (the rules' conventions: the occupant, with
// rule ids), not only the code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	apply,
	replay,
	setupFromRecord,
	startGame,
	type GameState,
	type Move,
	type ScoreEvent
} from '../src/lib/engine/index.ts';
import { loadExpansion as load } from './fixtures/checked-play.ts';

function play(ids: string[], drawOrder: string[], moves: object[]): GameState {
	let s = startGame({
		expansions: ids.map(load),
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder
	}).state;
	for (const m of moves) {
		const r = apply(s, m as never);
		if (!r.ok) throw new Error(r.refusal.message);
		s = r.state;
	}
	return s;
}

describe('note token refusals (BARD-PLACE-2, BARD-R5)', () => {
	// Bob's knight stands in the city north of the start tile; Ann's lute corner joins that city
	const s = play(
		['base', 'bards'],
		['base/U', 'base/R', 'bards/lute-corner'],
		[
			{ type: 'place', x: 1, y: 0, rotation: 1 },
			{ type: 'pass' },
			{ type: 'place', x: 0, y: -1, rotation: 2 },
			{ type: 'deploy', figure: 'follower', feature: 'c1' },
			{ type: 'place', x: 1, y: -1, rotation: 3 }
		]
	);

	it('names the occupant of the joined city', () => {
		const r = apply(s, { type: 'note', feature: 'c1' } as never);
		expect(r.ok).toBe(false);
		if (r.ok) return;
		expect(r.refusal.code).toBe('note-occupied');
		expect(r.refusal.message).toContain("Bob's follower at (0,-1) on c1");
		expect(r.refusal.details?.occupant).toMatchObject({
			owner: 1,
			figure: 'follower',
			x: 0,
			y: -1,
			feature: 'c1'
		});
		expect(r.refusal.rules).toContain('BARD-R5');
	});
});

/** The game of a scenario in scenarios/, replayed up to `upTo` moves (all by default), rulings overridden. */
function scenario(name: string, upTo?: number, rulings: Record<string, string> = {}) {
	const sc = JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8'));
	sc.game.rulings = { ...sc.game.rulings, ...rulings };
	const { setup, moves, errors } = setupFromRecord(sc.game, load);
	if (!setup) throw new Error(errors.join('; '));
	const r = replay(setup, moves.slice(0, upTo));
	if (r.error) throw new Error(r.error.refusal.message);
	return r;
}

function refusal(s: GameState, move: object) {
	const r = apply(s, move as Move);
	if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
	return r.refusal;
}

describe('a lute tile placement leaving no free feature (BARD-PLACE-3)', () => {
	// Ann's farmer in the field of the road at (1,0), Bob's knight in the city at (0,-1)
	const { state } = scenario('BARD-PLACE-3-no-free-feature-refused', 4);

	it('names what occupies each feature of the lute tile', () => {
		const r = refusal(state, { type: 'place', x: 1, y: -1, rotation: 3 });
		expect(r.code).toBe('no-free-feature');
		expect(r.message).toContain("c1: joins Bob's follower at (0,-1) on c1");
		expect(r.message).toContain("f1: joins Ann's follower at (1,0) on f2");
		expect(r.details?.features).toEqual([
			expect.objectContaining({
				feature: 'c1',
				kind: 'city',
				occupant: expect.objectContaining({
					owner: 1,
					figure: 'follower',
					x: 0,
					y: -1,
					feature: 'c1'
				})
			}),
			expect.objectContaining({
				feature: 'f1',
				kind: 'field',
				occupant: expect.objectContaining({
					owner: 0,
					figure: 'follower',
					x: 1,
					y: 0,
					feature: 'f2'
				})
			})
		]);
		expect(r.rules).toEqual(expect.arrayContaining(['BARD-PLACE-3', 'BARD-R5']));
	});
});

describe('an inn that already has an owner (ISO-R1)', () => {
	it('one-per-feature: names the innkeeper already on the road and where', () => {
		// Ann's innkeeper on r1 of the inn at (1,0); the second inn at (2,0) joins the road
		const { state } = scenario('ISO-R1-one-per-feature', 4);
		const r = refusal(state, { type: 'owner', feature: 'r1' });
		expect(r.code).toBe('owner-taken');
		expect(r.message).toContain("Ann's innkeeper at (1,0) on r1");
		expect(r.details?.occupant).toMatchObject({
			owner: 0,
			figure: 'owner',
			x: 1,
			y: 0,
			feature: 'r1'
		});
		expect(r.rules).toContain('ISO-R1');
	});

	it('one-owner-each: names the owner already on this inn', () => {
		const { state } = scenario('ISO-R1-one-per-feature', 2, { 'ISO-R1': 'one-owner-each' });
		const r = refusal(state, { type: 'owner', feature: 'r1' });
		expect(r.code).toBe('owner-taken');
		expect(r.message).toContain("Ann's innkeeper at (1,0) on r1");
		expect(r.details?.occupant).toMatchObject({ owner: 0, x: 1, y: 0, feature: 'r1' });
	});
});

const scores = (events: { type: string }[]) =>
	events.filter((e): e is ScoreEvent => e.type === 'score');

describe('score events cite the rules of figures whose strength is not 1', () => {
	it('a large meeple deciding the majority cites IC-2.3', () => {
		const city = scores(scenario('IC-2.3-large-meeple-majority').events).find(
			(e) => e.feature.kind === 'city' && e.points === 8
		);
		expect(city?.strengths).toEqual({ '0': 2, '1': 1 });
		expect(city?.rules).toContain('IC-2.3');
	});

	it('Buddo in the majority cites BUDDO-SCORE-1', () => {
		const road = scores(scenario('BUDDO-SCORE-2-nobody-scores').events).find(
			(e) => e.feature.kind === 'road'
		);
		expect(road?.strengths).toEqual({ neutral: 2 });
		expect(road?.rules).toEqual(expect.arrayContaining(['BUDDO-SCORE-1', 'BUDDO-SCORE-2']));
	});

	it('the 1st-edition farmers around a city (BASE-R2) cite them too', () => {
		const farm = scores(scenario('BASE-R2-1st-edition-buddo-denies').events).find(
			(e) => e.feature.farmers
		);
		expect(farm?.strengths).toEqual({ '0': 1, neutral: 2 });
		expect(farm?.rules).toEqual(expect.arrayContaining(['BASE-1.9', 'BUDDO-SCORE-1']));
	});

	it('followers of strength 1 alone cite neither', () => {
		// Ann's thief alone on the open road U+D+V at the end, Inns & Cathedrals in play
		const setup = {
			expansions: ['base', 'inns-and-cathedrals'].map(load),
			players: ['Ann', 'Bob'],
			seed: 1,
			drawOrder: ['base/U', 'base/V']
		};
		const moves = [
			{ type: 'place', x: 1, y: 0, rotation: 1 },
			{ type: 'deploy', figure: 'follower', feature: 'r1' },
			{ type: 'place', x: -1, y: 0, rotation: 2 },
			{ type: 'pass' }
		] as Move[];
		const road = scores(replay(setup, moves).events).find((e) => e.feature.kind === 'road');
		expect(road?.figures).toMatchObject([{ figure: 'follower', strength: 1 }]);
		expect(road?.rules).not.toContain('IC-2.3');
	});
});

describe('ruling MM-R1 deciding a score', () => {
	it('says that nobody has strength above 0 and every player with a follower scores', () => {
		const city = scores(scenario('MM-R1-mayor-and-scarecrow-alone-at-final-scoring').events).find(
			(e) => e.feature.kind === 'city'
		);
		expect(city?.winners).toEqual([0]);
		expect(city?.why).toBe(
			'nobody has strength above 0: by ruling MM-R1 every player with a follower there scores (Ann)'
		);
		expect(city?.text).toContain(city!.why);
		expect(city?.why).not.toContain('majority');
	});

	it('the 1st-edition farmers around a city (BASE-R2) say so too and cite MM-R1', () => {
		// Ann closes the start city with a cap and stands her scarecrow (strength 0) in its field
		const setup = {
			expansions: ['base', 'messengers-and-mayors'].map(load),
			players: ['Ann'],
			seed: 1,
			drawOrder: ['base/E'],
			rulings: { 'BASE-R2': '1st' }
		};
		const moves = [
			{ type: 'draw' },
			{ type: 'place', x: 0, y: -1, rotation: 2 },
			{ type: 'deploy', figure: 'scarecrow', feature: 'f1' },
			{ type: 'town-hall', x: -1, y: 0 },
			{ type: 'pass' }
		] as Move[];
		const r = replay(setup, moves);
		expect(r.error).toBeUndefined();
		const farm = scores(r.events).find((e) => e.feature.farmers);
		expect(farm?.winners).toEqual([0]);
		expect(farm?.why).toBe(
			'nobody has strength above 0: by ruling MM-R1 every player with a follower there scores (Ann)'
		);
		expect(farm?.rules).toContain('MM-R1');
	});
});
