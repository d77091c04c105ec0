// Scoring of one feature: value (built by the modules' value hooks, base first), majority by
// figure strength, awards, and an event that explains every number.
import { find, featureOf, featureTiles } from './features.ts';
import type { Award, Engine, FeatureValue, FigureRef, ScoreEvent, ValuePart } from './types.ts';
import { mapped, filled } from './arrays.ts';
import { MAX_POINTS } from '../formats/limits.ts';
import { copyCredit, settleCredit, valueCredit } from './credit.ts';

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
	return `${sum} = ${total}${total === MAX_POINTS ? ' (the most one score may be)' : ''}`;
}

/** A score kept within ±MAX_POINTS (formats/limits.ts): no rules, however written, make one infinite. */
export const capScore = (t: number): number =>
	t > MAX_POINTS ? MAX_POINTS : t < -MAX_POINTS ? -MAX_POINTS : t;

export function valueTotal(v: FeatureValue): number {
	if (v.zero) return 0;
	let t = 0;
	for (const p of v.parts) t += p.count * (p.extra ? partPer(p) : p.per);
	t = capScore(t);
	if (v.factors) for (const f of v.factors) t = capScore(t * f.by);
	return t;
}

export function figureRef(engine: Engine, piece: number, strength?: number): FigureRef {
	const state = engine.state;
	const p = state.pieces[piece];
	const b = p.tile;
	const ref: FigureRef = {
		piece,
		figure: p.kind,
		owner: p.owner,
		x: b >= 0 ? state.boardX[b] : 0,
		y: b >= 0 ? state.boardY[b] : 0,
		feature: p.seg >= 0 ? featureOf(engine, p.seg).id : ''
	};
	if (strength !== undefined) ref.strength = strength;
	return ref;
}

/** Rule ids of the figures counted with a strength other than 1 (their type's `strengthRules`). */
export function strengthRules(engine: Engine, refs: FigureRef[]): string[] {
	const out: string[] = [];
	for (const r of refs) {
		if (r.strength === undefined || r.strength === 1) continue;
		for (const id of engine.rules.figures.get(r.figure)?.strengthRules ?? [])
			if (!out.includes(id)) out.push(id);
	}
	return out;
}

export const playerName = (engine: Engine, p: number): string =>
	p < 0 ? 'neutral' : (engine.state.players[p] ?? `player ${p}`);

/** Returns a piece to its owner's supply (or the general supply), detaching it from its feature. */
export function returnPiece(engine: Engine, piece: number, detach = true): void {
	const state = engine.state;
	const p = state.pieces[piece];
	if (p.seg < 0) return;
	if (detach) {
		const root = find(state, p.seg);
		const list = state.featurePieces[root];
		if (list) {
			const i = list.indexOf(piece);
			if (i >= 0) list.splice(i, 1);
			if (list.length === 0) state.featurePieces[root] = null;
		}
	}
	p.seg = -1;
	p.tile = -1;
	for (const h of engine.rules.hooks.pieceLeft) h(engine, piece);
}

