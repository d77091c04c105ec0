// Plays seeded random games through the public API of the engine found under a checkout (this one
// by default, or an older commit's worktree) and prints one hash per mix of every event (with the
// explanation texts) and of the states after every move; scripts/compare-simulate.js runs it in two
// checkouts and compares. What later commits keep beside the state or derive (cells, fpos,
// options, a field's city links) is left out; the union-find parents are reduced to their roots and
// each feature's segments are listed at its root, whichever form the state keeps them in.
//   node bin/run-ts.js scripts/engine-trace.ts [checkout] [games]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';

const root = resolve(process.argv[2] ?? '.');
const games = Number(process.argv[3] ?? 20);
const url = (p: string) => pathToFileURL(resolve(root, p)).href;
const { startGame, legalMoves, apply } = await import(url('src/lib/engine/index.ts'));
const { randomMove } = await import(url('src/lib/engine/random.ts'));
const { seedState } = await import(url('src/lib/engine/rng.ts'));
const load = (id: string) =>
	JSON.parse(readFileSync(resolve(root, 'expansions', `${id}.json`), 'utf8'));

const all = [
	'inns-and-cathedrals',
	'river',
	'dragon',
	'bards',
	'inn-and-stable-owners',
	'buddo',
	'messengers-and-mayors'
];
const mixes: [string, string[], string[], Record<string, string>?][] = [
	['base', [], []],
	['base 1st farms', [], [], { 'BASE-R2': '1st' }],
	['abbot pig', [], ['abbot', 'pig']],
	['I&C river dragon pig', ['inns-and-cathedrals', 'river', 'dragon'], ['pig']],
	['all eight', all, ['pig']]
];

/** The state's members under their names before the renames of issue 29 (the same text in both checkouts). */
const FORMER: Record<string, string> = {
	boardX: 'bx',
	boardY: 'by',
	boardTile: 'bt',
	boardRotation: 'br',
	boardFirstSegment: 'bseg',
	boardNeighbours: 'bnb',
	frontEdges: 'freq',
	frontMask: 'fmask',
	segmentTile: 'st',
	segmentFeature: 'sl',
	openEdges: 'open',
	nextSegment: 'snext',
	lastSegment: 'slast',
	featureSize: 'ssize',
	featurePieces: 'figs',
	moduleState: 'mod'
};

function stateText(state: Record<string, unknown>): string {
	const s = Object.fromEntries(
		Object.entries(state).map(([k, v]) => [FORMER[k] ?? k, v])
	) as Record<string, unknown> & { parent: number[] };
	const roots = s.parent.map((_, i) => {
		let r = i;
		while (s.parent[r] !== r) r = s.parent[r];
		return r;
	});
	// the segments of each feature, from either form: lists at the roots, or a circular list
	const { snext, slast, ssize } = s as unknown as Record<string, number[]>;
	const segs = snext
		? s.parent.map((p, r) => {
				if (p !== r) return null;
				const out: number[] = [];
				for (let seg = snext[slast[r]], n = ssize[r]; n > 0; n--, seg = snext[seg]) out.push(seg);
				return out;
			})
		: s.segs;
	const {
		cells: _c,
		fpos: _f,
		options: _o,
		links: _l,
		segs: _s,
		snext: _n,
		slast: _a,
		ssize: _z,
		...rest
	} = s;
	return JSON.stringify({ ...rest, segs, parent: roots });
}

for (const [name, exps, modules, rulings] of mixes) {
	const h = createHash('sha256');
	let moves = 0;
	for (let i = 0; i < games; i++) {
		const setup = {
			expansions: [load('base'), ...exps.map(load)],
			modules,
			players: ['A', 'B', 'C'].slice(0, 2 + (i % 2)),
			seed: 1000 + i,
			rulings
		};
		const started = startGame(setup);
		let state = started.state;
		h.update(JSON.stringify(started.events));
		let rng = seedState(i);
		while (!state.finished) {
			const options = legalMoves(state);
			h.update(JSON.stringify(options));
			const [move, next] = randomMove(options, rng);
			rng = next;
			const r = apply(state, move, { mutate: i % 3 !== 0, quiet: false });
			if (!r.ok) throw new Error(`refused a listed move: ${r.refusal.message}`);
			state = r.state;
			h.update(JSON.stringify(r.events));
			h.update(stateText(state));
			moves++;
		}
	}
	console.log(`${name}: ${games} games, ${moves} moves, ${h.digest('hex').slice(0, 16)}`);
}
