// The game kept in the browser: one write for the steps of a pause, at most one per delay while
// steps go on, and a pending change written at once when the page is hidden or left.
import { describe, expect, it, vi } from 'vitest';
import { GameKeeper, keepDelay } from './keeper.ts';

function keeper() {
	const writes: number[] = [];
	let step = 0;
	const k = new GameKeeper(
		() => (writes.push(step), true),
		() => {},
		() => 500
	);
	return { k, writes, next: () => (step++, k.changed()) };
}

/** A window's events, enough for attach(). */
function fakeWindow() {
	const listeners = new Map<string, () => void>();
	const doc = {
		visibilityState: 'visible',
		addEventListener: (t: string, f: () => void) => listeners.set(t, f),
		removeEventListener: (t: string) => listeners.delete(t)
	};
	const win = {
		document: doc,
		addEventListener: (t: string, f: () => void) => listeners.set(t, f),
		removeEventListener: (t: string) => listeners.delete(t)
	};
	return { win: win as unknown as Window, doc, fire: (t: string) => listeners.get(t)?.() };
}

describe('GameKeeper', () => {
	it('waits longer for a longer game, a second at most', () => {
		expect(keepDelay(0)).toBe(50);
		expect(keepDelay(1500)).toBe(200);
		expect(keepDelay(20_000)).toBe(1000);
	});

	it('writes the last of many steps once, within the delay', () => {
		vi.useFakeTimers();
		const { writes, next } = keeper();
		for (let i = 0; i < 100; i++) next();
		expect(writes).toEqual([]);
		vi.advanceTimersByTime(500);
		expect(writes).toEqual([100]);
		vi.advanceTimersByTime(5000);
		expect(writes).toEqual([100]);
		vi.useRealTimers();
	});

	it('writes every delay while steps go on', () => {
		vi.useFakeTimers();
		const { writes, next } = keeper();
		for (let i = 0; i < 20; i++) {
			next();
			vi.advanceTimersByTime(100);
		}
		expect(writes).toEqual([5, 10, 15, 20]);
		vi.useRealTimers();
	});

	it('writes a pending change when the page is hidden, left or closed within the app', () => {
		vi.useFakeTimers();
		const { k, writes, next } = keeper();
		const { win, doc, fire } = fakeWindow();
		const stop = k.attach(win);
		next();
		fire('visibilitychange');
		expect(writes).toEqual([]);
		doc.visibilityState = 'hidden';
		fire('visibilitychange');
		expect(writes).toEqual([1]);
		next();
		fire('pagehide');
		expect(writes).toEqual([1, 2]);
		fire('pagehide');
		expect(writes).toEqual([1, 2]);
		next();
		stop();
		expect(writes).toEqual([1, 2, 3]);
		vi.useRealTimers();
	});
});
