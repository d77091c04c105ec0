// Comparisons of checker reports: the same seeds with one ruling flipped (ruling sensitivity), and
// the sub-mixes of a mix (combination sweep). Pure: the CLI and the page run the reports.
import type { CheckerConfig } from './run.ts';
import type { Report } from './report.ts';
import { Z95, welchTest } from '../stats.ts';
import { violationTotal } from './report-rows.ts';

export interface Difference {
	name: string;
	a: number;
	b: number;
	difference: number;
	/** Welch's t (means) or the z of a Poisson count difference (rule firings). */
	statistic: number;
	/** |statistic| beyond the 95 % quantile (Student's t with Welch's degrees of freedom; the normal's for counts): the difference is unlikely to be chance at the 5 % level (one test; many tests give some by chance). */
	significant: boolean;
}

export interface Comparison {
	a: string;
	b: string;
	games: number;
	scores: Difference[];
	length: Difference;
	rules: Difference[];
	/** Share of points per feature kind (no test: shares of one total). */
	features: { kind: string; a: number; b: number; difference: number }[];
	violations: { a: number; b: number };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

function welch(
	name: string,
	ma: number,
	sa: number,
	na: number,
	mb: number,
	sb: number,
	nb: number
): Difference {
	const { t, significant } = welchTest(ma, sa, na, mb, sb, nb);
	return {
		name,
		a: ma,
		b: mb,
		difference: round(mb - ma, 2),
		statistic: round(t, 2),
		significant
	};
}

/** Two counts over the same number of games: z of their difference (Poisson, normal approximation). */
function countDifference(name: string, a: number, b: number): Difference {
	const z = a + b > 0 ? (b - a) / Math.sqrt(a + b) : 0;
	return { name, a, b, difference: b - a, statistic: round(z, 2), significant: Math.abs(z) > Z95 };
}

/** b against a (a: the reference, b: the variant), rules with the largest shifts first. */
export function compareReports(
	a: Report,
	b: Report,
	labels: [string, string] = ['A', 'B']
): Comparison {
	const scores = a.stats.seats.map((s, i) => {
		const t = b.stats.seats[i];
		return welch(
			`seat ${s.seat} mean score`,
			s.mean,
			s.sd,
			a.games,
			t?.mean ?? 0,
			t?.sd ?? 0,
			b.games
		);
	});
	const ids = [...new Set([...Object.keys(a.stats.rules), ...Object.keys(b.stats.rules)])].sort();
	const rules = ids
		.map((id) => countDifference(id, a.stats.rules[id] ?? 0, b.stats.rules[id] ?? 0))
		.filter((d) => d.difference !== 0)
		.sort((x, y) => Math.abs(y.statistic) - Math.abs(x.statistic) || (x.name < y.name ? -1 : 1));
	const kinds = [
		...new Set([...a.stats.features.map((f) => f.kind), ...b.stats.features.map((f) => f.kind)])
	].sort();
	const share = (r: Report, k: string) => r.stats.features.find((f) => f.kind === k)?.share ?? 0;
	return {
		a: labels[0],
		b: labels[1],
		games: Math.min(a.games, b.games),
		scores,
		length: welch(
			'placements per game',
			a.stats.length.mean,
			a.stats.length.sd,
			a.games,
			b.stats.length.mean,
			b.stats.length.sd,
			b.games
		),
		rules,
		features: kinds.map((kind) => ({
			kind,
			a: share(a, kind),
			b: share(b, kind),
			difference: round(share(b, kind) - share(a, kind))
		})),
		violations: { a: violationTotal(a), b: violationTotal(b) }
	};
}

/** Every pair of the ids (all subsets of two or more with `subsets`), in a fixed order. */
export function combinations(ids: readonly string[], subsets = false): string[][] {
	const out: string[][] = [];
	if (!subsets) {
		for (let i = 0; i < ids.length; i++)
			for (let j = i + 1; j < ids.length; j++) out.push([ids[i], ids[j]]);
		return out;
	}
	for (let mask = 1; mask < 1 << ids.length; mask++) {
		const pick = ids.filter((_, i) => mask & (1 << i));
		if (pick.length >= 2) out.push(pick);
	}
	return out.sort((x, y) => x.length - y.length);
}

/** A comparison to run: one ruling flipped (or several rulings set), or a sweep of the mix's combinations. */
export type ComparisonSpec = { flip: Record<string, string> } | { sweep: 'pairs' | 'subsets' };

/** The expansion documents and document-less modules of a mix (a resolver's answer) or its error. */
export type Mix = Pick<CheckerConfig, 'expansions' | 'modules'>;
export type MixResolver = (ids: string[]) => Mix | string;

export interface LabelledRun {
	label: string;
	cfg: CheckerConfig;
}

const rulingsLabel = (rulings: Record<string, string> | undefined) => {
	const set = Object.entries(rulings ?? {});
	return set.length ? set.map(([k, v]) => `${k}=${v}`).join(', ') : 'default rulings';
};

/**
 * The runs of a checker request: the configuration itself, then the variant with the flipped
 * ruling; or, for a sweep, base alone and then base with each combination of the mix's own
 * expansions (`ids`: the designer's choice, base aside). The first run is the reference of the
 * comparisons. `usage` marks an error in the request rather than in the documents.
 */
export function comparisonRuns(
	cfg: CheckerConfig,
	ids: readonly string[],
	spec: ComparisonSpec | undefined,
	resolve: MixResolver
): LabelledRun[] | { error: string; usage: boolean } {
	if (spec && 'sweep' in spec) {
		const own = ids.filter((id) => id !== 'base');
		if (own.length < 2)
			return {
				error: 'a sweep needs at least two expansions besides base in the mix',
				usage: true
			};
		const runs: LabelledRun[] = [];
		for (const combo of [[], ...combinations(own, spec.sweep === 'subsets')]) {
			const mix = resolve(['base', ...combo]);
			if (typeof mix === 'string') return { error: mix, usage: false };
			runs.push({ label: combo.length ? combo.join(' + ') : 'base', cfg: { ...cfg, ...mix } });
		}
		return runs;
	}
	const runs: LabelledRun[] = [{ label: rulingsLabel(cfg.rulings), cfg }];
	if (spec) {
		const same = Object.entries(spec.flip).every(([k, v]) => cfg.rulings?.[k] === v);
		if (!Object.keys(spec.flip).length || same)
			return {
				error: 'the flip must set a ruling to an option the run does not already use',
				usage: true
			};
		runs.push({
			label: rulingsLabel(spec.flip),
			cfg: { ...cfg, rulings: { ...cfg.rulings, ...spec.flip } }
		});
	}
	return runs;
}

/** Every run after the first against the first. */
export function compareRuns(labels: readonly string[], reports: readonly Report[]): Comparison[] {
	return reports.slice(1).map((r, i) => compareReports(reports[0], r, [labels[0], labels[i + 1]]));
}

/** One line of a comparison's table: the seats' scores, the game length, then the rules that fired differently. */
export interface DifferenceRow extends Difference {
	measure: 'score' | 'length' | 'rule';
}

export function differenceRows(c: Comparison): DifferenceRow[] {
	return [
		...c.scores.map((d) => ({ measure: 'score' as const, ...d })),
		{ measure: 'length' as const, ...c.length },
		...c.rules.map((d) => ({ measure: 'rule' as const, ...d }))
	];
}

/** One combination of a sweep against base alone. */
export interface SweepRow {
	mix: string;
	violations: number;
	/** The invariants violated (or engine errors). */
	invariants: string[];
	/** Mean score over the seats. */
	meanScore: number;
	/** Per seat: the mean score's shift against base alone, and whether it is significant. */
	shifts: { seat: number; difference: number; significant: boolean }[];
	/** Placements per game. */
	length: number;
	/** Any seat's score or the game length shifted significantly. */
	significant: boolean;
}

/** The rows of a sweep (base alone first), from its runs' reports and their comparisons (compareRuns). */
export function sweepRows(
	labels: readonly string[],
	reports: readonly Report[],
	comparisons: readonly Comparison[]
): SweepRow[] {
	return reports.map((r, i) => {
		const c = i > 0 ? comparisons[i - 1] : undefined;
		const shifts = r.stats.seats.map((s, k) => ({
			seat: s.seat,
			difference: c?.scores[k]?.difference ?? 0,
			significant: c?.scores[k]?.significant ?? false
		}));
		return {
			mix: labels[i],
			violations: violationTotal(r),
			invariants: Object.keys(r.violationCounts),
			meanScore: round(
				r.stats.seats.reduce((a, s) => a + s.mean, 0) / Math.max(1, r.stats.seats.length),
				2
			),
			shifts,
			length: r.stats.length.mean,
			significant: !!c && (c.length.significant || c.scores.some((d) => d.significant))
		};
	});
}

export function sweepText(rows: readonly SweepRow[], games: number, seconds: number): string {
	const [base, ...mixes] = rows;
	const out = [
		`combination sweep: ${mixes.length} mixes against base alone, ${games} games each, in ${seconds} s (* = significant at 5 %)`
	];
	out.push(`  base: mean score ${base.meanScore}, ${base.violations} violations`);
	for (const r of mixes) {
		const shift = r.shifts
			.map((d) => `${d.difference >= 0 ? '+' : ''}${d.difference}${d.significant ? '*' : ''}`)
			.join(' / ');
		out.push(
			`  ${r.mix}: ${r.violations ? `${r.violations} VIOLATIONS (${r.invariants.join(', ')})` : 'no violations'}; mean score ${r.meanScore} (per seat ${shift}); length ${r.length}`
		);
	}
	return out.join('\n');
}

export function comparisonText(c: Comparison): string {
	const sig = (d: Difference) => (d.significant ? ' *' : '');
	const out = [`${c.b} against ${c.a} (${c.games} games, same seeds; * = significant at 5 %)`];
	for (const d of c.scores)
		out.push(
			`  ${d.name}: ${d.a} → ${d.b} (${d.difference >= 0 ? '+' : ''}${d.difference}, t ${d.statistic})${sig(d)}`
		);
	out.push(
		`  ${c.length.name}: ${c.length.a} → ${c.length.b} (${c.length.difference >= 0 ? '+' : ''}${c.length.difference}, t ${c.length.statistic})${sig(c.length)}`
	);
	out.push(`  violations: ${c.violations.a} → ${c.violations.b}`);
	const shifts = c.features.filter((f) => f.difference !== 0);
	if (shifts.length)
		out.push('  share of points: ' + shifts.map((f) => `${f.kind} ${f.a} → ${f.b}`).join(', '));
	out.push(`  rules that fired differently (${c.rules.length}):`);
	for (const d of c.rules.slice(0, 25))
		out.push(
			`    ${d.name}: ${d.a} → ${d.b} (${d.difference >= 0 ? '+' : ''}${d.difference}, z ${d.statistic})${sig(d)}`
		);
	return out.join('\n');
}
