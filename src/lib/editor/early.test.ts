import { afterEach, describe, expect, it } from 'vitest';
import { withEarlyAnswers } from './early.ts';

const holder = globalThis as { __early?: Record<string, Promise<Response | undefined>> };
afterEach(() => delete holder.__early);

describe('withEarlyAnswers', () => {
	const network: string[] = [];
	const net = (async (input: RequestInfo | URL) => {
		network.push(String(input));
		return new Response('from the network');
	}) as typeof fetch;

	it('hands an early answer to the first GET of its address, once; everything else goes to the network', async () => {
		network.length = 0;
		holder.__early = { '/api/expansions?documents': Promise.resolve(new Response('early')) };
		const get = withEarlyAnswers(net);
		expect(await (await get('/api/expansions?documents')).text()).toBe('early');
		expect(await (await get('/api/expansions?documents')).text()).toBe('from the network');
		expect(await (await get('/api/expansions/base')).text()).toBe('from the network');
		expect(network).toEqual(['/api/expansions?documents', '/api/expansions/base']);
	});

	it('asks the network when the early request failed, for writes, and when the page asked nothing early', async () => {
		network.length = 0;
		holder.__early = {
			'/a': Promise.resolve(undefined),
			'/b': Promise.resolve(new Response('early'))
		};
		const get = withEarlyAnswers(net);
		expect(await (await get('/a')).text()).toBe('from the network');
		expect(await (await get('/b', { method: 'PUT' })).text()).toBe('from the network');
		delete holder.__early;
		expect(await (await withEarlyAnswers(net)('/b')).text()).toBe('from the network');
		expect(network).toEqual(['/a', '/b', '/b']);
	});
});
