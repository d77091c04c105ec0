// Starts the built server (scripts/serve.js → build/index.js) on a free port in 4310-4319 with a
// given EXPANSIONS_DIR (and SCENARIOS_DIR beside it), for API tests. Proof that *our* child listens: its "Listening on" line.
import { expect } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PORTS = [4310, 4311, 4312, 4313, 4314, 4315, 4316, 4317, 4318, 4319];

export interface RunningServer {
	url: string;
	port: number;
	proc: ChildProcess;
	/** Resolves when the process has exited. */
	exited: Promise<void>;
	stop(signal?: NodeJS.Signals): Promise<void>;
}

const portFree = (port: number) =>
	new Promise<boolean>((resolve) => {
		const s = createServer();
		s.once('error', () => resolve(false));
		s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
	});

/** The scenarios folder of a test server: a folder beside its expansions (never the project's). */
export const scenariosDirOf = (dir: string) => `${dir}-scenarios`;
export const gamesDirOf = (dir: string) => `${dir}-games`;

/** How to start it: `entry` is the script or folder node runs (scripts/serve.js), `cwd` its working directory. */
export interface LaunchOptions {
	entry?: string;
	cwd?: string;
}

function launch(
	dir: string,
	port: number,
	{ entry = path.resolve('scripts/serve.js'), cwd }: LaunchOptions = {}
): Promise<RunningServer | undefined> {
	const proc = spawn(process.execPath, [entry], {
		cwd,
		env: {
			...process.env,
			EXPANSIONS_DIR: dir,
			SCENARIOS_DIR: scenariosDirOf(dir),
			GAMES_DIR: gamesDirOf(dir),
			PORT: String(port),
			HOST: '127.0.0.1',
			NODE_ENV: 'production'
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
	return new Promise((resolve, reject) => {
		let out = '';
		const timer = setTimeout(() => {
			proc.kill('SIGKILL');
			reject(new Error(`server did not start within 30 s:\n${out}`));
		}, 30_000);
		const onData = (d: Buffer) => {
			out += d.toString();
			if (/Listening on/.test(out)) {
				clearTimeout(timer);
				proc.stdout?.off('data', onData);
				resolve({
					url: `http://127.0.0.1:${port}`,
					port,
					proc,
					exited,
					async stop(signal = 'SIGTERM') {
						if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
						await exited;
					}
				});
			}
		};
		proc.stdout?.on('data', onData);
		proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
		proc.once('exit', () => {
			clearTimeout(timer);
			if (/EADDRINUSE/.test(out)) resolve(undefined);
			else reject(new Error(`server exited before listening:\n${out}`));
		});
	});
}

export async function startServer(dir: string, options?: LaunchOptions): Promise<RunningServer> {
	for (let attempt = 0; attempt < 3; attempt++) {
		for (const port of PORTS) {
			if (!(await portFree(port))) continue;
			const s = await launch(dir, port, options);
			if (s) return s;
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(`no free port in ${PORTS[0]}-${PORTS[PORTS.length - 1]} for the API test server`);
}

/**
 * Restart on a known port (after a kill), waiting for the port to be free; on another free port
 * when a server of a test file running beside this one took it meanwhile.
 */
export async function restartServer(dir: string, port: number): Promise<RunningServer> {
	for (let i = 0; i < 50; i++) {
		const s = await launch(dir, port);
		if (s) return s;
		await new Promise((r) => setTimeout(r, 100));
	}
	return startServer(dir);
}

/** A fresh temporary store holding copies of some of the project's expansions. */
export async function tempStore(ids: string[]): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), 'cel-api-'));
	for (const id of ids) {
		const src = path.resolve('expansions', `${id}.json`);
		if (!existsSync(src)) throw new Error(`expansions/${id}.json is missing`);
		await copyFile(src, path.join(dir, `${id}.json`));
	}
	return dir;
}

/** Every API error is `{ error: string, errors: Problem[] }` served as JSON (docs/api.md). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body is checked here, its details by each test
export async function expectJsonError(res: Response, status: number): Promise<any> {
	expect(res.status).toBe(status);
	expect(res.headers.get('content-type')).toMatch(/^application\/json/);
	const body = await res.json();
	expect(typeof body.error).toBe('string');
	expect(body.error.length).toBeGreaterThan(0);
	expect(Array.isArray(body.errors)).toBe(true);
	return body;
}
