// Seeded random games with invariant checks and statistics (the CLI's simulate and the tests).
import { seedState } from './rng.ts';
import { randomLegalMove } from './random.ts';
import { apply, legalMoveCount, replay, setupOf, startGame, undo, redo } from './game.ts';
import { checkState, snapshot, type Violation } from './invariants.ts';
import { recordOf, type GameRecord } from './record.ts';
import type { GameEvent, GameSetup, GameState, ScoreEvent } from './types.ts';

export interface SimulationOptions {
	setup: Omit<GameSetup, 'seed'>;
	games: number;
	seed: number;
	/** Check the invariants after every move (default true). */
	checkMoves?: boolean;
	/** Replay each finished game from its record and compare (default true). */
	checkReplay?: boolean;
	/** Undo then redo at one random point per game and compare (default false: it replays the game). */
	checkUndo?: boolean;
	onGame?: (index: number) => void;
}

export interface SimulationViolation extends Violation {
	game: number;
	record: GameRecord;
}

export interface SimulationResult {
	games: number;
	placements: number;
	moves: number;
	violations: SimulationViolation[];
	stats: {
		tiles: Record<string, { placed: number; discarded: number; setAside: number }>;
		features: Record<string, { scored: number; points: number; final: number }>;
		rules: Record<string, number>;
		scores: { mean: number; max: number };
	};
}

/** Path-compression-independent form of a state, for equality checks. */
export function canonical(s: GameState): string {
	const roots = s.parent.map((_, i) => {
		let r = i;
		while (s.parent[r] !== r) r = s.parent[r];
		return r;
	});
	return JSON.stringify({ ...s, parent: roots, redo: [] });
}

export const gameSeed = (seed: number, i: number): number => (Math.imul(seed, 1_000_003) + i * 7919) >>> 0;

export function simulate(o: SimulationOptions): SimulationResult {
	const res: SimulationResult = {
		games: 0,
		placements: 0,
		moves: 0,
		violations: [],
		stats: { tiles: {}, features: {}, rules: {}, scores: { mean: 0, max: 0 } }
	};
	const st = res.stats;
	let scoreSum = 0;
	let scoreCount = 0;
	const count = (events: GameEvent[]) => {
		for (const e of events) {
			for (const r of e.rules) st.rules[r] = (st.rules[r] ?? 0) + 1;
			if (e.type === 'place' || e.type === 'discard' || e.type === 'setAside') {
				const t = (st.tiles[e.tile as string] ??= { placed: 0, discarded: 0, setAside: 0 });
				if (e.type === 'place') t.placed++;
				else if (e.type === 'discard') t.discarded++;
				else t.setAside++;
			} else if (e.type === 'score') {
				const se = e as ScoreEvent;
				const f = (st.features[se.feature.kind] ??= { scored: 0, points: 0, final: 0 });
				f.scored++;
				if (se.final) f.final++;
				for (const a of se.awards) f.points += a.points;
			}
		}
	};
	for (let i = 0; i < o.games; i++) {
		const seed = gameSeed(o.seed, i);
		const setup: GameSetup = { ...o.setup, seed, quiet: true };
		const violation = (state: GameState, v: Violation) => res.violations.push({ ...v, game: i, record: recordOf(state) });
		const started = startGame(setup);
		let state = started.state;
		count(started.events);
		let rng = seedState(seed ^ 0x5bd1e995);
		let before = snapshot(state);
		const undoAt = o.checkUndo ? 1 + (seed % 97) : -1;
		let moves = 0;
		while (!state.finished) {
			if (moves > 10_000) {
				violation(state, { invariant: 'game-ends', message: 'no end after 10,000 moves' });
				break;
			}
			if (legalMoveCount(state) === 0) {
				violation(state, { invariant: 'game-ends', message: 'no legal move but the game is not over' });
				break;
			}
			const [move, next] = randomLegalMove(state, rng);
			rng = next;
			if (moves === undoAt) {
				const copy = canonical(state);
				const back = undo(state);
				const again = back && redo(back);
				if (!again || !again.ok || canonical(again.state) !== copy)
					violation(state, { invariant: 'undo-redo-identity', message: `undo then redo at move ${moves} changed the state` });
			}
			const r = apply(state, move, { mutate: true, quiet: true });
			if (!r.ok) {
				violation(state, { invariant: 'listed-moves-legal', message: `legalMoves listed ${JSON.stringify(move)} but apply refused it: ${r.refusal.message}` });
				break;
			}
			moves++;
			if (move.type === 'place') res.placements++;
			count(r.events);
			if (o.checkMoves !== false) {
				for (const v2 of checkState(state, before)) violation(state, v2);
				before = snapshot(state);
			}
		}
		res.moves += moves;
		if (state.finished && o.checkReplay !== false) {
			const again = replay(setupOf(state), state.log, { quiet: true });
			if (again.error) violation(state, { invariant: 'replay-reproduces', message: `replay refused move ${again.error.index}: ${again.error.refusal.message}` });
			else if (canonical(again.state) !== canonical(state)) violation(state, { invariant: 'replay-reproduces', message: 'replaying the log gives a different state' });
		}
		for (const s of state.scores) {
			scoreSum += s;
			scoreCount++;
			if (s > st.scores.max) st.scores.max = s;
		}
		res.games++;
		o.onGame?.(i);
	}
	st.scores.mean = scoreCount ? Math.round((scoreSum / scoreCount) * 100) / 100 : 0;
	const sortKeys = <T>(r: Record<string, T>) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)));
	st.tiles = sortKeys(st.tiles);
	st.features = sortKeys(st.features);
	st.rules = sortKeys(st.rules);
	return res;
}
