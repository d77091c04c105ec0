// Rules in the designer's words: each template is a sentence with blanks that writes data rules
// (docs/rules-as-data.md) — one per rule type of dataRules that a designer writes alone; a worked
// example the engine computes on a tiny board comes from rule-examples.ts, the sandbox address that
// shows the rule firing from here. Pure: the page only shows these.
import type { DataRule, Expansion, Tile } from '../formats/schema-types.ts';
import { tileMarks, type MarkKind } from './unscored.ts';
import {
	figureId,
	isMove,
	moveRules,
	moveTexts,
	withMove,
	type MoveTemplate
} from './template-moves.ts';
export { figureId } from './template-moves.ts';
import { actFrom } from './template-act.ts';
export type { TokenStepTemplate } from './template-token.ts';
export type { PieceStepTemplate } from './template-piece.ts';
export type { HeldTileTemplate } from './template-held-tile.ts';
export type { RandomStepTemplate } from './template-random.ts';
export type { ActStepTemplate } from './template-act.ts';
export {
	unscoredNames,
	unscoredOnTile,
	unscoredWords,
	type MarkKind,
	type Unscored
} from './unscored.ts';

export type FeatureKind = 'city' | 'road' | 'monastery' | 'garden' | 'field';

/** "A completed ⟨feature⟩ with ⟨modifier / icon⟩ scores +N per tile / per ⟨modifier⟩." */
export interface CompletedBonus {
	kind: 'completed';
	feature: FeatureKind;
	modifier: string;
	mark?: MarkKind;
	points: number;
	per: 'tile' | 'modifier';
}
/** "At the end, an incomplete ⟨feature⟩ with ⟨modifier / icon⟩ scores +N per tile / per ⟨modifier⟩, or nothing." */
export interface FinalIncomplete {
	kind: 'final';
	feature: FeatureKind;
	modifier: string;
	mark?: MarkKind;
	points: number;
	/** `city`: per completed city beside a field (as the pig herd). */
	per: 'tile' | 'modifier' | 'city' | 'nothing';
}
/** "A ⟨monastery / garden⟩ completed next to ⟨icon⟩ tiles scores +N for each." */
export interface AroundIcon {
	kind: 'around';
	feature: 'monastery' | 'garden';
	modifier: string;
	points: number;
}
/** "The player who completes a ⟨feature⟩ takes its ⟨modifier⟩; at the end the most ⟨modifier⟩ scores N (ties: all / none)." */
export interface TokenMajority {
	kind: 'majority';
	feature: 'city' | 'road' | 'monastery';
	modifier: string;
	points: number;
	ties: 'all' | 'none';
}
/** "A ⟨name⟩ of strength N that may stand on ⟨features⟩" (each player has `perPlayer`). */
export interface FigureOfStrength {
	kind: 'figure';
	name: string;
	strength: number;
	features: FeatureKind[];
	perPlayer: number;
}
/** "When a ⟨feature⟩ is completed, each ⟨figure⟩ on it scores N for its owner" (a figure of the expansion). */
export interface FigureAward {
	kind: 'award';
	feature: 'city' | 'road' | 'monastery';
	/** The figure's id (of the expansion's figures). */
	figure: string;
	/** Its name, in the sentence. */
	name: string;
	points: number;
}
/** "A ⟨name⟩ joins its owner's follower on a ⟨road / city⟩; a tile that extends it gives another turn" (the builder). */
export interface ExtraTurnFigure {
	kind: 'builder';
	name: string;
	features: ('road' | 'city')[];
	perPlayer: number;
}
/** "A ⟨name⟩ on a ⟨features⟩ that, when its feature scores, may move on to an open one within reach" (the wagon). */
export interface MoveOnFigure {
	kind: 'wagon';
	name: string;
	features: ('road' | 'city' | 'monastery')[];
	/** What is within reach: what the scored feature leads to, or every feature on its tile and the 8 around. */
	reach: 'connected' | 'around';
	perPlayer: number;
}
/** "Players tied for a majority: those with followers on ⟨icon⟩ tiles score" (hills). */
export interface Tiebreak {
	kind: 'tiebreak';
	modifier: string;
	by: 'any' | 'figures';
}
/** "A ⟨icon⟩ tile, once placed, takes N tiles of the pile face down beneath it" (hills). */
export interface Beneath {
	kind: 'beneath';
	modifier: string;
	tiles: number;
}
export type Template =
	| CompletedBonus
	| FigureAward
	| FinalIncomplete
	| AroundIcon
	| TokenMajority
	| FigureOfStrength
	| ExtraTurnFigure
	| MoveOnFigure
	| Tiebreak
	| Beneath
	| MoveTemplate;
