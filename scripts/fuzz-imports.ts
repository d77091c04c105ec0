// The import fuzz at full size: 50,000 mutated JCloisterZone saved games and 50,000 mutated game
// records (test/fuzz-inputs.ts: seeded, the same every run), each through `replay`'s path (the
// import, the record check, the engine) and a record also through `export-record`'s. Prints how
// each ended, the throws (there must be none) and the slowest file (docs/benchmarks.md).
//   node bin/run-ts.js scripts/fuzz-imports.ts [--files 50000] [--seed 1]
import { parseArgs } from 'node:util';
import { fuzz, runJcz, runRecord, seeds, type FuzzTable } from '../test/fuzz-inputs.ts';

const { values } = parseArgs({
	options: { files: { type: 'string', default: '50000' }, seed: { type: 'string', default: '1' } }
});
const files = Number(values.files);
const seed = Number(values.seed);
if (!Number.isInteger(files) || files < 1 || !Number.isInteger(seed)) {
	console.error('usage: node bin/run-ts.js scripts/fuzz-imports.ts [--files N] [--seed S]');
	process.exit(2);
}

const { jcz, records } = seeds();
console.log(`seeds: ${jcz.length} saved games, ${records.length} records`);
const row = (name: string, t: FuzzTable) => {
	const o = t.outcomes;
	return `| ${name} | ${t.files.toLocaleString('en')} | ${o.refused + o['record refused']} | ${o['illegal move']} | ${o.played} | **${o.threw}** | ${t.maxMs.toFixed(0)} ms | ${(t.totalMs / 1000).toFixed(1)} s |`;
};
const tables: [string, FuzzTable][] = [
	['.jcz saved games', fuzz(jcz, files, seed, runJcz)],
	[
		'game records',
		fuzz(
			records.map((r) => JSON.stringify(r)),
			files,
			seed + 1,
			runRecord
		)
	]
];
console.log(
	'| input | files | refused (located) | a move refused | played | threw | slowest file | all |'
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [name, t] of tables) console.log(row(name, t));
for (const [name, t] of tables) for (const e of t.throws) console.error(`${name} ${e}`);
process.exitCode = tables.some(([, t]) => t.outcomes.threw > 0) ? 1 : 0;
