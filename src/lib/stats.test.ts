import { describe, expect, test } from 'vitest';
import { Z95, t95, welchTest, wilson } from './stats.ts';

// Known values from published tables: Student's t two-sided 95 % quantiles, Wilson intervals.
describe('statistics', () => {
	test("Student's t quantile (two-sided 95 %), the normal's for very many degrees of freedom", () => {
		expect(t95(1)).toBeCloseTo(12.7062, 4);
		expect(t95(10)).toBeCloseTo(2.2281, 4);
		expect(t95(14)).toBeCloseTo(2.1448, 4);
		expect(t95(198)).toBeCloseTo(1.972, 3);
		expect(t95(1e9)).toBe(Z95);
		expect(t95(0)).toBe(Infinity);
	});

	test("Welch's test: t, the Welch–Satterthwaite degrees of freedom and the verdict", () => {
		// a: mean 10, sd 2, 10 samples; b: mean 12, sd 4, 10 samples → se √2, t √2, df ≈ 13.24
		const w = welchTest(10, 2, 10, 12, 4, 10);
		expect(w.t).toBeCloseTo(Math.SQRT2, 6);
		expect(w.df).toBeCloseTo(13.24, 2);
		expect(w.significant).toBe(false);
		// t = 2.05 clears the normal's 1.96 but not Student's 2.14 at 14 degrees of freedom
		const close = welchTest(0, 1, 8, 2.05 * 0.5, 1, 8);
		expect(close.t).toBeCloseTo(2.05, 6);
		expect(close.df).toBeCloseTo(14, 6);
		expect(close.significant).toBe(false);
		expect(welchTest(0, 1, 1000, 0.1, 1, 1000).significant).toBe(true);
		expect(welchTest(3, 0, 5, 3, 0, 5)).toMatchObject({ t: 0, significant: false });
	});

	test('Wilson interval within [0, 1]; no trials: [0, 1]', () => {
		const [lo, hi] = wilson(5, 10);
		expect(lo).toBeCloseTo(0.2366, 3);
		expect(hi).toBeCloseTo(0.7634, 3);
		expect(wilson(0, 10)[0]).toBe(0);
		expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 3);
		expect(wilson(10, 10)[0]).toBeCloseTo(0.7225, 3);
		expect(wilson(0, 0)).toEqual([0, 1]);
	});
});
