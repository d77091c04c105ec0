// The ranges the modules' parameters are declared with, and startGame's check of a setup against
// them and against the size of a game (formats/limits.ts): a parameter out of range could make a
// game run out of memory (ownersPerPlayer 1e308) or scores fall (roadTilePoints -5).
import {
	MAX_DRAW_ORDER,
	MAX_FIGURES,
	MAX_GAME_TILES,
	MAX_OUTCOMES,
	MAX_PLAYERS
} from '../formats/limits.ts';
import { copiesOf } from '../formats/geometry.ts';
import type { Context, GameSetup, ParameterRange } from './types.ts';

/** Points for a tile, pennant, feature or bonus. */
export const POINTS_RANGE: ParameterRange = { min: 0, max: 100 };
/** The strength of a figure in a majority. */
export const STRENGTH_RANGE: ParameterRange = { min: 0, max: 10 };
/** Pieces or tokens per player (as many as a figure's perPlayer may say). */
export const COUNT_RANGE: ParameterRange = { min: 0, max: MAX_FIGURES };

export const inRange = (v: unknown, r: ParameterRange): boolean =>
	typeof v === 'number' && Number.isInteger(v) && v >= r.min && v <= r.max;

/** Why a game of these rules and this many players cannot start ([] when it can). */
export function setupProblems(rules: Context, players: number): string[] {
	const out: string[] = [];
	if (!Number.isInteger(players) || players < 1 || players > MAX_PLAYERS)
		out.push(`a game has 1 to ${MAX_PLAYERS} players, not ${players}`);
	for (const m of rules.modules)
		for (const name of Object.keys(m.parameters ?? {})) {
			const range = m.parameterRanges?.[name];
			if (range && !inRange(rules.params[name], range))
				out.push(
					`parameter ${name} is ${rules.params[name]}: it must be a whole number from ${range.min} to ${range.max}`
				);
		}
	for (const e of rules.source.expansions)
		for (const f of e.figures ?? [])
			for (const key of ['perPlayer', 'neutral'] as const)
				if (f[key] !== undefined && !inRange(f[key], { min: 0, max: MAX_FIGURES }))
					out.push(
						`figure ${f.id} of ${e.id}: ${key} is ${f[key]}: it must be a whole number from 0 to ${MAX_FIGURES}`
					);
	let tiles = 0;
	for (const t of rules.tiles)
		tiles += copiesOf(t.def, Math.min(Math.max(players, 1), MAX_PLAYERS));
	if (!(tiles <= MAX_GAME_TILES))
		out.push(`the expansions hold ${tiles} tiles: a game has at most ${MAX_GAME_TILES}`);
	return out;
}

/**
 * Why a setup's own lists cannot start a game ([] when they can), each named by the record's field:
 * a draw order or coin outcomes beyond the size of a game would make it larger than any the
 * expansions allow (a draw order is the whole pile, whatever the documents' counts).
 */
export function setupInputProblems(
	setup: Pick<GameSetup, 'drawOrder' | 'outcomes' | 'draws'>
): string[] {
	const out: string[] = [];
	const { drawOrder, outcomes, draws } = setup;
	if (drawOrder !== undefined && !(Array.isArray(drawOrder) && drawOrder.length <= MAX_DRAW_ORDER))
		out.push(
			`/drawOrder holds ${Array.isArray(drawOrder) ? drawOrder.length : 'no list of'} tiles: a game has at most ${MAX_GAME_TILES} tiles, so a draw order names at most ${MAX_DRAW_ORDER} (the start tile apart)`
		);
	if (outcomes !== undefined && !(Array.isArray(outcomes) && outcomes.length <= MAX_OUTCOMES))
		out.push(
			`/outcomes holds ${Array.isArray(outcomes) ? outcomes.length : 'no list of'} coin outcomes: a game flips at most one coin a turn, so at most ${MAX_OUTCOMES}`
		);
	if (
		draws !== undefined &&
		!(
			Array.isArray(draws) &&
			draws.length <= MAX_OUTCOMES &&
			draws.every((u) => typeof u === 'number' && u >= 0 && u < 1)
		)
	)
		out.push(
			`/draws holds ${Array.isArray(draws) ? `${draws.length} values` : 'no list of values'}: at most ${MAX_OUTCOMES}, each at least 0 and below 1`
		);
	return out;
}
