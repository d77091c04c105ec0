// Peak memory of the checker at two run sizes (a benchmark, not a test): each size runs in its own
// process (`simulate` through the CLI, every check on, the worker pool), and the peak resident set of
// that process — worker threads included — is read from /usr/bin/time -v (Linux). Every size runs on
// the pool (a short run would otherwise stay in the main thread: --pool auto measures that).
//   node bin/run-ts.js bench/checker/memory.ts [--expansions base] [--sizes 1000,100000] [--sample 1] [--pool always|auto]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { POOL_ENV } from '../../src/cli/checker-pool.ts';

const arg = (name: string, fallback: string) => {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 ? process.argv[i + 1] : fallback;
};
const expansions = arg('expansions', 'base');
const sizes = arg('sizes', '1000,100000').split(',').map(Number);
const sample = arg('sample', '1');
const pool = arg('pool', 'always');
const env = { ...process.env, [POOL_ENV]: pool === 'always' ? 'always' : '' };
if (!existsSync('/usr/bin/time')) {
	console.error(
		'needs /usr/bin/time (GNU time: apt-get install time) to read the peak resident set'
	);
	process.exit(2);
}
const rows: { games: number; seconds: number; peakMB: number; load: string }[] = [];
for (const games of sizes) {
	const load = loadavg()
		.map((x) => x.toFixed(1))
		.join(' ');
	const r = spawnSync(
		'/usr/bin/time',
		[
			'-v',
			process.execPath,
			'bin/carcassonne-lab.js',
			'simulate',
			'--expansions',
			expansions,
			'--games',
			String(games),
			'--seed',
			'3',
			'--sample',
			sample,
			'--json'
		],
		{ encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env }
	);
	const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
	if (!peak || (r.status !== 0 && r.status !== 1)) {
		console.error(`simulate --games ${games} failed (exit ${r.status}):\n${r.stderr.slice(-2000)}`);
		process.exit(1);
	}
	const report = JSON.parse(r.stdout);
	rows.push({ games, seconds: report.seconds, peakMB: Math.round(Number(peak[1]) / 1024), load });
	console.log(
		`${games} games of ${expansions} (sample ${sample}, pool ${pool}): peak RSS ${Math.round(Number(peak[1]) / 1024)} MB, ${report.seconds} s, ${Object.keys(report.violationCounts).length ? 'violations' : 'no violations'}, load average ${load}`
	);
}
const [a, b] = [rows[0], rows[rows.length - 1]];
console.log(
	`peak ${b.games} / ${a.games} games: ${(b.peakMB / a.peakMB).toFixed(2)}× (flat within 20 %: ${Math.abs(b.peakMB / a.peakMB - 1) <= 0.2 ? 'yes' : 'no'})`
);
