// What the move templates' blanks offer, read from the schema and the validator rather than listed
// here (template-held-tile.ts, template-random.ts, template-act.ts): a value a step type gains there
// (a held tile's `where`, an act's `reach`) appears in the form, in the schema's own word until the
// template has designer's words for it. Pure.
import expansionSchema from '../../../schemas/expansion.v1.json';
import { REACH_KINDS } from '../formats/data-step-act.ts';

type Defs = Record<string, { properties?: Record<string, { enum?: unknown[] }> }>;
const defs = (expansionSchema as unknown as { $defs: Defs }).$defs;

/** The values the schema allows for property `prop` of step type `def` (a $defs entry). */
export function stepEnum(def: string, prop: string): string[] {
	const values = defs[def]?.properties?.[prop]?.enum ?? [];
	return values.filter((v): v is string => typeof v === 'string');
}

/** The random step's effects on its figure ('supply', 'removed'). */
export function outcomeEffects(): string[] {
	const effects = (
		defs.randomStep?.properties?.effects as { additionalProperties?: { enum?: unknown[] } }
	)?.additionalProperties?.enum;
	return (effects ?? []).filter((v): v is string => typeof v === 'string');
}

/** An act step's reaches, and the feature kinds each leads to (the validator's table). */
export const reaches = (): string[] => Object.keys(REACH_KINDS);
export const reachKinds = (reach: string): string[] =>
	Object.hasOwn(REACH_KINDS, reach) ? REACH_KINDS[reach] : [];

/** The words for a value: the template's, or the value itself until it has some. */
export const wordsFor = (words: Readonly<Record<string, string>>, value: string): string =>
	Object.hasOwn(words, value) ? words[value] : value.replace(/-/g, ' ');
