// A data module binds a step's hook only under the rulings where it can act (a hook that returns at
// once still costs a call at every placement: the engine bench), and finds its state in a game
// without a lookup by name each time — read again after a take-back, which may replace it.
import { describe, expect, test } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { contextFor } from '../src/lib/engine/context.ts';
import { tookBack } from '../src/lib/engine/events.ts';
import { perModuleState } from '../src/lib/engine/per-context.ts';
import type { Engine, Expansion, Hooks } from '../src/lib/engine/types.ts';

const docs = availableExpansions();
const doc = (id: string) => docs.get(id) as Expansion;

/** The modules whose hook `name` the context of these documents and rulings binds. */
function bound(ids: string[], name: keyof Hooks, rulings?: Record<string, string>): string[] {
	const ctx = contextFor(ids.map(doc), [], rulings);
	return ctx.modules
		.filter((m) => m.hooks?.[name] && ctx.hooks[name].includes(m.hooks[name] as never))
		.map((m) => m.id);
}

describe('a data step’s hook is bound only under the rulings where it acts', () => {
	test('the mayor’s and scarecrow’s placement check: only when a choice uses up the placement (MM-R8)', () => {
		const mm = ['base', 'river', 'messengers-and-mayors'];
		expect(bound(mm, 'deployCheck')).not.toContain('messengers-and-mayors:data');
		expect(bound(mm, 'deployCheck', { 'MM-R8': 'uses-placement' })).toContain(
			'messengers-and-mayors:data'
		);
	});

	test('the princess replacing the figure step: only when she must act (DRAGON-R5)', () => {
		const dragon = ['base', 'dragon'];
		expect(bound(dragon, 'placed')).not.toContain('dragon:data');
		expect(bound(dragon, 'placed', { 'DRAGON-R5': 'must' })).toContain('dragon:data');
	});
});

describe('a module state kept at hand', () => {
	const engineOver = (moduleState: Record<string, unknown>) =>
		({ state: { moduleState } }) as unknown as Engine;

	test('read once per module state; read again after a take-back replaced it', () => {
		let reads = 0;
		const of = perModuleState((engine) => {
			reads++;
			return engine.state.moduleState.m as { n: number } | undefined;
		});
		const ms: Record<string, unknown> = {};
		const engine = engineOver(ms);
		expect(of(engine)).toBeUndefined(); // before setup: nothing kept
		ms.m = { n: 1 };
		expect(of(engine)).toEqual({ n: 1 });
		expect(of(engine)).toEqual({ n: 1 });
		expect(reads).toBe(2); // the second ask of the same state reads nothing
		ms.m = { n: 2 }; // a take-back copies the state it goes back to in place
		tookBack();
		expect(of(engine)).toEqual({ n: 2 });
		expect(of(engineOver({ m: { n: 3 } }))).toEqual({ n: 3 }); // another game
	});
});
