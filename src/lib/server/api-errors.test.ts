import { describe, expect, it } from 'vitest';
import {
	allowedHosts,
	asJsonError,
	crossSiteForm,
	foreignHost,
	methodNotAllowed,
	unsupportedBody
} from './api-errors.ts';

const req = (method: string, headers: Record<string, string> = {}) =>
	new Request('http://127.0.0.1:3000/api/expansions/x', { method, headers });

describe('asJsonError', () => {
	it('turns an HTML 500 page into the JSON body, with the message handleError left', async () => {
		const html = new Response('<!doctype html><h1>500</h1>', {
			status: 500,
			headers: { 'content-type': 'text/html' }
		});
		const res = await asJsonError(
			html,
			req('GET'),
			'/api/expansions/x',
			'Internal server error (boom)'
		);
		expect(res.status).toBe(500);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(await res.json()).toEqual({ error: 'Internal server error (boom)', errors: [] });
	});
	it('keeps a plain-text message and headers such as Allow', async () => {
		const text = new Response('teapot trouble', {
			status: 418,
			headers: { 'content-type': 'text/plain', 'x-extra': '1' }
		});
		const res = await asJsonError(text, req('GET'), '/api/x');
		expect(res.headers.get('x-extra')).toBe('1');
		expect((await res.json()).error).toBe('teapot trouble');
	});
	it('leaves successes and JSON errors alone', async () => {
		const ok = new Response('fine', { status: 200 });
		expect(await asJsonError(ok, req('GET'), '/api/x')).toBe(ok);
		const json = new Response('{"error":"x","errors":[]}', {
			status: 409,
			headers: { 'content-type': 'application/json; charset=utf-8' }
		});
		expect(await asJsonError(json, req('GET'), '/api/x')).toBe(json);
	});
});

describe('methodNotAllowed', () => {
	it('answers 405 with Allow (HEAD with GET, OPTIONS always), and OPTIONS with 204', async () => {
		const res = methodNotAllowed('POST', '/api/expansions/x', ['GET', 'PUT', 'DELETE']);
		expect(res.status).toBe(405);
		expect(res.headers.get('allow')).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
		expect((await res.json()).error).toBe(
			'POST is not allowed on /api/expansions/x (allowed: GET, PUT, DELETE, HEAD, OPTIONS)'
		);
		expect(methodNotAllowed('OPTIONS', '/api/x', ['POST']).status).toBe(204);
	});
});

describe('unsupportedBody and crossSiteForm', () => {
	it('takes JSON (and +json), or XML on the import; a body naming no media type is refused, saying which to send', async () => {
		expect(
			unsupportedBody(
				req('PUT', { 'content-type': 'application/json; charset=utf-8' }),
				'/api/expansions/x'
			)
		).toBeUndefined();
		expect(
			unsupportedBody(
				req('PUT', { 'content-type': 'application/merge-patch+json' }),
				'/api/expansions/x'
			)
		).toBeUndefined();
		expect(unsupportedBody(req('PUT'), '/api/expansions/x')).toBeUndefined(); // no body at all
		const untyped = unsupportedBody(req('PUT', { 'content-length': '2' }), '/api/expansions/x');
		expect(untyped?.status).toBe(415);
		expect((await untyped!.json()).error).toBe(
			'PUT /api/expansions/x takes application/json, but the body names no media type: send it with Content-Type: application/json'
		);
		expect(
			unsupportedBody(req('POST', { 'transfer-encoding': 'chunked' }), '/api/import/jcz')?.status
		).toBe(415);
		expect(
			unsupportedBody(req('PUT', { 'content-type': 'text/plain' }), '/api/expansions/x')?.status
		).toBe(415);
		expect(
			unsupportedBody(req('POST', { 'content-type': 'text/xml' }), '/api/import/jcz')
		).toBeUndefined();
		expect(
			unsupportedBody(req('POST', { 'content-type': 'application/json' }), '/api/import/jcz')
				?.status
		).toBe(415);
		expect(
			unsupportedBody(req('DELETE', { 'content-type': 'text/plain' }), '/api/expansions/x')
		).toBeUndefined();
	});
	it('refuses form bodies from another site or from nowhere, by host', () => {
		const url = new URL('https://127.0.0.1:3000/api/expansions/x');
		const form = { 'content-type': 'application/x-www-form-urlencoded' };
		expect(
			crossSiteForm(req('DELETE', { ...form, origin: 'http://127.0.0.1:3000' }), url)
		).toBeUndefined();
		expect(crossSiteForm(req('DELETE', { ...form, origin: 'http://evil.example' }), url)).toMatch(
			/^Cross-site DELETE/
		);
		expect(crossSiteForm(req('DELETE', form), url)).toMatch(/^Cross-site/);
		expect(
			crossSiteForm(
				req('DELETE', { 'content-type': 'application/json', origin: 'http://evil.example' }),
				url
			)
		).toBeUndefined();
		expect(crossSiteForm(req('GET', { origin: 'http://evil.example' }), url)).toBeUndefined();
	});
});

describe('foreignHost (DNS rebinding)', () => {
	const at = (host: string, origin?: string) => req('PUT', { host, ...(origin ? { origin } : {}) });
	it('answers the loopback names and the listening address, with any port', () => {
		for (const host of ['127.0.0.1:3000', 'localhost:4173', '[::1]:3000', 'LOCALHOST', '127.0.0.1'])
			expect(foreignHost(at(host)), host).toBeUndefined();
		expect(foreignHost(at('127.0.0.1:3000', 'http://localhost:3000'))).toBeUndefined();
	});
	it('refuses another name in Host, even with a matching Origin', () => {
		expect(foreignHost(at('evil.example:3000', 'http://evil.example:3000'))).toMatch(
			/^Requests for host 'evil.example' are refused: this server answers to localhost, 127.0.0.1/
		);
		expect(foreignHost(at('127.0.0.2:3000'))).toMatch(/refused/);
		expect(foreignHost(at(''))).toMatch(/refused/);
	});
	it('takes HOST, ORIGIN and ALLOWED_HOSTS into account; every interface when listening on all', () => {
		const hosts = allowedHosts({
			HOST: '10.1.2.3',
			ORIGIN: 'https://lab.example.org',
			ALLOWED_HOSTS: 'box.lan, Other:8080'
		});
		expect([...hosts]).toEqual([
			'localhost',
			'127.0.0.1',
			'[::1]',
			'10.1.2.3',
			'lab.example.org',
			'box.lan',
			'other'
		]);
		expect(allowedHosts({ HOST: '0.0.0.0' }).size).toBeGreaterThan(3);
		expect(allowedHosts({ HOST: '::1' }).has('[::1]')).toBe(true);
	});
});
