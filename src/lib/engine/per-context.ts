// Answers computed once per rules context: what the rules decide that does not depend on the board
// (tile tables, rulings read, compiled data rules). A game asks for the same context all along, so
// the last one is kept at hand: a WeakMap lookup on every placement costs more than most answers.
import { takeBacks } from './events.ts';
import type { Context, Engine, Piece } from './types.ts';

/** compute(c), computed once per rules context. */
export function perContext<T>(compute: (rules: Context) => T): (rules: Context) => T {
	const cache = new WeakMap<Context, T>();
	let last: Context | null = null;
	let lastValue: T;
	return (rules) => {
		if (rules === last) return lastValue;
		let v = cache.get(rules);
		if (v === undefined) cache.set(rules, (v = compute(rules)));
		last = rules;
		lastValue = v;
		return v;
	};
}

/** A function of the rules context and the number of players, computed once per pair (the same answer every game). */
export function perGame<T>(
	compute: (rules: Context, players: number) => T
): (rules: Context, players: number) => T {
	const byPlayers = perContext(() => new Map<number, T>());
	return (rules, players) => {
		const m = byPlayers(rules);
		if (!m.has(players)) m.set(players, compute(rules, players));
		return m.get(players)!;
	};
}

/**
 * compute(ps), computed again only for another pieces array (a copied state brings its own) or a
 * longer one: a piece's kind and owner never change and pieces are only added at setup. One entry
 * is kept: a game asks about its own pieces all along. A finder that also depends on the rules
 * is one per context: perContext((c) => perPieces((ps) => …)).
 */
export function perPieces<T>(compute: (ps: readonly Piece[]) => T): (ps: readonly Piece[]) => T {
	let pieces: readonly Piece[] | null = null;
	let n = -1;
	let value: T;
	return (ps) => {
		if (ps !== pieces || ps.length !== n) {
			value = compute(ps);
			pieces = ps;
			n = ps.length;
		}
		return value;
	};
}

/**
 * read(engine), read again only for another module state object (a new game, a copied state) or
 * after a take-back (which may replace what it holds: state-copy.ts copyState): what a data module
 * keeps in a game's moduleState (objects made once per game, at setup or when first asked) found
 * without the lookups by name — one module's name among many, a slow read — that reach it, several
 * times per placement. Nothing is kept while read answers undefined (before setup).
 */
export function perModuleState<T>(read: (engine: Engine) => T): (engine: Engine) => T {
	let kept: Record<string, unknown> | null = null;
	let back = -1;
	let value: T;
	return (engine) => {
		const ms = engine.state.moduleState;
		if (ms === kept && back === takeBacks) return value;
		const v = read(engine);
		if (v !== undefined) {
			kept = ms;
			back = takeBacks;
			value = v;
		}
		return v;
	};
}
