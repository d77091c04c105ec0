// A scoring in a few words, where it happens: who gets how many points and the arithmetic behind
// them ("Ann +8: 4 tiles × 2 = 8"), for the note the board shows over a scored feature for a moment
// and the log's line under the scoring.
import type { ScoreEvent } from '../engine/index.ts';

export interface ScorePop {
	/** The feature's tile and feature (where the note stands). */
	x: number;
	y: number;
	feature: string;
	/** One line per award ("Ann +8: 4 tiles × 2 = 8"), or the feature's arithmetic when nobody scores. */
	lines: string[];
}

const who = (players: readonly string[], p: number) =>
	p < 0 ? 'nobody' : (players[p] ?? `player ${p + 1}`);

/** The lines of a scoring: each award with its arithmetic (the feature's when the award has none). */
export function scoreLines(e: ScoreEvent, players: readonly string[]): string[] {
	if (!e.awards.length)
		return [`${e.arithmetic || `${e.points} points`}: nobody scores${e.why ? ` (${e.why})` : ''}`];
	return e.awards.map(
		(a) => `${who(players, a.player)} +${a.points}: ${a.arithmetic || e.arithmetic || a.points}`
	);
}

/** The notes to show over the board for a step's scorings (final scorings too: the end's tally). */
export function scorePops(events: readonly ScoreEvent[], players: readonly string[]): ScorePop[] {
	return events.map((e) => ({
		x: e.feature.at.x,
		y: e.feature.at.y,
		feature: e.feature.at.feature,
		lines: scoreLines(e, players)
	}));
}
