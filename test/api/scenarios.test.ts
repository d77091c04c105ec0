// The scenarios API against the real built server: the expansions' contract (docs/api.md)
// on a temporary SCENARIOS_DIR, and a scenario saved through it run by `carcassonne-lab test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	expectJsonError,
	scenariosDirOf,
	startServer,
	tempStore,
	type RunningServer
} from './server.ts';
import { availableExpansions } from '../../src/cli/files.ts';
import { playRandomGame } from '../../src/lib/engine/random.ts';
import { recordOf } from '../../src/lib/engine/record.ts';
import { resolveGame } from '../../src/lib/engine/registry.ts';
import { scenarioFromGame } from '../../src/lib/engine/scenario-from-game.ts';

let server: RunningServer;
let dir: string;
let scenarios: string;
const api = (p: string, init?: RequestInit) => fetch(server.url + p, init);
const json = { 'content-type': 'application/json' };
const put = (name: string, body: unknown, headers: Record<string, string>) =>
	api(`/api/scenarios/${name}`, {
		method: 'PUT',
		headers: { ...json, ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});

const shipped = JSON.parse(readFileSync('scenarios/BASE-1.4.3-occupied-road-refused.json', 'utf8'));
const named = (name: string) => ({ ...shipped, name });

beforeAll(async () => {
	dir = await tempStore(['base', 'inns-and-cathedrals']);
	await writeFile(
		path.join(dir, 'needs-nowhere.json'),
		JSON.stringify({
			id: 'needs-nowhere',
			name: 'N',
			version: '1.0.0',
			dependencies: ['base', 'nowhere'],
			tiles: []
		})
	);
	scenarios = scenariosDirOf(dir);
	server = await startServer(dir);
});
afterAll(async () => {
	await server?.stop();
	await rm(dir, { recursive: true, force: true });
	await rm(scenarios, { recursive: true, force: true });
});

describe('the scenarios folder', () => {
	it('lists nothing before the first write, then creates the folder', async () => {
		expect(existsSync(scenarios)).toBe(false);
		const res = await api('/api/scenarios');
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ scenarios: [] });
		const created = await put('BASE-1.4.3-mine', named('BASE-1.4.3-mine'), {
			'if-none-match': '*'
		});
		expect(created.status).toBe(201);
		expect(created.headers.get('location')).toBe('/api/scenarios/BASE-1.4.3-mine');
		const etag = created.headers.get('etag');
		expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
		expect(await created.json()).toMatchObject({
			name: 'BASE-1.4.3-mine',
			revision: etag!.slice(1, -1),
			created: true
		});
		expect(await readdir(scenarios)).toEqual(['BASE-1.4.3-mine.json']);
		const text = await readFile(path.join(scenarios, 'BASE-1.4.3-mine.json'), 'utf8');
		expect(text).toBe(JSON.stringify(named('BASE-1.4.3-mine'), null, '\t') + '\n');

		const one = await api('/api/scenarios/BASE-1.4.3-mine');
		expect(one.status).toBe(200);
		expect(one.headers.get('etag')).toBe(etag);
		expect(await one.text()).toBe(text);
		const { scenarios: list } = await (await api('/api/scenarios')).json();
		expect(list).toEqual([
			{
				name: 'BASE-1.4.3-mine',
				description: shipped.description,
				rules: shipped.rules,
				revision: etag!.slice(1, -1)
			}
		]);
	});

	it('updates only from the current revision; creates only once; 428 without a precondition', async () => {
		const first = await api('/api/scenarios/BASE-1.4.3-mine');
		const etag = first.headers.get('etag')!;
		const again = await expectJsonError(
			await put('BASE-1.4.3-mine', named('BASE-1.4.3-mine'), { 'if-none-match': '*' }),
			409
		);
		expect(again.error).toContain("A scenario 'BASE-1.4.3-mine' already exists");
		expect(again.current.revision).toBe(etag.slice(1, -1));
		await expectJsonError(await put('BASE-1.4.3-mine', named('BASE-1.4.3-mine'), {}), 428);
		const changed = { ...named('BASE-1.4.3-mine'), description: 'changed' };
		const ok = await put('BASE-1.4.3-mine', changed, { 'if-match': etag });
		expect(ok.status).toBe(200);
		expect(ok.headers.get('etag')).not.toBe(etag);
		const stale = await expectJsonError(
			await put('BASE-1.4.3-mine', named('BASE-1.4.3-mine'), { 'if-match': etag }),
			409
		);
		expect(stale.current.document.description).toBe('changed');
	});

	it('400 for unsafe names, a body naming another scenario and malformed JSON; 404 for a missing one; 413 past 2 MB', async () => {
		for (const bad of ['..%2Fx', 'a..b', 'a%20b', '-a', 'x'.repeat(101)]) {
			const body = await expectJsonError(await put(bad, named('x'), { 'if-none-match': '*' }), 400);
			expect(body.error).toMatch(/^Unsafe scenario name/);
			await expectJsonError(await api(`/api/scenarios/${bad}`), 400);
		}
		const other = await expectJsonError(
			await put('mine-2', named('mine-3'), { 'if-none-match': '*' }),
			400
		);
		expect(other.errors).toEqual([
			{ pointer: '/name', message: "must be 'mine-2' to be saved here", severity: 'error' }
		]);
		const torn = await expectJsonError(
			await put('mine-2', '{ "name": ', { 'if-none-match': '*' }),
			400
		);
		expect(torn.error).toMatch(/Malformed JSON at line 1/);
		expect((await expectJsonError(await api('/api/scenarios/nothing-here'), 404)).error).toBe(
			"No scenario 'nothing-here'"
		);
		const huge = { ...named('huge'), description: 'x'.repeat(2 * 1024 * 1024 + 10) };
		await expectJsonError(await put('huge', huge, { 'if-none-match': '*' }), 413);
		expect(existsSync(path.join(scenarios, 'huge.json'))).toBe(false);
	});

	it("422 with the schema's located problems, and when the game's expansions do not resolve", async () => {
		const { expect: _, ...noExpect } = named('no-expect');
		const schema = await expectJsonError(
			await put('no-expect', { ...noExpect, colour: 'red' }, { 'if-none-match': '*' }),
			422
		);
		expect(schema.errors).toContainEqual({
			pointer: '',
			message: "needs 'expect'",
			severity: 'error'
		});
		expect(schema.errors).toContainEqual({
			pointer: '/colour',
			message: "unknown property 'colour'",
			severity: 'error'
		});
		const ghost = named('ghost');
		ghost.game = { ...ghost.game, expansions: [{ id: 'base' }, { id: 'ghost' }] };
		const missing = await expectJsonError(await put('ghost', ghost, { 'if-none-match': '*' }), 422);
		expect(missing.errors).toEqual([
			{
				pointer: '/game/expansions/1',
				message: "'ghost' is not an available expansion nor a rule module",
				severity: 'error'
			}
		]);
		const dep = named('dep');
		dep.game = { ...dep.game, expansions: [{ id: 'needs-nowhere' }] };
		const broken = await expectJsonError(await put('dep', dep, { 'if-none-match': '*' }), 422);
		expect(broken.errors).toEqual([
			{
				pointer: '/game/expansions',
				message:
					"'needs-nowhere' depends on 'nowhere' (/dependencies/1), which is not an available expansion",
				severity: 'error'
			}
		]);
		expect(await readdir(scenarios)).toEqual(['BASE-1.4.3-mine.json']);
	});

	it('deletes only with the current revision', async () => {
		const etag = (await api('/api/scenarios/BASE-1.4.3-mine')).headers.get('etag')!;
		await expectJsonError(await api('/api/scenarios/BASE-1.4.3-mine', { method: 'DELETE' }), 428);
		await expectJsonError(
			await api('/api/scenarios/BASE-1.4.3-mine', {
				method: 'DELETE',
				headers: { 'if-match': '"0123"' }
			}),
			409
		);
		expect(
			(
				await api('/api/scenarios/BASE-1.4.3-mine', {
					method: 'DELETE',
					headers: { 'if-match': etag }
				})
			).status
		).toBe(204);
		await expectJsonError(await api('/api/scenarios/BASE-1.4.3-mine'), 404);
		await expectJsonError(
			await api('/api/scenarios/BASE-1.4.3-mine', {
				method: 'DELETE',
				headers: { 'if-match': etag }
			}),
			404
		);
		await expectJsonError(
			await api('/api/scenarios', { method: 'POST', headers: json, body: '{}' }),
			405
		);
	});
});

describe('a scenario saved from a game through the API', () => {
	it('is run by carcassonne-lab test from the scenarios folder, and passes', async () => {
		const docs = availableExpansions();
		const r = resolveGame(['inns-and-cathedrals'], (id) => docs.get(id));
		if (!r.ok) throw new Error('the shipped sets do not resolve');
		const game = playRandomGame({ expansions: r.expansions, players: ['Ann', 'Bob'], seed: 5 });
		const sc = scenarioFromGame(recordOf(game.state), { name: 'IC-played-game' }, (id) =>
			docs.get(id)
		);
		expect((await put('IC-played-game', sc, { 'if-none-match': '*' })).status).toBe(201);
		const run = spawnSync(
			process.execPath,
			['bin/carcassonne-lab.js', 'test', scenarios, '--json'],
			{
				encoding: 'utf8',
				timeout: 60_000,
				env: { ...process.env, EXPANSIONS_DIR: dir }
			}
		);
		expect(run.stderr).toBe('');
		const out = JSON.parse(run.stdout);
		expect(out.results).toEqual([
			{
				name: 'IC-played-game',
				file: path.join(scenarios, 'IC-played-game.json'),
				passed: true,
				failures: []
			}
		]);
		expect(run.status).toBe(0);
	});
});
