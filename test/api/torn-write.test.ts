// The file on disk is never torn: the server is killed (SIGKILL) at moments spread by a seeded
// jitter around the time a large document's write takes; after every kill the file parses and
// equals the old or the new document, whole, and temporary files left behind are not listed.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { restartServer, startServer, tempStore, type RunningServer } from './server.ts';
import { largeSet } from './fixtures.ts';
import { SHIPPED_EXPANSIONS } from '../../src/lib/formats/shipped.ts';
import { nextRandom, seedState } from '../../src/lib/engine/index.ts';

const ITERATIONS = 30;
let server: RunningServer | undefined;
let dir: string | undefined;
afterAll(async () => {
	await server?.stop('SIGKILL');
	if (dir) await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it(`keeps the old or the new document whole over ${ITERATIONS} kills during writes`, async () => {
	dir = await tempStore(['base']);
	const docs = [largeSet('big', 'Alpha', 1_200_000), largeSet('big', 'Bravo', 1_600_000)];
	const file = path.join(dir, 'big.json');
	await writeFile(file, JSON.stringify(docs[0], null, '\t') + '\n');
	server = await startServer(dir);

	const put = async (s: RunningServer, body: string) => {
		const etag = (await fetch(`${s.url}/api/expansions/big`)).headers.get('etag')!;
		const t = performance.now();
		const res = await fetch(`${s.url}/api/expansions/big`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json', 'if-match': etag },
			body
		});
		expect(res.status).toBe(200);
		return performance.now() - t;
	};
	const bodies = docs.map((d) => JSON.stringify(d));
	// How long an undisturbed PUT takes on a server just started (upload, parse, validation — the
	// schema compiled at its first use —, write): every kill below meets such a server. The kill
	// moment then follows a staircase in ratios: later after a kill that kept the old document,
	// earlier after one that found the new one, so the kills close in on the moment the file is
	// written (and straddle it) however far off the first guess was (a loaded machine).
	const times: number[] = [];
	for (let i = 0; i < 3; i++) {
		times.push(await put(server, bodies[(i + 1) % 2]));
		await server.stop('SIGKILL');
		server = await restartServer(dir, server.port);
	}
	let at = times.sort((a, b) => a - b)[1] * 0.7;
	const STEP = 1.2;
	// the jitter around the staircase is seeded: the same kill moments relative to the measured PUT each run
	let rng = seedState(29);
	const delay = () => {
		const [next, r] = nextRandom(rng);
		rng = next;
		return at * (1 + (r - 0.5) * 0.1);
	};
	let current = 1; // the calibration's last PUT left Bravo on disk
	const outcomes = { old: 0, new: 0, tempLeft: 0 };
	let tempsBefore = 0;
	const killTimes: number[] = [];

	for (let i = 0; i < ITERATIONS; i++) {
		const next = 1 - current;
		const etag = (await fetch(`${server.url}/api/expansions/big`)).headers.get('etag')!;
		const pending = fetch(`${server.url}/api/expansions/big`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json', 'if-match': etag },
			body: bodies[next]
		}).catch(() => undefined);
		const wait = delay();
		killTimes.push(wait);
		await sleep(wait);
		server.proc.kill('SIGKILL');
		await server.exited;
		await pending;

		const onDisk = JSON.parse(await readFile(file, 'utf8'));
		const same = (d: unknown) => JSON.stringify(onDisk) === JSON.stringify(d);
		expect(
			same(docs[current]) || same(docs[next]),
			`iteration ${i}: the file is neither document`
		).toBe(true);
		if (same(docs[next])) {
			outcomes.new++;
			current = next;
			at /= STEP;
		} else {
			outcomes.old++;
			at *= STEP;
		}
		const temps = (await readdir(dir)).filter((n) => n.endsWith('.tmp')).length;
		if (temps > tempsBefore) outcomes.tempLeft++;
		tempsBefore = temps;

		server = await restartServer(dir, server.port);
	}
	const list = (await (await fetch(`${server.url}/api/expansions`)).json()).expansions.map(
		(e: { id: string }) => e.id
	);
	// the shipped sets are listed from expansions/ beside the store's one document
	expect(list.sort()).toEqual([...SHIPPED_EXPANSIONS, 'big'].sort());
	// listing removed the temporary files of the killed servers
	expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
	console.info(
		`torn-write: ${ITERATIONS} kills ${Math.min(...killTimes).toFixed(0)}-${Math.max(...killTimes).toFixed(0)} ms into a ${times[1].toFixed(0)} ms PUT: ${outcomes.old} kept the old document, ` +
			`${outcomes.new} the new one, ${outcomes.tempLeft} were killed mid-write (a temporary file left behind); no torn file`
	);
	// The kills must land on both sides of the rename, or the test proves nothing.
	expect(outcomes.old).toBeGreaterThan(0);
	expect(outcomes.new).toBeGreaterThan(0);
}, 240_000);
