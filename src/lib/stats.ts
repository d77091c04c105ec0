// Statistics shared by the interaction checker's report and the bots' match summary. Pure.

/** The normal quantile of a two-sided 95 % interval. */
export const Z95 = 1.959964;

/** 95 % Wilson score interval for k successes in n trials (n > 0): [low, high], unrounded. */
export function wilsonInterval(k: number, n: number): [number, number] {
	const p = k / n;
	const d = 1 + (Z95 * Z95) / n;
	const mid = (p + (Z95 * Z95) / (2 * n)) / d;
	const half = (Z95 * Math.sqrt((p * (1 - p)) / n + (Z95 * Z95) / (4 * n * n))) / d;
	return [mid - half, mid + half];
}
