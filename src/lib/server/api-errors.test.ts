import { describe, expect, it } from 'vitest';
import { asJsonError, crossSiteForm, methodNotAllowed, unsupportedBody } from './api-errors.ts';

const req = (method: string, headers: Record<string, string> = {}) => new Request('http://127.0.0.1:3000/api/expansions/x', { method, headers });

describe('asJsonError', () => {
	it('turns an HTML 500 page into the JSON body, with the message handleError left', async () => {
		const html = new Response('<!doctype html><h1>500</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
		const res = await asJsonError(html, req('GET'), '/api/expansions/x', 'Internal server error (boom)');
		expect(res.status).toBe(500);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(await res.json()).toEqual({ error: 'Internal server error (boom)', errors: [] });
	});
	it('keeps a plain-text message and headers such as Allow', async () => {
		const text = new Response('teapot trouble', { status: 418, headers: { 'content-type': 'text/plain', 'x-extra': '1' } });
		const res = await asJsonError(text, req('GET'), '/api/x');
		expect(res.headers.get('x-extra')).toBe('1');
		expect((await res.json()).error).toBe('teapot trouble');
	});
	it('leaves successes and JSON errors alone', async () => {
		const ok = new Response('fine', { status: 200 });
		expect(await asJsonError(ok, req('GET'), '/api/x')).toBe(ok);
		const json = new Response('{"error":"x","errors":[]}', { status: 409, headers: { 'content-type': 'application/json; charset=utf-8' } });
		expect(await asJsonError(json, req('GET'), '/api/x')).toBe(json);
	});
});

describe('methodNotAllowed', () => {
	it('answers 405 with Allow (HEAD with GET, OPTIONS always), and OPTIONS with 204', async () => {
		const res = methodNotAllowed('POST', '/api/expansions/x', ['GET', 'PUT', 'DELETE']);
		expect(res.status).toBe(405);
		expect(res.headers.get('allow')).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
		expect((await res.json()).error).toBe('POST is not allowed on /api/expansions/x (allowed: GET, PUT, DELETE, HEAD, OPTIONS)');
		expect(methodNotAllowed('OPTIONS', '/api/x', ['POST']).status).toBe(204);
	});
});

describe('unsupportedBody and crossSiteForm', () => {
	it('takes JSON (and +json), or XML on the import; no media type is read as the endpoint’s', () => {
		expect(unsupportedBody(req('PUT', { 'content-type': 'application/json; charset=utf-8' }), '/api/expansions/x')).toBeUndefined();
		expect(unsupportedBody(req('PUT', { 'content-type': 'application/merge-patch+json' }), '/api/expansions/x')).toBeUndefined();
		expect(unsupportedBody(req('PUT'), '/api/expansions/x')).toBeUndefined();
		expect(unsupportedBody(req('PUT', { 'content-type': 'text/plain' }), '/api/expansions/x')?.status).toBe(415);
		expect(unsupportedBody(req('POST', { 'content-type': 'text/xml' }), '/api/import/jcz')).toBeUndefined();
		expect(unsupportedBody(req('POST', { 'content-type': 'application/json' }), '/api/import/jcz')?.status).toBe(415);
		expect(unsupportedBody(req('DELETE', { 'content-type': 'text/plain' }), '/api/expansions/x')).toBeUndefined();
	});
	it('refuses form bodies from another site or from nowhere, by host', () => {
		const url = new URL('https://127.0.0.1:3000/api/expansions/x');
		const form = { 'content-type': 'application/x-www-form-urlencoded' };
		expect(crossSiteForm(req('DELETE', { ...form, origin: 'http://127.0.0.1:3000' }), url)).toBeUndefined();
		expect(crossSiteForm(req('DELETE', { ...form, origin: 'http://evil.example' }), url)).toMatch(/^Cross-site DELETE/);
		expect(crossSiteForm(req('DELETE', form), url)).toMatch(/^Cross-site/);
		expect(crossSiteForm(req('DELETE', { 'content-type': 'application/json', origin: 'http://evil.example' }), url)).toBeUndefined();
		expect(crossSiteForm(req('GET', { origin: 'http://evil.example' }), url)).toBeUndefined();
	});
});
