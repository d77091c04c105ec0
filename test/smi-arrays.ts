// Run by test/smi-arrays.test.ts in a process of its own with --allow-natives-syntax: plays a greedy
// game of base and one of the checker's mix and prints, as JSON, every number array of a state or
// its board index that left V8's small-integer elements on the way ([] when none did).
import { availableExpansions } from '../src/cli/files.ts';
import { apply, resolveGame, seedState, startGame, IN_PLACE } from '../src/lib/engine/index.ts';
import { createBot } from '../src/lib/bots/index.ts';
import type { GameState } from '../src/lib/engine/types.ts';

const natives = (name: string) =>
	new Function('a', `return %${name}(a)`) as (a: unknown) => boolean;
const smiElements = natives('HasSmiElements');
const doubleElements = natives('HasDoubleElements');

const found = new Set<string>();
/** The arrays of numbers under `v` (a state, its board index), walked to depth 2 (piles' tiles, pieces' lists). */
function check(v: unknown, path: string, depth: number): void {
	if (Array.isArray(v)) {
		const numbers = v.every((x) => typeof x === 'number');
		if (numbers && (v.length === 0 ? doubleElements(v) : !smiElements(v))) {
			if (v.every((x) => Number.isInteger(x))) found.add(path);
		} else if (depth > 0) for (const x of v) check(x, `${path}[]`, depth - 1);
	} else if (v !== null && typeof v === 'object' && depth > 0) {
		for (const k of Object.keys(v))
			check((v as Record<string, unknown>)[k], `${path}.${k}`, depth - 1);
		for (const s of Object.getOwnPropertySymbols(v))
			check((v as Record<symbol, unknown>)[s], `${path}.index`, depth - 1);
	}
}

const expansions = availableExpansions();
const games: [string[], string[]][] = [
	[['base'], ['greedy', 'greedy']],
	[
		['bards', 'inns-and-cathedrals', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'],
		['greedy', 'random']
	]
];
for (const [ids, policies] of games) {
	const mix = resolveGame(ids, (id) => expansions.get(id));
	if (!mix.ok) throw new Error(mix.errors.map((e) => e.message).join('; '));
	const state: GameState = startGame({
		expansions: mix.expansions,
		modules: mix.modules,
		players: ['P1', 'P2'],
		seed: 1,
		quiet: true
	}).state;
	const bots = policies.map((bot, p) => createBot({ bot }, seedState(p)));
	while (!state.finished) {
		const move = bots[state.pending[0]?.player ?? state.active].decide(state).move;
		apply(state, move, IN_PLACE);
		check(state, `${ids.join('+')}: state`, 3);
	}
}
console.log(JSON.stringify([...found]));
