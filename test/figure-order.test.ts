// The figure types of a game come in the order the documents declare them (`figures`), whether a
// TypeScript module or the document's data rules define each: the players' pieces are made in that
// order and the deployments are listed in it, so moving a figure from code to data changes no game.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { resolveGame } from '../src/lib/engine/registry.ts';
import { contextFor, startGame } from '../src/lib/engine/index.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const shipped = availableExpansions();
const wine = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/wine-and-vintners.json', 'utf8')
) as Expansion;

describe('the figure types’ order is the documents’', () => {
	test('Messengers & Mayors: mayor, messenger, scarecrow — the messenger is a data figure', () => {
		const game = resolveGame(['messengers-and-mayors'], shipped);
		expect(game.ok).toBe(true);
		if (!game.ok) return;
		const c = contextFor(game.expansions, game.modules);
		expect(c.modules.find((m) => m.data)?.figures?.map((f) => f.id)).toContain('messenger');
		const ids = [...c.figures.keys()].filter((id) => id !== 'follower');
		expect(ids).toEqual(['mayor', 'messenger', 'scarecrow']);
	});

	test('a designer’s data figures come in the order of `figures`, not of dataRules.figures', () => {
		// the vintner and a watchman declared in that order, their data rules written the other way round
		const doc: Expansion = {
			...wine,
			figures: [
				...(wine.figures ?? []),
				{ id: 'watchman', name: 'Watchman', description: 'Stands on a road.', perPlayer: 2 }
			],
			dataRules: {
				...wine.dataRules,
				figures: { watchman: { features: ['road'] }, ...wine.dataRules!.figures }
			}
		};
		const expansions = [shipped.get('base')!, doc];
		const c = contextFor(expansions, []);
		expect([...c.figures.keys()]).toEqual(['follower', 'vintner', 'watchman']);
		const { state } = startGame({ expansions, players: ['Ann', 'Bob'], seed: 1 });
		const kinds = [...new Set(state.pieces.map((p) => p.kind))];
		expect(kinds).toEqual(['follower', 'vintner', 'watchman']);
	});
});
