// The bot seam: bots named by spec, seeded, and playing whole games through the engine's own moves.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/lib/formats/files.ts';
import { apply, legalMoves, startGame, type Expansion } from '../src/lib/engine/index.ts';
import { createBot, parseBotSpec } from '../src/lib/bots/index.ts';

const docs = availableExpansions();
const base = docs.get('base') as Expansion;

function playWith(seed: number) {
	const { state } = startGame({ expansions: [base], players: ['A', 'B'], seed: 7 });
	const bots = [createBot({ bot: 'random' }, seed), createBot({ bot: 'random' }, seed + 1)];
	let s = state;
	const moves: string[] = [];
	while (!s.finished) {
		const seat = (s.pending[0] as { player?: number }).player ?? s.active;
		const { move } = bots[seat].decide(s);
		expect(legalMoves(s)).toContainEqual(move);
		const r = apply(s, move);
		if (!r.ok) throw new Error(r.refusal.message);
		s = r.state;
		moves.push(JSON.stringify(move));
	}
	return { moves, scores: s.scores };
}

describe('bots', () => {
	it('a seeded random bot plays a whole game with listed moves, identically for the same seed', () => {
		const a = playWith(11);
		expect(a.moves.length).toBeGreaterThan(71);
		expect(playWith(11)).toEqual(a);
		expect(playWith(12).moves).not.toEqual(a.moves);
	});

	it('parses bot specs and names what is wrong', () => {
		expect(parseBotSpec('random')).toEqual({ bot: 'random' });
		expect(parseBotSpec('nobody')).toMatchObject({ error: expect.stringContaining('unknown bot "nobody"') });
		expect(parseBotSpec('random:hard')).toMatchObject({ error: expect.stringContaining('no level "hard"') });
	});
});
