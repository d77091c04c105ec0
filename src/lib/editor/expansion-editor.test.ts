import { describe, expect, test } from 'vitest';
import { DRAFT_NOT_STORED, ExpansionEditor } from './expansion-editor.svelte.ts';
import { TileSession } from './tile-session.svelte.ts';
import { draftKey } from './drafts.ts';
import type { Expansion } from '../formats/schema-types.ts';

const doc = (): Expansion => ({
	id: 'mine',
	name: 'Mine',
	version: '1.0.0',
	tiles: [
		{
			id: 'A',
			count: 1,
			features: [
				{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
			]
		}
	]
});

function memory() {
	const m = new Map<string, string>();
	return {
		getItem: (k: string) => m.get(k) ?? null,
		setItem: (k: string, v: string) => void m.set(k, v),
		removeItem: (k: string) => void m.delete(k),
		m
	};
}

function server(responses: { status: number; body: unknown; etag?: string }[]) {
	const calls: { init: RequestInit }[] = [];
	const f = (async (_url: string, init: RequestInit) => {
		calls.push({ init });
		const r = responses.shift()!;
		return new Response(JSON.stringify(r.body), {
			status: r.status,
			headers: r.etag ? { etag: `"${r.etag}"` } : {}
		});
	}) as unknown as typeof fetch;
	return { f, calls };
}

describe('expansion editor state', () => {
	test('edits are undoable, dirty until saved, and kept as a draft with their base revision', () => {
		const storage = memory();
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage });
		expect(ed.dirty).toBe(false);
		ed.apply({ ...ed.doc, name: 'Changed' });
		expect(ed.dirty).toBe(true);
		expect(ed.canUndo).toBe(true);
		ed.flushDraft();
		expect(JSON.parse(storage.m.get(draftKey('mine'))!)).toMatchObject({
			base: 'r1',
			doc: { name: 'Changed' }
		});
		ed.undo();
		expect(ed.doc.name).toBe('Mine');
		expect(ed.dirty).toBe(false);
		ed.redo();
		expect(ed.doc.name).toBe('Changed');
	});

	test('a draft from an earlier session is restored with a notice, and can be discarded', () => {
		const storage = memory();
		storage.setItem(
			draftKey('mine'),
			JSON.stringify({ doc: { ...doc(), name: 'Draft' }, base: 'r0', savedAt: 1 })
		);
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage });
		expect(ed.restoredDraft).toBe(true);
		expect(ed.doc.name).toBe('Draft');
		expect(ed.base).toBe('r0');
		ed.discardChanges();
		expect(ed.doc.name).toBe('Mine');
		expect(storage.m.has(draftKey('mine'))).toBe(false);
	});

	test('a read-only set takes no edits and restores no draft', () => {
		const storage = memory();
		storage.setItem(
			draftKey('mine'),
			JSON.stringify({ doc: { ...doc(), name: 'Draft' }, base: 'r0', savedAt: 1 })
		);
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: true, storage });
		ed.apply({ ...ed.doc, name: 'x' });
		expect(ed.doc.name).toBe('Mine');
		expect(ed.restoredDraft).toBe(false);
	});

	test('409: keep mine saves again over their revision', async () => {
		const theirs = { ...doc(), name: 'Theirs' };
		const s = server([
			{
				status: 409,
				body: {
					error: 'stale',
					errors: [],
					current: { revision: 'r2', document: theirs, text: '' }
				}
			},
			{ status: 200, body: { revision: 'r3' }, etag: 'r3' }
		]);
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, fetch: s.f });
		ed.apply({ ...ed.doc, name: 'Mine 2' });
		await ed.save();
		expect(ed.conflict?.revision).toBe('r2');
		expect(ed.conflict?.theirs?.name).toBe('Theirs');
		await ed.keepMine();
		expect((s.calls[1].init.headers as Record<string, string>)['if-match']).toBe('"r2"');
		expect(ed.base).toBe('r3');
		expect(ed.conflict).toBeNull();
		expect(ed.dirty).toBe(false);
	});

	test('409: take theirs replaces mine (undoable) and bases on their revision', async () => {
		const theirs = { ...doc(), name: 'Theirs' };
		const s = server([
			{
				status: 409,
				body: {
					error: 'stale',
					errors: [],
					current: { revision: 'r2', document: theirs, text: '' }
				}
			}
		]);
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, fetch: s.f });
		ed.apply({ ...ed.doc, name: 'Mine 2' });
		await ed.save();
		ed.takeTheirs();
		expect(ed.doc.name).toBe('Theirs');
		expect(ed.base).toBe('r2');
		expect(ed.dirty).toBe(false);
		ed.undo();
		expect(ed.doc.name).toBe('Mine 2');
	});

	test('422: the work stays, the problems are kept for the markers', async () => {
		const problems = [{ pointer: '/tiles/0/count', message: 'must be >= 1', severity: 'error' }];
		const s = server([{ status: 422, body: { error: 'invalid', errors: problems } }]);
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, fetch: s.f });
		const session = new TileSession(ed, 'A');
		session.editText(JSON.stringify({ ...doc().tiles[0], count: 0 }));
		await ed.save();
		expect(ed.dirty).toBe(true);
		expect(ed.serverProblems).toEqual(problems);
		expect(
			session.problems.some((p) => p.pointer === '/count' && p.message.startsWith('server:'))
		).toBe(true);
	});
});

