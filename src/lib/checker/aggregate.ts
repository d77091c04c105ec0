// The checker's aggregate: what the games of a chunk count into (plain data, sent back from a
// worker), made empty and merged with others in chunk order, so the same chunks give the same report
// whatever the number of workers. Pure.
import type { GameRecord, Move, Violation } from '../engine/index.ts';

/** A violation or an engine error, with the record that reproduces it. */
export interface Finding extends Violation {
	game: number;
	seed: number;
	/** Moves played when it showed (the sandbox opens the record at this step). */
	step: number;
	record: GameRecord;
	/** The move that failed (engine errors, refused listed moves). */
	move?: Move;
}

export interface TileStats {
	drawn: number;
	placed: number;
	discarded: number;
	setAside: number;
	/** Features completed during play that contain this tile. */
	completed: number;
	/** Scored features (during play and at the end) that contain this tile, and their points. */
	scored: number;
	points: number;
}

/** A tile's counts before any game: all zero. */
export const noTileStats = (): TileStats => ({
	drawn: 0,
	placed: 0,
	discarded: 0,
	setAside: 0,
	completed: 0,
	scored: 0,
	points: 0
});

export interface Aggregate {
	games: number;
	placements: number;
	moves: number;
	/** Games whose replay and undo were checked. */
	sampled: number;
	/** Kept findings (the first few per invariant) and the count of every finding per invariant. */
	findings: Finding[];
	findingCounts: Record<string, number>;
	tiles: Record<string, TileStats>;
	/** Per feature kind: scorings, completions during play, scorings at the end, points awarded. */
	features: Record<string, { scored: number; completed: number; final: number; points: number }>;
	/** Points awarded per expansion (a feature's points shared by its tiles' expansions). */
	expansions: Record<string, number>;
	/** Per expansion: the sum over games of the square of a game's points from its tiles (for the interval). */
	expansionSq: Record<string, number>;
	/** Points per expansion by the rules that gave them (each term of a score to its rule's expansion). */
	credit: Record<string, number>;
	/** Per expansion: the sum over games of the square of a game's credited points (for the interval). */
	creditSq: Record<string, number>;
	/** Points per rule id (each term of a score to the rule that gave it). */
	rulePoints: Record<string, number>;
	/** Per tile: its placements without a draw, by the first rule the placement cites (the start tile, a town hall). */
	undrawn: Record<string, Record<string, number>>;
	/** Points that came from events other than feature scorings (fairy, …), per event type. */
	otherPoints: Record<string, number>;
	rules: Record<string, number>;
	/** Per choice (move type, deploy:<figure>): steps it was offered at and times it was taken. */
	choices: Record<string, { available: number; chosen: number }>;
	/** Figures deployed onto the board, per kind. */
	figures: Record<string, number>;
	/** Per tile: the first game (and the moves played then) where it was drawn and fitted nowhere. */
	firstDiscard: Record<string, { game: number; step: number }>;
	seats: { sum: number[]; sumSq: number[]; wins: number[]; hist: Record<string, number>[] };
	/** Seat 1's score minus the mean of the other seats: sum and sum of squares (first-player advantage). */
	lead: { sum: number; sumSq: number };
	/** Placements per game. */
	length: { sum: number; sumSq: number; min: number; max: number; hist: Record<string, number> };
}

/** Findings kept with their record per invariant (the rest are counted). */
export const KEEP_FINDINGS = 10;

export function emptyAggregate(players: number): Aggregate {
	return {
		games: 0,
		placements: 0,
		moves: 0,
		sampled: 0,
		findings: [],
		findingCounts: {},
		tiles: {},
		features: {},
		expansions: {},
		expansionSq: {},
		credit: {},
		creditSq: {},
		rulePoints: {},
		undrawn: {},
		otherPoints: {},
		rules: {},
		choices: {},
		figures: {},
		firstDiscard: {},
		seats: {
			sum: Array(players).fill(0),
			sumSq: Array(players).fill(0),
			wins: Array(players).fill(0),
			hist: Array.from({ length: players }, () => ({}))
		},
		lead: { sum: 0, sumSq: 0 },
		length: { sum: 0, sumSq: 0, min: Infinity, max: 0, hist: {} }
	};
}

