// A large expansion and a long game of it, made from a seed (nothing committed): `designs` tile
// designs (each a base tile's features under a new id, picked by the seed), `tiles` copies in all,
// and a record of the first `moves` moves of a random game of base and it. The long-game benchmark
// (bench/browser/long-game.ts) and the sandbox's large-game tests use it.
//
//   node bin/run-ts.js scripts/big-game.ts [--designs 2000] [--tiles 9900] [--moves 1500] [--seed 1] [--out dir]
//
// writes <out>/big-<designs>.json (the expansion) and <out>/big-<designs>-<moves>.record.json.
import {
	playRandomGame,
	recordOf,
	seedState,
	nextRandom,
	type Expansion,
	type GameRecord,
	type Tile
} from '../src/lib/engine/index.ts';

/** An expansion of `designs` designs and `tiles` copies (counts as even as they go), on base. */
export function bigExpansion(base: Expansion, designs = 2000, tiles = 9900, seed = 1): Expansion {
	let rng = seedState(seed);
	const shapes = base.tiles.filter((t) => !t.role);
	const out: Tile[] = [];
	for (let i = 0; i < designs; i++) {
		const [next, r] = nextRandom(rng);
		rng = next;
		const shape = shapes[Math.floor(r * shapes.length)];
		// the first (tiles mod designs) designs take one copy more
		const count = Math.floor(tiles / designs) + (i < tiles % designs ? 1 : 0);
		out.push({
			...shape,
			id: `G${i + 1}`,
			name: `Design ${i + 1} (${shape.id})`,
			count,
			role: undefined
		} as Tile);
	}
	return {
		id: `big-${designs}`,
		name: `Large expansion, ${designs} designs`,
		version: '1.0.0',
		dependencies: ['base'],
		tiles: out
	} as Expansion;
}

/** The first `moves` moves of a random two-player game of base and the expansion (all of it when it ends sooner). */
export function bigRecord(base: Expansion, big: Expansion, moves = 1500, seed = 1): GameRecord {
	const game = playRandomGame(
		{ expansions: [base, big], players: ['Ann', 'Bob'], seed },
		{ maxMoves: moves }
	);
	if (game.error && !game.error.startsWith('game not over')) throw new Error(game.error);
	return recordOf(game.state);
}

if (process.argv[1]?.endsWith('big-game.ts')) {
	const { writeFileSync } = await import('node:fs');
	const { join } = await import('node:path');
	const { availableExpansions } = await import('../src/cli/files.ts');
	const args = process.argv.slice(2);
	const opt = (name: string, d: number) =>
		args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : d;
	const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : '.';
	const base = availableExpansions().get('base') as Expansion;
	const big = bigExpansion(base, opt('designs', 2000), opt('tiles', 9900), opt('seed', 1));
	const record = bigRecord(base, big, opt('moves', 1500), opt('seed', 1));
	writeFileSync(join(out, `${big.id}.json`), JSON.stringify(big));
	writeFileSync(join(out, `${big.id}-${record.moves.length}.record.json`), JSON.stringify(record));
	console.log(`${big.id}: ${big.tiles.length} designs; a record of ${record.moves.length} moves`);
}
