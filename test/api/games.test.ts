// The sandbox's saved games through the API: the expansions' contract (docs/api.md) on a
// temporary GAMES_DIR; a record the engine made replays from what the server stored.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	expectJsonError,
	gamesDirOf,
	startServer,
	tempStore,
	type RunningServer
} from './server.ts';
import { availableExpansions } from '../../src/cli/files.ts';
import { playRandomGame } from '../../src/lib/engine/random.ts';
import { recordOf, setupFromRecord } from '../../src/lib/engine/record.ts';
import { replay } from '../../src/lib/engine/index.ts';

let server: RunningServer;
let dir: string;
const api = (p: string, init?: RequestInit) => fetch(server.url + p, init);
const put = (name: string, body: unknown, headers: Record<string, string>) =>
	api(`/api/games/${name}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body)
	});

const docs = availableExpansions();
const game = playRandomGame({
	expansions: [docs.get('base')!, docs.get('inns-and-cathedrals')!],
	players: ['Ann', 'Bob'],
	seed: 3
});
const record = recordOf(game.state);

beforeAll(async () => {
	dir = await tempStore(['base', 'inns-and-cathedrals']);
	server = await startServer(dir);
});
afterAll(async () => {
	await server?.stop();
	await rm(dir, { recursive: true, force: true });
	await rm(gamesDirOf(dir), { recursive: true, force: true });
});

describe('/api/games', () => {
	it('creates with If-None-Match: *, lists, reads back a record that replays to the same scores', async () => {
		const created = await put('first-game', record, { 'if-none-match': '*' });
		expect(created.status).toBe(201);
		expect(created.headers.get('location')).toBe('/api/games/first-game');
		const list = await (await api('/api/games')).json();
		expect(list.games).toEqual([
			expect.objectContaining({
				name: 'first-game',
				expansions: ['base', 'inns-and-cathedrals'],
				players: ['Ann', 'Bob'],
				moves: record.moves.length
			})
		]);
		const got = await api('/api/games/first-game');
		expect(got.headers.get('etag')).toBe(created.headers.get('etag'));
		const body = await got.json();
		const onDisk = JSON.parse(readFileSync(`${gamesDirOf(dir)}/first-game.json`, 'utf8'));
		expect(onDisk).toEqual(record);
		const { setup, moves } = setupFromRecord(body.doc ?? body, (id) => docs.get(id));
		expect(replay(setup!, moves).state.scores).toEqual(game.state.scores);
	});

	it('refuses to overwrite (409), a write without a precondition (428), an unsafe name (400), a record that is not one (422)', async () => {
		expect((await put('first-game', record, { 'if-none-match': '*' })).status).toBe(409);
		expect((await put('other', record, {})).status).toBe(428);
		await expectJsonError(await put('..%2Fx', record, { 'if-none-match': '*' }), 400);
		const bad = await put('bad', { ...record, moves: 'none' }, { 'if-none-match': '*' });
		const err = await expectJsonError(bad, 422);
		expect(err.errors.some((e: { pointer: string }) => e.pointer === '/moves')).toBe(true);
		const unknown = await put(
			'unknown-expansion',
			{ ...record, expansions: [{ id: 'base' }, { id: 'nowhere' }] },
			{ 'if-none-match': '*' }
		);
		const err2 = await expectJsonError(unknown, 422);
		expect(err2.errors[0].pointer).toBe('/expansions/1');
	});

	it('refuses (422, located) two players of one name, a tile of no expansion in play and an option no ruling has', async () => {
		const cases: [string, unknown, string][] = [
			['same-names', { ...record, players: ['Ann', 'Ann'] }, '/players/1'],
			['no-such-tile', { ...record, drawOrder: ['base/nowhere'] }, '/drawOrder/0'],
			['no-such-option', { ...record, rulings: { 'BASE-R1': 'sometimes' } }, '/rulings/BASE-R1']
		];
		for (const [name, doc, at] of cases) {
			const err = await expectJsonError(await put(name, doc, { 'if-none-match': '*' }), 422);
			expect(err.errors.map((e: { pointer: string }) => e.pointer)).toEqual([at]);
		}
	});
});
