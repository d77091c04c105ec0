// The random step's rule template (rule-templates.ts): "A neutral ⟨name⟩ (⟨n⟩ in the general supply)
// any player may put on a ⟨road, city, monastery⟩ instead of a follower; ⟨when the dragon enters its
// tile — it is drawn to it⟩, a coin from the game's seed decides: heads it ⟨goes back to the supply /
// is removed⟩, tails it ⟨…⟩". It writes a move as data — a neutral figure of dataRules.figures that
// draws the dragon and a random step of dataRules.steps (docs/rules-as-data.md, "The random step")
// — with a text rule per part. Pure.
import type { DataRule, DataStep, Expansion } from '../formats/schema-types.ts';
import { wordsFor } from './template-choices.ts';

/** "A neutral ⟨name⟩ … a coin from the game's seed decides its fate." (a gnome the dragon chews) */
export interface RandomStepTemplate {
	kind: 'random';
	/** The figure's name ("Gnome"); its id is made of it. */
	name: string;
	/** Neutral copies in the general supply. */
	count: number;
	/** The feature kinds it may stand on. */
	features: ('road' | 'city' | 'monastery')[];
	/** Where the coin is tossed: the schema's `at` ('dragon-enters', …). */
	at: string;
	/** What each side does to the figure: the schema's effects ('supply', 'removed'). */
	heads: string;
	tails: string;
}

/** The coin's sides: the step's two outcomes, the first for a draw of 1. */
export const SIDES = ['heads', 'tails'] as const;
/** The move a player would enter the toss with (the event is '<figure>Toss'). */
export const TOSS = 'toss';

export const AT_WORDS: Readonly<Record<string, string>> = {
	'dragon-enters': 'when the dragon enters its tile (the dragon is drawn to it)'
};
export const EFFECT_WORDS: Readonly<Record<string, string>> = {
	supply: 'goes back to the supply',
	removed: 'is removed from the game'
};

const list = (xs: readonly string[]) =>
	xs.length < 2 ? (xs[0] ?? 'nothing') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;
/** "Heads: the gnome goes back to the supply." */
export const sideLabel = (t: RandomStepTemplate, side: 'heads' | 'tails'): string =>
	`${side === 'heads' ? 'Heads' : 'Tails'}: the ${t.name.toLowerCase()} ${wordsFor(EFFECT_WORDS, t[side])}.`;
/** The dragon is drawn to the figure: only where the coin comes as the dragon enters. */
const drawsDragon = (t: RandomStepTemplate) => t.at === 'dragon-enters';

/** The template's rules' texts: the figure, the dragon drawn to it (at dragon-enters), the coin. */
export function randomTexts(t: RandomStepTemplate): string[] {
	const name = t.name.toLowerCase();
	return [
		`Any player may put the neutral ${name} (${t.count} in the general supply) on a ${list(t.features)} of the tile just placed instead of a follower; it goes back to the supply when its feature scores.`,
		...(drawsDragon(t)
			? [
					`The dragon must move onto the ${name}'s tile when it is next to it, and its movement ends there; the ${name} is not eaten.`
				]
			: []),
		`${wordsFor(AT_WORDS, t.at).replace(/^./, (c) => c.toUpperCase())}, a coin from the game's seed decides the ${name}'s fate — heads: it ${wordsFor(EFFECT_WORDS, t.heads)}; tails: it ${wordsFor(EFFECT_WORDS, t.tails)}.`
	];
}

/** How many rule ids the template writes. */
export const randomRuleCount = (t: RandomStepTemplate): number => randomTexts(t).length;

/** The step: the coin at `at` for the figure, its sides' effects and labels. */
export function randomStep(t: RandomStepTemplate, figure: string, id: string): DataStep {
	return {
		type: 'random',
		id,
		at: t.at,
		figure,
		move: TOSS,
		outcomes: [...SIDES],
		from: 'seed',
		effects: { heads: t.heads, tails: t.tails },
		labels: { heads: sideLabel(t, 'heads'), tails: sideLabel(t, 'tails') }
	} as DataStep;
}

/**
 * The document with the neutral figure (replaced when it exists), its data figure (drawing the
 * dragon where the coin comes as the dragon enters), the step (replacing one of the same figure),
 * the rules, and `onlyWhen`: the dragon's rule ids come up only with the dragon in play.
 */
export function withRandomStep(
	doc: Expansion,
	t: RandomStepTemplate,
	figure: string,
	ids: string[]
): Expansion {
	const texts = randomTexts(t);
	const step = ids[ids.length - 1];
	const dragon = drawsDragon(t) ? [ids[1]] : [];
	const dataRules = { ...(doc.dataRules ?? {}) };
	dataRules.figures = {
		...(dataRules.figures ?? {}),
		[figure]: {
			features: [...t.features],
			rules: [ids[0]],
			returnRules: [ids[0]],
			...(dragon.length
				? { drawsDragon: { rules: dragon, stopRules: dragon, enterRules: dragon } }
				: {})
		}
	};
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'random' || s.figure !== figure),
		randomStep(t, figure, step)
	];
	dataRules.rules = [
		...(dataRules.rules ?? []),
		...texts.map((text, i): DataRule => ({ id: ids[i], type: 'text', text }))
	];
	if (dragon.length)
		dataRules.onlyWhen = {
			...(dataRules.onlyWhen ?? {}),
			[ids[1]]: { modules: ['dragon'] },
			[step]: { modules: ['dragon'] }
		};
	return {
		...doc,
		figures: [
			...(doc.figures ?? []).filter((f) => f.id !== figure),
			{ id: figure, name: t.name, description: texts.join(' '), neutral: t.count }
		],
		dataRules
	};
}
