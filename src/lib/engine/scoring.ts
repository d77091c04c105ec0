// Scoring of one feature: value (built by the modules' value hooks, base first), majority by
// figure strength, awards, and an event that explains every number.
import { find, featureOf, featureTiles } from './features.ts';
import type { Award, Engine, FeatureValue, FigureRef, ScoreEvent, ValuePart } from './types.ts';
import { mapped, filled } from './arrays.ts';

const plural = (n: number, w: string) =>
	n === 1 ? w : w.endsWith('y') ? w.slice(0, -1) + 'ies' : w + 's';

/** A part's points per counted thing, data rules' bonuses included. */
export function partPer(p: ValuePart): number {
	let per = p.per;
	if (p.extra) for (const e of p.extra) per += e.per;
	return per;
}

/** `2`, or with data rules' bonuses `2 + 1 wine` (`more`: further terms such as `1 pig`). */
export function perTerms(p: ValuePart, more: string[] = []): string {
	return [String(p.per), ...(p.extra ?? []).map((e) => `${e.per} ${e.label}`), ...more].join(' + ');
}

/** `3 tiles × 2 + 1 pennant × 2 = 8`; with data rules' bonuses `2 tiles × (2 + 1 wine) = 6` and factors `(…) × 2 festival`. */
export function arithmetic(v: FeatureValue, total: number): string {
	if (v.zero) return `0 (${v.zero})`;
	const per = (p: ValuePart) => (p.extra?.length ? `(${perTerms(p)})` : String(p.per));
	const terms = v.parts
		.filter((p) => p.count !== 0 || v.parts.length === 1)
		.map((p) => `${p.count} ${plural(p.count, p.label)} × ${per(p)}`);
	let sum = terms.join(' + ') || '0';
	if (v.factors?.length)
		sum = `${terms.length > 1 ? `(${sum})` : sum}${v.factors.map((f) => ` × ${f.by} ${f.label}`).join('')}`;
	return `${sum} = ${total}`;
}

export function valueTotal(v: FeatureValue): number {
	if (v.zero) return 0;
	let t = 0;
	for (const p of v.parts) t += p.count * (p.extra ? partPer(p) : p.per);
	if (v.factors) for (const f of v.factors) t *= f.by;
	return t;
}

export function figureRef(g: Engine, piece: number, strength?: number): FigureRef {
	const s = g.s;
	const p = s.pieces[piece];
	const b = p.tile;
	const ref: FigureRef = {
		piece,
		figure: p.kind,
		owner: p.owner,
		x: b >= 0 ? s.bx[b] : 0,
		y: b >= 0 ? s.by[b] : 0,
		feature: p.seg >= 0 ? featureOf(g, p.seg).id : ''
	};
	if (strength !== undefined) ref.strength = strength;
	return ref;
}

/** Rule ids of the figures counted with a strength other than 1 (their type's `strengthRules`). */
export function strengthRules(g: Engine, refs: FigureRef[]): string[] {
	const out: string[] = [];
	for (const r of refs) {
		if (r.strength === undefined || r.strength === 1) continue;
		for (const id of g.c.figures.get(r.figure)?.strengthRules ?? [])
			if (!out.includes(id)) out.push(id);
	}
	return out;
}

export const playerName = (g: Engine, p: number): string =>
	p < 0 ? 'neutral' : (g.s.players[p] ?? `player ${p}`);

/** Returns a piece to its owner's supply (or the general supply), detaching it from its feature. */
export function returnPiece(g: Engine, piece: number, detach = true): void {
	const s = g.s;
	const p = s.pieces[piece];
	if (p.seg < 0) return;
	if (detach) {
		const root = find(s, p.seg);
		const list = s.figs[root];
		if (list) {
			const i = list.indexOf(piece);
			if (i >= 0) list.splice(i, 1);
			if (list.length === 0) s.figs[root] = null;
		}
	}
	p.seg = -1;
	p.tile = -1;
	for (const h of g.c.hooks.pieceLeft) h(g, piece);
}

export function computeValue(g: Engine, root: number, mode: FeatureValue['mode']): FeatureValue {
	const f = featureOf(g, root);
	const v: FeatureValue = {
		kind: f.kind,
		mode,
		complete: mode === 'complete',
		parts: [],
		zero: null,
		rules: [],
		facts: {}
	};
	for (const h of g.c.hooks.value) h(g, root, v);
	return v;
}

