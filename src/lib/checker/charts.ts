// The checker page's charts from a report: score histograms per seat in buckets of five points, the
// game-length histogram. Pure; each chart's rows are what its export writes.
import { countRows } from './csv.ts';
import type { Report } from './report.ts';

export interface ChartData {
	labels: string[];
	series: { label: string; data: number[] }[];
	rows: Record<string, unknown>[];
}

/** Each seat's final scores counted in buckets of `width` points (the buckets any seat reached). */
export function scoreChart(r: Report, width = 5): ChartData {
	const bucket = (score: string) => Math.floor(Number(score) / width) * width;
	const all = new Set<number>();
	for (const s of r.stats.seats) for (const k of Object.keys(s.histogram)) all.add(bucket(k));
	const buckets = [...all].sort((a, b) => a - b);
	const series = r.stats.seats.map((s) => {
		const counts = new Map<number, number>();
		for (const [k, n] of Object.entries(s.histogram))
			counts.set(bucket(k), (counts.get(bucket(k)) ?? 0) + n);
		return { label: `seat ${s.seat} (${s.policy})`, data: buckets.map((b) => counts.get(b) ?? 0) };
	});
	const rows = buckets.map((b, i) => ({
		scoreFrom: b,
		scoreTo: b + width - 1,
		...Object.fromEntries(series.map((s) => [s.label, s.data[i]]))
	}));
	return { labels: buckets.map((b) => `${b}–${b + width - 1}`), series, rows };
}

/** Games per number of placements. */
export function lengthChart(r: Report): ChartData {
	const rows = countRows(r.stats.length.histogram, 'placements', 'games');
	return {
		labels: rows.map((x) => String(x.placements)),
		series: [{ label: 'games', data: rows.map((x) => x.games as number) }],
		rows
	};
}
