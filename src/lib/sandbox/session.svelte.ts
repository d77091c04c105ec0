// A sandbox game: the timeline (each step's move, events, seat to decide and bot note), the refusals
// the designer met, and the rule book. The timeline keeps engine states only every `span` steps
// (checkpoints, at most MAX_CHECKPOINTS: the span doubles as the game grows), the last step's and a
// few recently shown: a step in between is replayed from the checkpoint before it. Every decision is
// the engine's: moves come from legalMoves, and play() hands them to apply(); this class only remembers.
import {
	apply,
	cloneState,
	contextOf,
	IN_PLACE_SILENT,
	legalMoves,
	recordOf,
	ruleBook,
	ruleSources,
	setupFromRecord,
	startGame,
	type Expansion,
	type GameEvent,
	type GameRecord,
	type GameSetup,
	type GameState,
	type Move,
	type Refusal,
	type RuleInfo,
	type RuleSource
} from '../engine/index.ts';
import type { Alternative } from '../bots/index.ts';
import { useLooks } from './images.ts';

export interface TimelineStep {
	/** The move that led here (null for the game's start). */
	move: Move | null;
	events: GameEvent[];
	/** The seat to decide at this step (none once the game is over). */
	player?: number;
	/** Events from the start up to this step, this step's included. */
	eventsThrough: number;
	/** The bot that chose the move, and the alternatives it weighed (its explanation). */
	bot?: { name: string; alternatives: Alternative[] };
	/** The move was the step's only one: the table played it by itself. */
	auto?: true;
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

/** Steps between checkpoints at first; the span doubles whenever there would be more than MAX_CHECKPOINTS. */
export const FIRST_SPAN = 64;
export const MAX_CHECKPOINTS = 48;
/** States of steps shown lately, kept besides the checkpoints (undo, the log's bot notes, the slider). */
const RECENT = 8;

const seatOf = (s: GameState): number | undefined =>
	s.finished ? undefined : s.pending[0]?.player;

export class SandboxSession {
	readonly setup: GameSetup;
	readonly book: ReadonlyMap<string, RuleInfo>;
	/** Rule (and ruling) id → the expansion that declares it: whose rules gave the points. */
	readonly sources: ReadonlyMap<string, RuleSource>;
	/** The timeline: no states (stateAt builds them). */
	steps = $state.raw<TimelineStep[]>([]);
	at = $state(0);
	refusals = $state.raw<MetRefusal[]>([]);

	/** The state at step `span × j`. */
	#checkpoints: GameState[] = [];
	#span = FIRST_SPAN;
	/** The state of the timeline's last step. */
	#end: GameState;
	/** States rebuilt or left behind lately, by step (oldest first). */
	#recent = new Map<number, GameState>();
	/** Every event of the timeline in order (steps[i].eventsThrough of them up to step i). */
	#flat: GameEvent[] = [];

