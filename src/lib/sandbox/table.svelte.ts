// The sandbox table: the game in progress and its seats (people and bots), opened from records,
// files and links and kept in the browser's storage (GameKeeper). The page shows it; every decision
// is the engine's (through SandboxSession); the bots' turns (BotTurns) think in a worker. No rule
// lives here: only who plays when.
import {
	jczFromRecord,
	legalMoveCount,
	type Expansion,
	type GameRecord,
	type Move,
	type Refusal
} from '../engine/index.ts';
import { recordFromJcz } from '../formats/jcz-game.ts';
import { botSpecText, type BotSpec } from '../bots/index.ts';
import { seatBot } from './bots.ts';
import { BotTurns } from './bot-turns.svelte.ts';
import { GameKeeper, keepDelay } from './keeper.ts';
import { refusalText, type Status } from './status.ts';
import { colourOf } from './palette.ts';
import { SandboxSession, type LoadOutcome, type TimelineStep } from './session.svelte.ts';
import {
	decodeGameLink,
	encodeGameLink,
	GAME_PARAM,
	loadSavedGame,
	storeSavedGame,
	type SavedGame
} from './saved-game.ts';
import { setupToParams, type SandboxSetup } from './setup.ts';
import { resolveSetup } from './start.ts';

export class SandboxTable {
	session = $state.raw<SandboxSession | null>(null);
	setup = $state.raw<SandboxSetup | null>(null);
	status = $state.raw<Status>(null);
	/** A record that loads with warnings or a refused move: the designer decides. */
	loadProblem = $state.raw<LoadOutcome | null>(null);
	startError = $state('');
	/** Seats a person took over from their bot. */
	takenOver = $state.raw<ReadonlySet<number>>(new Set());
	/** The game could not be kept in this browser (storage full or off). */
	unsaved = $state(false);

