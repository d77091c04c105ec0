import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [sveltekit()],
	server: { host: '127.0.0.1' },
	// the sandbox's bot worker imports the engine: an ES module worker, code-split like the app
	worker: { format: 'es' },
	test: {
		environment: 'node',
		testTimeout: 60_000,
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
					exclude: ['test/e2e/**', 'test/api/**', 'node_modules/**']
				}
			},
			{
				// API tests against the real built server: their setup builds the app when build/ is
				// missing or older than the sources (only when these tests are selected).
				extends: true,
				test: {
					name: 'api',
					include: ['test/api/**/*.test.ts'],
					globalSetup: ['test/api/global-setup.ts'],
					hookTimeout: 240_000
				}
			}
		]
	}
});