export type TemplateKind = Template['kind'];

const pts = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;
/** "a port" on a feature, "harbour tiles" for an icon. */
const withWords = (t: { modifier: string; mark?: MarkKind }) =>
	t.mark === 'icon' ? `${t.modifier} tiles` : `a ${t.modifier}`;
const perWords = (t: { modifier: string; mark?: MarkKind; per: string }) =>
	t.per === 'tile'
		? 'per tile'
		: t.per === 'city'
			? 'per completed city'
			: t.mark === 'icon'
				? `per ${t.modifier} tile`
				: `per ${t.modifier}`;

/** The template's sentence, as the rule's text. */
export function sentence(t: Template): string {
	switch (t.kind) {
		case 'completed':
			return `A completed ${t.feature} with ${withWords(t)} scores ${pts(t.points)} more ${perWords(t)}.`;
		case 'final': {
			const what = `At the end, ${t.feature === 'field' ? 'a' : 'an incomplete'} ${t.feature} with ${withWords(t)}`;
			return t.per === 'nothing'
				? `${what} scores nothing.`
				: `${what} scores ${pts(t.points)} more ${perWords(t)}.`;
		}
		case 'around':
			return `A ${t.feature} completed next to ${t.modifier} tiles scores ${pts(t.points)} more for each ${t.modifier} tile among the 8 around it.`;
		case 'majority':
			return `The player who completes a ${t.feature} takes its ${t.modifier}; at the end, the player with the most ${t.modifier} scores ${pts(t.points)}${t.ties === 'all' ? ' (tied players all score)' : ' (a tie scores nothing)'}.`;
		case 'award':
			return `When a ${t.feature} is completed, each ${t.name} on it scores ${pts(t.points)} for its owner.`;
		case 'figure':
			return `A ${t.name} has strength ${t.strength} in a feature's majority and may stand on ${listWords(t.features)}.`;
		case 'builder':
		case 'wagon':
			return figureTexts(t).join(' ');
		case 'tiebreak':
			return `When players tie for a feature's majority, ${t.by === 'any' ? `those of them with a follower there on a ${t.modifier} tile score it` : `those of them with the most followers there on ${t.modifier} tiles score it`}; the others score nothing.`;
		case 'beneath':
			return `When a ${t.modifier} tile is placed, ${t.tiles === 1 ? 'a tile of the pile goes' : `${t.tiles} tiles of the pile go`} face down beneath it, out of the game.`;
		default:
			return moveTexts(t).join(' ');
	}
}
/** A figure template's two rules: where it goes, and what it does (another turn, moving on). */
function figureTexts(t: ExtraTurnFigure | MoveOnFigure): [string, string] {
	const on = listWords(t.features);
	if (t.kind === 'builder')
		return [
			`Instead of a follower, a player may put their ${t.name} on a ${on} of the tile just placed where they already have a follower (not a completed one); it scores nothing and returns when its feature scores.`,
			`When a player's tile extends the ${on} holding their ${t.name}, they take another turn after this one; a turn so gained gives no further one.`
		];
	return [
		`A ${t.name} is a follower that stands on a ${on}.`,
		`When the feature holding a ${t.name} scores, its owner may move it at once to an unoccupied, incomplete ${on} ${t.reach === 'around' ? 'on its tile or the 8 tiles around' : 'that the scored feature leads to'}, or take it back.`
	];
}
const listWords = (xs: readonly string[]) =>
	xs.length < 2 ? (xs[0] ?? 'nothing') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** The name a template is about (a modifier, icon or figure): its rule ids are made of it. */
/** The templates that make a figure of the expansion, and how many rule ids each writes. */
const FIGURE_KINDS: Partial<Record<TemplateKind, number>> = { figure: 1, builder: 2, wagon: 2 };
export const isFigure = (t: Template): t is FigureOfStrength | ExtraTurnFigure | MoveOnFigure =>
	t.kind in FIGURE_KINDS;
const subject = (t: Template) =>
	isFigure(t) || isMove(t) ? t.name : t.kind === 'award' ? t.figure : t.modifier;
const word = (s: string) =>
	s
		.toUpperCase()
		.replace(/[^A-Z0-9]+/g, '-')
		.replace(/^-|-$/g, '') || 'X';
