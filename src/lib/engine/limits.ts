// The ranges the modules' parameters are declared with, and startGame's check of a setup against
// them and against the size of a game (formats/limits.ts): a parameter out of range could make a
// game run out of memory (ownersPerPlayer 1e308) or scores fall (roadTilePoints -5).
import { MAX_FIGURES, MAX_GAME_TILES, MAX_PLAYERS } from '../formats/limits.ts';
import { copiesOf } from '../formats/geometry.ts';
import type { Context, ParameterRange } from './types.ts';

/** Points for a tile, pennant, feature or bonus. */
export const POINTS_RANGE: ParameterRange = { min: 0, max: 100 };
/** The strength of a figure in a majority. */
export const STRENGTH_RANGE: ParameterRange = { min: 0, max: 10 };
/** Pieces or tokens per player (as many as a figure's perPlayer may say). */
export const COUNT_RANGE: ParameterRange = { min: 0, max: MAX_FIGURES };

export const inRange = (v: unknown, r: ParameterRange): boolean => typeof v === 'number' && Number.isInteger(v) && v >= r.min && v <= r.max;

/** Why a game of these rules and this many players cannot start ([] when it can). */
export function setupProblems(c: Context, players: number): string[] {
	const out: string[] = [];
	if (!Number.isInteger(players) || players < 1 || players > MAX_PLAYERS) out.push(`a game has 1 to ${MAX_PLAYERS} players, not ${players}`);
	for (const m of c.modules)
		for (const name of Object.keys(m.parameters ?? {})) {
			const range = m.parameterRanges?.[name];
			if (range && !inRange(c.params[name], range))
				out.push(`parameter ${name} is ${c.params[name]}: it must be a whole number from ${range.min} to ${range.max}`);
		}
	for (const e of c.source.expansions)
		for (const f of e.figures ?? [])
			for (const key of ['perPlayer', 'neutral'] as const)
				if (f[key] !== undefined && !inRange(f[key], { min: 0, max: MAX_FIGURES }))
					out.push(`figure ${f.id} of ${e.id}: ${key} is ${f[key]}: it must be a whole number from 0 to ${MAX_FIGURES}`);
	let tiles = 0;
	for (const t of c.tiles) tiles += copiesOf(t.def, Math.min(Math.max(players, 1), MAX_PLAYERS));
	if (!(tiles <= MAX_GAME_TILES)) out.push(`the expansions hold ${tiles} tiles: a game has at most ${MAX_GAME_TILES}`);
	return out;
}
