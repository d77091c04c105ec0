// The browser tests write through the real server: they get a fresh temporary copy of expansions/
// as the server's EXPANSIONS_DIR, never the repository's own folder. Made once in Playwright's
// main process (the config is also loaded by workers: they inherit the environment variable).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const VAR = 'E2E_EXPANSIONS_DIR';

export function e2eExpansionsDir(): string {
	const existing = process.env[VAR];
	if (existing && existsSync(existing)) return existing;
	const dir = mkdtempSync(join(tmpdir(), 'carcassonne-lab-e2e-'));
	const source = resolve('expansions');
	if (existsSync(source)) cpSync(source, dir, { recursive: true });
	process.env[VAR] = dir;
	return dir;
}

export function removeE2eExpansionsDir(): void {
	const dir = process.env[VAR];
	if (dir && dir.startsWith(tmpdir()) && dir.includes('carcassonne-lab-e2e-'))
		for (const d of [dir, `${dir}-scenarios`, `${dir}-games`])
			rmSync(d, { recursive: true, force: true });
}
