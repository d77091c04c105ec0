// 20,000 hostile expansion documents (test/hostile-documents.ts). The validator must never throw; a
// document it accepts must start a game that plays 20 random moves with no invariant violation
// (what the engine accepts, it can play). How long a document takes is a benchmark figure
// (bench/hostile.bench.ts, docs/benchmarks.md), not a check here.
import { describe, expect, test } from 'vitest';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { hasErrors } from '../src/lib/formats/problems.ts';
import { available, hostileDocument, MOVES, play, registry } from './hostile-documents.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const DOCUMENTS = 20_000;

describe('20,000 hostile documents', () => {
	// about 8 s of CPU; the timeout leaves room for a loaded machine
	test(
		`the validator never throws; every accepted document starts a game that plays ${MOVES} random moves`,
		{ timeout: 240_000 },
		() => {
			const failures: string[] = [];
			const tally = new Map<string, { made: number; accepted: number }>();
			for (let i = 0; i < DOCUMENTS; i++) {
				const { kind, doc, players } = hostileDocument(i);
				const count = tally.get(kind) ?? { made: 0, accepted: 0 };
				tally.set(kind, count);
				count.made++;
				let problems;
				try {
					problems = validateExpansion(doc, { available, registry });
				} catch (e) {
					failures.push(
						`#${i} (${kind}): the validator threw ${e instanceof Error ? e.message : String(e)}`
					);
					continue;
				}
				if (hasErrors(problems)) continue;
				count.accepted++;
				const failure = play(doc as unknown as Expansion, i, players);
				if (failure) failures.push(`#${i} (${kind}): ${failure}`);
			}
			expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
			// the generator reaches both sides: refused documents of every hostile kind, accepted ones that play
			for (const [name, { made, accepted }] of tally) {
				expect(made, name).toBeGreaterThan(100);
				if (name === '10,000 nested arrays') expect(accepted, name).toBe(0);
			}
			expect(tally.get('parameters and rulings in range')!.accepted).toBeGreaterThan(400);
		}
	);
});
