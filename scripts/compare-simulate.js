#!/usr/bin/env node
// Compares `carcassonne-lab simulate --json` of this checkout with another one (an older commit in a
// git worktree) for several expansion mixes, rulings and seeds: the reports must be identical once
// the timing (`seconds`) is left out. Used to show that an engine change keeps every result.
// Then scripts/engine-trace.ts hashes, in both checkouts, every event (with texts), every list of
// legal moves and every state of seeded games played through the public API; the hashes must match.
//   node scripts/compare-simulate.js /path/to/old/worktree [--games N]
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const other = args.find((a) => !a.startsWith('--'));
const gi = args.indexOf('--games');
const games = gi >= 0 ? args[gi + 1] : '40';
if (!other) {
	console.error('usage: node scripts/compare-simulate.js <other checkout> [--games N]');
	process.exit(2);
}

const runs = [
	['base', '1'],
	['base', '7', 'BASE-R2=2nd'],
	['base', '11', 'BASE-R2=1st,BASE-R1=c1-early'],
	['abbot,pig', '3'],
	['inns-and-cathedrals,river', '5'],
	['inns-and-cathedrals,river,dragon,pig', '7'],
	['bards', '9'],
	['inn-and-stable-owners', '13'],
	['buddo,dragon', '17'],
	['messengers-and-mayors', '19'],
	[
		'inns-and-cathedrals,river,dragon,bards,inn-and-stable-owners,buddo,messengers-and-mayors,pig',
		'23'
	],
	[
		'inns-and-cathedrals,river,dragon,bards,inn-and-stable-owners,buddo,messengers-and-mayors,pig',
		'29',
		'',
		'4'
	]
];

function report(dir, [expansions, seed, rulings, players]) {
	const argv = [
		'bin/carcassonne-lab.js',
		'simulate',
		'--expansions',
		expansions,
		'--games',
		games,
		'--seed',
		seed,
		'--json'
	];
	if (rulings) argv.push('--rulings', rulings);
	if (players) argv.push('--players', players);
	let out;
	try {
		out = execFileSync(process.execPath, argv, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
	} catch (e) {
		out = e.stdout; // exit 1 with violations still prints the report
	}
	const r = JSON.parse(out);
	delete r.seconds;
	delete r.workers;
	return JSON.stringify(r);
}

let failed = 0;
for (const run of runs) {
	const a = report(here, run);
	const b = report(resolve(other), run);
	const same = a === b;
	if (!same) failed++;
	const { placements, violations } = JSON.parse(a);
	console.log(
		`${same ? 'same     ' : 'DIFFERENT'} ${run.filter(Boolean).join(' ')}: ${placements} placements, ${violations.length} violations, ${a.length} bytes`
	);
}
console.log(
	failed
		? `${failed} of ${runs.length} reports differ`
		: `all ${runs.length} reports identical (${games} games each, timings left out)`
);
const trace = (dir) =>
	execFileSync(
		process.execPath,
		['bin/run-ts.js', 'scripts/engine-trace.ts', resolve(dir), games],
		{ cwd: here, encoding: 'utf8' }
	);
const ta = trace(here).trim().split('\n');
const tb = trace(other).trim().split('\n');
for (let i = 0; i < Math.max(ta.length, tb.length); i++) {
	const same = ta[i] === tb[i];
	if (!same) failed++;
	console.log(`${same ? 'same     ' : 'DIFFERENT'} trace ${ta[i]}${same ? '' : ` vs ${tb[i]}`}`);
}
process.exitCode = failed ? 1 : 0;
