// The HTTP API of the store, against the real built server (scripts/serve.js) on a temporary
// EXPANSIONS_DIR: every status of docs/api.md, each with a JSON error body.
import { rm, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempStore, type RunningServer, expectJsonError } from './server.ts';
import { smallSet } from './fixtures.ts';
import { SHIPPED_EXPANSIONS } from '../../src/lib/formats/shipped.ts';

let server: RunningServer;
let dir: string;
const api = (p: string, init?: RequestInit) => fetch(server.url + p, init);
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
	dir = await tempStore(['base']);
	await writeFile(
		path.join(dir, 'my-set.json'),
		JSON.stringify(smallSet('my-set'), null, '\t') + '\n'
	);
	await writeFile(path.join(dir, 'broken.json'), '{ "id": "broken", ');
	server = await startServer(dir);
});
afterAll(async () => {
	await server?.stop();
	await rm(dir, { recursive: true, force: true });
});

describe('reading', () => {
	it('lists the store with revisions, read-only flags, tile counts and validity', async () => {
		const res = await api('/api/expansions');
		expect(res.status).toBe(200);
		const { expansions } = await res.json();
		const byId = Object.fromEntries(expansions.map((e: { id: string }) => [e.id, e]));
		// the shipped sets come from expansions/ (read-only), beside the store's own documents
		expect(Object.keys(byId).sort()).toEqual([...SHIPPED_EXPANSIONS, 'broken', 'my-set'].sort());
		expect(byId.base).toMatchObject({ readOnly: true, name: expect.any(String), copies: 72 });
		expect(byId['my-set']).toMatchObject({
			readOnly: false,
			name: 'My set',
			tiles: 1,
			copies: 2,
			version: '1.0.0'
		});
		expect(byId['my-set'].validity).toMatchObject({ valid: true, errors: 0 });
		expect(byId.broken.validity.valid).toBe(false);
		expect(byId.broken.parseError.message).toMatch(/Malformed JSON/);
		for (const e of expansions) expect(e.revision).toMatch(/^[0-9a-f]{24}$/);
	});

	it('with ?documents, each entry carries its document as GET /api/expansions/{id} serves it (none for a file that does not parse)', async () => {
		const plain = (await (await api('/api/expansions')).json()).expansions;
		expect(plain.some((e: { document?: unknown }) => 'document' in e)).toBe(false);
		const { expansions } = await (await api('/api/expansions?documents')).json();
		expect(expansions.map(({ document, ...summary }: { document?: unknown }) => summary)).toEqual(
			plain
		);
		for (const e of expansions) {
			if (e.id === 'broken') {
				expect(e.document).toBeUndefined();
				continue;
			}
			expect(e.document).toEqual(await (await api(`/api/expansions/${e.id}`)).json());
		}
	});

	it('serves one document with its revision as a strong ETag', async () => {
		const list = (await (await api('/api/expansions')).json()).expansions;
		const res = await api('/api/expansions/base');
		expect(res.status).toBe(200);
		const base = list.find((e: { id: string }) => e.id === 'base');
		expect(res.headers.get('etag')).toBe(`"${base.revision}"`);
		expect(res.headers.get('x-read-only')).toBe('true');
		expect((await res.json()).id).toBe('base');
	});

	it('404 for a missing id, 400 for unsafe ids', async () => {
		await expectJsonError(await api('/api/expansions/nothing-here'), 404);
		for (const bad of [
			'..%2Fx',
			'UPPER',
			'..%2F..%2Fetc%2Fpasswd',
			'a.json',
			'a--b',
			'x'.repeat(65)
		])
			await expectJsonError(await api(`/api/expansions/${bad}`), 400);
	});

	it('serves the JSON Schemas for the editor', async () => {
		const res = await api('/api/schemas/expansion.v1.json');
		expect(res.status).toBe(200);
		expect((await res.json()).$id).toMatch(/expansion\.v1\.json$/);
		expect((await (await api('/api/schemas/tile.v1')).json()).title).toBe('Tile');
		await expectJsonError(await api('/api/schemas/nope.json'), 404);
	});
});

