import { expect, test } from 'vitest';
import { History } from './history.ts';

test('undo and redo walk the snapshots; a new record drops the redo branch', () => {
	const h = new History<number>();
	h.record(0);
	h.record(1);
	expect(h.undo(2)).toBe(1);
	expect(h.undo(1)).toBe(0);
	expect(h.undo(0)).toBeUndefined();
	expect(h.redo(0)).toBe(1);
	h.record(1);
	expect(h.canRedo).toBe(false);
	expect(h.undo(5)).toBe(1);
});

test('records with one key inside the window coalesce into one step', () => {
	let t = 0;
	const h = new History<string>(200, () => t);
	h.record('a', 'typing');
	t = 100;
	h.record('ab', 'typing');
	t = 5000;
	h.record('abc', 'typing');
	expect(h.undo('abcd')).toBe('abc');
	expect(h.undo('abc')).toBe('a');
	expect(h.canUndo).toBe(false);
});

test('a run with no window (a stroke) stays one step however slow, until sealed', () => {
	let t = 0;
	const h = new History<string>(200, () => t);
	h.record('a', 'stroke-1', Infinity);
	t = 60_000;
	h.record('ab', 'stroke-1', Infinity);
	h.seal();
	h.record('abc', 'stroke-1', Infinity);
	expect(h.undo('abcd')).toBe('abc');
	expect(h.undo('abc')).toBe('a');
	expect(h.canUndo).toBe(false);
});

test('the history keeps at most its limit', () => {
	const h = new History<number>(3);
	for (let i = 0; i < 10; i++) h.record(i);
	expect([h.undo(10), h.undo(9), h.undo(8), h.undo(7)]).toEqual([9, 8, 7, undefined]);
});
