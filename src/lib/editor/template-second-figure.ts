// The second figure's rule template (rule-templates.ts): "A ⟨name⟩ (⟨n⟩ per player) is a follower
// that stands on a ⟨road, city, monastery, field⟩; after the turn's figure, a player may place one
// too on the tile just placed". It writes a move as data — a figure of dataRules.figures and a
// second-figure step of dataRules.steps (docs/rules-as-data.md, "The second figure") — with a text
// rule per part. Pure.
import type { DataRule, DataStep, Expansion } from '../formats/schema-types.ts';

/** "A ⟨name⟩ … after the turn's figure, a player may place one too." (the phantom) */
export interface SecondFigureTemplate {
	kind: 'second-figure';
	/** The figure's name ("Phantom"); its id is made of it. */
	name: string;
	perPlayer: number;
	/** The feature kinds it may stand on. */
	features: ('road' | 'city' | 'monastery' | 'field')[];
}

const list = (xs: readonly string[]) =>
	xs.length < 2 ? (xs[0] ?? 'nothing') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** The template's rules' texts: the figure, the second figure of the turn. */
export function secondFigureTexts(t: SecondFigureTemplate): string[] {
	const name = t.name.toLowerCase();
	return [
		`Each player has ${t.perPlayer} ${name}${t.perPlayer === 1 ? '' : 's'}, a follower that stands on a ${list(t.features)}; it may be the turn's figure.`,
		`After the turn's figure — a figure placed or moved, not a pass — a player may also place a ${name} on the tile just placed.`
	];
}

/** The step: after the turn's figure, one of the figure on the tile just placed, or a pass. */
export function secondFigureStep(t: SecondFigureTemplate, figure: string, id: string): DataStep {
	return {
		type: 'second-figure',
		id,
		at: 'figureDone',
		step: figure,
		figures: [figure],
		describe: `place a ${t.name.toLowerCase()} too, or pass`
	};
}

/**
 * The document with the figure (replaced when it exists), its data figure (a follower on the
 * template's kinds), the step (replacing one of the same name) and the rules.
 */
export function withSecondFigureStep(
	doc: Expansion,
	t: SecondFigureTemplate,
	figure: string,
	ids: string[]
): Expansion {
	const texts = secondFigureTexts(t);
	const dataRules = { ...(doc.dataRules ?? {}) };
	dataRules.figures = {
		...(dataRules.figures ?? {}),
		[figure]: { features: [...t.features], rules: [ids[0]] }
	};
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'second-figure' || s.step !== figure),
		secondFigureStep(t, figure, ids[1])
	];
	dataRules.rules = [
		...(dataRules.rules ?? []),
		...texts.map((text, i): DataRule => ({ id: ids[i], type: 'text', text }))
	];
	return {
		...doc,
		figures: [
			...(doc.figures ?? []).filter((f) => f.id !== figure),
			{ id: figure, name: t.name, perPlayer: t.perPlayer, description: texts.join(' ') }
		],
		dataRules
	};
}
