// The rule template the expansion page's blanks make (RuleTemplates.svelte): what the designer
// chose and typed in the sentence, as one Template of rule-templates.ts, or null while a blank the
// template needs is empty. Numbers are whole and held to each blank's range. Pure.
import type { FeatureKind, MarkKind, Template, TemplateKind } from './rule-templates.ts';
import { TEMPLATE_KINDS } from './template-kinds.ts';
import { outcomeEffects, reachKinds, reaches, stepEnum } from './template-choices.ts';
import type { SurroundedEffect } from './template-surrounded.ts';

/** The blanks of the templates that write a held tile, a coin's toss, a figure's action. */
export interface MoveBlanks {
	/** Tiles each player holds. */
	count: number;
	/** Neutral figures in the general supply. */
	neutral: number;
	where: string;
	endsGame: string;
	/** The held tile counts as a land tile around a monastery. */
	land: boolean;
	at: string;
	heads: string;
	tails: string;
	reach: string;
	moveTo: string[];
	/** A surrounded figure's effect, its strength standing and laid down, whether it joins occupied features. */
	effect: SurroundedEffect;
	standing: number;
	lying: number;
	joins: boolean;
}

/** The move blanks at first: the schema's first value of each choice (a coin: back, then removed). */
export function moveBlanks(): MoveBlanks {
	const effects = outcomeEffects();
	const reach = reaches()[0] ?? '';
	return {
		count: 2,
		neutral: 1,
		where: stepEnum('heldTileStep', 'where')[0] ?? '',
		endsGame: stepEnum('heldTileStep', 'endsGame')[0] ?? '',
		land: true,
		at: stepEnum('randomStep', 'at')[0] ?? '',
		heads: effects[0] ?? '',
		tails: effects[1] ?? effects[0] ?? '',
		reach,
		moveTo: reachKinds(reach),
		effect: 'lie',
		standing: 1,
		lying: 2,
		joins: false
	};
}

/** The sentence's blanks, as the page holds them (each template reads its own). */
export interface Blanks {
	kind: TemplateKind;
	feature: FeatureKind;
	points: number;
	per: 'tile' | 'modifier' | 'city' | 'nothing';
	reach: 'connected' | 'around';
	by: 'any' | 'figures';
	beneathTiles: number;
	ties: 'all' | 'none';
	figureName: string;
	strength: number;
	perPlayer: number;
	stands: FeatureKind[];
	figure: string;
	tokenName: string;
	tokenCount: number;
	returns: boolean;
	/** The piece step's modifier ('': any part of its kind). */
	pieceMark: string;
	pieceWith: 'figure' | 'instead';
	occupies: boolean;
	move: MoveBlanks;
}

const whole = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n) || 0));

/** The template of the blanks; `chosen` the modifier or icon of the "with …" blank, `figures` the expansion's. */
export function templateOf(
	b: Blanks,
	chosen: { name: string; kind: MarkKind } | undefined,
	figures: readonly { id: string; name: string }[]
): Template | null {
	const { kind } = b;
	const spec = TEMPLATE_KINDS.find((k) => k.kind === kind)!;
	const f = spec.features.includes(b.feature) ? b.feature : spec.features[0];
	const n = whole(b.points, 0, 100);
	const fig = { name: b.figureName.trim(), perPlayer: whole(b.perPlayer, 1, 20) };
	if (kind === 'figure' || kind === 'builder' || kind === 'wagon') {
		const on = spec.features.filter((x) => b.stands.includes(x));
		if (!on.length || !fig.name) return null;
		if (kind === 'builder') return { kind, ...fig, features: on as ('road' | 'city')[] };
		if (kind === 'wagon')
			return { kind, ...fig, features: on as ('road' | 'city' | 'monastery')[], reach: b.reach };
		return { kind, ...fig, strength: whole(b.strength, 0, 20), features: on };
	}
	if (kind === 'piece') {
		if (!fig.name) return null;
		const feature = f as 'road' | 'city' | 'monastery' | 'field';
		const with_ = b.pieceWith;
		return { kind, ...fig, feature, modifier: b.pieceMark, with: with_, occupies: b.occupies };
	}
	if (kind === 'second-figure') {
		const on = spec.features.filter((x) => b.stands.includes(x));
		if (!on.length || !fig.name) return null;
		return { kind, ...fig, features: on as ('road' | 'city' | 'monastery' | 'field')[] };
	}
	if (kind === 'held-tile' || kind === 'random' || kind === 'act')
		return moveOf(b, fig, spec.features);
	if (kind === 'surrounded') {
		if (!fig.name) return null;
		const { effect, joins } = b.move;
		const [strength, lying] = [whole(b.move.standing, 0, 20), whole(b.move.lying, 0, 20)];
		const feature = f as 'city' | 'field' | 'road';
		return { kind, ...fig, feature, strength, joinsOccupied: joins, effect, lying };
	}
	if (kind === 'award') {
		const x = figures.find((y) => y.id === b.figure) ?? figures[0];
		const feature = f as 'city' | 'road' | 'monastery';
		return x ? { kind, feature, figure: x.id, name: x.name, points: n } : null;
	}
	if (!chosen) return null;
	const m = chosen.name;
	if (kind === 'token') {
		const name = b.tokenName.trim();
		if (!name) return null;
		const count = whole(b.tokenCount, 1, 100);
		const feature = f as 'road' | 'city';
		return { kind, modifier: m, name, count, feature, points: n, returns: b.returns };
	}
	if (kind === 'send-home') return { kind, name: m, modifier: m };
	if (kind === 'tiebreak') return { kind, modifier: m, by: b.by };
	if (kind === 'beneath') return { kind, modifier: m, tiles: whole(b.beneathTiles, 1, 5) };
	if (kind === 'around')
		return { kind, feature: f as 'monastery' | 'garden', modifier: m, points: n };
	if (kind === 'majority')
		return {
			kind,
			feature: f as 'city' | 'road' | 'monastery',
			modifier: m,
			points: n,
			ties: b.ties
		};
	const base = { feature: f, modifier: m, mark: chosen.kind, points: n };
	// "nothing" and "per completed city" are end-of-game amounts (the latter a field's)
	const per = b.per;
	if (kind === 'completed')
		return { kind, ...base, per: per === 'nothing' || per === 'city' ? 'tile' : per };
	return { kind, ...base, per: per === 'city' && f !== 'field' ? 'tile' : per };
}

/** A held tile's, a coin's or a figure action's template: null while its name (or a feature) is empty. */
function moveOf(
	b: Blanks,
	fig: { name: string; perPlayer: number },
	features: readonly FeatureKind[]
): Template | null {
	const { name } = fig;
	const m = b.move;
	if (!name) return null;
	if (b.kind === 'held-tile')
		return {
			kind: b.kind,
			name,
			count: whole(m.count, 1, 10),
			where: m.where,
			endsGame: m.endsGame,
			land: m.land
		};
	if (b.kind === 'random') {
		const on = features.filter((x) => b.stands.includes(x)) as ('road' | 'city' | 'monastery')[];
		if (!on.length) return null;
		const [heads, tails] = [m.heads, m.tails];
		return {
			kind: b.kind,
			name,
			count: whole(m.neutral, 1, 5),
			features: on,
			at: m.at,
			heads,
			tails
		};
	}
	const moveTo = reachKinds(m.reach).filter((k) => m.moveTo.includes(k));
	if (!moveTo.length) return null;
	return { kind: 'act', name, perPlayer: fig.perPlayer, reach: m.reach, moveTo };
}