describe('writing', () => {
	it('creates with If-None-Match: * (201) and refuses to create an existing id (409)', async () => {
		const doc = smallSet('new-set', 'New set');
		const res = await api('/api/expansions/new-set', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: JSON.stringify(doc)
		});
		expect(res.status).toBe(201);
		const etag = res.headers.get('etag');
		expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
		expect(res.headers.get('location')).toBe('/api/expansions/new-set');
		const got = await api('/api/expansions/new-set');
		expect(got.headers.get('etag')).toBe(etag);
		expect(await got.json()).toEqual(doc);

		const again = await api('/api/expansions/new-set', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: JSON.stringify(smallSet('new-set', 'Other'))
		});
		const body = await expectJsonError(again, 409);
		expect(body.current.document).toEqual(doc);
	});

	it('updates with If-Match (200, new ETag); a stale If-Match gets 409 with the current document', async () => {
		const first = await api('/api/expansions/my-set');
		const rev1 = first.headers.get('etag')!;
		const upd = await api('/api/expansions/my-set', {
			method: 'PUT',
			headers: { ...json, 'if-match': rev1 },
			body: JSON.stringify(smallSet('my-set', 'Renamed'))
		});
		expect(upd.status).toBe(200);
		const rev2 = upd.headers.get('etag')!;
		expect(rev2).not.toBe(rev1);
		expect((await upd.json()).revision).toBe(rev2.slice(1, -1));

		const stale = await api('/api/expansions/my-set', {
			method: 'PUT',
			headers: { ...json, 'if-match': rev1 },
			body: JSON.stringify(smallSet('my-set', 'Lost update'))
		});
		const body = await expectJsonError(stale, 409);
		expect(body.current.revision).toBe(rev2.slice(1, -1));
		expect(body.current.document.name).toBe('Renamed');
		expect(stale.headers.get('etag')).toBe(rev2);
		expect((await (await api('/api/expansions/my-set')).json()).name).toBe('Renamed');
	});

	it('428 for a write without a precondition', async () => {
		const res = await api('/api/expansions/my-set', {
			method: 'PUT',
			headers: json,
			body: JSON.stringify(smallSet('my-set'))
		});
		await expectJsonError(res, 428);
	});

	it('400 with the position for malformed JSON', async () => {
		const res = await api('/api/expansions/fresh', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: '{\n\t"id": "fresh",\n\t"name": }'
		});
		const body = await expectJsonError(res, 400);
		expect(body.error).toMatch(/line 3/);
		expect(body.errors[0]).toMatchObject({ pointer: '', severity: 'error' });
	});

	it('400 when the document id differs from the URL id, and for unsafe ids', async () => {
		await expectJsonError(
			await api('/api/expansions/fresh', {
				method: 'PUT',
				headers: { ...json, 'if-none-match': '*' },
				body: JSON.stringify(smallSet('other'))
			}),
			400
		);
		for (const bad of ['..%2Fx', 'UPPER'])
			await expectJsonError(
				await api(`/api/expansions/${bad}`, {
					method: 'PUT',
					headers: { ...json, 'if-none-match': '*' },
					body: JSON.stringify(smallSet('x'))
				}),
				400
			);
		expect((await readdir(dir)).sort()).toEqual([
			'base.json',
			'broken.json',
			'my-set.json',
			'new-set.json'
		]);
	});

	it('422 with located problems for an invalid document; warnings alone do not block', async () => {
		const doc = smallSet('fresh') as Record<string, unknown> & { tiles: Record<string, unknown>[] };
		doc.tiles[0].count = 0;
		(doc.tiles[0].features as Record<string, unknown>[])[2].cities = [];
		const res = await api('/api/expansions/fresh', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: JSON.stringify(doc)
		});
		const body = await expectJsonError(res, 422);
		expect(body.errors.length).toBeGreaterThan(0);
		for (const p of body.errors) {
			expect(typeof p.pointer).toBe('string');
			expect(typeof p.message).toBe('string');
			expect(['error', 'warning', 'note']).toContain(p.severity);
		}
		expect(body.errors.some((p: { pointer: string }) => p.pointer.startsWith('/tiles/0'))).toBe(
			true
		);
		expect((await api('/api/expansions/fresh')).status).toBe(404);
	});

	it('413 for an oversized body, declared or streamed', async () => {
		const big = JSON.stringify({ ...smallSet('fresh'), description: 'x'.repeat(3 * 1024 * 1024) });
		await expectJsonError(
			await api('/api/expansions/fresh', {
				method: 'PUT',
				headers: { ...json, 'if-none-match': '*' },
				body: big
			}),
			413
		);
		const bytes = new TextEncoder().encode(big);
		const stream = new ReadableStream<Uint8Array>({
			start(c) {
				for (let i = 0; i < bytes.length; i += 65536) c.enqueue(bytes.subarray(i, i + 65536));
				c.close();
			}
		});
		const res = await api('/api/expansions/fresh', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: stream,
			duplex: 'half'
		} as RequestInit);
		await expectJsonError(res, 413);
		expect((await api('/api/expansions/fresh')).status).toBe(404);
	});

	it('403 for the shipped sets, 404 when updating a missing one', async () => {
		const base = await api('/api/expansions/base');
		await expectJsonError(
			await api('/api/expansions/base', {
				method: 'PUT',
				headers: { ...json, 'if-match': base.headers.get('etag')! },
				body: await base.text()
			}),
			403
		);
		await expectJsonError(
			await api('/api/expansions/base', {
				method: 'DELETE',
				headers: { 'if-match': base.headers.get('etag')! }
			}),
			403
		);
		await expectJsonError(
			await api('/api/expansions/ghost', {
				method: 'PUT',
				headers: { ...json, 'if-match': '"0123"' },
				body: JSON.stringify(smallSet('ghost'))
			}),
			404
		);
	});

	it('deletes with If-Match only', async () => {
		const cur = await api('/api/expansions/new-set');
		const etag = cur.headers.get('etag')!;
		await expectJsonError(await api('/api/expansions/new-set', { method: 'DELETE' }), 428);
		await expectJsonError(
			await api('/api/expansions/new-set', {
				method: 'DELETE',
				headers: { 'if-match': '"stale"' }
			}),
			409
		);
		const del = await api('/api/expansions/new-set', {
			method: 'DELETE',
			headers: { 'if-match': etag }
		});
		expect(del.status).toBe(204);
		await expectJsonError(await api('/api/expansions/new-set'), 404);
		await expectJsonError(
			await api('/api/expansions/new-set', { method: 'DELETE', headers: { 'if-match': etag } }),
			404
		);
	});
});

