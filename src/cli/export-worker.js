// A piscina worker thread of the built server's export pool (src/lib/server/export.ts): loads the
// CLI's bundle (src/cli/bundle.js, where the export job is an entry of its own, so its exports keep
// their names: the server build's chunks rename theirs), then runs each job it is sent.
import { load } from './bundle.js';

/** @type {typeof import('../lib/server/export-run.ts')} */
const { runExporter } = await load('exportJob');

export default runExporter;
