// Runs a rules scenario (schemas/scenario.v1.json): plays its game and checks scores after given
// moves, events that must (not) occur, refusals, listed moves and final scores.
import { apply, legalMoves } from './game.ts';
import { startGame } from './setup.ts';
import { setupFromRecord } from './record.ts';
import type { Scenario } from '../formats/schema-types.ts';
import type { Expansion, GameEvent, GameState, Move } from './types.ts';

export type { Scenario };

export interface ScenarioResult {
	name: string;
	passed: boolean;
	failures: string[];
	/** Events by move index (-1 = game start), for explanations. */
	events: { move: number; events: GameEvent[] }[];
}

/**
 * Partial match: objects by subset; arrays of the same length whose elements match one to one in
 * order, or (for arrays of objects, such as figures and awards) in any order; scalars equal.
 */
export function matches(actual: unknown, expected: unknown): boolean {
	if (Array.isArray(expected)) {
		if (!Array.isArray(actual) || actual.length !== expected.length) return false;
		if (expected.every((e, i) => matches(actual[i], e))) return true;
		if (!expected.some((e) => e !== null && typeof e === 'object')) return false;
		const used = new Set<number>();
		return expected.every((e) => {
			const i = actual.findIndex((a, j) => !used.has(j) && matches(a, e));
			if (i < 0) return false;
			used.add(i);
			return true;
		});
	}
	if (expected !== null && typeof expected === 'object') {
		if (actual === null || typeof actual !== 'object') return false;
		return Object.entries(expected).every(([k, v]) =>
			matches((actual as Record<string, unknown>)[k], v)
		);
	}
	return actual === expected;
}

export function runScenario(
	sc: Scenario,
	lookup: (id: string) => Expansion | undefined
): ScenarioResult {
	const failures: string[] = [];
	const log: ScenarioResult['events'] = [];
	const { setup, moves, errors } = setupFromRecord(sc.game, lookup);
	if (!setup) return { name: sc.name, passed: false, failures: errors, events: log };
	let state: GameState;
	try {
		const started = startGame(setup);
		state = started.state;
		log.push({ move: -1, events: started.events });
	} catch (e) {
		return {
			name: sc.name,
			passed: false,
			failures: [`setup failed: ${e instanceof Error ? e.message : e}`],
			events: log
		};
	}
	const ex = sc.expect;
	const checkAt = (after: number) => {
		for (const s of ex.scores ?? [])
			if (s.after === after && !matches(state.scores, s.scores))
				failures.push(
					`after ${after} moves: scores ${JSON.stringify(state.scores)}, expected ${JSON.stringify(s.scores)}`
				);
		for (const r of ex.refusals ?? []) {
			if (r.after !== after) continue;
			const res = apply(state, r.move as Move);
			if (res.ok)
				failures.push(
					`after ${after} moves: ${JSON.stringify(r.move)} was accepted, expected refusal '${r.code}'`
				);
			else {
				if (res.refusal.code !== r.code)
					failures.push(
						`after ${after} moves: ${JSON.stringify(r.move)} refused with '${res.refusal.code}' (${res.refusal.message}), expected '${r.code}'`
					);
				for (const id of r.rules ?? [])
					if (!res.refusal.rules.includes(id))
						failures.push(
							`after ${after} moves: refusal of ${JSON.stringify(r.move)} names ${res.refusal.rules.join(', ')}, not ${id}`
						);
			}
		}
		for (const l of ex.legal ?? []) {
			if (l.after !== after) continue;
			const listed = legalMoves(state).some((m) => matches(m, l.move));
			if (listed !== (l.listed ?? true))
				failures.push(
					`after ${after} moves: ${JSON.stringify(l.move)} is ${listed ? '' : 'not '}listed by legalMoves`
				);
		}
	};
	let i = 0;
	for (; i <= moves.length; i++) {
		checkAt(i);
		if (i === moves.length) break;
		const r = apply(state, moves[i]);
		if (!r.ok) {
			failures.push(
				`move ${i} ${JSON.stringify(moves[i])} refused: ${r.refusal.message} [${r.refusal.rules.join(', ')}]`
			);
			break;
		}
		state = r.state;
		log.push({ move: i, events: r.events });
	}
	for (const e of ex.events ?? []) {
		const pool = log
			.filter((l) => e.move === undefined || l.move === e.move)
			.flatMap((l) => l.events);
		const found = pool.some((ev) => ev.type === e.type && (!e.match || matches(ev, e.match)));
		if (found && e.absent)
			failures.push(`event '${e.type}' ${JSON.stringify(e.match ?? {})} occurred but must not`);
		if (!found && !e.absent) {
			const same = pool
				.filter((ev) => ev.type === e.type)
				.map((ev) => ev.text ?? JSON.stringify(ev));
			failures.push(
				`no event '${e.type}' matching ${JSON.stringify(e.match ?? {})}${e.move !== undefined ? ` in move ${e.move}` : ''}${same.length ? `; got: ${same.slice(0, 3).join(' | ')}` : ''}`
			);
		}
	}
	if (ex.final) {
		if (!state.finished) failures.push('the game is not over after all moves');
		else if (!matches(state.scores, ex.final))
			failures.push(
				`final scores ${JSON.stringify(state.scores)}, expected ${JSON.stringify(ex.final)}`
			);
	}
	if (ex.finished !== undefined && state.finished !== ex.finished)
		failures.push(`finished is ${state.finished}, expected ${ex.finished}`);
	return { name: sc.name, passed: failures.length === 0, failures, events: log };
}
