// Who gave each point: the terms of a score, each credited to the rule that produced it — a city's 2
// a tile to base's rule, its +1 a tile from a note token to the value rule that adds it, the +1 a tile an inn's rule
// sets on top of a road's 1 to IC-2.4, the points a rule's zero took away to that rule (negative).
// An award's terms sum to its points; events' points outside a feature's scoring (the fairy's turn
// point, a majority of tokens) go to their first rule. Which expansion a rule belongs to: rule-sources.ts.
import type { Award, Credit, FeatureValue, GameEvent, ValuePart } from './types.ts';

/** Adds `points` for `rule` to a list of terms (one term per rule; nothing for 0). */
export function addCredit(out: Credit[], rule: string, points: number): void {
	if (points === 0) return;
	for (let i = 0; i < out.length; i++)
		if (out[i].rule === rule) {
			out[i].points += points;
			return;
		}
	out.push({ rule, points });
}

/** The sum of a list of terms. */
export function creditSum(terms: readonly Credit[]): number {
	let t = 0;
	for (let i = 0; i < terms.length; i++) t += terms[i].points;
	return t;
}

/** A copy of a list of terms (each award's own). */
export function copyCredit(terms: readonly Credit[]): Credit[] {
	const out: Credit[] = [];
	for (let i = 0; i < terms.length; i++) out.push({ rule: terms[i].rule, points: terms[i].points });
	return out;
}

/** Sets a part's points per counted thing by `rule`: the change is that rule's, the rest stays its giver's. */
export function setPer(p: ValuePart, per: number, rule: string): void {
	addCredit((p.shifts ??= []), rule, per - p.per);
	p.per = per;
}

/** The terms of `count` of a part's things: its giver's points per thing, each setter's change, each bonus. */
export function partCredit(p: ValuePart, count: number, fallback: string, out: Credit[]): void {
	let own = p.per;
	if (p.shifts)
		for (const s of p.shifts) {
			own -= s.points;
			addCredit(out, s.rule, count * s.points);
		}
	addCredit(out, p.rule ?? fallback, count * own);
	if (p.extra) for (const e of p.extra) addCredit(out, e.rule ?? fallback, count * e.per);
}

/** The terms of a feature's value (valueTotal in scoring.ts is their sum): parts, then factors, then a zero. */
export function valueCredit(v: FeatureValue): Credit[] {
	const out: Credit[] = [];
	const fallback = v.rules[0] ?? 'BASE-1.6';
	for (const p of v.parts) partCredit(p, p.count, fallback, out);
	if (v.factors) {
		// each factor's rule gets what it adds to the value before it
		let t = creditSum(out);
		for (const f of v.factors) {
			addCredit(out, f.rule ?? fallback, t * (f.by - 1));
			t *= f.by;
		}
	}
	if (v.zero) addCredit(out, v.zeroRule ?? fallback, -creditSum(out));
	return out;
}

/**
 * The terms of an award of `points` paid per figure: n × its points to the rule that set them, n ×
 * each bonus to its rule (what a cap on a score took off, to the first); none when made 0.
 */
export function figureCredit(
	n: number,
	b: { points: number; pointsRule: string; bonuses: { per: number; rule: string }[] },
	points: number
): Credit[] {
	const out: Credit[] = [];
	if (points === 0) return out;
	addCredit(out, b.pointsRule, n * b.points);
	for (const x of b.bonuses) addCredit(out, x.rule, n * x.per);
	addCredit(out, b.pointsRule, points - creditSum(out));
	return out;
}

/** Adds `points` by `rule` to an award: to its points and, when it is credited, to its terms. */
export function awardMore(a: Award, rule: string, points: number): void {
	a.points += points;
	if (a.credit) addCredit(a.credit, rule, points);
}

/** Makes an award's terms sum to its points: what no term explains goes to its last rule. */
export function settleCredit(a: Award): void {
	if (!a.credit) return;
	const rest = a.points - creditSum(a.credit);
	if (rest !== 0) addCredit(a.credit, a.rules[a.rules.length - 1] ?? 'BASE-1.6.1', rest);
}

/**
 * Every point an event gives, term by term: `each(player, rule, points)`. Awards (feature scorings,
 * flocks, majorities) by their terms, or whole to their first rule; an event's own points (the
 * fairy's, a token's) to its first rule.
 */
export function eventCredit(
	e: GameEvent,
	each: (player: number, rule: string, points: number) => void
): void {
	const awards = e.awards as Award[] | undefined;
	if (Array.isArray(awards)) {
		for (const a of awards) {
			if (a.credit) for (const c of a.credit) each(a.player, c.rule, c.points);
			else if (a.points) each(a.player, a.rules[0] ?? e.rules[0] ?? '', a.points);
		}
	} else if (typeof e.points === 'number' && typeof e.player === 'number' && e.points)
		each(e.player, e.rules[0] ?? '', e.points);
}
