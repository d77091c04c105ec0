// What one game counts into the aggregate: its events (tiles drawn, placed, discarded; figures;
// scorings with the tiles and expansions of their features; other points; rules cited), the choices
// offered and taken, and the final scores of the seats. Pure.
import {
	eventCredit,
	pack,
	ruleSources,
	type Context,
	type GameEvent,
	type Move,
	type ScoreEvent
} from '../engine/index.ts';
import { noTileStats, type Aggregate, type TileStats } from './aggregate.ts';

export const add = (r: Record<string, number>, k: string, n = 1) => {
	r[k] = (r[k] ?? 0) + n;
};
const tileOf = (agg: Aggregate, key: string): TileStats => (agg.tiles[key] ??= noTileStats());

/**
 * The final scores into the seats' sums, wins (shared on a tie) and histograms, and seat 1's lead.
 * Plain loops: a game's scores array is not always of the same elements kind, and a builtin with a
 * callback (filter, forEach) inlined for one kind made the optimized game loop fall back every game.
 */
export function countSeats(agg: Aggregate, scores: number[]): void {
	const n = scores.length;
	let best = -Infinity;
	let total = 0;
	for (let p = 0; p < n; p++) {
		if (scores[p] > best) best = scores[p];
		total += scores[p];
	}
	let winners = 0;
	for (let p = 0; p < n; p++) if (scores[p] === best) winners++;
	for (let p = 0; p < n; p++) {
		const v = scores[p];
		agg.seats.sum[p] += v;
		agg.seats.sumSq[p] += v * v;
		if (v === best) agg.seats.wins[p] += 1 / winners;
		add(agg.seats.hist[p], String(v));
	}
	if (n > 1) {
		const d = scores[0] - (total - scores[0]) / (n - 1);
		agg.lead.sum += d;
		agg.lead.sumSq += d * d;
	}
}

/** A choice's name in the report: the move type, with the figure for a deployment. */
export function choiceKey(m: Move): string {
	// each member read once: moves come in many shapes, and every read is a lookup by name
	const type = m.type;
	if (type !== 'deploy') return type;
	const figure = m.figure;
	return typeof figure === 'string' ? (deployKeys[figure] ??= `deploy:${figure}`) : type;
}
const deployKeys: Record<string, string> = {};

/** A tile on the board of the game being counted: its statistics in the aggregate, and its expansion. */
export interface PlacedTile {
	stats: TileStats;
	expansion: string;
}

/** What counting remembers of the game being counted: its tiles by cell, the tile drawn and not yet placed. */
export interface GameCount {
	at: Map<number, PlacedTile>;
	drawn: string | null;
}

/** Counts a move's events (game i, `step` moves played after it). */
export function countEvents(
	agg: Aggregate,
	c: Context,
	events: GameEvent[],
	g: GameCount,
	game: number,
	step: number
): void {
	const at = g.at;
	const sources = ruleSources(c);
	const credit = (_player: number, rule: string, points: number) => {
		add(agg.rulePoints, rule, points);
		add(agg.credit, sources.get(rule)?.expansion ?? 'base', points);
	};
	for (const e of events) {
		for (const r of e.rules) agg.rules[r] = (agg.rules[r] ?? 0) + 1;
		eventCredit(e, credit);
		switch (e.type) {
			case 'start':
			case 'place': {
				const tile = e.tile as string;
				const stats = tileOf(agg, tile);
				stats.placed++;
				// a tile placed without its draw (the start tile, a town hall): by the rule that placed it
				if (g.drawn === tile && e.type === 'place') g.drawn = null;
				else add((agg.undrawn[tile] ??= {}), e.rules[0] ?? e.type);
				at.set(pack(e.x as number, e.y as number), {
					stats,
					expansion: c.tiles[c.tileIndex.get(e.tile as string)!].expansion
				});
				break;
			}
			case 'draw':
				tileOf(agg, e.tile as string).drawn++;
				g.drawn = e.tile as string;
				break;
			case 'discard': {
				// a tile that fits nowhere is drawn and discarded (no draw event)
				const t = tileOf(agg, e.tile as string);
				t.drawn++;
				t.discarded++;
				agg.firstDiscard[e.tile as string] ??= { game, step };
				break;
			}
			case 'setAside':
				tileOf(agg, e.tile as string).setAside++;
				break;
			case 'deploy':
				add(agg.figures, e.figure as string);
				break;
			case 'score':
				countScore(agg, e as ScoreEvent, at);
				break;
			default: {
				// an event's awards (a majority's, a flock's: one per player paid), else its own points
				const awards = e.awards as { points: number }[] | undefined;
				let points = typeof e.points === 'number' ? e.points : 0;
				if (Array.isArray(awards)) {
					points = 0;
					for (const a of awards) points += a.points;
				}
				if (points) add(agg.otherPoints, e.type, points);
			}
		}
	}
}

function countScore(agg: Aggregate, se: ScoreEvent, at: Map<number, PlacedTile>): void {
	const f = (agg.features[se.feature.kind] ??= { scored: 0, completed: 0, final: 0, points: 0 });
	f.scored++;
	const completed = !se.final && se.feature.complete;
	if (completed) f.completed++;
	else if (se.final) f.final++;
	let awarded = 0;
	for (const a of se.awards) awarded += a.points;
	f.points += awarded;
	const tiles = se.feature.tiles;
	for (const p of tiles) {
		const placed = at.get(pack(p.x, p.y));
		if (!placed) continue;
		const t = placed.stats;
		t.scored++;
		t.points += se.points;
		if (completed) t.completed++;
		if (awarded) add(agg.expansions, placed.expansion, awarded / tiles.length);
	}
}
