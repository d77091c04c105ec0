// The phases of a turn, in order: the engine's moments (formats/turn-moments.ts TURN_MOMENTS, which
// base.json's dataRules.turn declares). GameState.phase is the last phase whose hooks have run
// (BEFORE_TURN until the turn starts; P + k/16 once the k-th moment a document adds after phase P
// has run: turn-moments.ts). Named numbers rather than strings: the turn loop's switch (turn.ts
// advance) stays a jump over small integers.
import { TURN_MOMENTS } from '../formats/turn-moments.ts';

export const BEFORE_TURN = -1;
/** The modules' turnStart hooks (the fairy's point). */
export const PHASE_TURN_START = 0;
/** A tile is drawn (or picked, in free mode) and the placement step pushed; no tile left: the game ends. */
export const PHASE_DRAW = 1;
/** The modules' placed hooks (a volcano brings the dragon). */
export const PHASE_PLACED = 2;
/** The figure step is pushed. */
export const PHASE_FIGURE = 3;
/** The modules' figureDone hooks: a second figure step of the same turn (the phantom). */
export const PHASE_FIGURE_DONE = 4;
/** The modules' afterFigure hooks (the dragon moves). */
export const PHASE_AFTER_FIGURE = 5;
/** What the placement completed is scored. */
export const PHASE_SCORE = 6;
/** The modules' afterScore hooks. */
export const PHASE_AFTER_SCORE = 7;
/** The next player's turn (or the same player's again: an extra turn). */
export const PHASE_TURN_END = 8;

/** The phases' names, by number. */
export const PHASES = TURN_MOMENTS;