/** What scoring the feature at `root` decides: its value, the strengths, the winners and their awards. */
interface Judgment {
	v: FeatureValue;
	points: number;
	strengths: number[];
	present: boolean[];
	refs: FigureRef[];
	max: number;
	winners: number[];
	rules: string[];
	arith: string;
	awards: Award[];
}

/** The value, majority and awards of the feature at `root` (the modules' value, winners and awards hooks run); nothing is paid yet. */
function judge(g: Engine, root: number, mode: FeatureValue['mode']): Judgment {
	const s = g.s;
	const v = computeValue(g, root, mode);
	const points = valueTotal(v);
	const players = s.players.length;
	const strengths = filled(players + 1, 0);
	const present: boolean[] = []; // pushes, not new Array(n).fill(false): packed (arrays.ts)
	for (let p = 0; p <= players; p++) present.push(false);
	const figs = s.figs[root] ?? [];
	const explain = !g.silent;
	const refs: FigureRef[] = [];
	for (let i = 0; i < figs.length; i++) {
		const pc = s.pieces[figs[i]];
		const ft = g.c.figures.get(pc.kind);
		const st = ft ? ft.strength(g, figs[i], root) : 0;
		const slot = pc.owner < 0 ? players : pc.owner;
		strengths[slot] += st;
		if (ft?.follower) present[slot] = true;
		if (explain) refs.push(figureRef(g, figs[i], st));
	}
	let max = 0;
	for (let p = 0; p <= players; p++) if (strengths[p] > max) max = strengths[p];
	let winners: number[] = [];
	if (max > 0) for (let p = 0; p < players; p++) if (strengths[p] === max) winners.push(p);
	// the rules as they stand before the majority and award hooks run
	const rules = explain ? ['BASE-1.6.1', ...strengthRules(g, refs), ...v.rules] : [];
	for (const h of g.c.hooks.winners) {
		const w = h(g, root, strengths, winners, v);
		if (w) winners = w;
	}
	const arith = g.quiet ? '' : arithmetic(v, points);
	const awards: Award[] = mapped(winners, (p) => ({
		player: p,
		points,
		arithmetic: arith,
		rules: v.rules
	}));
	for (const h of g.c.hooks.awards) h(g, root, v, winners, awards);
	return { v, points, strengths, present, refs, max, winners, rules, arith, awards };
}

/** Does piece `pc` stay on its feature when the feature is scored (its figure type's staysAfterScoring)? */
export function staysAfterScoring(g: Engine, pc: number): boolean {
	const stays = g.c.figures.get(g.s.pieces[pc].kind)?.staysAfterScoring;
	return stays === true || (typeof stays === 'function' && stays(g, pc));
}

/**
 * What scoring the feature at `root` in `mode` would pay: each award added to `into` (points by
 * player), each piece that would go back to supply pushed to `returned`. The state keeps its scores
 * and pieces and no `scored` hook runs (the modules' winners and awards hooks do, as when it is scored).
 */
export function awardsOf(
	g: Engine,
	root: number,
	mode: FeatureValue['mode'],
	into: number[],
	returned: number[]
): void {
	const j = judge(g, root, mode);
	for (const a of j.awards) into[a.player] += a.points;
	const list = g.s.figs[root];
	if (list)
		for (let i = 0; i < list.length; i++)
			if (!staysAfterScoring(g, list[i])) returned.push(list[i]);
}

/**
 * Scores the feature at `root`: value, majority, awards, event; then its pieces go back to supply.
 * The event is pushed to g.events; a silent engine builds none unless a module's `scored` hook reads it.
 */
export function scoreFeature(g: Engine, root: number, mode: FeatureValue['mode']): void {
	const s = g.s;
	const { v, points, strengths, present, refs, max, winners, rules, arith, awards } = judge(
		g,
		root,
		mode
	);
	for (const a of awards) s.scores[a.player] += a.points;
	const explain = !g.silent;
	const ev = explain
		? scoreEvent(
				g,
				root,
				v,
				mode,
				rules,
				refs,
				strengths,
				present,
				max,
				winners,
				points,
				arith,
				awards
			)
		: null;
	if (!explain && g.c.hooks.scored.length) {
		const bare = bareEvent(g, root, v, mode, winners, points, arith, awards);
		for (const h of g.c.hooks.scored) h(g, root, bare);
	}
	// every figure in the scored feature returns, winners or not (BASE-1.6.4)
	const list = s.figs[root];
	if (list) {
		s.figs[root] = null;
		for (let i = 0; i < list.length; i++) {
			const pc = list[i];
			if (staysAfterScoring(g, pc)) {
				(s.figs[root] ??= []).push(pc);
				continue;
			}
			if (ev) ev.returned.push(refs[i]);
			returnPiece(g, pc, false);
		}
	}
}

