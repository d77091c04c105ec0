// A sandbox game: the timeline of engine states (one per move, so jumping to any step is a lookup),
// the refusals the designer met, and the rule book. Every decision is the engine's: moves come from
// legalMoves, and play() hands them to apply(); this class only remembers.
import {
	apply,
	legalMoves,
	recordOf,
	ruleBook,
	setupFromRecord,
	startGame,
	type Expansion,
	type GameEvent,
	type GameRecord,
	type GameSetup,
	type GameState,
	type Move,
	type Refusal,
	type RuleInfo
} from '../engine/index.ts';
import type { Alternative } from '../bots/index.ts';
import { useLooks } from './images.ts';

export interface TimelineStep {
	/** The move that led here (null for the game's start). */
	move: Move | null;
	state: GameState;
	events: GameEvent[];
	/** The bot that chose the move, and the alternatives it weighed (its explanation). */
	bot?: { name: string; alternatives: Alternative[] };
}

/** A move the engine refused while the designer played: kept for "save as scenario". */
export interface MetRefusal {
	/** Moves applied before it (the scenario's `after`). */
	after: number;
	move: Move;
	code: string;
	rules: string[];
	message: string;
}

export interface LoggedEvent {
	/** Timeline step the event belongs to (0 = the start). */
	step: number;
	event: GameEvent;
}

export interface LoadOutcome {
	session?: SandboxSession;
	warnings: string[];
	/** Why the record could not be set up at all (unknown expansion…). */
	errors: string[];
	/** The first move the engine refused: the session holds the game up to it. */
	refused?: { index: number; move: Move; refusal: Refusal };
}

export class SandboxSession {
	readonly setup: GameSetup;
	readonly book: ReadonlyMap<string, RuleInfo>;
	steps = $state.raw<TimelineStep[]>([]);
	at = $state(0);
	refusals = $state.raw<MetRefusal[]>([]);

	readonly state = $derived(this.steps[this.at].state);
	readonly legal = $derived(legalMoves(this.state));
	/** The bots' explanations by timeline step, up to the current one. */
	readonly botNotes = $derived(new Map(this.steps.slice(0, this.at + 1).flatMap((s, i) => (s.bot ? [[i, s.bot] as const] : []))));
	/** Every event up to the current step, with the step it belongs to. */
	readonly log = $derived(this.steps.slice(0, this.at + 1).flatMap((s, i) => s.events.map((event) => ({ step: i, event }))));

	constructor(setup: GameSetup) {
		this.setup = setup;
		useLooks(setup.expansions);
		const { state, events } = startGame({ ...setup, quiet: false });
		this.steps = [{ move: null, state, events }];
		this.book = ruleBook(state);
	}

	/**
	 * A game from a record, replayed as far as the engine accepts its moves; `notes` are the bots'
	 * explanations by timeline step (a game restored after a reload keeps them).
	 */
	static fromRecord(record: GameRecord, lookup: (id: string) => Expansion | undefined, notes: Readonly<Record<number, TimelineStep['bot']>> = {}): LoadOutcome {
		const { setup, moves, warnings, errors } = setupFromRecord(record, lookup);
		if (!setup || errors.length) return { warnings, errors };
		let session: SandboxSession;
		try {
			session = new SandboxSession(setup);
		} catch (e) {
			return { warnings, errors: [e instanceof Error ? e.message : String(e)] };
		}
		const steps = [...session.steps];
		for (let i = 0; i < moves.length; i++) {
			const r = apply(steps[steps.length - 1].state, moves[i]);
			if (!r.ok) {
				session.steps = steps;
				session.at = steps.length - 1;
				return { session, warnings, errors, refused: { index: i, move: moves[i], refusal: r.refusal } };
			}
			const bot = notes[steps.length];
			steps.push({ move: moves[i], state: r.state, events: r.events, ...(bot ? { bot } : {}) });
		}
		session.steps = steps;
		session.at = steps.length - 1;
		return { session, warnings, errors };
	}

	/** What the engine would answer to a move now, without playing it (hover explanations). */
	probe(move: Move): Refusal | null {
		const r = apply(this.state, move);
		return r.ok ? null : r.refusal;
	}

	/** Plays a move (a bot's with its explanation): a refusal is returned (and remembered), otherwise the timeline moves on. */
	play(move: Move, bot?: TimelineStep['bot']): Refusal | null {
		// the engine keeps the move in its log, and the log crosses to the bots' worker: plain data only
		// (a move taken from reactive page state is a proxy, which postMessage cannot clone)
		move = $state.snapshot(move) as Move;
		const r = apply(this.state, move);
		if (!r.ok) {
			this.refusals = [...this.refusals, { after: this.at, move, code: r.refusal.code, rules: r.refusal.rules, message: r.refusal.message }];
			return r.refusal;
		}
		// a new move forgets the undone future, and the refusals met there
		this.refusals = this.refusals.filter((x) => x.after <= this.at);
		this.steps = [...this.steps.slice(0, this.at + 1), { move, state: r.state, events: r.events, ...(bot ? { bot } : {}) }];
		this.at = this.steps.length - 1;
		return null;
	}

	get canUndo(): boolean {
		return this.at > 0;
	}
	get canRedo(): boolean {
		return this.at < this.steps.length - 1;
	}
	undo(): void {
		if (this.canUndo) this.at--;
	}
	redo(): void {
		if (this.canRedo) this.at++;
	}
	jump(step: number): void {
		this.at = Math.max(0, Math.min(this.steps.length - 1, Math.round(step)));
	}
	/** Forgets the steps after the current one (play on from a step of the past). */
	truncate(): void {
		if (this.canRedo) this.steps = this.steps.slice(0, this.at + 1);
		this.refusals = this.refusals.filter((x) => x.after <= this.at);
	}
	/** The seat that made the move leading to step i (none for the start). */
	moverOf(i: number): number | undefined {
		return i > 0 ? this.steps[i - 1]?.state.pending[0]?.player : undefined;
	}
	/** The bots' explanations of the whole timeline, by step. */
	notes(): Record<number, NonNullable<TimelineStep['bot']>> {
		return Object.fromEntries(this.steps.flatMap((s, i) => (s.bot ? [[i, s.bot]] : [])));
	}

	/** The game record up to the current step. */
	record(): GameRecord {
		return recordOf(this.state);
	}
	/** The record of the whole timeline (the steps after the current one too). */
	fullRecord(): GameRecord {
		return recordOf(this.steps[this.steps.length - 1].state);
	}
}
