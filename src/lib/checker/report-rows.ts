// A report's tables as the checker page shows and exports them: the rules cited with their text,
// the seats without their histograms, the violations counted. Pure.
import type { Interval, Report } from './report.ts';

/** Every finding counted, over all invariants (only the first few of each are kept with a record). */
export const violationTotal = (r: Report): number =>
	Object.values(r.violationCounts).reduce((a, b) => a + b, 0);

/**
 * The text of a ruling cited by id: what it decides and (newer reports) the option in force in the
 * run — also where a rule plays it under the same id (Messengers & Mayors' MM-R1, a wins rule) — or
 * of a rule; '' for an id neither book holds.
 */
export function citedText(r: Report, id: string): string {
	const ruling = r.rulingBook.find((x) => x.id === id);
	if (ruling)
		return `Ruling: ${ruling.description}${ruling.optionText ? ` In this run: ${ruling.optionText}.` : ''}`;
	return r.ruleBook[id]?.text ?? '';
}

/** The rules events cited, each with how often, the points its terms gave (newer reports) and its text. */
export const ruleRows = (
	r: Report
): { rule: string; fired: number; points: number | undefined; text: string }[] =>
	Object.entries(r.stats.rules).map(([rule, fired]) => ({
		rule,
		fired,
		points: r.stats.rulePoints ? (r.stats.rulePoints[rule] ?? 0) : undefined,
		text: citedText(r, rule)
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
		citedText(r, id) || undefined;

/** A share as a percentage with one decimal: 0.1234 → "12.3 %". */
export const percent = (x: number): string => `${Math.round(x * 1000) / 10} %`;

/**
 * The per-expansion table: the points each expansion's rules gave (credited by rule), its share and a
 * game's points with the interval, beside the points on its tiles. A report saved before points were
 * credited by rule has only the last (the others undefined).
 */
export function creditRows(r: Report): {
	expansion: string;
	name: string;
	points?: number;
	share?: number;
	perGame?: Interval;
	tilePoints?: number;
}[] {
	const tiles = new Map(r.stats.expansions.map((e) => [e.expansion, e.points]));
	const rows: ReturnType<typeof creditRows> = (r.stats.credit ?? []).map((c) => ({
		expansion: c.expansion,
		name: c.name,
		points: c.points,
		share: c.share,
		perGame: c.perGame,
		tilePoints: tiles.get(c.expansion)
	}));
	for (const e of r.stats.expansions)
		if (!rows.some((x) => x.expansion === e.expansion))
			rows.push({ expansion: e.expansion, name: e.expansion, tilePoints: e.points });
	return rows;
}

/** The rules by which tiles were placed without a draw in the run (the start tile's, a town hall's), each once. */
export const undrawnRules = (r: Report): string[] =>
	[...new Set(r.stats.tiles.flatMap((t) => Object.keys(t.placedWithoutDraw ?? {})))].sort();
