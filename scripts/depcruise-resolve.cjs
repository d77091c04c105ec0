// SvelteKit's $lib alias for dependency-cruiser (.dependency-cruiser.cjs), as a webpack resolve section.
const path = require('node:path');

module.exports = { resolve: { alias: { $lib: path.resolve(__dirname, '../src/lib') } } };
