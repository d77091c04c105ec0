// SvelteKit's $lib alias for dependency-cruiser (.dependency-cruiser.cjs), as a webpack resolve section.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser loads this file with require()
const path = require('node:path');

module.exports = { resolve: { alias: { $lib: path.resolve(__dirname, '../src/lib') } } };