describe('import', () => {
	const xml = `<?xml version="1.0"?>
<!DOCTYPE defs [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<defs><tiles><tile id="MY/A"><city pennants="1">N</city><road>E W</road><field city="N">EL WR</field><field>ER SL SR WL</field><tower/></tile></tiles>
<sets><tile-set id="mine:1"><ref count="3" tile="MY/A"/></tile-set></sets></defs>`;
	it('turns JCloisterZone XML into a document and a report, without saving', async () => {
		const res = await api('/api/import/jcz?id=imported-set&name=Imported', {
			method: 'POST',
			headers: { 'content-type': 'application/xml' },
			body: xml
		});
		expect(res.status).toBe(200);
		const body = await res.json();
		expect(body.expansion).toMatchObject({
			id: 'imported-set',
			name: 'Imported',
			tiles: [{ id: 'A', count: 3 }]
		});
		expect(body.report).toContain("tile MY/A: element 'tower' not mapped");
		expect(body.problems.filter((p: { severity: string }) => p.severity === 'error')).toEqual([]);
		expect((await api('/api/expansions/imported-set')).status).toBe(404);
	});
	it('400 for malformed XML and unsafe ids, 413 for oversized bodies', async () => {
		const post = (q: string, body: string) =>
			api(`/api/import/jcz${q}`, {
				method: 'POST',
				headers: { 'content-type': 'application/xml' },
				body
			});
		expect((await expectJsonError(await post('', '<defs><tiles></defs>'), 400)).error).toMatch(
			/line 1/
		);
		await expectJsonError(await post('?id=..%2Fx', xml), 400);
		await expectJsonError(await post('', 'x'.repeat(3 * 1024 * 1024)), 413);
	});
});

describe('export', () => {
	it('runs the exporters on a stored document: text files as utf8, PNGs as base64', async () => {
		const jcz = await api('/api/expansions/base/export?format=jcz', {
			headers: { 'x-requested-with': 'test' }
		});
		expect(jcz.status).toBe(200);
		const body = await jcz.json();
		const paths = body.files.map((f: { path: string }) => f.path);
		// one folder, the add-on's id in JCloisterZone
		expect(paths).toEqual(
			expect.arrayContaining(
				[
					'jcz-addon.json',
					'base.xml',
					'NOTES.txt',
					'base-artwork/artwork.json',
					'base-artwork/images/A.png'
				].map((p) => `cel-base/${p}`)
			)
		);
		expect(body.files[1]).toMatchObject({ encoding: 'utf8', type: 'application/xml' });
		const image = body.files.find(
			(f: { path: string }) => f.path === 'cel-base/base-artwork/images/A.png'
		);
		expect(image).toMatchObject({ encoding: 'base64', type: 'image/png' });
		expect([...Buffer.from(image.data, 'base64').subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
		expect(body.notes.some((n: string) => /^artwork: base-artwork\//.test(n))).toBe(true);

		const png = await (
			await api('/api/expansions/my-set/export?format=png&sizePx=32', {
				headers: { 'x-requested-with': 'test' }
			})
		).json();
		expect(png.files).toHaveLength(1);
		expect(png.files[0]).toMatchObject({ path: 'A.png', encoding: 'base64', type: 'image/png' });
		expect([...Buffer.from(png.files[0].data, 'base64').subarray(0, 4)]).toEqual([
			0x89, 0x50, 0x4e, 0x47
		]);

		const print = await (
			await api('/api/expansions/base/export?format=print&backs=1&bleedMm=2', {
				headers: { 'x-requested-with': 'test' }
			})
		).json();
		expect(print.files.some((f: { path: string }) => f.path === 'page-01-back.svg')).toBe(true);
	});
	it('400 for an unknown format, 404 for a missing id, 422 for a file that does not parse', async () => {
		await expectJsonError(
			await api('/api/expansions/base/export?format=docx', {
				headers: { 'x-requested-with': 'test' }
			}),
			400
		);
		await expectJsonError(
			await api('/api/expansions/ghost/export?format=json', {
				headers: { 'x-requested-with': 'test' }
			}),
			404
		);
		await expectJsonError(
			await api('/api/expansions/broken/export?format=json', {
				headers: { 'x-requested-with': 'test' }
			}),
			422
		);
	});
});
