// A game kept in the browser or carried by a link: what is written reads back the same, and what is
// damaged or not a game is refused with a reason (never thrown). The ranking the end view shows.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../../cli/files.ts';
import { playRandomGame, recordOf, type Expansion } from '../engine/index.ts';
import {
	decodeGameLink,
	encodeGameLink,
	loadSavedGame,
	MAX_LINK_CHARS,
	parseSavedGame,
	SAVED_GAME_KEY,
	storeSavedGame,
	type SavedGame
} from './saved-game.ts';
import { defaultSetup } from './setup.ts';
import { ranking, winnerText } from './scores.ts';

const docs = availableExpansions();

function finishedGame(): SavedGame {
	const end = playRandomGame(
		{ expansions: [docs.get('base') as Expansion], players: ['Ann', 'Bob'], seed: 11 },
		{ chooserSeed: 11 }
	).state;
	return {
		version: 1,
		setup: defaultSetup(),
		record: recordOf(end),
		at: end.log.length,
		notes: { 2: { name: 'Bob (greedy)', alternatives: [] } }
	};
}

class MemoryStorage {
	private m = new Map<string, string>();
	full = false;
	getItem = (k: string) => this.m.get(k) ?? null;
	setItem = (k: string, v: string) => {
		if (this.full) throw new Error('QuotaExceededError');
		this.m.set(k, v);
	};
}

describe('saved games', () => {
	it('a whole game survives the storage and a link (without the bots’ notes), and a link stays short', () => {
		const game = finishedGame();
		const storage = new MemoryStorage() as unknown as Storage;
		expect(storeSavedGame(storage, game)).toBe(true);
		expect(loadSavedGame(storage)).toEqual(game);
		const value = encodeGameLink(game);
		expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
		expect(value.length).toBeLessThan(6000);
		const { notes: _n, ...withoutNotes } = game;
		expect(decodeGameLink(value)).toEqual({ game: withoutNotes });
	});

	it('a full storage is reported, not thrown; a broken entry reads as none', () => {
		const storage = new MemoryStorage();
		storage.full = true;
		expect(storeSavedGame(storage as unknown as Storage, finishedGame())).toBe(false);
		storage.full = false;
		storage.setItem(SAVED_GAME_KEY, '{"version":1');
		expect(loadSavedGame(storage as unknown as Storage)).toBeNull();
	});

	it('damaged links and documents that are not saved games say why', () => {
		expect(decodeGameLink('not-a-game')).toEqual({ error: expect.stringMatching(/damaged/) });
		expect(decodeGameLink('x'.repeat(MAX_LINK_CHARS + 1))).toEqual({
			error: expect.stringMatching(/the most a link carries/)
		});
		expect(parseSavedGame('[]')).toEqual({ error: expect.stringMatching(/version 1/) });
		expect(
			parseSavedGame(
				'{"version":1,"setup":{"players":[],"expansions":[]},"record":{"moves":[]},"at":-1}'
			)
		).toEqual({ error: expect.stringMatching(/step/) });
		expect(parseSavedGame('{"version":1,"setup":{},"record":{"moves":[]},"at":0}')).toEqual({
			error: expect.stringMatching(/setup/)
		});
	});
});

describe('the end view’s ranking', () => {
	it('ranks by score, ties sharing a place, and names the winner or those who share the win', () => {
		expect(ranking([34, 34, 72]).map((r) => [r.player, r.place])).toEqual([
			[2, 1],
			[0, 2],
			[1, 2]
		]);
		expect(winnerText(['Ann', 'Bob', 'Cid'], [34, 34, 72])).toBe('Cid wins with 72 points');
		expect(winnerText(['Ann', 'Bob', 'Cid'], [72, 34, 72])).toBe(
			'Ann and Cid share the win with 72 points'
		);
	});
});
