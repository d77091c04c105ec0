// The score board's breakdown must account for every point the engine gives: over seeded random
// games of every expansion, the sums by feature kind and by expansion equal the state's scores.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import {
	apply,
	contextOf,
	legalMoves,
	ruleSources,
	startGame,
	type Expansion,
	type GameEvent
} from '../engine/index.ts';
import { randomMove } from '../engine/random.ts';
import { finalScoring, scoreBreakdown } from './scores.ts';
import { boardTargets, litCells, usableRotation } from './scene.ts';
import { moveLabel, targetOf } from './moves.ts';

const docs = availableExpansions();
const get = (id: string) => docs.get(id) as Expansion;
const ALL = [
	'base',
	'inns-and-cathedrals',
	'river',
	'dragon',
	'bards',
	'inn-and-stable-owners',
	'buddo',
	'messengers-and-mayors'
];

function playOut(ids: string[], seed: number, modules: string[] = []) {
	const { state, events } = startGame({
		expansions: ids.map(get),
		modules,
		players: ['A', 'B', 'C'],
		seed
	});
	const all: GameEvent[] = [...events];
	let rng = seed;
	const seen = { targets: 0, labels: new Set<string>() };
	while (!state.finished) {
		const legal = legalMoves(state);
		for (const m of legal) {
			seen.labels.add(moveLabel(m, state));
			const t = targetOf(m, state);
			if (t) {
				seen.targets++;
				// a target names a tile on the board (or an empty cell for a town hall)
				if (m.type !== 'town-hall')
					expect(state.boardX.some((x, b) => x === t.x && state.boardY[b] === t.y)).toBe(true);
			}
		}
		const [m, next] = randomMove(legal, rng);
		rng = next;
		const r = apply(state, m, { mutate: true });
		if (!r.ok) throw new Error(r.refusal.message);
		all.push(...r.events);
	}
	return { state, events: all, seen };
}

describe('score breakdown', () => {
	for (const [ids, modules] of [
		[['base'], []],
		[['base', 'inns-and-cathedrals', 'river', 'dragon'], ['pig']],
		[ALL, []]
	] as [string[], string[]][]) {
		it(`accounts for every point: ${ids.join(' + ')}${modules.length ? ` + ${modules}` : ''}`, () => {
			for (const seed of [1, 2, 3]) {
				const { state, events, seen } = playOut(ids, seed, modules);
				const b = scoreBreakdown(events, 3, ruleSources(contextOf(state)));
				expect(b.map((x) => x.total)).toEqual(state.scores);
				for (const x of b) {
					expect(Object.values(x.byKind).reduce((n, v) => n + v, 0)).toBe(x.total);
					expect(Object.values(x.byExpansion).reduce((n, v) => n + v, 0)).toBe(x.total);
				}
				expect(finalScoring(events).every((e) => e.final)).toBe(true);
				expect(seen.targets).toBeGreaterThan(0);
				expect([...seen.labels].every((l) => l.length > 3 && !l.includes('undefined'))).toBe(true);
			}
		});
	}
	it('attributes points to the expansion whose rule gave them', () => {
		const { state, events } = playOut(['base', 'inns-and-cathedrals', 'bards'], 4);
		const b = scoreBreakdown(events, 3, ruleSources(contextOf(state)));
		const expansions = new Set(b.flatMap((x) => Object.keys(x.byExpansion)));
		expect(expansions.has('base')).toBe(true);
		expect([...expansions].every((m) => ['base', 'inns-and-cathedrals', 'bards'].includes(m))).toBe(
			true
		);
	});
});

describe('board scene', () => {
	it('lights every cell of a legal placement, solid where the rotation fits', () => {
		const { state } = startGame({ expansions: [get('base')], players: ['A', 'B'], seed: 3 });
		const legal = legalMoves(state);
		const r = usableRotation(legal, 0);
		const lit = litCells(legal, r);
		expect(lit.length).toBe(
			new Set(legal.map((m) => `${(m as { x: number }).x},${(m as { y: number }).y}`)).size
		);
		for (const c of lit)
			expect(c.fits).toBe(
				legal.some(
					(m) =>
						(m as { x: number }).x === c.x &&
						(m as { y: number }).y === c.y &&
						(m as { rotation: number }).rotation === r
				)
			);
		expect(lit.some((c) => c.fits)).toBe(true);
	});
	it('groups the figure step’s moves by the feature they point at', () => {
		const { state } = startGame({
			expansions: [get('base'), get('inns-and-cathedrals')],
			players: ['A', 'B'],
			seed: 3
		});
		const s1 = apply(state, legalMoves(state)[0]);
		if (!s1.ok) throw new Error(s1.refusal.message);
		const legal = legalMoves(s1.state);
		const targets = boardTargets(legal, s1.state);
		expect(targets.flatMap((t) => t.moves).length).toBe(
			legal.filter((m) => m.type !== 'pass').length
		);
		// follower and large meeple on the same feature share one target
		expect(targets.some((t) => t.moves.length === 2)).toBe(true);
	});
});
