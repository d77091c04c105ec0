// The engine's number arrays keep V8's small-integer elements through greedy games of base and of the
// checker's mix. One heap number stored in one of them (`-i - 1` for i = 0 is -0 - 1, a heap number)
// turned the board index's grid into doubles, and through the helpers and stores every array shares
// (copyNumbers, the trials' take-back) every number array of the game: each engine function compiled
// for small integers was thrown away and compiled again over a checker thread's first ~100 games, and
// arrays were converted to doubles and to generic elements ~400 times a game. V8's %HasSmiElements is
// read in a process of its own (test/smi-arrays.ts), started with --allow-natives-syntax.
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('no number array of a state or its board index leaves small-integer elements in greedy games', () => {
	const r = spawnSync(
		process.execPath,
		['--allow-natives-syntax', 'bin/run-ts.js', 'test/smi-arrays.ts'],
		{ encoding: 'utf8', timeout: 120_000 }
	);
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	expect(JSON.parse(r.stdout)).toEqual([]);
});
