import { expect, test } from 'vitest';
import { discardDraft, draftKey, loadDraft, storeDraft } from './drafts.ts';

function memory() {
	const m = new Map<string, string>();
	return {
		getItem: (k: string) => m.get(k) ?? null,
		setItem: (k: string, v: string) => void m.set(k, v),
		removeItem: (k: string) => void m.delete(k),
		m
	};
}

test('a draft round-trips per expansion id and is removed on discard', () => {
	const s = memory();
	const doc = { id: 'a', name: 'A', version: '1.0.0', tiles: [] };
	expect(storeDraft(s, 'a', { doc, base: 'r1', savedAt: 5 })).toBe(true);
	expect(loadDraft(s, 'a')).toEqual({ doc, base: 'r1', savedAt: 5 });
	expect(loadDraft(s, 'b')).toBeUndefined();
	discardDraft(s, 'a');
	expect(loadDraft(s, 'a')).toBeUndefined();
});

test('garbage in storage is ignored; a full storage is reported', () => {
	const s = memory();
	s.m.set(draftKey('a'), '{not json');
	expect(loadDraft(s, 'a')).toBeUndefined();
	const full = {
		...s,
		setItem: () => {
			throw new Error('QuotaExceededError');
		}
	};
	expect(
		storeDraft(full, 'a', {
			doc: { id: 'a', name: 'A', version: '1.0.0', tiles: [] },
			base: null,
			savedAt: 0
		})
	).toBe(false);
});

test('unparsed tile texts travel with the draft; a malformed pending entry is dropped', () => {
	const s = memory();
	const doc = { id: 'a', name: 'A', version: '1.0.0', tiles: [] };
	expect(
		storeDraft(s, 'a', { doc, base: null, savedAt: 1, pending: { T1: '{ "id": "T1", xx' } })
	).toBe(true);
	expect(loadDraft(s, 'a')?.pending).toEqual({ T1: '{ "id": "T1", xx' });
	s.m.set(
		draftKey('a'),
		JSON.stringify({ doc, base: null, savedAt: 1, pending: { T1: 5, T2: 'ok' } })
	);
	expect(loadDraft(s, 'a')?.pending).toEqual({ T2: 'ok' });
	s.m.set(draftKey('a'), JSON.stringify({ doc, base: null, savedAt: 1, pending: ['x'] }));
	expect(loadDraft(s, 'a')).toEqual({ doc, base: null, savedAt: 1 });
});
