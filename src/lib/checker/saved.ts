// A finished checker report saved as a JSON file and opened again (on the page, to compare two runs
// side by side — before and after a change to the expansion). The file is the report with a label;
// the CLI's `simulate --json` output opens too. Pure: reading checks the file and names what is wrong.
import type { Report } from './report.ts';

export const REPORT_FORMAT = 'carcassonne-lab/checker-report';

export interface SavedReport {
	format: typeof REPORT_FORMAT;
	version: 1;
	/** What the designer calls this run (the mix and policies by default). */
	label: string;
	report: Report;
}

/** The default label of a report: its mix, policies and games. */
export const reportLabel = (r: Report): string =>
	`${r.expansions.filter((e) => e !== 'base').join(' + ') || 'base'} · ${[...new Set(r.policies)].join(' vs ')} · ${r.games} games, seed ${r.seed}`;

export function reportFile(report: Report, label = reportLabel(report)): string {
	const saved: SavedReport = { format: REPORT_FORMAT, version: 1, label, report };
	return JSON.stringify(saved, null, 1);
}

/** What the page reads of a report: a file without one of these is not a report it can show. */
const REQUIRED: [string, (v: unknown) => boolean][] = [
	['games', (v) => typeof v === 'number'],
	['seed', (v) => typeof v === 'number'],
	['expansions', Array.isArray],
	['players', Array.isArray],
	['policies', Array.isArray],
	['rulings', (v) => !!v && typeof v === 'object'],
	['violations', Array.isArray],
	['violationCounts', (v) => !!v && typeof v === 'object'],
	['ruleBook', (v) => !!v && typeof v === 'object'],
	['rulingBook', Array.isArray],
	['findings', (v) => !!v && typeof v === 'object'],
	['findings.tilesLeftOut', Array.isArray],
	['findings.rulesUncited', Array.isArray],
	['stats', (v) => !!v && typeof v === 'object'],
	['stats.seats', Array.isArray],
	['stats.tiles', Array.isArray],
	['stats.expansionPoints', (v) => !!v && typeof v === 'object'],
	['stats.firstPlayer', (v) => !!v && typeof v === 'object'],
	['stats.length', (v) => !!v && typeof v === 'object']
];

/** A saved report file (or a `simulate --json` report) read back, or what is wrong with it. */
export function readReportFile(
	text: string,
	name: string
): { label: string; report: Report } | { error: string } {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (e) {
		return { error: `${name}: not JSON (${e instanceof Error ? e.message : String(e)})` };
	}
	if (!data || typeof data !== 'object')
		return {
			error: `${name}: not a checker report (a JSON ${data === null ? 'null' : typeof data})`
		};
	const o = data as Record<string, unknown>;
	if ('format' in o && o.format !== REPORT_FORMAT)
		return {
			error: `${name}: format '${String(o.format)}' is not a checker report ('${REPORT_FORMAT}')`
		};
	if ('format' in o && o.version !== 1)
		return {
			error: `${name}: version ${String(o.version)} of the report file is not known (this lab reads version 1)`
		};
	const report = ('format' in o ? o.report : o) as Record<string, unknown> | undefined;
	if (!report || typeof report !== 'object') return { error: `${name}: the file has no report` };
	if ('runs' in report)
		return {
			error: `${name}: a comparison's output (several runs): save or open one report at a time`
		};
	for (const [path, ok] of REQUIRED) {
		const v = path
			.split('.')
			.reduce<unknown>(
				(x, k) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined),
				report
			);
		if (!ok(v))
			return {
				error: `${name}: report.${path} is ${v === undefined ? 'missing' : 'not what a report holds'} (a report of an older version of the lab, or not a checker report)`
			};
	}
	const r = report as unknown as Report;
	return { label: typeof o.label === 'string' && o.label ? o.label : reportLabel(r), report: r };
}