	readonly state = $derived(this.stateAt(this.at));
	readonly legal = $derived(legalMoves(this.state));
	/** Every event up to the current step. */
	readonly events = $derived(this.#flat.slice(0, this.steps[this.at].eventsThrough));
	/** How many events there are up to the current step. */
	readonly eventCount = $derived(this.steps[this.at].eventsThrough);

	constructor(setup: GameSetup) {
		this.setup = setup;
		useLooks(setup.expansions);
		const { state, events } = startGame({ ...setup, quiet: false });
		this.#end = state;
		this.#checkpoints = [state];
		this.#flat = [...events];
		this.steps = [{ move: null, events, player: seatOf(state), eventsThrough: events.length }];
		this.book = ruleBook(state);
		this.sources = ruleSources(contextOf(state));
	}

	/**
	 * A game from a record, replayed as far as the engine accepts its moves; `notes` are the bots'
	 * explanations by timeline step (a game restored after a reload keeps them).
	 */
	static fromRecord(
		record: GameRecord,
		lookup: (id: string) => Expansion | undefined,
		notes: Readonly<Record<number, TimelineStep['bot']>> = {}
	): LoadOutcome {
		const { setup, moves, warnings, errors } = setupFromRecord(record, lookup);
		if (!setup || errors.length) return { warnings, errors };
		let session: SandboxSession;
		try {
			session = new SandboxSession(setup);
		} catch (e) {
			return { warnings, errors: [e instanceof Error ? e.message : String(e)] };
		}
		// one state, changed in place move after move; a copy at every checkpoint, their span chosen
		// for the record's length up front (a doubling span would copy about three times as many states)
		while (moves.length / session.#span >= MAX_CHECKPOINTS) session.#span *= 2;
		const state = cloneState(session.#end);
		const steps = [...session.steps];
		let refused: LoadOutcome['refused'];
		for (let i = 0; i < moves.length; i++) {
			const r = apply(state, moves[i], { mutate: true, quiet: false });
			if (!r.ok) {
				refused = { index: i, move: moves[i], refusal: r.refusal };
				break;
			}
			const bot = notes[steps.length];
			session.#flat.push(...r.events);
			steps.push({
				move: moves[i],
				events: r.events,
				player: seatOf(state),
				eventsThrough: session.#flat.length,
				...(bot ? { bot } : {})
			});
			session.#checkpoint(steps.length - 1, state, true);
		}
		session.#end = state;
		session.steps = steps;
		session.at = steps.length - 1;
		return { session, warnings, errors, ...(refused ? { refused } : {}) };
	}

	/** Keeps the state of step i when it falls on a checkpoint (a copy when the caller goes on changing it). */
	#checkpoint(i: number, state: GameState, copy: boolean): void {
		if (i % this.#span !== 0 || i / this.#span !== this.#checkpoints.length) return;
		this.#checkpoints.push(copy ? cloneState(state) : state);
		if (this.#checkpoints.length > MAX_CHECKPOINTS) {
			this.#checkpoints = this.#checkpoints.filter((_, j) => j % 2 === 0);
			this.#span *= 2;
		}
	}

	#remember(i: number, state: GameState): void {
		this.#recent.delete(i);
		this.#recent.set(i, state);
		if (this.#recent.size > RECENT) this.#recent.delete(this.#recent.keys().next().value!);
	}

	/** Forgets every state kept after step i (the timeline was cut there). */
	#forgetAfter(i: number): void {
		this.#checkpoints.length = Math.min(this.#checkpoints.length, Math.floor(i / this.#span) + 1);
		for (const k of [...this.#recent.keys()]) if (k > i) this.#recent.delete(k);
		this.#flat.length = this.steps[i].eventsThrough;
	}

	/**
	 * The engine's state at step i of the timeline (do not change it): the last step's, a recent one,
	 * or replayed from the nearest state kept before it.
	 */
	stateAt(i: number): GameState {
		const steps = this.steps;
		const last = steps.length - 1;
		if (i < 0 || i > last || !Number.isInteger(i))
			throw new RangeError(`no step ${i} in a timeline of ${last} moves`);
		if (i === last) return this.#end;
		const seen = this.#recent.get(i);
		if (seen) {
			this.#remember(i, seen);
			return seen;
		}
		let from = Math.floor(i / this.#span) * this.#span;
		let base = this.#checkpoints[from / this.#span];
		for (const [k, s] of this.#recent) if (k < i && k > from) [from, base] = [k, s];
		const state = cloneState(base);
		for (let k = from + 1; k <= i; k++) {
			const r = apply(state, steps[k].move!, IN_PLACE_SILENT);
			if (!r.ok) throw new Error(`step ${k} no longer replays: ${r.refusal.message}`);
		}
		this.#remember(i, state);
		return state;
	}

	/** The most recent `n` events up to the current step, with the step each belongs to (oldest first). */
	logTail(n: number): LoggedEvent[] {
		const out: LoggedEvent[] = [];
		for (let i = this.at; i >= 0 && out.length < n; i--) {
			const ev = this.steps[i].events;
			for (let j = ev.length - 1; j >= 0 && out.length < n; j--)
				out.push({ step: i, event: ev[j] });
		}
		return out.reverse();
	}

	/** Step i's move was its step's only one, played by the table (not after the current step). */
	autoPlayed(i: number): boolean {
		return i <= this.at && !!this.steps[i]?.auto;
	}

	/** The bot's explanation of step i, when it is not after the current step. */
	botNote(i: number): TimelineStep['bot'] {
		return i <= this.at ? this.steps[i]?.bot : undefined;
	}

	/** How many states the timeline keeps (checkpoints, recent steps, the last step). */
	get keptStates(): number {
		return this.#checkpoints.length + this.#recent.size + 1;
	}

	/** What the engine would answer to a move now, without playing it (hover explanations). */
	probe(move: Move): Refusal | null {
		const r = apply(this.state, move);
		return r.ok ? null : r.refusal;
	}

	/** Plays a move (a bot's with its explanation): a refusal is returned (and remembered), otherwise the timeline moves on. */
	play(move: Move, bot?: TimelineStep['bot'], auto = false): Refusal | null {
		// the engine keeps the move in its log, and the log crosses to the bots' worker: plain data only
		// (a move taken from reactive page state is a proxy, which postMessage cannot clone)
		move = $state.snapshot(move) as Move;
		const from = this.state;
		const r = apply(from, move);
		if (!r.ok) {
			this.refusals = [
				...this.refusals,
				{
					after: this.at,
					move,
					code: r.refusal.code,
					rules: r.refusal.rules,
					message: r.refusal.message
				}
			];
			return r.refusal;
		}
		// a new move forgets the undone future, and the refusals met there
		this.refusals = this.refusals.filter((x) => x.after <= this.at);
		this.#forgetAfter(this.at);
		this.#remember(this.at, from);
		this.#flat.push(...r.events);
		const i = this.at + 1;
		this.#end = r.state;
		this.#checkpoint(i, r.state, false);
		this.steps = [
			...this.steps.slice(0, i),
			{
				move,
				events: r.events,
				player: seatOf(r.state),
				eventsThrough: this.#flat.length,
				...(bot ? { bot } : {}),
				...(auto ? { auto: true as const } : {})
			}
		];
		this.at = i;
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
		if (this.canRedo) {
			const end = this.state;
			this.#forgetAfter(this.at);
			this.#recent.delete(this.at);
			this.#end = end;
			this.steps = this.steps.slice(0, this.at + 1);
		}
		this.refusals = this.refusals.filter((x) => x.after <= this.at);
	}
	/** The seat that made the move leading to step i (none for the start). */
	moverOf(i: number): number | undefined {
		return i > 0 ? this.steps[i - 1]?.player : undefined;
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
		return recordOf(this.#end);
	}
}
