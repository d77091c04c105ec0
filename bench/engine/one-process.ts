// Two checkouts' engines in one process, their games alternated in blocks (a benchmark, not a test):
// the setups of bench/engine.bench.ts's bot lines, each engine playing the same seeded games; per
// block the ratio of their CPU time per placement. On a loaded machine both engines see the same
// load within a block, so the ratio holds where the side by side of two processes swings.
//   node bin/run-ts.js bench/engine/one-process.ts <old checkout> <new checkout> [mix] [seconds]
// mix: all (the eight expansions, the default), issue3, ic, base; ASIS=1 plays each checkout's own
// rules (no abbot, the princess and the portal in play) instead of the like-for-like games.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const MIXES: Record<string, string[]> = {
	all: [
		'base',
		'inns-and-cathedrals',
		'river',
		'dragon',
		'bards',
		'inn-and-stable-owners',
		'buddo',
		'messengers-and-mayors'
	],
	issue3: ['base', 'inns-and-cathedrals', 'river', 'dragon'],
	ic: ['base', 'inns-and-cathedrals', 'river'],
	base: ['base']
};
const [oldDir, newDir, mixName = 'all', seconds = '20'] = process.argv.slice(2);
if (!oldDir || !newDir || !MIXES[mixName]) {
	console.error(`usage: one-process.ts OLD NEW [${Object.keys(MIXES).join('|')}] [seconds]`);
	process.exit(2);
}
const asIs = process.env.ASIS === '1';
const cpu = () => {
	const u = process.cpuUsage();
	return (u.user + u.system) / 1000;
};

type Engine = {
	startGame: (s: object) => { state: { finished: boolean } };
	apply: (s: unknown, m: unknown, o: object) => { ok: boolean; state: { finished: boolean } };
	randomLegalMove: (s: unknown, rng: number) => [{ type: string }, number];
	seedState: (n: number) => number;
};

async function engineOf(dir: string): Promise<{ e: Engine; setup: object }> {
	const at = (f: string) => pathToFileURL(resolve(dir, f)).href;
	const index = await import(at('src/lib/engine/index.ts'));
	const random = await import(at('src/lib/engine/random.ts'));
	const rng = await import(at('src/lib/engine/rng.ts'));
	const load = (id: string) =>
		JSON.parse(readFileSync(resolve(dir, `expansions/${id}.json`), 'utf8'));
	const expansions = MIXES[mixName].map(load);
	const pig = mixName === 'all' || mixName === 'issue3' ? ['pig'] : [];
	const setup = asIs
		? { expansions, modules: pig, players: ['A', 'B'] }
		: {
				expansions,
				modules: ['abbot', ...pig],
				players: ['A', 'B'],
				rulings: { 'DRAGON-R5': 'off', 'DRAGON-R6': 'off' }
			};
	return {
		e: {
			startGame: index.startGame,
			apply: index.apply,
			randomLegalMove: random.randomLegalMove,
			seedState: rng.seedState
		},
		setup
	};
}

const sides = await Promise.all([engineOf(oldDir), engineOf(newDir)]);
const OPTS = { mutate: true, quiet: true, events: false };

/** Plays games seed…seed+n-1; the placements made. */
function play(side: { e: Engine; setup: object }, seed: number, n: number): number {
	const { e, setup } = side;
	let rng = e.seedState(12345);
	let placements = 0;
	for (let g = seed; g < seed + n; g++) {
		let state = e.startGame({ ...setup, seed: g, quiet: true }).state;
		while (!state.finished) {
			const [move, next] = e.randomLegalMove(state, rng);
			rng = next;
			const r = e.apply(state, move, OPTS);
			if (!r.ok) throw new Error('refused a listed move');
			state = r.state;
			if (move.type === 'place') placements++;
		}
	}
	return placements;
}

for (const s of sides) play(s, 1, 200); // warm-up: the JIT settles on the mix's code
const BLOCK = 5;
const ratios: number[] = [];
const total = [0, 0];
const placed = [0, 0];
const start = cpu();
for (let seed = 1; cpu() - start < Number(seconds) * 1000; seed += BLOCK) {
	const perPlacement = [0, 0];
	// the side that goes first alternates
	for (const i of seed % 2 ? [0, 1] : [1, 0]) {
		const c0 = cpu();
		const p = play(sides[i], seed, BLOCK);
		const t = cpu() - c0;
		total[i] += t;
		placed[i] += p;
		perPlacement[i] = t / p;
	}
	ratios.push(perPlacement[0] / perPlacement[1]);
}
ratios.sort((a, b) => a - b);
const at = (q: number) => ratios[Math.floor(q * (ratios.length - 1))].toFixed(3);
const rate = (i: number) => Math.round((placed[i] / total[i]) * 1000).toLocaleString('en');
console.log(
	`${mixName}${asIs ? ' as is' : ''}: old ${rate(0)}, new ${rate(1)} placements/CPU s; new/old ${((total[0] / placed[0]) * (placed[1] / total[1])).toFixed(3)}× (block median ${at(0.5)}×, quartiles ${at(0.25)}–${at(0.75)}×, ${ratios.length} blocks)`
);
