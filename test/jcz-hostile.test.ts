// Hand-made hostile JCloisterZone saved games (.jcz): each is refused with a located error (a JSON
// pointer and what is wrong there), by the import and by `carcassonne-lab replay`, and nothing
// throws; the import reads a saved game in one pass (its work grows with the messages, not their square).
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableExpansions } from '../src/cli/files.ts';
import { recordFromJcz, recordFromJczValue } from '../src/lib/formats/jcz-game.ts';
import { command as replay } from '../src/cli/commands/replay.ts';

const catalog = { expansions: [...availableExpansions().values()] };
const fixture = (name: string) => readFileSync(`test/fixtures/jcz/${name}.jcz`, 'utf8');
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DEEP = '"\u0000deep"';

/** The base fixture changed by `change`; DEEP stands for 10,000 nested arrays. */
function hostile(change: (d: Doc) => void): string {
	const d = JSON.parse(fixture('base-action-phase'));
	change(d);
	return JSON.stringify(d).replace(DEEP, '['.repeat(10_000) + ']'.repeat(10_000));
}
const obj = { toString: 1 };
/** A saved game and where its error must be (the pointer's start). */
const CASES: [string, (d: Doc) => void, string][] = [
	['a start tile that is null', (d) => (d.setup.start = [null]), '/setup/start/0'],
	['a rule named __proto__', (d) => (d.setup.rules = JSON.parse('{"__proto__":1,"x":[]}')), ''],
	['a rule named constructor', (d) => (d.setup.rules = { constructor: 'x' }), ''],
	['a rule named toString', (d) => (d.setup.rules = { toString: obj }), ''],
	[
		'an object as rotation',
		(d) => (d.replay[0].payload.rotation = obj),
		'/replay/0/payload/rotation'
	],
	[
		'an object as meepleId',
		(d) => (d.replay[1].payload.meepleId = obj),
		'/replay/1/payload/meepleId'
	],
	['an object as feature', (d) => (d.replay[1].payload.pointer.feature = obj), '/replay/1/payload'],
	[
		'an object as location',
		(d) => (d.replay[1].payload.pointer.location = obj),
		'/replay/1/payload'
	],
	[
		'location toString',
		(d) => (d.replay[1].payload.pointer.location = 'toString'),
		'/replay/1/payload'
	],
	[
		'feature constructor',
		(d) => (d.replay[1].payload.pointer.feature = 'constructor'),
		'/replay/1'
	],
	['a meeple constructor', (d) => (d.replay[1].payload.meepleId = '0.constructor.1'), '/replay/1'],
	['an object as tileId', (d) => (d.replay[0].payload.tileId = obj), '/replay/0/payload/tileId'],
	['an object as a set count', (d) => (d.setup.sets['basic:1'] = obj), '/setup/sets/basic:1'],
	['a set named constructor', (d) => (d.setup.sets.constructor = 1), '/setup/sets/constructor'],
	['an object as an element', (d) => (d.setup.elements['small-follower'] = obj), '/setup/elements'],
	['an element named toString', (d) => (d.setup.elements.toString = 1), '/setup/elements/toString'],
	['an object as an assertion', (d) => (d.test.assertions = [obj]), '/test/assertions/0'],
	[
		'10,000 nested arrays',
		(d) => (d.replay[0].payload.position = DEEP),
		'/replay/0/payload/position'
	],
	['a start rotation NaN', (d) => (d.setup.start[0].rotation = 'NaN'), '/setup/start/0/rotation'],
	[
		'nine players',
		(d) => (d.players = [...Array(9)].map((_, i) => ({ name: `P${i}` }))),
		'/players'
	],
	['two players named Ann', (d) => (d.players[1].name = 'Ann'), '/players/1/name'],
	['a PLACE_TILE without payload', (d) => delete d.replay[0].payload, '/replay/0/payload']
];

describe('hostile saved games', () => {
	test.each(CASES)('%s: a located error or warning, no throw', (_, change, at) => {
		const r = recordFromJcz(hostile(change), catalog);
		const problems = r.ok ? r.warnings : r.errors;
		expect(problems.length).toBeGreaterThan(0);
		expect(problems.some((p) => p.pointer.startsWith(at) && p.pointer.length > 0)).toBe(true);
		for (const p of problems) expect(p.message).toMatch(/\w/);
	});

	test('a rule named after a property of every object is a warning at its place, not a ruling', () => {
		const r = recordFromJcz(
			hostile((d) => (d.setup.rules = { constructor: 'x' })),
			catalog
		);
		expect(r.ok && r.warnings.map((w) => w.pointer)).toEqual(['/setup/rules/constructor']);
		expect(r.ok && r.record.rulings).toBeUndefined();
	});

	test('`replay` of each exits 1 with the file and the pointer, no stack trace', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'jcz-hostile-'));
		try {
			for (const [name, change, at] of CASES.filter(([, , at]) => at !== '')) {
				const file = join(dir, 'game.jcz');
				writeFileSync(file, hostile(change));
				const err: string[] = [];
				const code = await replay.run({
					args: [file],
					json: false,
					stdout: () => {},
					stderr: (t) => err.push(t)
				});
				expect(code, name).toBe(1);
				expect(err.join('\n'), name).toContain(`${file}:${at}`);
				expect(err.join('\n'), name).not.toMatch(/\n\s+at /);
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('the import works in one pass', () => {
	test('2,000 shepherds deployed read each message a few times, not once per other message', () => {
		const d = JSON.parse(fixture('hills-and-sheep'));
		const shepherd = {
			type: 'DEPLOY_MEEPLE',
			payload: {
				pointer: { position: [0, 0], feature: 'Field', location: 'ER.SL.SR.WL' },
				meepleId: '0.shepherd.1'
			}
		};
		const n = 2000;
		// JCZ 5.x's shepherds without a SHEPHERD_CONFIRM: each draws with the last random value written
		const messages = [...Array(n)].map((_, i) =>
			i % 100 === 0 ? { type: 'PASS', payload: { random: 0.5 } } : shepherd
		);
		let reads = 0;
		d.replay = new Proxy(messages, {
			get(target, key, receiver) {
				if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
				return Reflect.get(target, key, receiver);
			}
		});
		const r = recordFromJczValue(d, catalog);
		expect(r.ok && r.record.moves.length).toBe(n);
		// reading the replay once per shepherd would be n² = 4,000,000 reads
		expect(reads).toBeLessThan(20 * n);
	});
});