/** The score event of an explaining engine: every number explained (pushed to g.events; the `scored` hooks see it). */
function scoreEvent(
	g: Engine,
	root: number,
	v: FeatureValue,
	mode: FeatureValue['mode'],
	rules: string[],
	refs: FigureRef[],
	strengths: number[],
	present: boolean[],
	max: number,
	winners: number[],
	points: number,
	arith: string,
	awards: Award[]
): ScoreEvent {
	const s = g.s;
	const players = s.players.length;
	let why = '';
	const strengthRecord: Record<string, number> = {};
	for (let p = 0; p <= players; p++)
		if (strengths[p] > 0 || present[p])
			strengthRecord[p === players ? 'neutral' : String(p)] = strengths[p];
	const tiles = featureTiles(s, root);
	if (!g.quiet) {
		if (refs.length === 0) why = 'no figures: nobody scores';
		else if (winners.length === 0)
			why = max === 0 ? 'no figure with strength above 0' : 'the majority scores nothing';
		else if (max === 0) {
			// only a module's rule gives winners without strength (MM-R1, a stable's owners)
			const names = winners.map((p) => playerName(g, p)).join(' and ');
			why = rules.includes('MM-R1')
				? `nobody has strength above 0: by ruling MM-R1 every player with a follower there scores (${names})`
				: `nobody has strength above 0, yet ${names} score${winners.length > 1 ? '' : 's'}`;
		} else {
			const others = Object.entries(strengthRecord)
				.filter(([k]) => !winners.includes(Number(k)))
				.map(([k, n]) => `${k === 'neutral' ? 'neutral' : playerName(g, Number(k))} ${n}`);
			why = `${winners.map((p) => playerName(g, p)).join(' and ')} ${winners.length > 1 ? 'tie for' : 'holds'} the majority with strength ${max}${others.length ? ` against ${others.join(', ')}` : ''}`;
		}
	}
	// the rules of the scoring and of each award, each once
	for (const a of awards) for (const r of a.rules) if (!rules.includes(r)) rules.push(r);
	const ev = bareEvent(g, root, v, mode, winners, points, arith, awards);
	ev.feature.tiles = mapped(tiles, (b) => ({ x: s.bx[b], y: s.by[b] }));
	Object.assign(ev.feature, v.facts);
	ev.figures = refs;
	ev.strengths = strengthRecord;
	ev.why = why;
	ev.rules = dedupe(rules);
	if (!g.quiet) {
		const what = `${v.kind} of ${tiles.length} ${plural(tiles.length, 'tile')} at (${ev.feature.at.x},${ev.feature.at.y})`;
		const head =
			mode === 'final'
				? `Final scoring: ${what}`
				: mode === 'abbot'
					? `Abbot taken back: ${what}`
					: `Completed ${what}`;
		const gains = awards
			.map((a) => `${playerName(g, a.player)} +${a.points} (${a.arithmetic})`)
			.join('; ');
		ev.text = `${head}: ${why}${gains ? ` → ${gains}` : ''}.`;
	}
	g.events.push(ev);
	for (const h of g.c.hooks.scored) h(g, root, ev);
	return ev;
}

/**
 * The score event without what only an explanation needs (figures, strengths, tiles, rules, text):
 * what a silent engine's `scored` hooks see (they may change the state: tokens collected,
 * messengers waiting to ride), and what scoreEvent fills in.
 */
function bareEvent(
	g: Engine,
	root: number,
	v: FeatureValue,
	mode: FeatureValue['mode'],
	winners: number[],
	points: number,
	arith: string,
	awards: Award[]
): ScoreEvent {
	const s = g.s;
	return {
		type: 'score',
		final: mode === 'final',
		mode,
		feature: {
			kind: v.kind,
			at: { x: s.bx[s.st[root]], y: s.by[s.st[root]], feature: featureOf(g, root).id },
			tiles: [],
			complete: v.complete
		},
		figures: [],
		strengths: {},
		winners,
		why: '',
		points,
		arithmetic: arith,
		awards,
		returned: [],
		rules: []
	};
}

/** The ids in order of first appearance. */
function dedupe(ids: string[]): string[] {
	const out: string[] = [];
	for (const id of ids) if (!out.includes(id)) out.push(id);
	return out;
}
