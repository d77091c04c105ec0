import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	deleteExpansion,
	expansionsDir,
	isSafeId,
	shippedDir,
	listExpansions,
	readExpansion,
	revisionOf,
	serialise,
	writeExpansion
} from './store.ts';

const doc = (id: string, name = 'Test set') => ({ id, name, version: '1.0.0', tiles: [] });

let dir: string;
const saved = process.env.EXPANSIONS_DIR;
beforeEach(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'cel-store-'));
	process.env.EXPANSIONS_DIR = dir;
});
afterEach(async () => {
	if (saved === undefined) delete process.env.EXPANSIONS_DIR;
	else process.env.EXPANSIONS_DIR = saved;
	await rm(dir, { recursive: true, force: true });
});

describe('ids', () => {
	it('accepts lower-case words joined by single dashes, up to 64 characters', () => {
		for (const id of ['base', 'inns-and-cathedrals', 'a1-b2', 'x'.repeat(64)])
			expect(isSafeId(id), id).toBe(true);
		for (const id of [
			'',
			'../x',
			'a/b',
			'UPPER',
			'a--b',
			'-a',
			'a-',
			'a.b',
			'a b',
			'x'.repeat(65),
			'..',
			'a\0'
		])
			expect(isSafeId(id), id).toBe(false);
	});
	it('uses EXPANSIONS_DIR for the folder; without it, the workspace in the app folder, never in the cwd', () => {
		expect(expansionsDir()).toBe(path.resolve(dir));
		delete process.env.EXPANSIONS_DIR;
		const app = path.resolve(import.meta.dirname, '../../..');
		const cwd = process.cwd();
		process.chdir(tmpdir());
		try {
			expect(expansionsDir()).toBe(path.join(app, 'workspace', 'expansions'));
			expect(shippedDir()).toBe(path.join(app, 'expansions'));
		} finally {
			process.chdir(cwd);
		}
	});
});

