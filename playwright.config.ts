import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { e2eExpansionsDir } from './test/e2e/expansions-dir.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
	throw new Error(
		`Chromium not found at ${chromium}. Install it with "apt-get install -y chromium" (Debian) or set CHROMIUM_PATH.`
	);
}
const port = Number(process.env.E2E_PORT ?? 4173);
// The server writes to a fresh temporary copy of expansions/; tests read the same folder.
const expansionsDir = e2eExpansionsDir();
process.env.EXPANSIONS_DIR = expansionsDir;
// Scenarios saved by the tests go beside it (removed with it), never into workspace/scenarios.
const scenariosDir = `${expansionsDir}-scenarios`;
process.env.SCENARIOS_DIR = scenariosDir;
const gamesDir = `${expansionsDir}-games`;
process.env.GAMES_DIR = gamesDir;

export default defineConfig({
	testDir: 'test/e2e',
	timeout: 60_000,
	// two files at a time (one per core); a file's tests in order. Tests that read the whole
	// workspace run a server of their own on a copy of it (home.test.ts).
	workers: Number(process.env.E2E_WORKERS ?? 2),
	reporter: [['list']],
	globalTeardown: './test/e2e/global-teardown.ts',
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		launchOptions: {
			executablePath: chromium,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run'
			]
		}
	},
	webServer: {
		command: `node scripts/build-if-stale.js && node scripts/serve.js`,
		url: `http://127.0.0.1:${port}/`,
		timeout: 180_000,
		reuseExistingServer: false,
		// The served app and the tests use the same temporary copy of expansions/
		env: {
			PORT: String(port),
			HOST: '127.0.0.1',
			EXPANSIONS_DIR: expansionsDir,
			SCENARIOS_DIR: scenariosDir,
			GAMES_DIR: gamesDir
		}
	}
});
