import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [sveltekit()],
	server: { host: '127.0.0.1' },
	test: {
		include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
		exclude: ['test/e2e/**', 'node_modules/**'],
		environment: 'node',
		testTimeout: 60_000
	}
});
