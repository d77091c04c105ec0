// The figure action's rule template (rule-templates.ts): "A ⟨name⟩ (⟨n⟩ per player) stands on a road
// instead of a follower; when its road is scored, its owner takes it back or moves it ⟨on to a road /
// into a city⟩ ⟨at the scored road's ends⟩". It writes a move as data — a figure of dataRules.figures
// and an act step of dataRules.steps (docs/rules-as-data.md, "The figure action") — with a text rule
// per part. The reaches and the kinds each leads to are the validator's (template-choices.ts). Pure.
import type { DataRule, DataStep, Expansion } from '../formats/schema-types.ts';
import { reachKinds, wordsFor } from './template-choices.ts';

/** "A ⟨name⟩ … when its feature scores, its owner takes it back or moves it on." (a scout) */
export interface ActStepTemplate {
	kind: 'act';
	/** The figure's name ("Scout"); its id is made of it. */
	name: string;
	perPlayer: number;
	/** Where a move may put it: a reach of the act step ('road-end', …). */
	reach: string;
	/** The feature kinds it may move on to (some of those the reach leads to). */
	moveTo: string[];
}

/** What a reach means, and the feature kind a figure scored there stands on. */
export const REACH_WORDS: Readonly<Record<string, { words: string; from: string }>> = {
	'road-end': {
		words: 'at the ends of the scored road: another road at its crossroads, the city at its gate',
		from: 'road'
	}
};
/** A choice's label: the log says "Ann's scout: ride on to a road — road r2 of (1,0)". */
export const MOVE_WORDS: Readonly<Record<string, string>> = {
	road: 'ride on to a road',
	city: 'ride into a city'
};
export const BACK = 'take it back';

/** The kind the figure stands on: the one the reach is read from (a road for its ends). */
export const actFrom = (reach: string): string => REACH_WORDS[reach]?.from ?? 'road';
/** The kinds the template moves it to: those chosen that the reach leads to. */
const targets = (t: ActStepTemplate) => reachKinds(t.reach).filter((k) => t.moveTo.includes(k));
const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** An event of the figure's step: "scoutBack" for the scout's "Back". */
export const figureEvent = (figure: string, what: string): string => `${camel(figure)}${what}`;

/** The template's rules' texts: where the figure goes, what it does when its feature scores. */
export function actTexts(t: ActStepTemplate): string[] {
	const name = t.name.toLowerCase();
	const from = actFrom(t.reach);
	const moves = targets(t).map((k) => wordsFor(MOVE_WORDS, k));
	const reach = REACH_WORDS[t.reach]?.words ?? `within reach (${t.reach})`;
	return [
		`Instead of a follower, a player may put their ${name} (${t.perPlayer} each) on a ${from} of the tile just placed; it counts as a follower there.`,
		`When the completed ${from} holding a ${name} is scored, its owner may ${BACK} or ${moves.join(' or ')} that is open, ${reach}; with none open it goes back.`
	];
}

/** How many rule ids the template writes. */
export const actRuleCount = (): number => 2;

/** The step's events: the figure taken back (or with nothing in reach), the figure moved on. */
export const actEvents = (figure: string): [string, string] => [
	figureEvent(figure, 'Back'),
	figureEvent(figure, 'Moves')
];

/** The step: when the figure's feature scores, its choices (back; each kind within reach). */
export function actStep(t: ActStepTemplate, figure: string, id: string): DataStep {
	const [back, rides] = actEvents(figure);
	const choices: Record<
		string,
		{ label: string; event: string; moveTo?: string; rules: string[] }
	> = { back: { label: BACK, event: back, rules: [id] } };
	for (const k of targets(t))
		choices[k] = { label: wordsFor(MOVE_WORDS, k), moveTo: k, event: rides, rules: [id] };
	return {
		type: 'act',
		id,
		figure,
		when: 'feature-scores',
		from: [actFrom(t.reach)],
		reach: t.reach,
		choices,
		nothingInReach: { event: back, rules: [id] }
	} as DataStep;
}

/** A figure of the template: its id, name, count per player and its entry in dataRules.figures. */
export interface ActFigure {
	id: string;
	name: string;
	perPlayer: number;
	data: Record<string, unknown>;
}

/**
 * The document with the figure (replaced when it exists), its data figure (citing the first rule),
 * its act step (replacing one of the same figure) and a text rule per text (the surrounded act's
 * template writes its figure so too: template-surrounded.ts).
 */
export function withActFigure(
	doc: Expansion,
	fig: ActFigure,
	step: DataStep,
	texts: string[],
	ids: string[]
): Expansion {
	const dataRules = { ...(doc.dataRules ?? {}) };
	dataRules.figures = {
		...(dataRules.figures ?? {}),
		[fig.id]: { ...fig.data, rules: [ids[0]] }
	} as typeof dataRules.figures;
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'act' || s.figure !== fig.id),
		step
	];
	dataRules.rules = [
		...(dataRules.rules ?? []),
		...texts.map((text, i): DataRule => ({ id: ids[i], type: 'text', text }))
	];
	const { id, name, perPlayer } = fig;
	return {
		...doc,
		figures: [
			...(doc.figures ?? []).filter((f) => f.id !== id),
			{ id, name, perPlayer, description: texts.join(' ') }
		],
		dataRules
	};
}

/** The document with the figure, its data figure (on the kind it acts from, strength 1), the step and the rules. */
export function withActStep(
	doc: Expansion,
	t: ActStepTemplate,
	figure: string,
	ids: string[]
): Expansion {
	const data = { features: [actFrom(t.reach)], strength: 1 };
	const fig = { id: figure, name: t.name, perPlayer: t.perPlayer, data };
	return withActFigure(doc, fig, actStep(t, figure, ids[1]), actTexts(t), ids);
}
