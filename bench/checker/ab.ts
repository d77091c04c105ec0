// Two checkouts' checker side by side in one process (a benchmark, not a test): the CLI bundle of each
// (its own, built by this checkout's src/cli/bundle.js when missing or stale) plays the same chunks
// of the same games alternately, after a warm-up of each, so the machine's drift — up to 20 % between
// consecutive runs here — falls on both alike. The second one loaded runs a few per cent faster
// whichever it is: run both orders and take the geometric mean of the two ratios.
//   node bin/run-ts.js bench/checker/ab.ts <checkout A> <checkout B> [--games 1000] [--expansions a,b,...]
//     [--policies greedy,random] [--warm 200]   (the seats' bots; games played first by each, unmeasured)
// The games are resolved from this checkout's expansions; a change to the pool (threads, heap
// limits) is not measured here: that needs the CLI itself (docs/benchmarks.md, interaction checker).
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { lookupExpansion } from '../../src/cli/engine-io.ts';
import { parseOptions } from '../../src/cli/args.ts';
import { ensureBundle } from '../../src/cli/bundle.js';
import { chunksOf, type CheckerConfig } from '../../src/lib/checker/run.ts';
import { resolveGame } from '../../src/lib/engine/registry.ts';
import { parseBotSpec, type BotSpec } from '../../src/lib/bots/index.ts';

const ALL =
	'base,inns-and-cathedrals,river,dragon,bards,buddo,inn-and-stable-owners,messengers-and-mayors';
const parsed = parseOptions(
	process.argv.slice(2),
	{
		games: { type: 'string' },
		expansions: { type: 'string' },
		policies: { type: 'string' },
		warm: { type: 'string' }
	},
	true
);
const [a, b] = 'error' in parsed ? [] : parsed.positionals;
if ('error' in parsed || !a || !b) {
	console.error(
		'usage: node bin/run-ts.js bench/checker/ab.ts <checkout A> <checkout B> [--games 1000] [--expansions a,b,...] [--policies bot,...] [--warm 200]'
	);
	process.exit(2);
}
const games = Number(parsed.values.games ?? 1000);
function policyOf(name: string): BotSpec {
	const spec = parseBotSpec(name);
	if ('error' in spec) throw new Error(spec.error);
	return spec;
}
const mix = resolveGame((parsed.values.expansions ?? ALL).split(','), lookupExpansion);
if (!mix.ok) throw new Error(mix.errors.map((e) => e.message).join('; '));
const text = JSON.stringify({
	expansions: mix.expansions,
	modules: mix.modules,
	players: ['P1', 'P2'],
	games,
	seed: 3,
	sample: 1,
	...(parsed.values.policies ? { policies: parsed.values.policies.split(',').map(policyOf) } : {})
});

type RunGames = (cfg: CheckerConfig, from: number, to: number) => unknown;
const require = createRequire(import.meta.url);
/** The checkout's own CLI bundle (bundlePath), built by this bundler when missing or stale: both sides bundled alike. */
async function load(checkout: string): Promise<RunGames> {
	const { bundle } = await ensureBundle({ root: path.resolve(checkout) });
	return require(bundle).checker.runGames;
}
// each its own copy of the documents, as each worker thread of the CLI has
const sides = [
	{ name: a, run: await load(a), cfg: JSON.parse(text) as CheckerConfig, ms: 0, cpu: 0 },
	{ name: b, run: await load(b), cfg: JSON.parse(text) as CheckerConfig, ms: 0, cpu: 0 }
];
const WARM = Number(parsed.values.warm ?? 200);
for (const s of sides) s.run(s.cfg, 0, WARM);
const load0 = loadavg()[0].toFixed(1);
chunksOf(games).forEach(([from, to], k) => {
	// the chunk's games for both, in turns of order
	for (const s of k % 2 === 0 ? sides : [...sides].reverse()) {
		const t = performance.now();
		const u = process.cpuUsage();
		s.run(s.cfg, WARM + from, WARM + to);
		s.ms += performance.now() - t;
		const du = process.cpuUsage(u);
		s.cpu += (du.user + du.system) / 1000;
	}
});
const [A, B] = sides;
console.log(
	`${games} games each: A ${A.name} ${(A.ms / 1000).toFixed(2)} s, B ${B.name} ${(B.ms / 1000).toFixed(2)} s; B/A ${(B.ms / A.ms).toFixed(3)}; CPU A ${(A.cpu / 1000).toFixed(2)} s, B ${(B.cpu / 1000).toFixed(2)} s, B/A ${(B.cpu / A.cpu).toFixed(3)} (load average ${load0} → ${loadavg()[0].toFixed(1)})`
);