/** Rule ids not yet used in the document: <EXPANSION>-<NAME>-<n> (`count` of them, consecutive). */
export function freshRuleIds(doc: Expansion, t: Template, count = 1): string[] {
	const head = /^[A-Z]/.test(word(doc.id)) ? word(doc.id) : `X${word(doc.id)}`;
	const used = new Set((doc.dataRules?.rules ?? []).map((r) => r.id));
	for (let n = 1; ; n++) {
		const ids = Array.from({ length: count }, (_, i) => `${head}-${word(subject(t))}-${n + i}`);
		if (ids.every((id) => !used.has(id))) return ids;
	}
}

/** The data rules the template writes (a majority writes its collect rule too). */
export function rulesOf(t: Template, ids: string[]): DataRule[] {
	const text = sentence(t);
	if (isMove(t)) return moveRules(t, ids);
	if (t.kind === 'figure') return [{ id: ids[0], type: 'text', text }];
	if (t.kind === 'builder' || t.kind === 'wagon')
		return figureTexts(t).map((x, i) => ({ id: ids[i], type: 'text' as const, text: x }));
	if (t.kind === 'tiebreak')
		return [{ id: ids[0], type: 'tiebreak', text, icon: t.modifier, by: t.by }];
	if (t.kind === 'beneath')
		return [{ id: ids[0], type: 'beneath', text, icon: t.modifier, tiles: t.tiles }];
	if (t.kind === 'award')
		return [
			{
				id: ids[0],
				type: 'award',
				text,
				feature: t.feature,
				figure: t.figure,
				at: ['complete'],
				points: t.points,
				label: t.name.toLowerCase()
			}
		];
	if (t.kind === 'majority')
		return [
			{
				id: ids[0],
				type: 'collect',
				text,
				feature: t.feature,
				modifier: t.modifier,
				token: t.modifier
			},
			{
				id: ids[0],
				type: 'majority',
				token: t.modifier,
				points: t.points,
				...(t.ties === 'none' ? { ties: 'none' as const } : {})
			}
		];
	if (t.kind === 'around') {
		const count = { var: `around.icon.${t.modifier}` };
		return [
			{
				id: ids[0],
				type: 'value',
				text,
				feature: t.feature,
				at: ['complete'],
				when: { '>': [count, 0] },
				effect: { add: { count, per: t.points, label: `${t.modifier} tile` } }
			}
		];
	}
	const icon = t.mark === 'icon';
	const marked = { var: `${icon ? 'icon' : 'modifier'}.${t.modifier}` };
	const has = { '>': [marked, 0] };
	const base = { id: ids[0], type: 'value' as const, text, feature: t.feature, when: has };
	// per tile of a city or road: more points on its tiles' term, "2 tiles × (2 + 1 with a port)"
	if (t.per === 'tile' && (t.feature === 'city' || t.feature === 'road'))
		return [
			{
				...base,
				at: [t.kind === 'completed' ? 'complete' : 'final'],
				effect: { perTile: t.points, label: `with a ${t.modifier}${icon ? ' tile' : ''}` }
			}
		];
	// a term counts what its label names: the feature's tiles, the port tiles, the ports, the cities
	const count = t.per === 'tile' ? { var: 'tiles' } : marked;
	const label =
		t.per === 'tile'
			? `${t.feature} tile`
			: icon && t.per !== 'city'
				? `${t.modifier} tile`
				: t.modifier;
	if (t.kind === 'final' && t.per === 'nothing')
		return [
			{
				...base,
				at: ['final'],
				effect: { zero: `${withWords(t)} on an incomplete ${t.feature}` }
			}
		];
	if (t.kind === 'final' && t.per === 'city')
		return [{ ...base, at: ['final'], effect: { perCity: t.points, label } }];
	return [
		{
			...base,
			at: [t.kind === 'completed' ? 'complete' : 'final'],
			effect: { add: { count, per: t.points, label } }
		}
	];
}

/**
 * The id of the rule of the document that the template would write again (the same rule but its
 * id), or null: after "Add this rule" the form shows that rule, not a second one.
 */
export function templateRuleIn(doc: Expansion, t: Template): string | null {
	const mark = '\u0000id';
	const wanted = JSON.stringify(rulesOf(t, [mark, mark, mark])[0]);
	for (const r of doc.dataRules?.rules ?? [])
		if (JSON.stringify({ ...r, id: mark }) === wanted) return r.id;
	return null;
}

/** The data rule a single-rule template writes (kept for the rule's own tests). */
export const ruleOf = (t: Template, id: string): DataRule => rulesOf(t, [id])[0];

/** The expansion's figures an award may pay: id and name. */
export const figuresOf = (doc: Expansion): { id: string; name: string }[] =>
	(doc.figures ?? []).map((f) => ({ id: f.id, name: f.name || f.id }));

/**
 * The document with the template's rules added, and what they need declared: the modifier for the
 * rules (on the template's feature), the icon, the figure with its strength and features.
 */
