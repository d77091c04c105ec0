import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	kit: {
		adapter: adapter({ precompress: false }),
		// SvelteKit's own cross-site form check answers in plain text before any hook runs; the same
		// check is made in src/hooks.server.ts, after the API's 415 for a body that is not JSON.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
