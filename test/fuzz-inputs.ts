// Seeded mutations of our own saved games and records, and the path each takes through the import
// and the engine as `carcassonne-lab replay` and `export-record` take it. Shared by
// test/fuzz-inputs.test.ts (a few thousand, in CI) and scripts/fuzz-imports.ts (50,000 of each).
// The seeds: the .jcz fixtures (test/fixtures/jcz) and the .jcz exports of the rules scenarios'
// games; the records those import as and the scenarios' games themselves.
import { readFileSync, readdirSync } from 'node:fs';
import { generator, type Gen } from './fuzz-generator.ts';
import { availableExpansions } from '../src/cli/files.ts';
import { checkedRecord, expansionErrors } from '../src/cli/engine-io.ts';
import { recordFromJcz } from '../src/lib/formats/jcz-game.ts';
import {
	jczFromRecord,
	replay,
	setupFromRecord,
	type GameRecord
} from '../src/lib/engine/index.ts';

const shipped = availableExpansions();
const catalog = { expansions: [...shipped.values()] };
const lookup = (id: string) => shipped.get(id);

/** The saved games and records mutated: ours, and the rules scenarios' games (every `step`-th). */
export function seeds(step = 5): { jcz: string[]; records: GameRecord[] } {
	const dir = 'test/fixtures/jcz';
	const jcz = readdirSync(dir)
		.filter((f) => f.endsWith('.jcz'))
		.sort()
		.map((f) => readFileSync(`${dir}/${f}`, 'utf8'));
	const records: GameRecord[] = [];
	const files = readdirSync('scenarios').sort();
	for (let i = 0; i < files.length; i += step) {
		const game = JSON.parse(readFileSync(`scenarios/${files[i]}`, 'utf8')).game as GameRecord;
		records.push(game);
		const out = jczFromRecord(game, lookup);
		if (out.ok) jcz.push(out.text);
	}
	for (const text of jcz) {
		const r = recordFromJcz(text, catalog);
		if (r.ok) records.push(r.record);
	}
	return { jcz, records };
}

const DEEP = '\u0000deep';
const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'x', ''];
const WORDS = [
	'toString',
	'__proto__',
	'constructor',
	'NaN',
	'',
	'R45',
	'R90',
	'Field',
	'City',
	'Road',
	'NL.NR',
	'I',
	'_N',
	'0.small.1',
	'1.shepherd.1',
	'9.big.1',
	'0.barn.1',
	'dragon.1',
	'fairy.1',
	'EXPAND',
	'SCORE',
	'PRINCESS',
	'FESTIVAL',
	'COMMIT',
	'UNDO',
	'PLACE_TILE',
	'DEPLOY_MEEPLE',
	'SHEPHERD_CONFIRM',
	'MOVE_NEUTRAL_FIGURE',
	'RETURN_MEEPLE',
	'BA/C',
	'BA/RCr',
	'base/E',
	'base/D',
	'base/NOPE',
	'river/1:1',
	'basic:1',
	'Ann',
	'place',
	'deploy',
	'pass',
	'follower',
	'BASE-R1',
	'c1-early',
	'x'.repeat(300)
];
const VALUES: unknown[] = [
	null,
	true,
	false,
	0,
	1,
	-1,
	0.5,
	1.5,
	2 ** 31,
	1e308,
	-1e308,
	{ toString: 1 },
	{ valueOf: 1 },
	[],
	{},
	[null],
	[0, 0],
	[1e9, 0]
];

type Json = unknown;
type Container = Record<string, Json> | Json[];
const isContainer = (v: Json): v is Container => v !== null && typeof v === 'object';

/** Every place in the document: its container and key (the root's own place has none). */
function places(doc: Json): { parent: Container; key: string | number }[] {
	const out: { parent: Container; key: string | number }[] = [];
	const stack: Json[] = [doc];
	while (stack.length) {
		const v = stack.pop();
		if (!isContainer(v)) continue;
		const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
		for (const k of keys) {
			out.push({ parent: v, key: k });
			stack.push((v as Record<string, Json>)[k]);
		}
	}
	return out;
}

const setOwn = (o: Record<string, Json>, k: string, v: Json) =>
	Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** A value to put somewhere: a hostile one, a word of the vocabulary, a number near the old one, or another part of the document. */
function valueFor(old: Json, doc: Json, g: Gen): Json {
	const roll = g.int(10);
	if (roll < 3) return structuredClone(g.pick(VALUES));
	if (roll < 6) return g.pick(WORDS);
	if (roll < 8 && typeof old === 'number')
		return g.pick([old + 1, old - 1, -old, old * 1000, old / 3]);
	if (roll < 9) {
		const all = places(doc);
		if (all.length) {
			const p = g.pick(all);
			return structuredClone((p.parent as Record<string, Json>)[p.key as string]);
		}
	}
	return g.int(20) === 0 ? DEEP : g.pick(WORDS);
}

