// What the score board shows: each player's points broken down by feature type and by expansion
// (rule module), read from the engine's events, and the final scoring feature by feature.
import type { GameEvent, RuleInfo, ScoreEvent } from '../engine/index.ts';

export interface ScoreBreakdown {
	total: number;
	/** Feature kind (road, city, field, …) or the event for points outside a feature (fairy). */
	byKind: Record<string, number>;
	/** Rule module id → points. */
	byModule: Record<string, number>;
}

const add = (m: Record<string, number>, k: string, n: number) => (m[k] = (m[k] ?? 0) + n);

/** The rule module a list of rule ids belongs to: the first id the rule book knows. */
export function moduleOf(rules: readonly string[], book: ReadonlyMap<string, RuleInfo>): string {
	for (const r of rules) {
		const info = book.get(r);
		if (info) return info.module;
	}
	return 'base';
}

const isScore = (e: GameEvent): e is ScoreEvent => e.type === 'score';

/** Points per player from the events, by feature kind and by module. */
export function scoreBreakdown(
	events: readonly GameEvent[],
	players: number,
	book: ReadonlyMap<string, RuleInfo>
): ScoreBreakdown[] {
	const out = Array.from(
		{ length: players },
		() => ({ total: 0, byKind: {}, byModule: {} }) as ScoreBreakdown
	);
	for (const e of events) {
		if (isScore(e)) {
			const kind = e.feature.farmers ? 'field' : e.feature.kind;
			for (const a of e.awards) {
				const b = out[a.player];
				if (!b) continue;
				b.total += a.points;
				add(b.byKind, kind, a.points);
				add(b.byModule, moduleOf(a.rules.length ? a.rules : e.rules, book), a.points);
			}
		} else if (typeof e.points === 'number' && typeof e.player === 'number' && out[e.player]) {
			// points outside a feature's scoring (the fairy at the start of a turn)
			const b = out[e.player];
			b.total += e.points;
			add(b.byKind, e.type, e.points);
			add(b.byModule, moduleOf(e.rules, book), e.points);
		}
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
