// Rules in the designer's words: each template is a sentence with blanks that writes data rules
// (docs/rules-as-data.md) — one per rule type of dataRules that a designer writes alone; a worked
// example the engine computes on a tiny board comes from rule-examples.ts, the sandbox address that
// shows the rule firing from here. Pure: the page only shows these.
import type { DataRule, Expansion, Tile } from '../formats/schema-types.ts';
import { KNOWN_ICONS, KNOWN_MODIFIERS } from '../formats/known.ts';
import { lookNames } from './looks.ts';

export type FeatureKind = 'city' | 'road' | 'monastery' | 'garden' | 'field';
/** What a template's feature carries: a modifier on the feature, or an icon on its tiles. */
export type MarkKind = 'modifier' | 'icon';

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
	per: 'tile' | 'modifier' | 'nothing';
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
export type Template =
	CompletedBonus | FigureAward | FinalIncomplete | AroundIcon | TokenMajority | FigureOfStrength;
export type TemplateKind = Template['kind'];

/** The templates, in the designer's words, and the features each offers. */
export const TEMPLATE_KINDS: readonly {
	kind: TemplateKind;
	words: string;
	features: readonly FeatureKind[];
	/** What the "with …" blank lists: modifiers and icons, icons only, modifiers only, or nothing. */
	marks: readonly MarkKind[];
}[] = [
	{
		kind: 'completed',
		words: 'A completed … with … scores more points',
		features: ['city', 'road', 'monastery', 'garden'],
		marks: ['modifier', 'icon']
	},
	{
		kind: 'final',
		words: 'At the end, an incomplete … with … scores more, or nothing',
		features: ['city', 'road', 'monastery', 'garden', 'field'],
		marks: ['modifier', 'icon']
	},
	{
		kind: 'around',
		words: 'A monastery or garden completed next to … tiles scores more for each',
		features: ['monastery', 'garden'],
		marks: ['icon']
	},
	{
		kind: 'majority',
		words: 'The player with the most … at the end scores points',
		features: ['city', 'road', 'monastery'],
		marks: ['modifier']
	},
	{
		kind: 'figure',
		words: 'A figure of strength … that may stand on …',
		features: ['road', 'city', 'field', 'monastery', 'garden'],
		marks: []
	},
	{
		kind: 'award',
		words: 'A figure of the expansion on a completed … scores points for its owner',
		features: ['city', 'road', 'monastery'],
		marks: []
	}
];

/**
 * The rule types of dataRules with no template, and why: a designer writes them with the JSON
 * (docs/editor.md).
 */
export const NO_TEMPLATE: Readonly<Record<string, string>> = {
	wins: 'wins (a figure’s owners score the feature whatever the majority) is the stable owners’ rule, and needs such a figure too',
	text: 'text (a sentence for the rule book) is written by the figure template for what a figure does; any other is one line of JSON'
};

const pts = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;
/** "a port" on a feature, "harbour tiles" for an icon. */
const withWords = (t: { modifier: string; mark?: MarkKind }) =>
	t.mark === 'icon' ? `${t.modifier} tiles` : `a ${t.modifier}`;
const perWords = (t: { modifier: string; mark?: MarkKind; per: string }) =>
	t.per === 'tile'
		? 'per tile'
		: t.mark === 'icon'
			? `per ${t.modifier} tile`
			: `per ${t.modifier}`;

/** The template's sentence, as the rule's text. */
export function sentence(t: Template): string {
	switch (t.kind) {
		case 'completed':
			return `A completed ${t.feature} with ${withWords(t)} scores ${pts(t.points)} more ${perWords(t)}.`;
		case 'final':
			return t.per === 'nothing'
				? `At the end, an incomplete ${t.feature} with ${withWords(t)} scores nothing.`
				: `At the end, an incomplete ${t.feature} with ${withWords(t)} scores ${pts(t.points)} more ${perWords(t)}.`;
		case 'around':
			return `A ${t.feature} completed next to ${t.modifier} tiles scores ${pts(t.points)} more for each ${t.modifier} tile among the 8 around it.`;
		case 'majority':
			return `The player who completes a ${t.feature} takes its ${t.modifier}; at the end, the player with the most ${t.modifier} scores ${pts(t.points)}${t.ties === 'all' ? ' (tied players all score)' : ' (a tie scores nothing)'}.`;
		case 'award':
			return `When a ${t.feature} is completed, each ${t.name} on it scores ${pts(t.points)} for its owner.`;
		case 'figure':
			return `A ${t.name} has strength ${t.strength} in a feature's majority and may stand on ${listWords(t.features)}.`;
	}
}
const listWords = (xs: readonly string[]) =>
	xs.length < 2 ? (xs[0] ?? 'nothing') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** The name a template is about (a modifier, icon or figure): its rule ids are made of it. */
