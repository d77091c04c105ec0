import { describe, expect, it } from 'vitest';
import { MAX_RUNNING, MAX_WAITING, exportResponse } from './export.ts';

const doc = {
	id: 'my-set',
	name: 'My set',
	version: '1.0.0',
	tiles: [
		{
			id: 'A',
			count: 1,
			features: [
				{ id: 'm1', type: 'monastery' },
				{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'] }
			]
		}
	]
};

describe('exportResponse', () => {
	it('encodes text files as utf8 and bytes as base64', async () => {
		const svg = await exportResponse('svg', doc, {});
		expect(svg.status).toBe(200);
		const body = await svg.json();
		expect(body.format).toBe('svg');
		expect(body.files[0]).toMatchObject({ path: 'A.svg', encoding: 'utf8', type: 'image/svg+xml' });
		expect(body.files[0].data).toContain('<svg');
		const png = await (await exportResponse('png', doc, { sizePx: 16 })).json();
		expect(png.files[0].encoding).toBe('base64');
		expect([...Buffer.from(png.files[0].data, 'base64').subarray(0, 4)]).toEqual([
			0x89, 0x50, 0x4e, 0x47
		]);
	});
	it('refuses an unknown format (400) and a document with errors (422, with the problems)', async () => {
		expect((await exportResponse('docx', doc, {})).status).toBe(400);
		const bad = await exportResponse('json', { ...doc, version: 'one' }, {});
		expect(bad.status).toBe(422);
		expect((await bad.json()).errors.map((p: { pointer: string }) => p.pointer)).toContain(
			'/version'
		);
	});
	it(`takes ${MAX_RUNNING + MAX_WAITING} exports at once (running or queued) and answers 503 beyond`, async () => {
		const all = await Promise.all(
			Array.from({ length: MAX_RUNNING + MAX_WAITING + 2 }, () => exportResponse('svg', doc, {}))
		);
		expect(all.map((r) => r.status)).toEqual([
			...Array(MAX_RUNNING + MAX_WAITING).fill(200),
			503,
			503
		]);
		expect(all.at(-1)!.headers.get('retry-after')).toBe('5');
		expect((await exportResponse('svg', doc, {})).status).toBe(200); // the places are free again
	});
});
