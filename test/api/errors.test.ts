// Errors SvelteKit would answer itself are JSON `{ error, errors }` too (docs/api.md): a method an
// endpoint does not have (405 + Allow), a path no endpoint serves (404), a body that is not JSON
// (415, before the cross-site form check); the cross-site form check still guards the writes.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempStore, type RunningServer, expectJsonError } from './server.ts';
import { smallSet } from './fixtures.ts';

let server: RunningServer;
let dir: string;
const api = (p: string, init?: RequestInit) => fetch(server.url + p, init);

beforeAll(async () => {
	dir = await tempStore(['base']);
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

describe('methods an endpoint does not have', () => {
	it.each(['POST', 'PATCH'])(
		'%s /api/expansions/x: 405 as JSON with an Allow header',
		async (method) => {
			const res = await api('/api/expansions/my-set', {
				method,
				headers: { 'content-type': 'application/json' },
				body: '{}'
			});
			const body = await expectJsonError(res, 405);
			const allow = res.headers.get('allow')!.split(/,\s*/);
			expect(allow).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
			expect(allow).not.toContain(method);
			expect(body.error).toContain(method);
		}
	);
	it('every endpoint answers a wrong method with JSON', async () => {
		const cases: [string, string][] = [
			['DELETE', '/api/expansions'],
			['PUT', '/api/expansions/my-set/export?format=json'],
			['POST', '/api/export'],
			['GET', '/api/export/json'],
			['GET', '/api/import/jcz'],
			['DELETE', '/api/schemas/tile.v1.json']
		];
		for (const [method, p] of cases) {
			const res = await api(p, { method });
			await expectJsonError(res, 405);
			expect(res.headers.get('allow'), `${method} ${p}`).toBeTruthy();
		}
	});
	it('OPTIONS lists the methods', async () => {
		const res = await api('/api/expansions/my-set', { method: 'OPTIONS' });
		expect(res.status).toBe(204);
		expect(res.headers.get('allow')).toMatch(/GET.*PUT.*DELETE/);
	});
	it('HEAD still answers like GET', async () => {
		const res = await api('/api/expansions/my-set', { method: 'HEAD' });
		expect(res.status).toBe(200);
		expect(res.headers.get('etag')).toMatch(/^"/);
	});
});

describe('paths no endpoint serves', () => {
	it.each([
		'/api/expansions/%2E%2E',
		'/api/expansions/%2e%2e/base',
		'/api/no-such-thing',
		'/api',
		'/api/expansions/my-set/nothing'
	])('GET %s: 404 as JSON', async (p) => {
		const body = await expectJsonError(await api(p), 404);
		expect(body.error).toMatch(/^No API endpoint at \/api/);
	});
	it('pages outside /api/ keep their HTML 404', async () => {
		const res = await api('/no-such-page');
		expect(res.status).toBe(404);
		expect(res.headers.get('content-type')).toMatch(/^text\/html/);
	});
});

describe('bodies that are not JSON', () => {
	it('PUT with content-type text/plain: 415 as JSON, nothing written', async () => {
		const before = await readFile(path.join(dir, 'my-set.json'), 'utf8');
		const etag = (await api('/api/expansions/my-set')).headers.get('etag')!;
		const res = await api('/api/expansions/my-set', {
			method: 'PUT',
			headers: { 'content-type': 'text/plain', 'if-match': etag },
			body: JSON.stringify(smallSet('my-set', 'Renamed'))
		});
		const body = await expectJsonError(res, 415);
		expect(body.error).toContain('application/json');
		expect(body.error).not.toMatch(/read-only|Cross-site/);
		expect(await readFile(path.join(dir, 'my-set.json'), 'utf8')).toBe(before);
	});
	it('a cross-site form post to the API gets the same 415, also for a shipped set', async () => {
		for (const type of [
			'application/x-www-form-urlencoded',
			'multipart/form-data; boundary=x',
			'text/plain;charset=UTF-8'
		]) {
			const res = await api('/api/expansions/base', {
				method: 'PUT',
				headers: { 'content-type': type, origin: 'https://evil.example' },
				body: 'a=b'
			});
			await expectJsonError(res, 415);
		}
		await expectJsonError(
			await api('/api/export/json', {
				method: 'POST',
				headers: { 'content-type': 'text/plain' },
				body: '{}'
			}),
			415
		);
	});
	it('the JCloisterZone import takes XML, not JSON', async () => {
		const res = await api('/api/import/jcz', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		expect(res.headers.get('accept-post')).toBe('application/xml');
		expect((await expectJsonError(res, 415)).error).toContain('application/xml');
	});
	it('a cross-site DELETE with a form body is refused (403, JSON); the same from this origin is not', async () => {
		const headers = { 'content-type': 'text/plain', 'if-match': '"stale"' };
		const res = await api('/api/expansions/my-set', {
			method: 'DELETE',
			headers: { ...headers, origin: 'https://evil.example' }
		});
		expect((await expectJsonError(res, 403)).error).toMatch(/^Cross-site DELETE/);
		await expectJsonError(
			await api('/api/expansions/my-set', {
				method: 'DELETE',
				headers: { ...headers, origin: server.url }
			}),
			409
		);
	});
	it('pages outside /api/ keep the cross-site form check', async () => {
		const res = await api('/', {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: 'https://evil.example'
			},
			body: 'a=b'
		});
		expect(res.status).toBe(403);
		expect(await res.text()).toMatch(/^Cross-site POST/);
	});
});