export function computeValue(
	engine: Engine,
	root: number,
	mode: FeatureValue['mode']
): FeatureValue {
	const f = featureOf(engine, root);
	const v: FeatureValue = {
		kind: f.kind,
		mode,
		complete: mode === 'complete',
		parts: [],
		zero: null,
		rules: [],
		facts: {}
	};
	for (const h of engine.rules.hooks.value) h(engine, root, v);
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
function judge(engine: Engine, root: number, mode: FeatureValue['mode']): Judgment {
	const state = engine.state;
	const v = computeValue(engine, root, mode);
	const points = valueTotal(v);
	const players = state.players.length;
	const strengths = filled(players + 1, 0);
	const present: boolean[] = []; // pushes, not new Array(n).fill(false): packed (arrays.ts)
	for (let p = 0; p <= players; p++) present.push(false);
	const onFeature = state.featurePieces[root] ?? [];
	const explain = !engine.silent;
	const refs: FigureRef[] = [];
	for (let i = 0; i < onFeature.length; i++) {
		const pc = state.pieces[onFeature[i]];
		const ft = engine.rules.figures.get(pc.kind);
		const st = ft ? ft.strength(engine, onFeature[i], root) : 0;
		const slot = pc.owner < 0 ? players : pc.owner;
		strengths[slot] += st;
		if (ft?.follower) present[slot] = true;
		if (explain) refs.push(figureRef(engine, onFeature[i], st));
	}
	let max = 0;
	for (let p = 0; p <= players; p++) if (strengths[p] > max) max = strengths[p];
	// the rules as they stand before the majority and award hooks run
	const rules = explain ? ['BASE-1.6.1', ...strengthRules(engine, refs), ...v.rules] : [];
	const winners = winnersOf(engine, root, v, strengths, max);
	const arith = engine.quiet ? '' : arithmetic(v, points);
	// each point's rule, for an explaining engine: the value's terms, then what the awards hooks add
	const credit = explain ? valueCredit(v) : null;
	const awards: Award[] = mapped(winners, (p) => ({
		player: p,
		points,
		arithmetic: arith,
		rules: v.rules,
		credit: credit ? copyCredit(credit) : undefined
	}));
	for (const h of engine.rules.hooks.awards) h(engine, root, v, winners, awards);
	if (explain) for (const a of awards) settleCredit(a);
	return { v, points, strengths, present, refs, max, winners, rules, arith, awards };
}

/** judge's strengths (each player's on the feature at `root`, the last slot neutral figures'), without what explains them; returns the greatest. */
function strengthsOf(engine: Engine, root: number, strengths: number[]): number {
	const state = engine.state;
	const players = state.players.length;
	const onFeature = state.featurePieces[root];
	if (onFeature)
		for (let i = 0; i < onFeature.length; i++) {
			const pc = state.pieces[onFeature[i]];
			const ft = engine.rules.figures.get(pc.kind);
			strengths[pc.owner < 0 ? players : pc.owner] += ft
				? ft.strength(engine, onFeature[i], root)
				: 0;
		}
	let max = 0;
	for (let p = 0; p <= players; p++) if (strengths[p] > max) max = strengths[p];
	return max;
}

/** The players of the greatest strength `max` (none when it is 0), as the modules' winners hooks decide. */
function winnersOf(
	engine: Engine,
	root: number,
	v: FeatureValue,
	strengths: number[],
	max: number
): number[] {
	let winners: number[] = [];
	const players = engine.state.players.length;
	if (max > 0) for (let p = 0; p < players; p++) if (strengths[p] === max) winners.push(p);
	for (const h of engine.rules.hooks.winners) {
		const w = h(engine, root, strengths, winners, v);
		if (w) winners = w;
	}
	return winners;
}

/**
 * judge's awards added to `into` where no module has an awards hook (each winner gets the value):
 * the same sums, without the judgment, the award objects or what only an explanation reads.
 */
function plainAwards(
	engine: Engine,
	root: number,
	mode: FeatureValue['mode'],
	into: number[]
): void {
	const v = computeValue(engine, root, mode);
	const points = valueTotal(v);
	const strengths = filled(engine.state.players.length + 1, 0);
	const max = strengthsOf(engine, root, strengths);
	const winners = winnersOf(engine, root, v, strengths, max);
	for (let i = 0; i < winners.length; i++) into[winners[i]] += points;
}

/** Does piece `pc` stay on its feature when the feature is scored (its figure type's staysAfterScoring)? */
export function staysAfterScoring(engine: Engine, pc: number): boolean {
	const stays = engine.rules.figures.get(engine.state.pieces[pc].kind)?.staysAfterScoring;
	return stays === true || (typeof stays === 'function' && stays(engine, pc));
}

/**
 * What scoring the feature at `root` in `mode` would pay: each award added to `into` (points by
 * player), each piece that would go back to supply pushed to `returned`. The state keeps its scores
 * and pieces and no `scored` hook runs (the modules' winners and awards hooks do, as when it is scored).
 */
export function awardsOf(
	engine: Engine,
	root: number,
	mode: FeatureValue['mode'],
	into: number[],
	returned: number[]
): void {
	if (engine.rules.hooks.awards.length === 0) plainAwards(engine, root, mode, into);
	else {
		const j = judge(engine, root, mode);
		for (const a of j.awards) into[a.player] += a.points;
	}
	const list = engine.state.featurePieces[root];
	if (list)
		for (let i = 0; i < list.length; i++)
			if (!staysAfterScoring(engine, list[i])) returned.push(list[i]);
}

/**
 * Scores the feature at `root`: value, majority, awards, event; then its pieces go back to supply.
 * The event is pushed to engine.events; a silent engine builds none unless a module's `scored` hook reads it.
 */
export function scoreFeature(engine: Engine, root: number, mode: FeatureValue['mode']): void {
	const state = engine.state;
	const hooks = engine.rules.hooks;
	if (engine.silent && hooks.awards.length === 0 && hooks.scored.length === 0) {
		// nobody reads an event or changes an award (a bot's trial, a replay): paid, pieces returned
		plainAwards(engine, root, mode, state.scores);
		returnPieces(engine, root, null, null);
		return;
	}
	const { v, points, strengths, present, refs, max, winners, rules, arith, awards } = judge(
		engine,
		root,
		mode
	);
	for (const a of awards) state.scores[a.player] += a.points;
	const explain = !engine.silent;
	const ev = explain
		? scoreEvent(
				engine,
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
	if (!explain && engine.rules.hooks.scored.length) {
		const bare = bareEvent(engine, root, v, mode, winners, points, arith, awards);
		for (const h of engine.rules.hooks.scored) h(engine, root, bare);
	}
	returnPieces(engine, root, ev, refs);
}

/** Every figure in the scored feature returns, winners or not (BASE-1.6.4), but those that stay; each in the event's `returned`. */
function returnPieces(
	engine: Engine,
	root: number,
	ev: ScoreEvent | null,
	refs: FigureRef[] | null
): void {
	const state = engine.state;
	const list = state.featurePieces[root];
	if (!list) return;
	state.featurePieces[root] = null;
	for (let i = 0; i < list.length; i++) {
		const pc = list[i];
		if (staysAfterScoring(engine, pc)) {
			(state.featurePieces[root] ??= []).push(pc);
			continue;
		}
		if (ev && refs) ev.returned.push(refs[i]);
		returnPiece(engine, pc, false);
	}
}

/** The score event of an explaining engine: every number explained (pushed to engine.events; the `scored` hooks see it). */
function scoreEvent(
	engine: Engine,
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
	const state = engine.state;
	const players = state.players.length;
	let why = '';
	const strengthRecord: Record<string, number> = {};
	for (let p = 0; p <= players; p++)
		if (strengths[p] > 0 || present[p])
			strengthRecord[p === players ? 'neutral' : String(p)] = strengths[p];
	const tiles = featureTiles(state, root);
	if (!engine.quiet) {
		if (v.won) why = v.won;
		else if (refs.length === 0) why = 'no figures: nobody scores';
		else if (winners.length === 0)
			why = max === 0 ? 'no figure with strength above 0' : 'the majority scores nothing';
		else if (max === 0) {
			// only a module's rule gives winners without strength (a wins rule says why itself)
			const names = winners.map((p) => playerName(engine, p)).join(' and ');
			why = `nobody has strength above 0, yet ${names} score${winners.length > 1 ? '' : 's'}`;
		} else {
			const others = Object.entries(strengthRecord)
				.filter(([k]) => !winners.includes(Number(k)))
				.map(([k, n]) => `${k === 'neutral' ? 'neutral' : playerName(engine, Number(k))} ${n}`);
			why = `${winners.map((p) => playerName(engine, p)).join(' and ')} ${winners.length > 1 ? 'tie for' : 'holds'} the majority with strength ${max}${others.length ? ` against ${others.join(', ')}` : ''}`;
		}
	}
	// the rules of the scoring and of each award, each once
	for (const a of awards) for (const r of a.rules) if (!rules.includes(r)) rules.push(r);
	const ev = bareEvent(engine, root, v, mode, winners, points, arith, awards);
	ev.feature.tiles = mapped(tiles, (b) => ({ x: state.boardX[b], y: state.boardY[b] }));
	Object.assign(ev.feature, v.facts);
	ev.figures = refs;
	ev.strengths = strengthRecord;
	ev.why = why;
	ev.rules = dedupe(rules);
	if (!engine.quiet) {
		const what = `${v.kind} of ${tiles.length} ${plural(tiles.length, 'tile')} at (${ev.feature.at.x},${ev.feature.at.y})`;
		const head =
			mode === 'final'
				? `Final scoring: ${what}`
				: mode === 'abbot'
					? `Abbot taken back: ${what}`
					: `Completed ${what}`;
		const gains = awards
			.map((a) => `${playerName(engine, a.player)} +${a.points} (${a.arithmetic})`)
			.join('; ');
		ev.text = `${head}: ${why}${gains ? ` → ${gains}` : ''}.`;
	}
	engine.events.push(ev);
	for (const h of engine.rules.hooks.scored) h(engine, root, ev);
	return ev;
}

/**
 * The score event without what only an explanation needs (figures, strengths, tiles, rules, text):
 * what a silent engine's `scored` hooks see (they may change the state: tokens collected,
 * messengers waiting to ride), and what scoreEvent fills in.
 */
function bareEvent(
	engine: Engine,
	root: number,
	v: FeatureValue,
	mode: FeatureValue['mode'],
	winners: number[],
	points: number,
	arith: string,
	awards: Award[]
): ScoreEvent {
	const state = engine.state;
	return {
		type: 'score',
		final: mode === 'final',
		mode,
		feature: {
			kind: v.kind,
			at: {
				x: state.boardX[state.segmentTile[root]],
				y: state.boardY[state.segmentTile[root]],
				feature: featureOf(engine, root).id
			},
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
