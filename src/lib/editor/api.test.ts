import { expect, test } from 'vitest';
import { saveExpansion } from './api.ts';

const doc = { id: 'mine', name: 'Mine', version: '1.0.0', tiles: [] };

function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
	const calls: { url: string; init: RequestInit }[] = [];
	const f = (async (url: string, init: RequestInit) => {
		calls.push({ url, init });
		return new Response(JSON.stringify(body), {
			status,
			headers: { 'content-type': 'application/json', ...headers }
		});
	}) as unknown as typeof fetch;
	return { f, calls };
}

test('an update sends If-Match with the base revision; a creation If-None-Match: *', async () => {
	const a = fakeFetch(200, { revision: 'r2' }, { etag: '"r2"' });
	expect(await saveExpansion(a.f, doc, 'r1')).toEqual({
		kind: 'saved',
		revision: 'r2',
		created: false,
		problems: []
	});
	expect((a.calls[0].init.headers as Record<string, string>)['if-match']).toBe('"r1"');
	expect(a.calls[0].init.method).toBe('PUT');
	const b = fakeFetch(201, { revision: 'r1' }, { etag: '"r1"' });
	expect((await saveExpansion(b.f, doc, null)).kind).toBe('saved');
	expect((b.calls[0].init.headers as Record<string, string>)['if-none-match']).toBe('*');
});

test('409 brings back their version and revision', async () => {
	const theirs = { ...doc, name: 'Theirs' };
	const a = fakeFetch(409, {
		error: 'stale',
		errors: [],
		current: { revision: 'r9', document: theirs, text: '{}' }
	});
	const out = await saveExpansion(a.f, doc, 'r1');
	expect(out).toMatchObject({ kind: 'conflict', revision: 'r9', theirs });
});

test('422 brings back the located problems; 413 and 428 are refusals', async () => {
	const problems = [{ pointer: '/tiles/0/count', message: 'must be >= 1', severity: 'error' }];
	expect(
		await saveExpansion(fakeFetch(422, { error: 'invalid', errors: problems }).f, doc, 'r1')
	).toEqual({ kind: 'invalid', message: 'invalid', problems });
	expect(
		await saveExpansion(fakeFetch(413, { error: 'big', errors: [] }).f, doc, 'r1')
	).toMatchObject({ kind: 'refused', status: 413 });
	expect(
		await saveExpansion(fakeFetch(428, { error: 'say', errors: [] }).f, doc, 'r1')
	).toMatchObject({ kind: 'refused', status: 428 });
});
