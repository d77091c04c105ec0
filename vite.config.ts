import { sveltekit } from '@sveltejs/kit/vite';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:fast` (TEST_TIER=fast): the unit tests without these, the slowest, for the edit-test
// loop; `npm test` runs them all. Each takes 10-60 s on 2 cores: fuzzing and property tests over
// thousands of seeded games, the CLI in child processes, whole exports.
const SLOW_UNIT_TESTS = [
	'test/fuzz-documents.test.ts',
	'test/fuzz-rules.test.ts',
	'test/fuzz-inputs.test.ts',
	'src/lib/formats/validate.fuzz.test.ts',
	'test/invariants.test.ts',
	'test/cli.test.ts',
	'test/cli-export.test.ts',
	'test/export-jcz.test.ts',
	'test/checker.test.ts',
	'test/checker-findings.test.ts',
	'test/credit.test.ts'
];
const fast = process.env.TEST_TIER === 'fast';

export default defineConfig({
	plugins: [sveltekit()],
	server: { host: '127.0.0.1' },
	// the sandbox's bot worker imports the engine: an ES module worker, code-split like the app
	worker: { format: 'es' },
	test: {
		environment: 'node',
		testTimeout: 60_000,
		// a test file per core: vitest's default leaves one core to its main process, which is idle
		// once the files are transformed (on 2 cores that ran the files one at a time)
		maxWorkers: availableParallelism(),
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
					exclude: [
						'test/e2e/**',
						'test/api/**',
						'node_modules/**',
						...(fast ? SLOW_UNIT_TESTS : [])
					]
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
