// The surrounded figure's rule template (rule-templates.ts): "A ⟨name⟩ (⟨n⟩ per player) stands on a
// ⟨city / field / road⟩ instead of a follower, with strength ⟨s⟩; when the tile it stands on is
// surrounded on its four sides, its owner may ⟨lay it down: strength ⟨s2⟩ / win an opponent's
// follower there / put a follower in its place⟩ or take it back" (the mayor, the scarecrow). It
// writes a move as data — a figure of dataRules.figures and an act step with `when: "surrounded"`
// (docs/rules-as-data.md, "The figure action on a surrounded tile") — with a text rule per part,
// through the figure action's template (template-act.ts). Pure.
import type { DataStep, Expansion } from '../formats/schema-types.ts';
import { BACK, figureEvent, withActFigure } from './template-act.ts';

/** What the figure may do when surrounded, besides going back. */
export type SurroundedEffect = 'lie' | 'win' | 'put';

/** "A ⟨name⟩ … when its tile is surrounded, its owner may ⟨effect⟩ or take it back." (a sentinel) */
export interface SurroundedTemplate {
	kind: 'surrounded';
	/** The figure's name ("Sentinel"); its id is made of it. */
	name: string;
	perPlayer: number;
	feature: 'city' | 'field' | 'road';
	/** Its strength in a majority while it stands. */
	strength: number;
	/** It may go on a feature a follower holds already. */
	joinsOccupied: boolean;
	effect: SurroundedEffect;
	/** Its strength once laid down (the 'lie' effect). */
	lying: number;
}

/** The effects in the form's words; a choice's label is the log's "Ann's sentinel at (0,1): lay it down". */
export const SURROUNDED_WORDS: Readonly<Record<SurroundedEffect, string>> = {
	lie: 'lay it down',
	win: 'win an opponent’s follower there',
	put: 'put a follower in its place'
};
/** The effect's event: "sentinelLies". */
const EVENT: Readonly<Record<SurroundedEffect, string>> = {
	lie: 'Lies',
	win: 'Wins',
	put: 'Calls'
};

/** The step's events: the effect's, the figure taken back. */
export const surroundedEvents = (figure: string, effect: SurroundedEffect): [string, string] => [
	figureEvent(figure, EVENT[effect]),
	figureEvent(figure, 'Back')
];

/** A figure that wins a follower stands with one: it joins occupied features whatever was chosen. */
const joins = (t: SurroundedTemplate) => t.joinsOccupied || t.effect === 'win';

/** The template's rules' texts: where the figure goes, what it does when its tile is surrounded. */
export function surroundedTexts(t: SurroundedTemplate): string[] {
	const name = t.name.toLowerCase();
	const effect =
		t.effect === 'lie'
			? `lay it down (strength ${t.lying} from then on)`
			: t.effect === 'win'
				? `win an opponent’s follower on its ${t.feature} (that follower goes home, one of the owner’s takes its place and the ${name} goes back)`
				: `put one of their followers in its place (the ${name} goes back)`;
	return [
		`Instead of a follower, a player may put their ${name} (${t.perPlayer} each) on a ${t.feature} of the tile just placed${joins(t) ? ', even one a follower holds' : ''}; it counts as a follower of strength ${t.strength} there.`,
		`When a placement gives the tile the ${name} stands on its fourth neighbour (north, east, south and west), its owner may ${effect} or ${BACK}.`
	];
}

/** The step: when the figure's tile is surrounded, the effect's choice first, then back. */
export function surroundedStep(t: SurroundedTemplate, figure: string, id: string): DataStep {
	const [did, back] = surroundedEvents(figure, t.effect);
	const home = { event: back, rules: [id] };
	const label = SURROUNDED_WORDS[t.effect];
	const effect =
		t.effect === 'lie'
			? { label, strength: t.lying, event: did, rules: [id] }
			: t.effect === 'win'
				? { label, win: {}, event: did, rules: [id], homeEvent: home }
				: { label, putFollower: true, event: did, rules: [id] };
	return {
		type: 'act',
		id,
		figure,
		when: 'surrounded',
		describe: `${label} or ${BACK}`,
		choices: { [t.effect]: effect, back: { label: BACK, home: true, ...home } },
		nothingInReach: home
	} as DataStep;
}

/** The document with the figure (replaced when it exists), its data figure, the step and the rules. */
export function withSurroundedStep(
	doc: Expansion,
	t: SurroundedTemplate,
	figure: string,
	ids: string[]
): Expansion {
	const data = {
		features: [t.feature],
		strength: t.strength,
		...(joins(t) ? { joinsOccupied: true } : {})
	};
	const fig = { id: figure, name: t.name, perPlayer: t.perPlayer, data };
	return withActFigure(doc, fig, surroundedStep(t, figure, ids[1]), surroundedTexts(t), ids);
}
