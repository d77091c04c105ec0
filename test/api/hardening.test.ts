// No single file or request may take the server down, no other site may write the designer's
// files (issue 9): files the store cannot read, documents nested 10,000 levels deep, parameters out
// of range, exports that would run out of memory or block every other request, DNS rebinding,
// bodies without a media type, unexpected failures, If-Match lists and weak tags, temporary files
// of an earlier process with the server's PID, import errors without a column.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempStore, type RunningServer, expectJsonError } from './server.ts';
import { smallSet } from './fixtures.ts';

let server: RunningServer;
let dir: string;
const api = (p: string, init?: RequestInit) => fetch(server.url + p, init);
const json = { 'content-type': 'application/json' };
const EXPORT = { 'x-requested-with': 'test' };
const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);

/** A raw request: fetch cannot set Host, nor leave out the media type of a text body. */
function raw(
	method: string,
	p: string,
	headers: Record<string, string>,
	body?: string
): Promise<{ status: number; type: string; body: string }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(server.url + p, { method, headers }, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (d) => (text += d));
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					type: String(res.headers['content-type']),
					body: text
				})
			);
		});
		req.on('error', reject);
		req.end(body);
	});
}

beforeAll(async () => {
	dir = await tempStore(['base', 'inns-and-cathedrals', 'inn-and-stable-owners']);
	await writeFile(
		path.join(dir, 'my-set.json'),
		JSON.stringify(smallSet('my-set'), null, '\t') + '\n'
	);
	server = await startServer(dir);
});
afterAll(async () => {
	await server?.stop();
	await rm(dir, { recursive: true, force: true });
});

describe('files the store cannot read', () => {
	it('a file of 10,000 nested arrays and a folder named x.json are listed as unreadable; the library and the rest work', async () => {
		await writeFile(path.join(dir, 'deep.json'), DEEP);
		await mkdir(path.join(dir, 'folder.json'));
		try {
			const res = await api('/api/expansions');
			expect(res.status).toBe(200);
			const list = (await res.json()).expansions as {
				id: string;
				validity: { valid: boolean };
				parseError?: { message: string };
			}[];
			// the shipped sets are listed beside the store's own documents
			expect(list.map((e) => e.id)).toEqual(
				expect.arrayContaining([
					'base',
					'deep',
					'folder',
					'inn-and-stable-owners',
					'inns-and-cathedrals',
					'my-set',
					'river'
				])
			);
			expect(list.find((e) => e.id === 'deep')!.parseError!.message).toMatch(
				/^The file cannot be read: arrays and objects are nested more than 100 levels/
			);
			expect(list.find((e) => e.id === 'folder')!.parseError!.message).toBe(
				'The file cannot be read (EISDIR): fix or remove folder.json in its folder'
			);
			expect(list.find((e) => e.id === 'my-set')!.validity.valid).toBe(true);
			// the library page lists the rest, and the unreadable ones with their reason
			const page = await api('/');
			expect(page.status).toBe(200);
			const html = await page.text();
			for (const name of ['Carcassonne (base game)', 'My set', 'deep', 'folder'])
				expect(html).toContain(name);
			expect(html).toContain('nested more than 100 levels');
			// the deep file is served as text (the editor can repair it); reading a folder is an unexpected failure, answered as JSON
			expect((await api('/api/expansions/deep')).status).toBe(200);
			const broken = await expectJsonError(await api('/api/expansions/folder'), 500);
			expect(broken.error).toMatch(/^Internal server error \(EISDIR/);
			expect(broken).not.toHaveProperty('message');
		} finally {
			await rm(path.join(dir, 'deep.json'));
			await rm(path.join(dir, 'folder.json'), { recursive: true });
		}
	});
	it('PUT of a document nested 10,000 levels deep: 422 at the place, nothing written', async () => {
		const body = `{"id":"deep-put","name":"x","version":"1.0.0","tiles":[],"description":${DEEP}}`;
		const res = await api('/api/expansions/deep-put', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body
		});
		const err = await expectJsonError(res, 422);
		expect(err.errors[0].pointer).toBe('/description' + '/0'.repeat(99));
		expect(await readdir(dir)).not.toContain('deep-put.json');
		const exp = await expectJsonError(
			await api('/api/export/json', {
				method: 'POST',
				headers: json,
				body: body.replace('"tiles":[]', '"tiles":[{"id":"A","count":1,"features":[]}]')
			}),
			422
		);
		expect(exp.errors[0].message).toMatch(/nested more than 100 levels/);
	});
});

