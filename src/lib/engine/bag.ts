// The draw piles: random piles draw with the game's PRNG (equivalent to a shuffle), fixed piles
// (a record's draw order) draw in order. A pile's `last` tiles come after all its others (the lake).
import { randomStep, randomValue } from './rng.ts';
import type { Engine, GameState, Pile } from './types.ts';

export function random(state: GameState): number {
	const value = randomValue(state.rng);
	state.rng = randomStep(state.rng);
	return value;
}

/** A random event with two outcomes (a coin): fixed outcomes first, then the PRNG. */
export function coin(state: GameState): number {
	if (state.outcomes.length > 0) return state.outcomes.shift()! ? 1 : 0;
	return random(state) < 0.5 ? 0 : 1;
}

/** The pile the next tile comes from: the first with tiles left (its `last` ones once the others are gone). */
function currentPile(state: GameState): Pile | undefined {
	for (const pile of state.piles) if (pile.tiles.length > 0 || pile.last.length > 0) return pile;
	return undefined;
}

/** Takes the next tile, or -1 when every pile is empty. */
export function takeTile(state: GameState): number {
	const pile = currentPile(state);
	if (!pile) return -1;
	const n = pile.tiles.length;
	if (n === 0) return pile.last.shift()!;
	if (!pile.random) return pile.tiles.pop()!;
	const i = Math.floor(random(state) * n);
	const t = pile.tiles[i];
	pile.tiles[i] = pile.tiles[n - 1];
	pile.tiles.pop();
	return t;
}

/**
 * Takes a tile face down from the current pile (never its `last` ones): a random one, or from a
 * fixed pile the one drawn last (the draw order as recorded stays). -1 when none is left.
 */
export function takeHidden(state: GameState): number {
	const pile = currentPile(state);
	if (!pile || pile.tiles.length === 0) return -1;
	return pile.random ? takeTile(state) : pile.tiles.shift()!;
}

/** The tiles the next draw may give: the current pile's, or its first `last` tile (the lake). */
export function drawable(state: GameState): number[] {
	const pile = currentPile(state);
	return !pile ? [] : pile.tiles.length > 0 ? pile.tiles : pile.last.slice(0, 1);
}

/** Takes a copy of tile t from what the next draw may give (free mode); false when there is none. */
export function takeChosen(state: GameState, t: number): boolean {
	const pile = currentPile(state);
	if (!pile) return false;
	const from = pile.tiles.length > 0 ? pile.tiles : pile.last;
	const i = pile.tiles.length > 0 ? from.lastIndexOf(t) : from[0] === t ? 0 : -1;
	if (i < 0) return false;
	from.splice(i, 1);
	return true;
}

/** Tiles left to draw. */
export function tilesLeft(state: GameState): number {
	let n = 0;
	for (const p of state.piles) n += p.tiles.length + p.last.length;
	return n;
}

/** Shuffles tiles back into the first pile that still has tiles (the dragon tiles set aside). */
export function shuffleBack(engine: Engine, tiles: number[]): void {
	const state = engine.state;
	let pile = state.piles.find((p) => p.tiles.length > 0) ?? state.piles[state.piles.length - 1];
	if (!pile) {
		pile = { tiles: [], last: [], random: true };
		state.piles.push(pile);
	}
	for (const t of tiles) {
		if (pile.random) pile.tiles.push(t);
		else pile.tiles.splice(Math.floor(random(state) * (pile.tiles.length + 1)), 0, t);
	}
}