describe('tile session', () => {
	test('text that parses becomes the tile; text that does not keeps the last good tile', () => {
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false });
		const s = new TileSession(ed, 'A');
		expect(JSON.parse(s.text)).toEqual(doc().tiles[0]);
		s.editText('{ "id": "A", "count": 2, "features": [] }');
		expect(ed.doc.tiles[0]).toEqual({ id: 'A', count: 2, features: [] });
		s.editText('{ "id": "A", "count": 2, ');
		expect(s.parseError).not.toBeNull();
		expect(ed.doc.tiles[0].count).toBe(2);
		// a canvas edit rewrites the broken text from the tile
		s.run((t) => ({ tile: { ...t, count: 5 }, undoable: true }));
		expect(JSON.parse(s.text).count).toBe(5);
		expect(s.parseError).toBeNull();
	});

	test('typing that does not parse is its own undo step: undo takes the typo, not the edit before it', () => {
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false });
		const s = new TileSession(ed, 'A');
		s.run((t) => ({ tile: { ...t, name: 'Meadow' }, undoable: true }));
		const named = s.text;
		s.editText(named.replace('"count": 1,', '"count": 1,x'));
		expect(s.parseError).not.toBeNull();
		expect(ed.unsaved).toBe(true);
		ed.undo();
		s.syncText();
		expect(s.parseError).toBeNull();
		expect(JSON.parse(s.text)).toMatchObject({ name: 'Meadow' });
		expect(ed.pendingText).toEqual({});
		ed.undo();
		s.syncText();
		expect(JSON.parse(s.text).name).toBeUndefined();
		ed.redo();
		ed.redo();
		s.syncText();
		expect(s.text).toContain('"count": 1,x');
		expect(s.parseError).not.toBeNull();
		expect(ed.doc.tiles[0].name).toBe('Meadow');
	});

	test("a save with a tile's unparsed text stores the rest and names the tile it left out", async () => {
		const srv = server([{ status: 200, body: { revision: 'r2' }, etag: 'r2' }]);
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, fetch: srv.f });
		const s = new TileSession(ed, 'A');
		ed.apply({ ...ed.doc, name: 'Renamed' });
		s.editText('{ "id": "A", ');
		await ed.save();
		expect(JSON.parse(srv.calls[0].init.body as string).name).toBe('Renamed');
		expect(ed.status).toMatchObject({ kind: 'warning', tiles: ['A'] });
		expect(ed.status?.text).toMatch(/without the JSON typed in tile A/);
		expect(ed.dirty).toBe(false);
		expect(ed.unsaved).toBe(true);
		ed.clearStatus();
		expect(ed.status).toBeNull();
	});

	test('a form or canvas edit over typed text that does not parse asks first: no keeps the text and makes no edit, yes makes it (undo brings the text back)', () => {
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false });
		const questions: string[] = [];
		let answer = false;
		ed.ask = (q) => (questions.push(q), answer);
		const s = new TileSession(ed, 'A');
		s.editText('{ "id": "A", "count": 3, ');
		s.run((t) => ({ tile: { ...t, count: 5 }, undoable: true }));
		expect(questions[0]).toMatch(
			/^The JSON of tile A you typed does not parse \(.+\), so it cannot be applied first/
		);
		expect(s.text).toBe('{ "id": "A", "count": 3, ');
		expect(ed.doc.tiles[0].count).toBe(1);
		// a stroke on the canvas asks too, and with no it paints nothing
		s.select('f1');
		s.stroke(['NL'], 'start');
		s.stroke(['NL'], 'end');
		expect(questions).toHaveLength(2);
		expect(ed.doc.tiles[0]).toEqual(doc().tiles[0]);
		answer = true;
		s.run((t) => ({ tile: { ...t, count: 5 }, undoable: true }));
		expect(JSON.parse(s.text).count).toBe(5);
		s.undo();
		expect(s.text).toBe('{ "id": "A", "count": 3, ');
		// a click that selects is no edit: nothing asked
		s.select(null);
		s.stroke(['NL'], 'start');
		expect(s.selected).toBe('f1');
		expect(questions).toHaveLength(3);
	});

	test("the data rules' typed text that does not parse: a form edit of the data rules asks, one elsewhere does not", () => {
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false });
		const questions: string[] = [];
		ed.ask = (q) => (questions.push(q), false);
		ed.holdTyped({ what: "data rules' JSON", error: 'line 1', read: (d) => d.dataRules });
		ed.apply({ ...ed.doc, name: 'Renamed' });
		expect(questions).toEqual([]);
		expect(ed.doc.name).toBe('Renamed');
		ed.apply({ ...ed.doc, dataRules: { modifiers: { wine: { combine: 'sum' } } } });
		expect(questions).toHaveLength(1);
		expect(ed.doc.dataRules).toBeUndefined();
		ed.ask = () => true;
		ed.apply({ ...ed.doc, dataRules: { modifiers: { wine: { combine: 'sum' } } } });
		expect(ed.doc.dataRules).toEqual({ modifiers: { wine: { combine: 'sum' } } });
		// the text is gone from the view: the next edit asks nothing
		ed.ask = (q) => (questions.push(q), false);
		ed.apply({ ...ed.doc, dataRules: {} });
		expect(questions).toHaveLength(1);
	});

	test('a stroke over places is one undo step; with nothing selected it selects', () => {
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false });
		const s = new TileSession(ed, 'A');
		s.stroke(['NL'], 'start');
		expect(s.selected).toBe('f1');
		s.run((t) => ({
			tile: { ...t, features: [...t.features, { id: 'c1', type: 'city', sides: [] }] },
			undoable: true,
			selected: 'c1'
		}));
		s.stroke(['N'], 'start');
		s.stroke(['N', 'E'], 'move');
		s.stroke(['N', 'E'], 'end');
		expect(ed.doc.tiles[0].features.find((f) => f.id === 'c1')!.sides).toEqual(['N', 'E']);
		s.undo();
		expect(ed.doc.tiles[0].features.find((f) => f.id === 'c1')!.sides).toEqual([]);
	});
});

