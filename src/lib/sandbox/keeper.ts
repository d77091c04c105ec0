// Keeps the sandbox's game in the browser's storage without writing the whole game at every step
// (the text grows with the game: a 10,000-move game is a megabyte). A change is written after a
// delay that grows with the game (so writing costs a long game no larger share of its time than a
// short one), every delay while steps go on (bots at full pace), and at once when the page is
// hidden or left (pagehide, visibilitychange, the page closed within the app): a reload or a closed
// tab comes back to the step shown.

/** Milliseconds a change of a game of `moves` moves waits before it is written (more changes meanwhile join it). */
export const keepDelay = (moves: number): number => Math.min(1000, 50 + Math.round(moves / 10));

export class GameKeeper {
	#timer: ReturnType<typeof setTimeout> | undefined;
	#dirty = false;

	/** `write` keeps the game as it is now and says whether the browser took it; `delay` is in ms. */
	constructor(
		private write: () => boolean,
		private written: (ok: boolean) => void,
		private delay: () => number
	) {}

	/** The game changed: it is written within the delay. */
	changed(): void {
		this.#dirty = true;
		this.#timer ??= setTimeout(() => this.flush(), this.delay());
	}

	/** Writes a pending change now. */
	flush(): void {
		clearTimeout(this.#timer);
		this.#timer = undefined;
		if (!this.#dirty) return;
		this.#dirty = false;
		this.written(this.write());
	}

	/** Writes at once when the page is hidden or left; the returned stop writes what is pending. */
	attach(win: Window): () => void {
		const hidden = () => {
			if (win.document.visibilityState === 'hidden') this.flush();
		};
		const left = () => this.flush();
		win.addEventListener('pagehide', left);
		win.document.addEventListener('visibilitychange', hidden);
		return () => {
			win.removeEventListener('pagehide', left);
			win.document.removeEventListener('visibilitychange', hidden);
			this.flush();
		};
	}
}