export function addTemplateRule(doc: Expansion, t: Template): { doc: Expansion; id: string } {
	if (isMove(t)) {
		const ids = freshRuleIds(doc, t, moveTexts(t).length);
		return { doc: withMove(doc, t, ids), id: ids[0] };
	}
	const ids = freshRuleIds(doc, t, FIGURE_KINDS[t.kind] ?? 1);
	const dataRules = { ...(doc.dataRules ?? {}) };
	const next: Expansion = { ...doc, dataRules };
	if (isFigure(t)) {
		const fid = figureId(t.name);
		const figures = (doc.figures ?? []).filter((f) => f.id !== fid);
		next.figures = [
			...figures,
			{ id: fid, name: t.name, perPlayer: t.perPlayer, description: sentence(t) }
		];
		const features = [...t.features];
		dataRules.figures = {
			...(dataRules.figures ?? {}),
			[fid]:
				t.kind === 'figure'
					? { features, strength: t.strength, rules: ids, strengthRules: ids }
					: t.kind === 'builder'
						? {
								features,
								follower: false,
								strength: 0,
								requiresOwnFollower: true,
								extraTurn: true,
								rules: [ids[0]],
								extraTurnRules: [ids[1]]
							}
						: {
								features,
								moveOn: {
									features: [...t.features],
									...(t.reach === 'around' ? { around: true } : {})
								},
								rules: [ids[0]],
								moveOnRules: [ids[1]]
							}
		};
	} else if (t.kind === 'award') {
		// the figure is the expansion's already
	} else if (
		t.kind === 'around' ||
		t.kind === 'tiebreak' ||
		t.kind === 'beneath' ||
		(t.kind !== 'majority' && t.mark === 'icon')
	) {
		if (!next.icons?.[t.modifier])
			next.icons = { ...(next.icons ?? {}), [t.modifier]: sentence(t) };
	} else {
		const modifiers = { ...(dataRules.modifiers ?? {}) };
		const had = modifiers[t.modifier];
		if (!had) modifiers[t.modifier] = { combine: 'sum', features: [t.feature], label: t.modifier };
		else if (had.features && !had.features.includes(t.feature))
			modifiers[t.modifier] = { ...had, features: [...had.features, t.feature] };
		dataRules.modifiers = modifiers;
		if (!next.modifiers?.[t.modifier])
			next.modifiers = { ...(next.modifiers ?? {}), [t.modifier]: sentence(t) };
	}
	dataRules.rules = [...(dataRules.rules ?? []), ...rulesOf(t, ids)];
	return { doc: next, id: ids[0] };
}

// ---------------------------------------------------------------------------------------------
// The tiles a rule fires on, and the sandbox (names no rule reads: unscored.ts).

/**
 * The expansion's tiles that make the template's rule fire: those carrying its modifier or icon
 * (for a figure, those with a feature it may stand on), as sandbox tile keys.
 */
export function triggerTiles(doc: Expansion, t: Template): string[] {
	const tiles = Array.isArray(doc.tiles) ? doc.tiles : [];
	// the feature kinds a figure of the rule stands on (a held tile is in hand, drawn by nobody)
	const on: readonly string[] | null =
		t.kind === 'held-tile'
			? []
			: t.kind === 'random'
				? t.features
				: t.kind === 'act'
					? [actFrom(t.reach)]
					: t.kind === 'second-figure'
						? t.features
						: t.kind === 'surrounded'
							? [t.feature]
							: t.kind === 'award'
								? [t.feature]
								: isFigure(t)
									? t.features
									: null;
	const fires = (tile: Tile) =>
		t.kind === 'piece'
			? (tile.features ?? []).some(
					(f) => f?.type === t.feature && (!t.modifier || !!f.modifiers?.[t.modifier])
				)
			: on
				? (tile.features ?? []).some((f) => on.includes(f?.type))
				: 'modifier' in t && tileMarks(tile).includes(t.modifier);
	return tiles.filter((tile) => tile?.id && fires(tile)).map((tile) => `${doc.id}/${tile.id}`);
}

/**
 * The sandbox's query set up to show the expansion's rules firing: free mode (the designer picks the
 * tiles), the unsaved draft in play, and the tiles that trigger the rule ready (the first one
 * picked, the others first in the list).
 */
export function sandboxQuery(id: string, unsaved: boolean, ready: readonly string[] = []): string {
	const q = new URLSearchParams({ x: id, free: '1' });
	if (unsaved) q.set('draft', id);
	if (ready.length) q.set('ready', ready.join(','));
	return q.toString();
}
