// The size of a game, checked by the validator (a document that would exceed it is an error) and
// refused by the engine's startGame: a game the engine accepts always fits in memory and ends.

/** Players at one table. */
export const MAX_PLAYERS = 8;
/** Physical tiles in one game, all its expansions together (per-player tiles counted for MAX_PLAYERS). */
export const MAX_GAME_TILES = 10_000;
/** Tiles a record's draw order may name: every tile of a game but the start tile. */
export const MAX_DRAW_ORDER = MAX_GAME_TILES - 1;
/** Fixed coin outcomes a record may give: a game flips at most one coin a turn (a random step). */
export const MAX_OUTCOMES = MAX_GAME_TILES;
/** Figures of one kind per player, or neutral ones (as expansion.v1.json's figure schema says). */
export const MAX_FIGURES = 20;
/** Every number a rule written as data computes (an operation's result, an amount it gives) is whole and within ±EXPR_LIMIT. */
export const EXPR_LIMIT = 1_000_000;
/**
 * The most one score may be: a feature's value, one player's award, a majority bonus. The engine
 * caps every score here; the validator refuses data rules whose worst case is above it.
 */
export const MAX_POINTS = 100_000_000_000;