const subject = (t: Template) =>
	t.kind === 'figure' ? t.name : t.kind === 'award' ? t.figure : t.modifier;
const word = (s: string) =>
	s
		.toUpperCase()
		.replace(/[^A-Z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '') || 'X';
/** A figure's id from its name: "Big Harbour Master" → big-harbour-master. */
export const figureId = (name: string) =>
	name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.replace(/^(?=[0-9])/, 'f') || 'figure';

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
	if (t.kind === 'figure') return [{ id: ids[0], type: 'text', text }];
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
	const count = t.per === 'tile' ? { var: 'tiles' } : marked;
	const label = t.per === 'tile' || icon ? `${t.modifier} tile` : t.modifier;
	const base = { id: ids[0], type: 'value' as const, text, feature: t.feature, when: has };
	if (t.kind === 'final' && t.per === 'nothing')
		return [
			{
				...base,
				at: ['final'],
				effect: { zero: `${withWords(t)} on an incomplete ${t.feature}` }
			}
		];
	return [
		{
			...base,
			at: [t.kind === 'completed' ? 'complete' : 'final'],
			effect: { add: { count, per: t.points, label } }
		}
	];
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
	const ids = freshRuleIds(doc, t);
	const dataRules = { ...(doc.dataRules ?? {}) };
	const next: Expansion = { ...doc, dataRules };
	if (t.kind === 'figure') {
		const fid = figureId(t.name);
		const figures = (doc.figures ?? []).filter((f) => f.id !== fid);
		next.figures = [
			...figures,
			{ id: fid, name: t.name, perPlayer: t.perPlayer, description: sentence(t) }
		];
		dataRules.figures = {
			...(dataRules.figures ?? {}),
			[fid]: { features: [...t.features], strength: t.strength, rules: ids, strengthRules: ids }
		};
	} else if (t.kind === 'award') {
		// the figure is the expansion's already
	} else if (t.kind === 'around' || (t.kind !== 'majority' && t.mark === 'icon')) {
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
// Names with no meaning, and the sandbox.

/** The document's own modifiers and icons that no rule of it reads and no rule module knows. */
export function unscoredNames(doc: Expansion): { name: string; kind: MarkKind }[] {
	const text =
		JSON.stringify(doc.dataRules?.rules ?? []) + JSON.stringify(doc.dataRules?.figures ?? {});
	const read = (n: string) =>
		text.includes(`"modifier.${n}"`) ||
		text.includes(`"icon.${n}"`) ||
		text.includes(`"around.icon.${n}"`) ||
		text.includes(`"${n}"`);
	return lookNames(doc)
		.filter(
			({ name, kind }) =>
				!(kind === 'modifier' ? name in KNOWN_MODIFIERS : KNOWN_ICONS.includes(name)) && !read(name)
		)
		.map(({ name, kind }) => ({ name, kind }));
}

/** Of those, the ones the tile carries. */
export function unscoredOnTile(doc: Expansion, tile: Tile): { name: string; kind: MarkKind }[] {
	const used = new Set(tileMarks(tile));
	return unscoredNames(doc).filter((u) => used.has(u.name));
}

/** The icons and modifiers a tile carries. */
const tileMarks = (tile: Tile): string[] => [
	...(tile.icons ?? []),
	...(Array.isArray(tile.features) ? tile.features : []).flatMap((f) =>
		Object.keys(f?.modifiers ?? {})
	)
];

/**
 * The expansion's tiles that make the template's rule fire: those carrying its modifier or icon
 * (for a figure, those with a feature it may stand on), as sandbox tile keys.
 */
export function triggerTiles(doc: Expansion, t: Template): string[] {
	const tiles = Array.isArray(doc.tiles) ? doc.tiles : [];
	const fires = (tile: Tile) =>
		t.kind === 'figure' || t.kind === 'award'
			? (tile.features ?? []).some((f) =>
					(t.kind === 'award' ? [t.feature] : (t.features as string[])).includes(f?.type)
				)
			: tileMarks(tile).includes(t.modifier);
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
