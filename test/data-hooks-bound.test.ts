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

/** Does the context of these documents and rulings bind the hook `name` of the data module of document `id`? */
function bound(
	ids: string[],
	id: string,
	name: keyof Hooks,
	rulings?: Record<string, string>
): boolean {
	const ctx = contextFor(ids.map(doc), [], rulings);
	// its own id, or `<id>:data` beside a TypeScript module of the document's id
	const m = ctx.modules.find((m) => m.data && (m.id === id || m.id === `${id}:data`))!;
	return ctx.hooks[name].includes(m.hooks?.[name] as never);
}

describe('a data step’s hook is bound only under the rulings where it acts', () => {
	test('the mayor’s and scarecrow’s placement check: only when a choice uses up the placement (MM-R8)', () => {
		const mm = ['base', 'river', 'messengers-and-mayors'];
		expect(bound(mm, 'messengers-and-mayors', 'deployCheck')).toBe(false);
		expect(bound(mm, 'messengers-and-mayors', 'deployCheck', { 'MM-R8': 'uses-placement' })).toBe(
			true
		);
	});

	test('the princess replacing the figure step: only when she must act (DRAGON-R5)', () => {
		const dragon = ['base', 'dragon'];
		expect(bound(dragon, 'dragon', 'placed')).toBe(false);
		expect(bound(dragon, 'dragon', 'placed', { 'DRAGON-R5': 'must' })).toBe(true);
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