/** Adds `b` into `a` (chunks merged in order: the same chunks give the same report). */
export function mergeInto(a: Aggregate, b: Aggregate): Aggregate {
	a.games += b.games;
	a.placements += b.placements;
	a.moves += b.moves;
	a.sampled += b.sampled;
	for (const f of b.findings)
		if (a.findings.filter((x) => x.invariant === f.invariant).length < KEEP_FINDINGS)
			a.findings.push(f);
	sum(a.findingCounts, b.findingCounts);
	for (const [k, t] of Object.entries(b.tiles)) {
		const x = (a.tiles[k] ??= noTileStats());
		for (const f of Object.keys(t) as (keyof TileStats)[]) x[f] += t[f];
	}
	for (const [k, t] of Object.entries(b.features)) {
		const x = (a.features[k] ??= { scored: 0, completed: 0, final: 0, points: 0 });
		x.scored += t.scored;
		x.completed += t.completed;
		x.final += t.final;
		x.points += t.points;
	}
	sum(a.expansions, b.expansions);
	sum(a.expansionSq, b.expansionSq);
	sum(a.credit, b.credit);
	sum(a.creditSq, b.creditSq);
	sum(a.rulePoints, b.rulePoints);
	for (const [k, by] of Object.entries(b.undrawn)) sum((a.undrawn[k] ??= {}), by);
	sum(a.otherPoints, b.otherPoints);
	sum(a.rules, b.rules);
	for (const [k, c] of Object.entries(b.choices)) {
		const x = (a.choices[k] ??= { available: 0, chosen: 0 });
		x.available += c.available;
		x.chosen += c.chosen;
	}
	sum(a.figures, b.figures);
	// chunks merge in game order: the first chunk that has one holds the first game
	for (const [k, v] of Object.entries(b.firstDiscard)) a.firstDiscard[k] ??= v;
	for (let p = 0; p < a.seats.sum.length; p++) {
		a.seats.sum[p] += b.seats.sum[p];
		a.seats.sumSq[p] += b.seats.sumSq[p];
		a.seats.wins[p] += b.seats.wins[p];
		sum(a.seats.hist[p], b.seats.hist[p]);
	}
	a.lead.sum += b.lead.sum;
	a.lead.sumSq += b.lead.sumSq;
	a.length.sum += b.length.sum;
	a.length.sumSq += b.length.sumSq;
	a.length.min = Math.min(a.length.min, b.length.min);
	a.length.max = Math.max(a.length.max, b.length.max);
	sum(a.length.hist, b.length.hist);
	return a;
}

function sum(a: Record<string, number>, b: Record<string, number>): void {
	for (const [k, n] of Object.entries(b)) a[k] = (a[k] ?? 0) + n;
}

/**
 * Merges chunks as they come in, in chunk order (a chunk waits until the ones before it are in),
 * so the total never depends on which worker finished first.
 */
export class ChunkMerger {
	readonly total: Aggregate;
	#waiting = new Map<number, Aggregate>();
	#next: number;
	/** `from`, `total`: the chunks before `from` are merged already, into `total` (merged on from there). */
	constructor(players: number, from = 0, total: Aggregate = emptyAggregate(players)) {
		this.total = total;
		this.#next = from;
	}
	/** Adds chunk k; returns the games merged by this call (0 while an earlier chunk is missing). */
	add(k: number, part: Aggregate): number {
		this.#waiting.set(k, part);
		let games = 0;
		for (let p = this.#waiting.get(this.#next); p; p = this.#waiting.get(this.#next)) {
			this.#waiting.delete(this.#next++);
			mergeInto(this.total, p);
			games += p.games;
		}
		return games;
	}
}
