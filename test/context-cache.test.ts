// The rules-context cache stays bounded: a process that compiles ever new setups (a server, the
// editor) keeps only the most recently used contexts; a cached setup still gets its very context.
import { describe, expect, it } from 'vitest';
import { CONTEXTS_KEPT, contextsCached } from '../src/lib/engine/context.ts';
import {
	apply,
	contextFor,
	legalMoves,
	restoreGame,
	startGame,
	type Expansion
} from '../src/lib/engine/index.ts';
import { base } from './fixtures/tilesets.ts';

/** Another document each time (another version: another content hash, another context). */
const variant = (n: number): Expansion => ({ ...base, version: `1.0.${n}` });

describe('the rules-context cache', () => {
	it('keeps at most CONTEXTS_KEPT contexts, however many setups are compiled', () => {
		const docs = Array.from({ length: CONTEXTS_KEPT * 2 + 5 }, (_, n) => variant(n));
		const first = contextFor([docs[0]], []);
		for (const doc of docs) {
			contextFor([doc], []);
			expect(contextsCached()).toBeLessThanOrEqual(CONTEXTS_KEPT);
		}
		expect(contextsCached()).toBe(CONTEXTS_KEPT);
		// the first was dropped: asked for again, it is compiled anew
		expect(contextFor([docs[0]], [])).not.toBe(first);
	});

	it('returns the same context for the same setup while it is cached', () => {
		const doc = variant(1000);
		const ctx = contextFor([doc], [], { 'BASE-R2': '2nd' });
		for (let n = 0; n < CONTEXTS_KEPT - 1; n++) contextFor([variant(2000 + n)], []);
		// the same documents and rulings, as new objects: the same context from the cache
		expect(contextFor([doc], [], { 'BASE-R2': '2nd' })).toBe(ctx);
		expect(contextFor([{ ...doc }], [], { 'BASE-R2': '2nd' })).toBe(ctx);
	});

	it('keeps a game playable after its context was dropped, once restored', () => {
		const doc = variant(3000);
		const { state } = startGame({ expansions: [doc], players: ['A', 'B'], seed: 7 });
		for (let n = 0; n < CONTEXTS_KEPT + 1; n++)
			startGame({ expansions: [variant(4000 + n)], players: ['A', 'B'], seed: 1 });
		expect(() => legalMoves(state)).toThrow(/unknown rules context.*restoreGame/);
		restoreGame(state, [doc]);
		const r = apply(state, legalMoves(state)[0]);
		expect(r.ok).toBe(true);
	});
});
