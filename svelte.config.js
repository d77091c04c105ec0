import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	kit: {
		// precompress: the built assets are served as .br / .gz files (pages and endpoints: hooks.server.ts)
		adapter: adapter({ precompress: true }),
		// SvelteKit's own cross-site form check answers in plain text before any hook runs; the same
		// check is made in src/hooks.server.ts, after the API's 415 for a body that is not JSON.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