describe('store', () => {
	it('creates with If-None-Match: * and refuses to create twice', async () => {
		const r = await writeExpansion('mine', doc('mine'), { ifNoneMatch: '*' });
		expect(r).toMatchObject({ ok: true, created: true });
		const text = await readFile(path.join(dir, 'mine.json'), 'utf8');
		expect(JSON.parse(text)).toEqual(doc('mine'));
		expect(r.ok && r.revision).toBe(revisionOf(text));
		const again = await writeExpansion('mine', doc('mine', 'Other'), { ifNoneMatch: '*' });
		expect(again).toMatchObject({ ok: false, reason: 'exists' });
		expect(!again.ok && again.reason === 'exists' && again.current.doc).toEqual(doc('mine'));
	});

	it('updates with the current revision, refuses a stale one and returns the current document', async () => {
		const c = await writeExpansion('mine', doc('mine'), { ifNoneMatch: '*' });
		if (!c.ok) throw new Error('create failed');
		const u = await writeExpansion('mine', doc('mine', 'Renamed'), { ifMatch: c.revision });
		expect(u).toMatchObject({ ok: true, created: false });
		if (!u.ok) throw new Error('update failed');
		expect(u.revision).not.toBe(c.revision);
		const stale = await writeExpansion('mine', doc('mine', 'Lost'), { ifMatch: c.revision });
		expect(stale).toMatchObject({ ok: false, reason: 'stale' });
		if (stale.ok || stale.reason !== 'stale') throw new Error('expected stale');
		expect(stale.current.revision).toBe(u.revision);
		expect(stale.current.doc).toEqual(doc('mine', 'Renamed'));
		const read = await readExpansion('mine');
		expect(read).toMatchObject({ ok: true, revision: u.revision, doc: doc('mine', 'Renamed') });
	});

	it('requires a precondition, a safe id, an existing document for updates; shipped sets are read-only', async () => {
		expect(await writeExpansion('mine', doc('mine'))).toEqual({
			ok: false,
			reason: 'precondition-required'
		});
		expect(await writeExpansion('../x', doc('x'), { ifNoneMatch: '*' })).toEqual({
			ok: false,
			reason: 'unsafe-id'
		});
		expect(await writeExpansion('mine', doc('mine'), { ifMatch: 'abc' })).toEqual({
			ok: false,
			reason: 'not-found'
		});
		expect(await writeExpansion('base', doc('base'), { ifNoneMatch: '*' })).toEqual({
			ok: false,
			reason: 'read-only'
		});
		expect(await readExpansion('nope')).toEqual({ ok: false, reason: 'not-found' });
		expect(await readExpansion('../etc/passwd')).toEqual({ ok: false, reason: 'unsafe-id' });
		expect(await readdir(dir)).toEqual([]);
	});

	it('lists safe-named JSON files with revision, parse errors and read-only flags, skipping temporary files', async () => {
		await writeFile(path.join(dir, 'base.json'), serialise(doc('base')));
		await writeFile(path.join(dir, 'broken.json'), '{\n  "id": "broken",\n  "name": }');
		await writeFile(path.join(dir, '.mine.json.123.abc.tmp'), '{"id": "mi');
		// a temporary file of a writer that died (no such pid) is removed, and one of our own pid that
		// this process is not writing (an earlier process with the same pid); one of a live process stays
		await writeFile(path.join(dir, '.mine.json.999999999.0123456789ab.tmp'), '{"id": "mi');
		await writeFile(path.join(dir, `.mine.json.${process.pid}.0123456789ab.tmp`), '{"id": "mi');
		await writeFile(path.join(dir, `.mine.json.${process.ppid}.0123456789ab.tmp`), '{"id": "mi');
		await writeFile(path.join(dir, 'Not-Safe.json'), '{}');
		await writeFile(path.join(dir, 'notes.txt'), 'x');
		const list = await listExpansions();
		const shipped = (await readdir(shippedDir()))
			.filter((n) => n.endsWith('.json'))
			.map((n) => n.slice(0, -5));
		expect(list.map((e) => e.id)).toEqual([...new Set([...shipped, 'base', 'broken'])].sort());
		// the shipped folder's base wins over the workspace's copy of the same id
		const base = list.find((e) => e.id === 'base')!;
		expect(base.readOnly).toBe(true);
		expect(base.text).toBe(await readFile(path.join(shippedDir(), 'base.json'), 'utf8'));
		const broken = list.find((e) => e.id === 'broken')!;
		expect(broken.readOnly).toBe(false);
		expect(broken.doc).toBeUndefined();
		expect(broken.parseError?.message).toMatch(/Malformed JSON/);
		expect((await readdir(dir)).filter((n) => n.endsWith('.tmp')).sort()).toEqual(
			['.mine.json.123.abc.tmp', `.mine.json.${process.ppid}.0123456789ab.tmp`].sort()
		);
	});

	it('reads the shipped sets from their folder, read-only, and writes only into the workspace', async () => {
		const river = await readExpansion('river');
		expect(river).toMatchObject({ ok: true, readOnly: true });
		expect(river.ok && river.text).toBe(
			await readFile(path.join(shippedDir(), 'river.json'), 'utf8')
		);
		expect(await writeExpansion('river', doc('river'), { ifNoneMatch: '*' })).toEqual({
			ok: false,
			reason: 'read-only'
		});
		expect(await writeExpansion('mine', doc('mine'), { ifNoneMatch: '*' })).toMatchObject({
			ok: true
		});
		expect(await readdir(dir)).toEqual(['mine.json']);
		expect((await readExpansion('mine')).ok && (await readExpansion('mine'))).toMatchObject({
			readOnly: false
		});
	});

	it('lists a file it cannot read (a folder, 10,000 nested arrays) as unreadable with the reason, and the rest', async () => {
		await writeFile(path.join(dir, 'mine.json'), serialise(doc('mine')));
		await mkdir(path.join(dir, 'folder.json'));
		await writeFile(path.join(dir, 'deep.json'), '['.repeat(10_000) + ']'.repeat(10_000));
		const list = (await listExpansions()).filter((e) => !e.readOnly);
		expect(list.map((e) => [e.id, e.doc === undefined, e.parseError?.message])).toEqual([
			[
				'deep',
				true,
				expect.stringMatching(
					/^The file cannot be read: arrays and objects are nested more than 100 levels deep/
				)
			],
			['folder', true, 'The file cannot be read (EISDIR): fix or remove folder.json in its folder'],
			['mine', false, undefined]
		]);
		expect((await readExpansion('deep')).ok).toBe(true);
	});

	it('deletes only with the current revision', async () => {
		const c = await writeExpansion('mine', doc('mine'), { ifNoneMatch: '*' });
		if (!c.ok) throw new Error('create failed');
		expect(await deleteExpansion('mine', undefined)).toEqual({
			ok: false,
			reason: 'precondition-required'
		});
		expect(await deleteExpansion('mine', 'old')).toMatchObject({ ok: false, reason: 'stale' });
		expect(await deleteExpansion('base', 'x')).toEqual({ ok: false, reason: 'read-only' });
		expect(await deleteExpansion('mine', c.revision)).toEqual({ ok: true });
		expect(await readExpansion('mine')).toEqual({ ok: false, reason: 'not-found' });
		expect(await deleteExpansion('mine', c.revision)).toEqual({ ok: false, reason: 'not-found' });
	});

	it('serialises concurrent writes of one id: exactly one of two updates from the same revision wins', async () => {
		const c = await writeExpansion('mine', doc('mine'), { ifNoneMatch: '*' });
		if (!c.ok) throw new Error('create failed');
		const results = await Promise.all(
			Array.from({ length: 8 }, (_, i) =>
				writeExpansion('mine', doc('mine', `Writer ${i}`), { ifMatch: c.revision })
			)
		);
		const winners = results.filter((r) => r.ok);
		expect(winners).toHaveLength(1);
		expect(results.filter((r) => !r.ok && r.reason === 'stale')).toHaveLength(7);
		const creates = await Promise.all(
			Array.from({ length: 5 }, () => writeExpansion('other', doc('other'), { ifNoneMatch: '*' }))
		);
		expect(creates.filter((r) => r.ok)).toHaveLength(1);
		expect((await readdir(dir)).sort()).toEqual(['mine.json', 'other.json']);
	});
});