describe('nothing typed is lost', () => {
	test('text that does not parse is kept in the draft and comes back after a reload, with a notice', () => {
		const storage = memory();
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage });
		const s = new TileSession(ed, 'A');
		s.editText('{ "id": "A", "count": 2, "features": [] }');
		const broken = '{ "id": "A", "count": 2, "features": [] xx';
		s.editText(broken);
		expect(ed.unsaved).toBe(true);
		ed.flushDraft();
		expect(JSON.parse(storage.m.get(draftKey('mine'))!).pending).toEqual({ A: broken });

		// a reload: a new editor over the saved document, the same storage
		const again = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage });
		expect(again.restoredDraft).toBe(true);
		expect(again.restoredUnparsed).toEqual(['A']);
		expect(again.doc.tiles[0].count).toBe(2); // the last good tile
		const s2 = new TileSession(again, 'A');
		expect(s2.text).toBe(broken);
		expect(s2.parseError).not.toBeNull();
		// the page's sync (run when the tile or the pending text changes) keeps it
		s2.syncText();
		expect(s2.text).toBe(broken);

		// fixing it: the pending text goes, the notice's line too
		s2.editText('{ "id": "A", "count": 3, "features": [] }');
		expect(again.pendingText).toEqual({});
		expect(again.restoredUnparsed).toEqual([]);
		again.flushDraft();
		expect(JSON.parse(storage.m.get(draftKey('mine'))!).pending).toBeUndefined();
	});

	test('broken text alone (the document as saved) still makes a draft; discarding drops it', () => {
		const storage = memory();
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage });
		const s = new TileSession(ed, 'A');
		s.editText('{ "id": "A"');
		expect(ed.dirty).toBe(false);
		expect(ed.unsaved).toBe(true);
		ed.flushDraft();
		expect(storage.m.has(draftKey('mine'))).toBe(true);
		const again = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage });
		expect(again.restoredDraft).toBe(true);
		const s2 = new TileSession(again, 'A');
		expect(s2.text).toBe('{ "id": "A"');
		again.discardChanges();
		s2.syncText();
		expect(JSON.parse(s2.text)).toEqual(doc().tiles[0]);
		expect(storage.m.has(draftKey('mine'))).toBe(false);
	});

	test('a draft that cannot be stored is reported, and retried on the next change', () => {
		const storage = memory();
		let full = true;
		const flaky = {
			...storage,
			setItem: (k: string, v: string) => {
				if (full) throw new DOMException('quota', 'QuotaExceededError');
				storage.setItem(k, v);
			}
		};
		const ed = new ExpansionEditor({ doc: doc(), revision: 'r1', readOnly: false, storage: flaky });
		ed.apply({ ...ed.doc, name: 'Changed' });
		ed.flushDraft();
		expect(ed.draftError).toBe(DRAFT_NOT_STORED);
		full = false;
		ed.apply({ ...ed.doc, name: 'Changed again' });
		ed.flushDraft();
		expect(ed.draftError).toBeNull();
		expect(JSON.parse(storage.m.get(draftKey('mine'))!).doc.name).toBe('Changed again');
	});
});
