// The legend's and the figure menu's citations come from the figures' definitions (the expansions'
// data and modules), so they cite what the engine cites: the large meeple's is IC-2.3, not the inn's.
import { describe, expect, test } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { readFileSync } from 'node:fs';
import {
	apply,
	contextOf,
	replay,
	resolveGame,
	ruleBook,
	setupFromRecord,
	startGame,
	type Move
} from '../engine/index.ts';
import type { Scenario } from '../engine/scenario.ts';
import { figureHelp, moveHelp, moveLabel } from './moves.ts';
import { boardPieces } from '../engine/view.ts';

const all = availableExpansions();
const gameOf = (ids: string[]) => {
	const r = resolveGame(ids, all);
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	return startGame({
		expansions: r.expansions,
		modules: r.modules,
		players: ['Ann', 'Bob'],
		seed: 1
	}).state;
};

describe('figure help', () => {
	const state = gameOf(['inns-and-cathedrals']);

	test('the large meeple cites IC-2.3 (its strength), not IC-2.4 (the inn), in the legend and the menu', () => {
		const tip = moveHelp(
			{ type: 'deploy', figure: 'large', feature: 'r1' } as Move,
			ruleBook(state),
			state
		);
		expect(tip.rules).toMatch(/^IC-2\.3: /m);
		expect(tip.rules).not.toMatch(/IC-2\.4/);
		const help = figureHelp('large', state)!;
		expect(help.rules).toContain('IC-2.3');
		expect(help.rules).not.toContain('IC-2.4');
	});

	test('every figure of a game of the shipped expansions cites at least what its definition cites', () => {
		const big = gameOf([
			'inns-and-cathedrals',
			'bards',
			'inn-and-stable-owners',
			'buddo',
			'messengers-and-mayors'
		]);
		for (const [kind, def] of contextOf(big).figures) {
			const rules = figureHelp(kind, big)?.rules ?? [];
			for (const r of [...(def.strengthRules ?? []), ...def.rules])
				expect(rules, kind).toContain(r);
		}
	});
});

describe('a data step’s moves are labelled from the engine and the document', () => {
	test('the town hall (a held-tile step): its tile’s name, what it does, the rules its step cites', () => {
		const state = gameOf(['messengers-and-mayors']);
		const move = { type: 'town-hall', x: 1, y: 0 } as Move;
		expect(moveLabel(move, state)).toBe('Town hall at (1,0)');
		const tip = moveHelp(move, ruleBook(state), state);
		expect(tip.text).toBe(
			'Place your town hall here instead of drawing a tile: it fits any neighbour and closes the roads and cities that run into it.'
		);
		expect(tip.rules.split('\n').map((l) => l.split(':')[0])).toEqual([
			'MM-TURN-3',
			'MM-HALL-1',
			'MM-HALL-2'
		]);
	});

	test('the messenger riding on (an act step): the figure’s name and the choice as its document labels it', () => {
		const sc = JSON.parse(
			readFileSync('scenarios/MM-MSG-5-messenger-rides-on-at-a-junction.json', 'utf8')
		) as Scenario;
		const { setup, moves } = setupFromRecord(sc.game, (id) => all.get(id));
		// after the 6th move the messenger’s road is scored: its owner chooses
		const { state } = replay(setup!, moves.slice(0, 6));
		expect(state.pending[0]?.kind).toBe('messenger');
		const back = { type: 'messenger', choice: 'return' } as Move;
		const ride = { type: 'messenger', choice: 'road', x: 1, y: 0, feature: 'r2' } as Move;
		expect(moveLabel(back, state)).toBe('Messenger: take it back');
		expect(moveLabel(ride, state)).toMatch(
			/^Messenger: ride on to a road — the road, .* of the tile at \(1,0\)$/
		);
		const tip = moveHelp(ride, ruleBook(state), state);
		expect(tip.text).toBe('Messenger: ride on to a road (onto this road).');
		expect(tip.rules).toMatch(/^MM-MSG-3: /m);
		expect(tip.rules).toMatch(/^MM-MSG-5: /m);
	});

	test('a surrounded figure’s choices (an act step) in its document’s words; the scarecrow laid down is drawn lying', () => {
		const sc = JSON.parse(
			readFileSync('scenarios/MM-CROW-3-scarecrow-lies-down-active-player-first.json', 'utf8')
		) as Scenario;
		const { setup, moves } = setupFromRecord(sc.game, (id) => all.get(id));
		const { state } = replay(setup!, moves.slice(0, 29));
		expect(state.pending[0]?.kind).toBe('scarecrow');
		const lie = { type: 'scarecrow', choice: 'lie' } as Move;
		expect(moveLabel(lie, state)).toBe('Scarecrow: lie down');
		const tip = moveHelp(lie, ruleBook(state), state);
		expect(tip.text).toBe('Scarecrow: lie down.');
		expect(tip.rules).toMatch(/^MM-CROW-6: /m);
		expect(boardPieces(state).some((p) => p.lying)).toBe(false);
		const after = apply(state, lie);
		if (!after.ok) throw new Error(after.refusal.message);
		expect(
			boardPieces(after.state)
				.filter((p) => p.lying)
				.map((p) => p.kind)
		).toEqual(['scarecrow']);
	});
});
