// Game records the engine cannot play: `replay` and `export-record` refuse each with the same
// located errors (one check, engine-io.ts `checkedRecord`), and neither throws.
import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { command as replay } from '../src/cli/commands/replay.ts';
import { command as exportRecord } from '../src/cli/commands/export-record.ts';
import type { Command } from '../src/cli/command.ts';

const dir = mkdtempSync(join(tmpdir(), 'record-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record = {
	schemaVersion: 1,
	expansions: [{ id: 'base' }],
	players: ['Ann', 'Bob'],
	seed: 1,
	moves: []
};
const CASES: [string, Record<string, unknown>, string][] = [
	['an unknown tile in the draw order', { drawOrder: ['base/E', 'base/NOPE'] }, '/drawOrder/1'],
	['an unknown start tile', { start: 'base/NOPE' }, '/start'],
	['an option no ruling has', { rulings: { 'BASE-R1': 'zzz' } }, '/rulings/BASE-R1'],
	['9 players', { players: [...Array(9)].map((_, i) => `P${i}`) }, '/players'],
	['an object as seed', { seed: { toString: 1 } }, '/seed'],
	['an object as a player name', { players: ['Ann', { toString: 1 }] }, '/players/1'],
	['two players named Ann', { players: ['Ann', 'Ann'] }, '/players/1']
];

async function run(cmd: Command, args: string[], json = false) {
	const out: string[] = [];
	const err: string[] = [];
	const code = await cmd.run({
		args,
		json,
		stdout: (t) => out.push(t),
		stderr: (t) => err.push(t)
	});
	return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('records the engine cannot play', () => {
	test.each(CASES)(
		'%s: replay and export-record exit 1 with the same located error',
		async (_, change, at) => {
			const file = join(dir, 'game.json');
			writeFileSync(file, JSON.stringify({ ...record, ...change }));
			const played = await run(replay, [file]);
			const exported = await run(exportRecord, [file]);
			expect(played.code).toBe(1);
			expect(exported.code).toBe(1);
			expect(played.err).toContain(`${file}:${at}: `);
			expect(exported.err).toBe(played.err);
		}
	);
});
