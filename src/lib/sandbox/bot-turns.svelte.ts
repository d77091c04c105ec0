// The bots' turns at the sandbox table: when the step shown is a bot's, its worker (BotWorker) is
// asked once per position and its move played at the table's pace; a bot that fails or thinks too
// long lets the person ask again or take the seat; hints ask the hint bots. Every move is the
// engine's to accept (through the table's play).
import { untrack } from 'svelte';
import type { BotSpec } from '../bots/index.ts';
import type { GameState, Move, Refusal } from '../engine/index.ts';
import { BotWorker, HINT_BOTS, type BotDecision } from './bots.ts';
import type { SandboxSession, TimelineStep } from './session.svelte.ts';
import { refusalText, type Status } from './status.ts';

/** Milliseconds a bot's step stays on screen before the next one (at least). */
export const PACES = { instant: 0, fast: 250, normal: 600, slow: 1500 } as const;
export type Pace = keyof typeof PACES;
const PACE_KEY = 'lab:sandbox-pace';
/** Milliseconds after which a bot's thinking offers the person a way on (a worker that died answers nothing). */
export const SLOW_MS = 20_000;

/** What the bots' turns need of the table. */
export interface BotTable {
	readonly session: SandboxSession | null;
	/** The bot to play the step shown, if any. */
	readonly botToMove: BotSpec | null;
	status: Status;
	seatName(p: number): string;
	play(move: Move, bot: TimelineStep['bot']): Refusal | null;
}

export class BotTurns {
	/** The bots' pace, and whether they wait. */
	pace = $state<Pace>('normal');
	paused = $state(false);
	/** The seat whose bot is thinking. */
	thinking = $state<number | null>(null);
	/** The bot has thought for longer than SLOW_MS: the person may take its seat or ask again. */
	slow = $state(false);
	/** A bot that could not decide: the game waits for the person (retry, or play the seat). */
	failure = $state.raw<{ seat: number; text: string } | null>(null);
	hints = $state.raw<{ at: number; decisions: BotDecision[] } | null>(null);
	hinting = $state(false);

	private worker: BotWorker | null = null;
	private asked: GameState | null = null;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private slowTimer: ReturnType<typeof setTimeout> | undefined;
	private shownAt = 0;

	constructor(
		private table: BotTable,
		private storage: Storage | undefined
	) {
		const p = storage?.getItem(PACE_KEY);
		if (p && p in PACES) this.pace = p as Pace;
	}

	/** Starts the worker (in the page's $effect: it reads nothing reactive); returns its stop. */
	attach(): () => void {
		this.worker = new BotWorker();
		untrack(() => this.schedule());
		return () => {
			clearTimeout(this.timer);
			clearTimeout(this.slowTimer);
			const current = this.worker;
			this.worker = null;
			this.asked = null;
			current?.terminate();
		};
	}

	/** Another game at the table: nothing asked, nothing failed, no hints. */
	reset(): void {
		clearTimeout(this.timer);
		this.asked = null;
		this.thinking = null;
		this.failure = null;
		this.hints = null;
	}

	/** A step is shown (the game changed): a bot to move is asked. */
	shown(): void {
		this.shownAt = performance.now();
		this.schedule();
	}

	/** The person took the failed bot's seat. */
	tookOver(): void {
		this.failure = null;
		this.asked = null;
	}

	setPace(p: Pace): void {
		this.pace = p;
		try {
			this.storage?.setItem(PACE_KEY, p);
		} catch {
			// a preference the browser does not keep: this page still uses it
		}
	}

	togglePause(): void {
		this.paused = !this.paused;
		this.asked = null;
		this.schedule();
	}

	/** Asks the failed (or slow) bot again, in a new worker. */
	retry(): void {
		this.failure = null;
		this.asked = null;
		if (this.worker) {
			this.worker.terminate();
			this.worker = new BotWorker();
		}
		this.schedule();
	}

	hint(): void {
		const s = this.table.session;
		if (!s || !this.worker) return;
		const asked = s.state;
		this.hinting = true;
		void this.worker.ask(s.setup, asked, HINT_BOTS).then((a) => {
			this.hinting = false;
			if (this.table.session !== s || s.state !== asked) return;
			if (a.error !== undefined)
				return void (this.table.status = { text: `No hint: ${a.error}`, kind: 'refusal' });
			this.hints = { at: s.at, decisions: a.decisions };
		});
	}

	/** Asks the worker for the move of the bot to play (once per position), shown at the table's pace. */
	private schedule(): void {
		const s = this.table.session;
		const spec = this.table.botToMove;
		const w = this.worker;
		if (!s || !w || !spec || this.paused || this.failure) {
			clearTimeout(this.timer);
			clearTimeout(this.slowTimer);
			this.slow = false;
			this.thinking = null;
			this.asked = null;
			return;
		}
		const asked = s.state;
		// already asked (its answer may be waiting for the pace): nothing to do
		if (this.asked === asked) return;
		clearTimeout(this.timer);
		clearTimeout(this.slowTimer);
		this.slow = false;
		this.slowTimer = setTimeout(() => (this.slow = this.asked === asked), SLOW_MS);
		this.asked = asked;
		const seat = asked.pending[0].player;
		this.thinking = seat;
		const name = this.table.seatName(seat);
		void w.ask(s.setup, asked, [spec]).then((a) => {
			// the game moved on meanwhile (undo, a new game, a pause): the answer is for another position
			if (
				this.worker !== w ||
				this.table.session !== s ||
				s.state !== asked ||
				this.asked !== asked
			)
				return;
			clearTimeout(this.slowTimer);
			this.slow = false;
			if (a.error !== undefined) {
				this.thinking = null;
				this.asked = null;
				this.failure = { seat, text: `${name} could not decide: ${a.error}` };
				return;
			}
			const d = a.decisions[0];
			const wait = Math.max(0, PACES[this.pace] - (performance.now() - this.shownAt));
			this.timer = setTimeout(() => {
				if (this.table.session !== s || s.state !== asked || this.asked !== asked) return;
				this.thinking = null;
				this.asked = null;
				const refusal = this.table.play(d.move, {
					name: `${name}, ${d.ms} ms`,
					alternatives: d.alternatives
				});
				if (refusal)
					this.failure = {
						seat,
						text: `${name} chose a move the engine refuses: ${refusalText(refusal)}`
					};
			}, wait);
		});
	}
}
