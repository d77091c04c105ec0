// Scores written as data are bounded (docs/rules-as-data.md, "Bounds"): the validator refuses rules
// whose worst case is above MAX_POINTS or whose amounts can be negative, each at its pointer; the
// engine, given such rules anyway, caps every score; a score that is not a whole finite number is an
// invariant violation of the checker.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { simulate } from '../src/lib/checker/index.ts';
import { resolveGame, ruleRegistry as registry } from '../src/lib/engine/registry.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { MAX_POINTS } from '../src/lib/formats/limits.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const docs = availableExpansions();

/** A document whose roads and cities are multiplied by each factor in turn. */
function multiplied(factors: number[]): Expansion {
	return {
		id: 'multiplied',
		name: 'Multiplied',
		version: '1.0.0',
		dependencies: ['base'],
		tiles: [],
		dataRules: {
			rules: factors.flatMap((by, i) =>
				(['road', 'city'] as const).map((feature) => ({
					id: `X-${i}`,
					type: 'value' as const,
					...(feature === 'road' ? { text: `Scores × ${by}.` } : {}),
					feature,
					effect: { multiply: by }
				}))
			)
		}
	} as Expansion;
}

function simulated(doc: Expansion) {
	const all = new Map(docs);
	all.set(doc.id, doc);
	const r = resolveGame(['base', doc.id], (id) => all.get(id) as Expansion | undefined);
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	return simulate({
		expansions: r.expansions,
		modules: r.modules,
		players: ['A', 'B'],
		games: 2,
		seed: 5,
		sample: 0
	});
}

describe('scores written as data', () => {
	it('the validator refuses factors whose product is above the most a score may be, at the first rule that goes over', () => {
		const problems = validateExpansion(multiplied(Array(52).fill(1_000_000)), {
			available: docs,
			registry
		});
		expect(problems.filter((p) => p.severity === 'error').map((p) => p.pointer)).toEqual([
			'/dataRules/rules/0/effect/multiply',
			'/dataRules/rules/1/effect/multiply'
		]);
		expect(problems[0].message).toContain('a road could score 1,000,000,000,000');
		expect(
			validateExpansion(multiplied([2, 3]), { available: docs, registry }).filter(
				(p) => p.severity === 'error'
			)
		).toEqual([]);
	});

	it('the engine, given such rules anyway, caps every score: the checker finds no violation and the means are finite', () => {
		for (const factors of [Array(52).fill(1_000_000), [...Array(51).fill(1_000_000), 0]]) {
			const r = simulated(multiplied(factors));
			expect(r.violations).toEqual([]);
			for (const s of r.stats.seats) {
				expect(Number.isFinite(s.mean)).toBe(true);
				expect(s.mean).toBeGreaterThan(0);
				expect(s.mean).toBeLessThanOrEqual(MAX_POINTS * 200);
			}
		}
	});
});