/** One mutation in place: a value replaced, a key or an item removed, added or repeated, a list reordered. */
function mutateOnce(doc: Json, g: Gen): void {
	const all = places(doc);
	if (!all.length) return;
	const { parent, key } = g.pick(all);
	const old = (parent as Record<string, Json>)[key as string];
	const op = g.int(10);
	if (op < 5) setOwn(parent as Record<string, Json>, key as string, valueFor(old, doc, g));
	else if (op < 6) {
		if (Array.isArray(parent)) parent.splice(key as number, 1);
		else delete parent[key as string];
	} else if (op < 7 && isContainer(old) && !Array.isArray(old))
		setOwn(old, g.pick(KEYS), valueFor(undefined, doc, g));
	else if (op < 8 && Array.isArray(old) && old.length) {
		// an item repeated (a few times, or many: a long game)
		const item = old[g.int(old.length)];
		const times = g.int(4) === 0 ? 50 + g.int(200) : 1 + g.int(3);
		for (let i = 0; i < times; i++) old.splice(g.int(old.length + 1), 0, structuredClone(item));
	} else if (op < 9 && Array.isArray(old) && old.length > 1) {
		const i = g.int(old.length);
		const j = g.int(old.length);
		[old[i], old[j]] = [old[j], old[i]];
	} else setOwn(parent as Record<string, Json>, key as string, valueFor(old, doc, g));
}

/** The `i`-th mutant of the seeds (1 to 3 mutations of one of them), as JSON text. */
export function mutant(texts: readonly string[], i: number, seed: number): string {
	const g = generator(seed * 1_000_003 + i);
	const doc = JSON.parse(g.pick(texts)) as Json;
	const n = 1 + g.int(3);
	for (let k = 0; k < n; k++) mutateOnce(doc, g);
	return JSON.stringify(doc).replace(
		JSON.stringify(DEEP),
		'['.repeat(10_000) + '0' + ']'.repeat(10_000)
	);
}

/** How one input ended: refused at the import or the record check (located), played (a move refused or not), or a throw. */
export type Outcome = 'refused' | 'record refused' | 'played' | 'illegal move' | 'threw';

/** Where a problem list fails to locate: a problem without a pointer string or a message. */
const unlocated = (ps: readonly { pointer: string; message: string }[]) =>
	ps.find((p) => typeof p.pointer !== 'string' || !p.message);

/** A record through `replay`'s and `export-record`'s path: the record check, then the engine, then the .jcz export. */
function playRecord(doc: unknown): Outcome {
	const checked = checkedRecord(doc, 'game.json');
	if (!checked.record) return 'refused';
	const { setup, moves, errors } = setupFromRecord(checked.record, lookup);
	if (!setup) throw new Error(`a checked record has no setup: ${errors.join('; ')}`);
	if (expansionErrors(setup.expansions).length) return 'refused';
	const r = replay(setup, moves, { quiet: true, events: false });
	const out = jczFromRecord(checked.record, lookup);
	if (!out.ok && unlocated(out.errors)) throw new Error('an export error without its place');
	return r.error ? 'illegal move' : 'played';
}

/** A .jcz through `replay`'s path: the import, then the record it gives. */
export function runJcz(text: string): Outcome {
	const r = recordFromJcz(text, catalog);
	if (!r.ok) {
		if (unlocated(r.errors) || !r.errors.length)
			throw new Error('an import error without its place');
		return 'refused';
	}
	const played = playRecord(r.record);
	// imported, but not a record the engine plays (the import's own check missed it)
	return played === 'refused' ? 'record refused' : played;
}

/** A record (JSON text) through `replay`'s and `export-record`'s path. */
export function runRecord(text: string): Outcome {
	return playRecord(JSON.parse(text));
}

export interface FuzzTable {
	files: number;
	outcomes: Record<Outcome, number>;
	/** The first few throws: which mutant, and the error's stack. */
	throws: string[];
	/** The slowest file, in milliseconds (a measurement; the suite asserts no time). */
	maxMs: number;
	totalMs: number;
}

/**
 * Runs `count` mutants of `texts` through `run`, tallying how each ended. The seeds run first,
 * untimed: the first game of a set validates its documents and compiles its rules (once a process).
 */
export function fuzz(
	texts: readonly string[],
	count: number,
	seed: number,
	run: (text: string) => Outcome
): FuzzTable {
	const table: FuzzTable = {
		files: count,
		outcomes: { refused: 0, 'record refused': 0, played: 0, 'illegal move': 0, threw: 0 },
		throws: [],
		maxMs: 0,
		totalMs: 0
	};
	for (const text of texts) run(text);
	for (let i = 0; i < count; i++) {
		const text = mutant(texts, i, seed);
		const t = performance.now();
		let outcome: Outcome;
		try {
			outcome = run(text);
		} catch (e) {
			outcome = 'threw';
			if (table.throws.length < 10)
				table.throws.push(`#${i}: ${e instanceof Error ? e.stack : String(e)}`);
		}
		const ms = performance.now() - t;
		table.totalMs += ms;
		table.maxMs = Math.max(table.maxMs, ms);
		table.outcomes[outcome]++;
	}
	return table;
}
