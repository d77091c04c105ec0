// Runs a folder of JCloisterZone engine tests (.jcz files with test.assertions, e.g. the
// engine-tests/ folder of a fetched fancarpedia/FanCloisterZone) through `carcassonne-lab test`'s
// code and prints a table: in scope / passed / failed (the first failing assertion) / out of scope
// (what we do not play, from the import's errors).
//   node bin/run-ts.js scripts/jcz-engine-tests.ts <engine-tests folder> [--xml <JCZ expansions folder>] [--rulings ID=option,...] [--json]
// With --xml (the client's src/extraResources/expansions), the JCZ tile sets we do not ship whose
// rules we play are imported from JCZ's tile XML into a temporary EXPANSIONS_DIR, as a designer
// would import them: River II (river/2) and The Festival's published ten (Traders & Builders' tiles are
// shipped, traders-and-builders-goods.json). --rulings
// overrides the import's rulings (which follow the client that wrote each game: FanCloisterZone's
// engine reads the river as RIVER-R2=look-ahead-strict, JCZ's as look-ahead). The same run through the CLI:
// `EXPANSIONS_DIR=<that folder> npx carcassonne-lab test <engine-tests folder> --rulings …`.
// Nothing of JCZ's is kept here: the files are read where they were fetched.
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { importJczXml } from '../src/lib/formats/import/jcz.ts';
import { listJsonFiles } from '../src/cli/files.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';

/** JCZ tile sets imported from its XML, as expansions of ours: file, tile set, id, dependencies. */
const IMPORTED = [
	{
		file: 'river.xml',
		tileSet: 'river/2:1',
		id: 'jcz-river-2',
		name: 'River II (imported from JCloisterZone)',
		dependencies: ['base', 'river']
	},
	{
		file: 'festival.xml',
		tileSet: 'festival',
		id: 'jcz-festival',
		name: 'The Festival tiles (imported from JCloisterZone)',
		dependencies: ['base']
	}
];

const args = process.argv.slice(2);
const json = args.includes('--json');
const xmlAt = args.indexOf('--xml');
const xml = xmlAt >= 0 ? args[xmlAt + 1] : undefined;
const rulingsAt = args.indexOf('--rulings');
const rulings = Object.fromEntries(
	(rulingsAt >= 0 ? (args[rulingsAt + 1] ?? '') : '')
		.split(',')
		.filter(Boolean)
		.map((p) => p.split('='))
);
const folder = args.find(
	(a, i) =>
		!a.startsWith('--') && (xmlAt < 0 || i !== xmlAt + 1) && (rulingsAt < 0 || i !== rulingsAt + 1)
);
if (!folder || !existsSync(folder) || (xmlAt >= 0 && !xml)) {
	console.error(
		'usage: scripts/jcz-engine-tests.ts <engine-tests folder> [--xml <JCZ expansions folder>] [--rulings ID=option,...] [--json]'
	);
	process.exit(2);
}
let dir: string | undefined;
if (xml) {
	dir = mkdtempSync(join(tmpdir(), 'jcz-sets-'));
	for (const s of IMPORTED) {
		const r = importJczXml(readFileSync(join(xml, s.file), 'utf8'), {
			id: s.id,
			name: s.name,
			tileSet: s.tileSet
		});
		if (!r.ok) throw new Error(`${s.file}: ${r.error}`);
		const doc: Expansion = { ...r.expansion, dependencies: s.dependencies };
		writeFileSync(join(dir, `${s.id}.json`), JSON.stringify(doc, null, '\t'));
	}
	process.env.EXPANSIONS_DIR = dir;
	if (!json)
		console.log(
			`imported JCZ tile sets into ${dir} (removed at the end): ${IMPORTED.map((s) => `${s.tileSet} as ${s.id}`).join(', ')}`
		);
}
// loaded after EXPANSIONS_DIR is set: the CLI's expansion lookup reads it once
const { runJczFile } = await import('../src/cli/jcz-run.ts');

type Row = { test: string; status: 'passed' | 'failed' | 'out of scope'; detail: string };
const rows: Row[] = [];
for (const file of listJsonFiles(folder, ['.jcz'])) {
	const r = runJczFile(file, rulings);
	const test = relative(folder, file).replace(/\.jcz$/, '');
	if (r.errors.length) {
		// what is not played: the names in the import's errors, once each
		const names = [
			...new Set(r.errors.map((e) => /'([^']+)' is not/.exec(e)?.[1] ?? e.replace(/^.*?: /, '')))
		];
		rows.push({ test, status: 'out of scope', detail: names.join(', ') });
	} else if (r.passed) rows.push({ test, status: 'passed', detail: r.description });
	else {
		const first = r.assertions.find((a) => a.status !== 'passed');
		rows.push({
			test,
			status: 'failed',
			detail:
				r.error ??
				(first
					? `${first.status === 'unsupported' ? 'unsupported: ' : ''}${first.assertion} — ${first.detail ?? ''}`
					: 'no assertions')
		});
	}
}
const count = (s: Row['status']) => rows.filter((r) => r.status === s).length;
const summary = {
	tests: rows.length,
	inScope: count('passed') + count('failed'),
	passed: count('passed'),
	failed: count('failed'),
	outOfScope: count('out of scope')
};
if (json) console.log(JSON.stringify({ ...summary, rows }, null, 2));
else {
	console.log('| test | result | detail |\n|---|---|---|');
	for (const r of rows)
		console.log(`| ${r.test} | ${r.status} | ${r.detail.replace(/\|/g, '\\|')} |`);
	console.log(
		`\n${summary.tests} tests: ${summary.inScope} in scope, ${summary.passed} passed, ${summary.failed} failed, ${summary.outOfScope} out of scope`
	);
}
if (dir) rmSync(dir, { recursive: true, force: true });
process.exit(summary.failed ? 1 : 0);