describe('one nesting bound for every kind of document, at the door (issue 32)', () => {
	// the texts are written out: JSON.stringify cannot write an array nested 10,000 deep either
	const record = (deep: string) =>
		`{"schemaVersion":1,"expansions":[{"id":"base"}],"players":["Ann"],"seed":1,"moves":[{"type":"place","x":${deep}}]}`;
	const bodies = {
		games: record,
		scenarios: (deep: string) =>
			`{"name":"deep-scenario","rules":["BASE-1.1.1"],"game":${record(deep)},"expect":{}}`
	};
	for (const [kind, body] of Object.entries(bodies))
		it(`PUT /api/${kind}/{name} of a move nested 10,000 or 150 levels deep: 422 at the place, nothing written, the listing unharmed`, async () => {
			const at = kind === 'games' ? '/moves/0/x' : '/game/moves/0/x';
			for (const depth of [10_000, 150]) {
				const res = await api(`/api/${kind}/deep-${depth}`, {
					method: 'PUT',
					headers: { ...json, 'if-none-match': '*' },
					body: body('['.repeat(depth) + ']'.repeat(depth))
				});
				const err = await expectJsonError(res, 422);
				expect(err.errors).toEqual([
					expect.objectContaining({
						pointer: at + '/0'.repeat(100 - at.split('/').length + 1),
						severity: 'error'
					})
				]);
				expect(err.errors[0].message).toMatch(/nested more than 100 levels/);
				expect((await api(`/api/${kind}/deep-${depth}`)).status).toBe(404);
			}
			const list = await api(`/api/${kind}`);
			expect(list.status).toBe(200);
			expect(JSON.stringify(await list.json())).not.toContain('deep-');
		});
});

describe('coordinates off the board (issue 32)', () => {
	it('PUT /api/games/{name} of a move at a far cell that would alias a near one: 422 at its coordinate, nothing written', async () => {
		const record = {
			schemaVersion: 1,
			expansions: [{ id: 'base' }],
			players: ['Ann'],
			seed: 1,
			moves: [{ type: 'place', x: 2 ** 19, y: -1, rotation: 0 }]
		};
		const res = await api('/api/games/far-cell', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: JSON.stringify(record)
		});
		const err = await expectJsonError(res, 422);
		expect(err.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/moves/0/x']);
		expect((await api('/api/games/far-cell')).status).toBe(404);
	});
});

