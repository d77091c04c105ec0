// What the board draws a piece as: a token of an expansion's own kind (a lighthouse, put by a token
// step) is drawn as a counter, not as a follower; a kind whose document gives it a silhouette
// (Bards' note) keeps it, with that silhouette and size.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import {
	apply,
	legalMoves,
	resolveExpansions,
	startGame,
	type Expansion,
	type GameState,
	type Move
} from '../engine/index.ts';
import { addTemplateRule } from '../editor/rule-templates.ts';
import { PLAYER_COLOURS, silhouetteOf, sizeOf, useSilhouettes } from './palette.ts';
import { sceneOf } from './scene.ts';

const docs = availableExpansions();

/** A game of base and `doc` whose first tile is `first`, placed east of the start; then `then`. */
function played(doc: Expansion, first: string, then: (s: GameState) => Move): GameState {
	const resolved = resolveExpansions(['base', doc.id], (id) =>
		id === doc.id ? doc : docs.get(id)
	);
	if (!resolved.ok) throw new Error(resolved.errors.map((e) => e.message).join('; '));
	let { state } = startGame({
		expansions: resolved.expansions,
		modules: resolved.modules,
		players: ['Ann', 'Bob'],
		seed: 1,
		drawOrder: [first],
		start: 'base/D'
	});
	for (const next of [() => ({ type: 'place', x: 1, y: 0, rotation: 0 }) as Move, then]) {
		const r = apply(state, next(state));
		if (!r.ok) throw new Error(r.refusal.message);
		state = r.state;
	}
	return state;
}
const colours = [PLAYER_COLOURS[0], PLAYER_COLOURS[1]];

describe('the board scene', () => {
	it('draws a token of an expansion’s own kind as a counter, a note as a note', () => {
		const road = {
			id: 'T1',
			count: 1,
			icons: ['lighthouse'],
			features: [
				{ id: 'r1', type: 'road', sides: ['E', 'W'] },
				{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'WR'] },
				{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
			]
		};
		const lit = addTemplateRule(
			{
				id: 'lit',
				name: 'Lit',
				version: '1.0.0',
				dependencies: ['base'],
				tiles: [road]
			} as unknown as Expansion,
			{
				kind: 'token',
				modifier: 'lighthouse',
				name: 'Lighthouse',
				count: 5,
				feature: 'road',
				points: 1,
				returns: true
			}
		).doc;
		const state = played(lit, 'lit/T1', () => ({ type: 'lighthouse', feature: 'r1' }) as Move);
		const pieces = sceneOf(state, legalMoves(state), 0, colours).pieces;
		expect(pieces).toEqual([expect.objectContaining({ kind: 'lighthouse', drawn: 'token' })]);

		const bards = docs.get('bards')!;
		const lute = bards.tiles.find(
			(t) => t.icons?.includes('lute') && t.features.some((f) => f.type === 'road')
		)!;
		const noted = played(
			{ ...bards, tiles: [{ ...lute, count: 1 }] } as Expansion,
			`bards/${lute.id}`,
			(s) => legalMoves(s).find((m) => m.type === 'note')!
		);
		useSilhouettes([]);
		expect(sceneOf(noted, legalMoves(noted), 0, colours).pieces.map((p) => p.drawn)).toEqual([
			'token'
		]);
		useSilhouettes([...docs.values()]);
		const notes = sceneOf(noted, legalMoves(noted), 0, colours).pieces;
		expect(notes.map((p) => [p.kind, p.drawn, p.token])).toEqual([['note', undefined, true]]);
		const note = bards.tokens!.find((t) => t.id === 'note')!.silhouette!;
		expect([silhouetteOf('note'), sizeOf('note')]).toEqual([note.path, note.size]);
		// a drawing per feature kind: the owner on a stable is a horseshoe, on an inn a tankard
		const owner = docs.get('inn-and-stable-owners')!.figures!.find((f) => f.id === 'owner')!;
		expect(silhouetteOf('owner', 'stable')).toBe(owner.silhouette!.on!.stable);
		expect(silhouetteOf('owner', 'road')).toBe(owner.silhouette!.path);
		expect(silhouetteOf('follower')).not.toBe(owner.silhouette!.path);
	});
});
