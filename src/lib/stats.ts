// Statistics shared by the checker's report and comparisons and the bots' match summary: one 95 %
// constant, one Wilson interval, Welch's test with Student's t quantile (jstat). Pure.
import jstat from 'jstat';

/** The normal quantile of a two-sided 95 % interval. */
export const Z95 = 1.959964;

/** 95 % Wilson score interval for k successes in n trials, within [0, 1]; [0, 1] when n is 0. */
export function wilson(k: number, n: number): [number, number] {
	if (n === 0) return [0, 1];
	const p = k / n;
	const d = 1 + (Z95 * Z95) / n;
	const mid = (p + (Z95 * Z95) / (2 * n)) / d;
	const half = (Z95 * Math.sqrt((p * (1 - p)) / n + (Z95 * Z95) / (4 * n * n))) / d;
	return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

/**
 * Student's t quantile of a two-sided 95 % interval with `df` degrees of freedom (fractional, as
 * Welch's). From 10^7 on it is the normal quantile to 7 digits (and jstat's inverse loses precision).
 */
export function t95(df: number): number {
	if (!(df > 0)) return Infinity;
	return df >= 1e7 ? Z95 : jstat.jStat.studentt.inv(0.975, df);
}

/**
 * Welch's t test of two means from their standard deviations and sample sizes: `t` of b − a and the
 * Welch–Satterthwaite degrees of freedom; `significant` when |t| exceeds the 95 % t quantile.
 */
export function welchTest(
	ma: number,
	sa: number,
	na: number,
	mb: number,
	sb: number,
	nb: number
): { t: number; df: number; significant: boolean } {
	const va = (sa * sa) / Math.max(1, na);
	const vb = (sb * sb) / Math.max(1, nb);
	const se = Math.sqrt(va + vb);
	const t = se > 0 ? (mb - ma) / se : mb === ma ? 0 : Infinity;
	const df =
		se > 0
			? (va + vb) ** 2 / ((na > 1 ? (va * va) / (na - 1) : 0) + (nb > 1 ? (vb * vb) / (nb - 1) : 0))
			: Infinity;
	return { t, df, significant: Math.abs(t) > (Number.isFinite(df) ? t95(df) : Z95) };
}