describe('parameters and counts out of range', () => {
	it('ownersPerPlayer 1e308 and roadTilePoints -5 are refused with their pointers (422)', async () => {
		const doc = {
			...smallSet('owners'),
			dependencies: ['inn-and-stable-owners'],
			parameters: { ownersPerPlayer: 1e308, roadTilePoints: -5 }
		};
		const res = await api('/api/expansions/owners', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: JSON.stringify(doc)
		});
		const err = await expectJsonError(res, 422);
		expect(
			err.errors.map((p: { pointer: string; message: string }) => [p.pointer, p.message])
		).toEqual([
			[
				'/parameters/ownersPerPlayer',
				expect.stringMatching(
					/^parameter 'ownersPerPlayer' must be a whole number from 0 to 20 \(got 1e\+308/
				)
			],
			[
				'/parameters/roadTilePoints',
				expect.stringMatching(
					/^parameter 'roadTilePoints' must be a whole number from 0 to 100 \(got -5/
				)
			]
		]);
	});
});

describe('exports', () => {
	it('a plain GET (what an <img> on another site sends) may not start one: 403', async () => {
		const err = await expectJsonError(
			await api('/api/expansions/base/export?format=png&sizePx=4096'),
			403
		);
		expect(err.error).toMatch(/x-requested-with/);
	});
	it('options are clamped to their documented ranges, and the notes say so', async () => {
		const res = await api('/api/expansions/base/export?format=print&players=10000000&bleedMm=-3', {
			headers: EXPORT
		});
		expect(res.status).toBe(200);
		const body = await res.json();
		expect(body.notes.slice(0, 2)).toEqual([
			'bleedMm -3 is outside 0–5 or too precise: 0 used',
			'players 10000000 is outside 1–8 or too precise: 8 used'
		]);
		expect(body.files.length).toBe(3); // 72 tiles on 3 pages
		const png = await (
			await api('/api/expansions/my-set/export?format=png&sizePx=4096', { headers: EXPORT })
		).json();
		expect(png.notes[0]).toBe('sizePx 4096 is outside 16–1024 or too precise: 1024 used');
		const raster = Buffer.from(png.files[0].data, 'base64');
		expect(raster.readUInt32BE(16)).toBe(1024); // the PNG's width
	});
	it('the server keeps answering while a base JCloisterZone export runs (a worker thread)', async () => {
		const order: string[] = [];
		const exporting = api('/api/expansions/base/export?format=jcz', { headers: EXPORT }).then(
			async (r) => {
				expect(r.status).toBe(200);
				await r.json();
				order.push('export');
			}
		);
		for (let i = 0; i < 3; i++) {
			expect((await api('/api/expansions/my-set')).status).toBe(200);
			order.push('read');
		}
		await exporting;
		expect(order).toEqual(['read', 'read', 'read', 'export']);
	});
	it('exports share a pool of worker threads: ten at once (two running, eight queued) all finish alike', async () => {
		const formats = ['svg', 'json'];
		const bodies = await Promise.all(
			Array.from({ length: 10 }, async (_, i) => {
				const res = await api(`/api/expansions/my-set/export?format=${formats[i % 2]}`, {
					headers: EXPORT
				});
				expect(res.status).toBe(200);
				return res.json();
			})
		);
		for (const [i, body] of bodies.entries()) {
			expect(body.format).toBe(formats[i % 2]);
			expect(body).toEqual(bodies[i % 2]); // the same files from whichever worker ran it
		}
		expect(bodies[0].files[0]).toMatchObject({ encoding: 'utf8', type: 'image/svg+xml' });
	});
});

describe('a look that is comments and then not SVG', () => {
	// the validator once read a look's SVG with a regular expression whose time doubled with each
	// comment: 33 held every request for a minute, 60 would for ever
	const withLook = (id: string, comments: number) => ({
		...smallSet(id),
		looks: { mark: { svg: '<!---->'.repeat(comments) + 'x', place: 'corner' } }
	});
	for (const comments of [60, 7_000])
		// a look's svg holds 50,000 characters at most
		it(`${comments} comments: an export answers with the located warning while a listing is served; stored, it lists`, async () => {
			const broken = withLook('looks-broken', comments);
			broken.tiles[0].features[2].cities = [];
			const [exported, listing] = await Promise.all([
				api('/api/export/json', { method: 'POST', headers: json, body: JSON.stringify(broken) }),
				api('/api/expansions')
			]);
			expect(listing.status).toBe(200);
			const err = await expectJsonError(exported, 422);
			expect(err.errors).toContainEqual(
				expect.objectContaining({ pointer: '/looks/mark/svg', severity: 'warning' })
			);
			const id = `looks-${comments}`;
			const put = await api(`/api/expansions/${id}`, {
				method: 'PUT',
				headers: { ...json, 'if-none-match': '*' },
				body: JSON.stringify(withLook(id, comments))
			});
			expect(put.status).toBe(201);
			const list = (await (await api('/api/expansions')).json()).expansions;
			const entry = list.find((e: { id: string }) => e.id === id);
			expect(entry.validity).toMatchObject({ valid: true, errors: 0 });
			expect(entry.validity.warnings).toBeGreaterThan(0);
		});
});

describe('DNS rebinding: a request for another host name', () => {
	it('creating, overwriting and deleting with Host: evil.example and a same-host Origin get 403 as JSON; nothing changes', async () => {
		const before = (await readdir(dir)).sort();
		const evil = { host: 'evil.example:80', origin: 'http://evil.example:80', ...json };
		const put = await raw(
			'PUT',
			'/api/expansions/rebound',
			{ ...evil, 'if-none-match': '*' },
			JSON.stringify(smallSet('rebound'))
		);
		expect([put.status, put.type]).toEqual([403, 'application/json; charset=utf-8']);
		expect(JSON.parse(put.body)).toEqual({
			error: expect.stringMatching(/^Requests for host 'evil.example' are refused/),
			errors: []
		});
		const etag = (await api('/api/expansions/my-set')).headers.get('etag')!;
		expect(
			(
				await raw(
					'PUT',
					'/api/expansions/my-set',
					{ ...evil, 'if-match': etag },
					JSON.stringify(smallSet('my-set', 'Owned'))
				)
			).status
		).toBe(403);
		expect(
			(await raw('DELETE', '/api/expansions/my-set', { ...evil, 'if-match': etag })).status
		).toBe(403);
		expect((await raw('GET', '/api/expansions', { host: 'evil.example' })).status).toBe(403);
		expect((await readdir(dir)).sort()).toEqual(before);
		expect((await raw('GET', '/api/expansions', { host: `localhost:${server.port}` })).status).toBe(
			200
		);
	});
});

describe('small ones', () => {
	it('a body without Content-Type: 415 with the reason', async () => {
		const res = await raw(
			'PUT',
			'/api/expansions/untyped',
			{ 'if-none-match': '*' },
			JSON.stringify(smallSet('untyped'))
		);
		expect(res.status).toBe(415);
		expect(JSON.parse(res.body).error).toBe(
			'PUT /api/expansions/untyped takes application/json, but the body names no media type: send it with Content-Type: application/json'
		);
	});
	it('413 names the limit that applies', async () => {
		const big = { ...smallSet('big'), description: 'x'.repeat(2 * 1024 * 1024) };
		const res = await api('/api/expansions/big', {
			method: 'PUT',
			headers: { ...json, 'if-none-match': '*' },
			body: JSON.stringify(big)
		});
		const err = await expectJsonError(res, 413);
		expect(err.error).toBe('The request body exceeds the limit of 2 MiB (2097152 bytes)');
		// 600 KB passes (adapter-node alone would stop at 512 KiB)
		const mid = { ...smallSet('mid'), description: 'x'.repeat(600_000) };
		expect(
			(
				await api('/api/expansions/mid', {
					method: 'PUT',
					headers: { ...json, 'if-none-match': '*' },
					body: JSON.stringify(mid)
				})
			).status
		).toBe(201);
	});
	it('If-Match: any strong tag of a list matches; weak tags never do (428)', async () => {
		const etag = (await api('/api/expansions/my-set')).headers.get('etag')!;
		const body = JSON.stringify(smallSet('my-set', 'Listed'));
		const weak = await api('/api/expansions/my-set', {
			method: 'PUT',
			headers: { ...json, 'if-match': `W/${etag}` },
			body
		});
		expect((await expectJsonError(weak, 428)).error).toMatch(/weak entity tags/);
		const listed = await api('/api/expansions/my-set', {
			method: 'PUT',
			headers: { ...json, 'if-match': `"stale", W/"x", ${etag}` },
			body
		});
		expect(listed.status).toBe(200);
		await expectJsonError(
			await api('/api/expansions/my-set', {
				method: 'PUT',
				headers: { ...json, 'if-match': `"stale", ${etag}` },
				body
			}),
			409
		);
	});
	it('a temporary file carrying the server’s own PID that it is not writing is removed on the next listing', async () => {
		const orphan = `.my-set.json.${server.proc.pid}.0123456789ab.tmp`;
		await writeFile(path.join(dir, orphan), '{"id": "my');
		await api('/api/expansions');
		expect(await readdir(dir)).not.toContain(orphan);
	});
	it('an import error gives line and column when it has them, never "undefined"', async () => {
		for (const xml of ['<tiles><tile id="a"', '<a><b><c>', '<a></b>']) {
			const res = await api('/api/import/jcz', {
				method: 'POST',
				headers: { 'content-type': 'application/xml' },
				body: xml
			});
			const err = await expectJsonError(res, 400);
			expect(err.error).toMatch(/^Malformed XML/);
			expect(err.error).not.toMatch(/undefined/);
			expect(err.error.length).toBeLessThan(400);
		}
	});
});
