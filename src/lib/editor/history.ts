// Undo/redo by snapshots: the documents are small, so each undo point is a whole copy.
// Successive records with the same key inside a short window (typing, one drag) make one step.
export class History<T> {
	private past: T[] = [];
	private future: T[] = [];
	private lastKey: string | undefined;
	private lastTime = -Infinity;

	constructor(
		private readonly limit = 200,
		private readonly now: () => number = () => Date.now()
	) {}

	/** Records the state before a change. */
	record(before: T, coalesceKey?: string, windowMs = 1000): void {
		const t = this.now();
		const coalesce =
			coalesceKey !== undefined && coalesceKey === this.lastKey && t - this.lastTime < windowMs;
		this.lastKey = coalesceKey;
		this.lastTime = t;
		this.future = [];
		if (coalesce) return;
		this.past.push(before);
		if (this.past.length > this.limit) this.past.shift();
	}

	/** Ends a coalescing run: the next record starts a new step. */
	seal(): void {
		this.lastKey = undefined;
	}

	undo(current: T): T | undefined {
		const prev = this.past.pop();
		if (prev === undefined) return undefined;
		this.future.push(current);
		this.seal();
		return prev;
	}

	redo(current: T): T | undefined {
		const next = this.future.pop();
		if (next === undefined) return undefined;
		this.past.push(current);
		this.seal();
		return next;
	}

	get canUndo(): boolean {
		return this.past.length > 0;
	}
	get canRedo(): boolean {
		return this.future.length > 0;
	}
	clear(): void {
		this.past = [];
		this.future = [];
		this.seal();
	}
}
