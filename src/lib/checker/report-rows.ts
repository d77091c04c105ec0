// A report's tables as the checker page shows and exports them: the rules cited with their text,
// the seats without their histograms, the violations counted. Pure.
import type { Report } from './report.ts';

/** Every finding counted, over all invariants (only the first few of each are kept with a record). */
export const violationTotal = (r: Report): number =>
	Object.values(r.violationCounts).reduce((a, b) => a + b, 0);

/** The rules events cited, each with how often and its text. */
export const ruleRows = (r: Report): { rule: string; fired: number; text: string }[] =>
	Object.entries(r.stats.rules).map(([rule, fired]) => ({
		rule,
		fired,
		text: r.ruleBook[rule]?.text ?? ''
	}));

/** The seats' table: each seat's statistics without its score histogram (the chart shows that). */
export const seatRows = (r: Report) =>
	r.stats.seats.map(({ seat, player, policy, mean, sd, ci, winShare }) => ({
		seat,
		player,
		policy,
		mean,
		sd,
		ci,
		winShare
	}));

/** A rule's text by id, from the report's rule book. */
export const ruleTextOf =
	(r: Report) =>
	(id: string): string | undefined =>
		r.ruleBook[id]?.text;

/** A share as a percentage with one decimal: 0.1234 → "12.3 %". */
export const percent = (x: number): string => `${Math.round(x * 1000) / 10} %`;
