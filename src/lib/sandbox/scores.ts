// What the score board shows: each player's points broken down by feature type and by the expansion
// whose rules gave them (each term of a score to its rule's expansion: engine/credit.ts), read from
// the engine's events, and the final scoring feature by feature.
import { eventCredit, type GameEvent, type RuleSource, type ScoreEvent } from '../engine/index.ts';

export interface ScoreBreakdown {
	total: number;
	/** Feature kind (road, city, field, …) or the event for points outside a feature (fairy). */
	byKind: Record<string, number>;
	/** Expansion id → the points its rules gave (a rule's negative terms too: a zero it imposed). */
	byExpansion: Record<string, number>;
	/** Expansion id → its name. */
	names: Record<string, string>;
}

const add = (m: Record<string, number>, k: string, n: number) => (m[k] = (m[k] ?? 0) + n);

const isScore = (e: GameEvent): e is ScoreEvent => e.type === 'score';

/** Points per player from the events, by feature kind and by the expansion of the rules that gave them. */
export function scoreBreakdown(
	events: readonly GameEvent[],
	players: number,
	sources: ReadonlyMap<string, RuleSource>
): ScoreBreakdown[] {
	const names: Record<string, string> = {};
	const out = Array.from(
		{ length: players },
		() => ({ total: 0, byKind: {}, byExpansion: {}, names }) as ScoreBreakdown
	);
	for (const e of events) {
		const kind = isScore(e) ? (e.feature.farmers ? 'field' : e.feature.kind) : e.type;
		eventCredit(e, (player, rule, points) => {
			const b = out[player];
			if (!b) return;
			const src = sources.get(rule) ?? { expansion: 'base', name: 'Base game' };
			names[src.expansion] = src.name;
			b.total += points;
			add(b.byKind, kind, points);
			add(b.byExpansion, src.expansion, points);
		});
	}
	return out;
}

/** The final scoring's score events, in the order the engine scored them. */
export const finalScoring = (events: readonly GameEvent[]): ScoreEvent[] =>
	events.filter((e): e is ScoreEvent => isScore(e) && e.final);

export interface Rank {
	player: number;
	score: number;
	/** 1 for the winners; players with equal scores share a place (the base game's ties share the win). */
	place: number;
}

/** The players by final score, best first, ties sharing a place. */
export function ranking(scores: readonly number[]): Rank[] {
	const order = scores
		.map((score, player) => ({ player, score }))
		.sort((a, b) => b.score - a.score || a.player - b.player);
	return order.map((r) => ({ ...r, place: 1 + order.filter((o) => o.score > r.score).length }));
}

/** "Cid wins with 72 points", or the players who share the win. */
export function winnerText(players: readonly string[], scores: readonly number[]): string {
	const top = ranking(scores).filter((r) => r.place === 1);
	const names = top.map((r) => players[r.player]);
	if (top.length === 1) return `${names[0]} wins with ${top[0].score} points`;
	return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} share the win with ${top[0].score} points`;
}

/** The scorings that gave the most points, biggest first (what decided the game). */
export function biggestScorings(events: readonly GameEvent[], n = 5): ScoreEvent[] {
	const total = (e: ScoreEvent) => e.awards.reduce((s, a) => s + a.points, 0);
	return events
		.filter(isScore)
		.filter((e) => total(e) > 0)
		.sort((a, b) => total(b) - total(a))
		.slice(0, n);
}
