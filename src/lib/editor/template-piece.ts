// The piece step's rule template (rule-templates.ts): "A ⟨name⟩ (⟨n⟩ per player): in the figure
// step a player may put one with / instead of their figure on a ⟨road, city, monastery, field⟩ of
// the tile just placed (with a ⟨modifier⟩); it counts as a follower there, or occupies nothing".
// It writes a move as data — a piece step of dataRules.steps (docs/rules-as-data.md, "The piece
// step") — with its figure and its text rule; what the piece earns is the award template's. Pure.
import type { DataRule, DataStep, Expansion } from '../formats/schema-types.ts';

/** "A ⟨name⟩: a player may put one with / instead of their figure on a ⟨feature⟩ of the tile just placed." */
export interface PieceStepTemplate {
	kind: 'piece';
	/** The figure's name ("Watchman"); its id is made of it. */
	name: string;
	perPlayer: number;
	/** The feature kind the piece goes on. */
	feature: 'road' | 'city' | 'monastery' | 'field';
	/** Only on a part carrying this modifier of the expansion ('' : any part of that kind). */
	modifier: string;
	/** With the turn's figure (the figure step goes on), or instead of it. */
	with: 'figure' | 'instead';
	/** It counts as a follower there (strength 1, occupies), or stands there occupying nothing. */
	occupies: boolean;
}

/** "a city with a watchtower", "a road". */
const partWords = (t: PieceStepTemplate) =>
	`${t.feature}${t.modifier ? ` with a ${t.modifier}` : ''}`;

/** The step's rule text. */
export function pieceText(t: PieceStepTemplate): string {
	const name = t.name.toLowerCase();
	return `${t.with === 'instead' ? 'Instead of' : 'Besides'} their figure, a player may put a ${name} (${t.perPlayer} each) on a ${partWords(t)} of the tile just placed; it ${t.occupies ? 'counts as a follower there' : 'occupies nothing (followers may join it)'} and goes back when its feature scores.`;
}

/** The step: in the figure step, a piece of the figure on a part of the kind (with the modifier). */
export function pieceStep(
	t: PieceStepTemplate,
	figure: string,
	id: string,
	/** The modifier counts (combined as a sum or the largest), so a part has it when above 0. */
	counted = false
): DataStep {
	const where = t.modifier || t.feature;
	const has = { var: `modifier.${t.modifier}` };
	return {
		type: 'piece',
		id,
		at: 'figure',
		figure,
		with: t.with,
		onto: { [t.feature]: !t.modifier ? true : counted ? { '>': [has, 0] } : has },
		parts: {
			[t.feature]: { name: where, role: `${t.name.toLowerCase()} of the ${where}`, rules: [id] }
		},
		...(t.occupies ? { occupies: true } : {})
	} as DataStep;
}

/** The rule: the step's text. */
export const pieceRules = (t: PieceStepTemplate, id: string): DataRule[] => [
	{ id, type: 'text', text: pieceText(t) }
];

/**
 * The document with the figure (replaced when it exists; not one of dataRules.figures: a piece
 * step's figure is placed by its step only), the step (replacing one of the same figure) and its rule.
 */
export function withPieceStep(
	doc: Expansion,
	t: PieceStepTemplate,
	figure: string,
	id: string
): Expansion {
	const dataRules = { ...(doc.dataRules ?? {}) };
	if (dataRules.figures?.[figure]) {
		const { [figure]: _dropped, ...rest } = dataRules.figures;
		dataRules.figures = rest;
	}
	// the modifier its `onto` reads, declared for the rules on the piece's feature kind (new: any part has it or not)
	const m = t.modifier;
	const had = m ? dataRules.modifiers?.[m] : undefined;
	if (m && (!had || (had.features && !had.features.includes(t.feature))))
		dataRules.modifiers = {
			...(dataRules.modifiers ?? {}),
			[m]: had
				? { ...had, features: [...(had.features ?? []), t.feature] }
				: { combine: 'any', features: [t.feature], label: m }
		};
	const counted = had?.combine === 'sum' || had?.combine === 'max';
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'piece' || s.figure !== figure),
		pieceStep(t, figure, id, counted)
	];
	dataRules.rules = [...(dataRules.rules ?? []), ...pieceRules(t, id)];
	return {
		...doc,
		...(m && !doc.modifiers?.[m]
			? { modifiers: { ...(doc.modifiers ?? {}), [m]: pieceText(t) } }
			: {}),
		figures: [
			...(doc.figures ?? []).filter((f) => f.id !== figure),
			{ id: figure, name: t.name, perPlayer: t.perPlayer, description: pieceText(t) }
		],
		dataRules
	};
}