	/** The bots' turns: their pace, their thinking, hints. */
	readonly bots: BotTurns;
	readonly #keeper = new GameKeeper(
		() => {
			const g = this.snapshot();
			return !g || storeSavedGame(this.storage, g);
		},
		(ok) => (this.unsaved = !ok),
		() => keepDelay(this.session?.steps.length ?? 0)
	);

	constructor(
		private available: () => ReadonlyMap<string, Expansion>,
		private storage: Storage | undefined
	) {
		this.bots = new BotTurns(this, storage);
	}

	// ------------------------------------------------------------------ seats and steps
	/** The bot of seat p (none for a person, or a seat a person took over). */
	botOf(p: number): BotSpec | null {
		return this.setup && !this.takenOver.has(p) ? seatBot(this.setup.players, p) : null;
	}
	get hasBots(): boolean {
		return !!this.setup?.players.some((_, i) => this.botOf(i));
	}
	/** The step shown is the timeline's last (the game as it stands, not the past). */
	get live(): boolean {
		return !!this.session && this.session.at === this.session.steps.length - 1;
	}
	/** The player to decide at the step shown, if any. */
	get mover(): number | undefined {
		const s = this.session?.state;
		return s && !s.finished ? s.pending[0]?.player : undefined;
	}
	/** Looking at a bot's decision in the past: the bots wait, and the board takes no move. */
	get inspecting(): boolean {
		return !!this.session && !this.live && this.mover !== undefined && !!this.botOf(this.mover);
	}
	/** The bot to play the step shown (the game as it stands, a bot's seat, not paused). */
	get botToMove(): BotSpec | null {
		const p = this.mover;
		return this.live && p !== undefined ? this.botOf(p) : null;
	}
	seatName(p: number): string {
		const spec = this.botOf(p);
		return `${this.session?.state.players[p] ?? `seat ${p + 1}`}${spec ? ` (${botSpecText(spec)})` : ''}`;
	}

	// ------------------------------------------------------------------ starting and loading
	/** Starts the bots' worker and the keeping on leaving the page (in the page's $effect); returns its stop. */
	attach(): () => void {
		const stopBots = this.bots.attach();
		const stopKeeping = typeof window === 'undefined' ? () => {} : this.#keeper.attach(window);
		return () => {
			stopBots();
			stopKeeping();
		};
	}

	/** A new game of the setup; false (with startError) when it cannot start. */
	begin(s: SandboxSetup, problems: string[] = []): boolean {
		const r = resolveSetup(s, this.available());
		if (!r.game) {
			this.startError = [...problems, ...r.errors].join('; ');
			return false;
		}
		let session: SandboxSession;
		try {
			session = new SandboxSession(r.game);
		} catch (e) {
			this.startError = `The game cannot start: ${e instanceof Error ? e.message : String(e)}`;
			return false;
		}
		this.startError = problems.length
			? `Some of the link's setup was not understood: ${problems.join('; ')}`
			: '';
		this.enter(session, s, null);
		// a rule's test (the editor's Test in sandbox): the first of its tiles the engine offers is in hand
		const ready = s.ready?.find((k) =>
			session.legal.some((m) => m.type === 'pick' && m.tile === k)
		);
		if (ready) this.play({ type: 'pick', tile: ready });
		return true;
	}

	/** Opens a record (a file, a game on the server, the checker's). */
	openRecord(record: GameRecord, name: string, seats?: SandboxSetup['players']): void {
		const outcome = SandboxSession.fromRecord(record, (id) => this.available().get(id));
		if (!outcome.session) {
			this.status = {
				text: `${name} cannot be loaded: ${outcome.errors.join('; ')}`,
				kind: 'refusal'
			};
			return;
		}
		if (outcome.refused || outcome.warnings.length) {
			this.loadProblem = outcome;
			return;
		}
		this.adopt(outcome.session, record, seats);
		this.status = {
			text: `Loaded a game of ${outcome.session.steps.length - 1} moves (${name}).`,
			kind: 'info'
		};
	}

	/** Opens a JCloisterZone saved game (.jcz): imported as a record (formats/jcz-game.ts), its notes in the status. */
	openJcz(text: string, name: string): void {
		const r = recordFromJcz(text, { expansions: [...this.available().values()] });
		const where = (p: { pointer: string; message: string }) => `${p.pointer || '/'} ${p.message}`;
		if (!r.ok) {
			this.status = {
				text: `${name} cannot be loaded: ${r.errors.slice(0, 3).map(where).join('; ')}${r.errors.length > 3 ? ` (and ${r.errors.length - 3} more)` : ''}`,
				kind: 'refusal'
			};
			return;
		}
		this.openRecord(r.record, name);
		if (this.session && !this.loadProblem && r.warnings.length && this.status)
			this.status = {
				text: `${this.status.text} JCloisterZone options played otherwise here: ${r.warnings.slice(0, 3).map(where).join('; ')}${r.warnings.length > 3 ? ' …' : ''}`,
				kind: 'info'
			};
	}

	/** The game as a JCloisterZone saved game (.jcz text), or why it cannot be one. */
	jczText(): { text: string } | { error: string } {
		if (!this.session) return { error: 'no game' };
		const r = jczFromRecord(this.session.record(), (id) => this.available().get(id));
		return r.ok
			? { text: r.text }
			: {
					error: r.errors
						.slice(0, 3)
						.map((e) => `${e.pointer || '/'} ${e.message}`)
						.join('; ')
				};
	}

	/** Takes a loaded game to the table; people play every seat unless `seats` names bots. */
	adopt(s: SandboxSession, record: GameRecord, seats?: SandboxSetup['players']): void {
		const setup: SandboxSetup = {
			expansions: [...record.expansions.map((e) => e.id), ...(record.modules ?? [])],
			players: record.players.map((name, i) => ({
				name,
				colour: seats?.[i]?.colour ?? colourOf(undefined, i).id,
				...(seats?.[i]?.bot ? { bot: seats[i].bot } : {})
			})),
			seed: record.seed,
			rulings: { ...(record.rulings ?? {}) },
			free: record.free === true,
			...(record.start ? { start: record.start } : {})
		};
		this.enter(s, setup, null);
	}

	private enter(session: SandboxSession, setup: SandboxSetup, at: number | null): void {
		this.bots.reset();
		this.takenOver = new Set();
		this.loadProblem = null;
		this.status = null;
		this.setup = setup;
		this.session = session;
		if (at !== null) session.jump(at);
		this.changed();
	}

	/** A kept game (storage or link) back at its step; an error when it cannot be set up again. */
	resume(game: SavedGame): string | null {
		const outcome = SandboxSession.fromRecord(
			game.record,
			(id) => this.available().get(id),
			game.notes ?? {}
		);
		if (!outcome.session) return outcome.errors.join('; ');
		this.enter(outcome.session, game.setup, game.at);
		if (outcome.refused)
			this.status = {
				text: `The kept game stops at move ${outcome.refused.index + 1}: ${refusalText(outcome.refused.refusal)}`,
				kind: 'refusal'
			};
		return null;
	}

	/** The game kept in this browser, if there is one (a change not yet written is written first). */
	savedGame(): SavedGame | null {
		this.#keeper.flush();
		return loadSavedGame(this.storage);
	}

	/** The game in progress as kept (and as a link carries it). */
	snapshot(withNotes = true): SavedGame | null {
		const s = this.session;
		if (!s || !this.setup) return null;
		return {
			version: 1,
			setup: this.setup,
			record: s.fullRecord(),
			at: s.at,
			...(withNotes ? { notes: s.notes() } : {})
		};
	}

	/** A link (query string) that carries the whole game: setup, moves and the step shown. */
	linkQuery(): string | null {
		const g = this.snapshot(false);
		return g ? `${GAME_PARAM}=${encodeGameLink(g)}` : null;
	}

	/** Opens the game of a link's `g` parameter; an error when it cannot. */
	openLink(value: string): string | null {
		const r = decodeGameLink(value);
		return 'error' in r ? r.error : this.resume(r.game);
	}

	/** The setup as its URL query (the page keeps the address bar on it). */
	query(): string | null {
		return this.setup ? setupToParams(this.setup).toString() : null;
	}

	// ------------------------------------------------------------------ playing
	/** A move of the person at the table (or a bot's, with its explanation): null, or the engine's refusal. */
	play(move: Move, bot?: TimelineStep['bot'], auto = false): Refusal | null {
		const s = this.session;
		if (!s) return null;
		if (!bot && this.inspecting) {
			this.status = {
				text: "You are looking at a bot's decision in the past: go back to the game, or play on from here, first.",
				kind: 'refusal'
			};
			return null;
		}
		const refusal = s.play(move, bot, auto);
		if (refusal) {
			this.status = { text: `Refused: ${refusalText(refusal)}`, kind: 'refusal' };
			return refusal;
		}
		this.status = null;
		this.changed();
		return null;
	}

	/**
	 * The step a person last decided at, before the step shown: a person's seat to move with more than
	 * one option (a forced move, such as the only draw, is no decision). Null when there is none.
	 */
	private lastOwnDecision(): number | null {
		const s = this.session;
		if (!s) return null;
		for (let i = s.at; i > 0; i--) {
			const p = s.moverOf(i);
			if (p !== undefined && !this.botOf(p) && legalMoveCount(s.stateAt(i - 1)) > 1) return i - 1;
		}
		return null;
	}

	get canUndo(): boolean {
		return (
			!!this.session && (this.hasBots ? this.lastOwnDecision() !== null : this.session.canUndo)
		);
	}
	get canRedo(): boolean {
		return !!this.session?.canRedo;
	}

	/** Takes back the person's last move (against bots: to where the person last decided; else one step). */
	undo(): void {
		const s = this.session;
		if (!s || !this.canUndo) return;
		if (this.hasBots) s.jump(this.lastOwnDecision()!);
		// one step back, and past the moves the table played by itself (no decision to take back)
		else
			do s.undo();
			while (s.canUndo && s.steps[s.at + 1]?.auto);
		this.status = null;
		this.changed();
	}

	/** Forward again: to the person's next decision (or the game as it stands). */
	redo(): void {
		const s = this.session;
		if (!s || !s.canRedo) return;
		let i = s.at + 1;
		if (this.hasBots)
			while (
				i < s.steps.length - 1 &&
				(s.steps[i].player === undefined || this.botOf(s.steps[i].player!))
			)
				i++;
		while (i < s.steps.length - 1 && s.steps[i + 1].auto) i++;
		s.jump(i);
		this.changed();
	}

	/** A step of the timeline (inspection: the bots wait until the game is back at its end). */
	jump(step: number): void {
		this.session?.jump(step);
		this.changed();
	}

	/** Back to the game as it stands. */
	backToGame(): void {
		const s = this.session;
		if (s) this.jump(s.steps.length - 1);
	}

	/** Plays on from the step shown: the later steps are forgotten and the bots play their seats. */
	playOnFromHere(): void {
		this.session?.truncate();
		this.changed();
	}

	/** The person plays the failed bot's seat from now on. */
	takeOverSeat(seat: number): void {
		this.takenOver = new Set([...this.takenOver, seat]);
		this.bots.tookOver();
		this.changed();
	}

	/**
	 * The person's step has one possible move, no decision (the only draw, the only pass, the only
	 * note token): that move. Not a tile's placement, which the person makes on the board, nor a pick.
	 */
	get forcedMove(): Move | null {
		const s = this.session;
		if (!s || !this.live || this.mover === undefined || this.botOf(this.mover)) return null;
		const kind = s.state.pending[0]?.kind;
		if (kind === 'place' || kind === 'pick' || s.legal.length !== 1) return null;
		return s.legal[0];
	}

	/**
	 * After every change of the game: keep it; a person's step with one possible move plays it (its
	 * events in the log, marked as played by itself); let a bot play its seat.
	 */
	private changed(): void {
		const forced = this.forcedMove;
		if (forced) {
			this.play(forced, undefined, true);
			return;
		}
		this.#keeper.changed();
		this.bots.shown();
	}
}
