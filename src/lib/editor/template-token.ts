// The token step's rule template (rule-templates.ts): "When a ⟨icon⟩ tile is placed, its player puts
// a ⟨token⟩ on one of its ⟨roads / cities⟩; a completed one with it scores ⟨N⟩ more per tile; the
// token then goes back to the supply (or stays)". It writes a move as data — a token step of
// dataRules.steps (docs/rules-as-data.md, "The token step") with its token kind, its icon and its
// text rule — and a value rule reading figures.<token>, the tokens on the scored feature. Pure.
import type { DataRule, DataStep, Expansion } from '../formats/schema-types.ts';

/** "When a ⟨icon⟩ tile is placed, its player puts a ⟨name⟩ on one of its ⟨feature⟩s …" (a lighthouse). */
export interface TokenStepTemplate {
	kind: 'token';
	/** The icon of the tiles that bring the step. */
	modifier: string;
	/** The token's name ("Lighthouse"); its id is made of it. */
	name: string;
	/** Tokens in the supply. */
	count: number;
	/** The feature kind the token goes on, and whose completion it scores. */
	feature: 'road' | 'city';
	/** More points per tile, per token on the completed feature (0: no scoring rule). */
	points: number;
	/** The token goes back to the supply when its feature scores. */
	returns: boolean;
}

const pts = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** The template's rules' texts: the step, its scoring (points above 0), the token's return (when it returns). */
export function tokenTexts(t: TokenStepTemplate): string[] {
	const token = t.name.toLowerCase();
	return [
		`Right after placing a ${t.modifier} tile, its player puts a ${token} (from a supply of ${t.count}) on one of its ${t.feature === 'city' ? 'cities' : 'roads'} that no follower holds — the tile goes only where one is free; no figure may join that ${t.feature} this turn.`,
		...(t.points > 0
			? [`A completed ${t.feature} scores ${pts(t.points)} more per tile for each ${token} on it.`]
			: []),
		...(t.returns ? [`When its ${t.feature} scores, a ${token} goes back to the supply.`] : [])
	];
}

/** How many rule ids the template writes. */
export const tokenRuleCount = (t: TokenStepTemplate): number => tokenTexts(t).length;

/** The rules: the step's text, the value rule reading figures.<token>, the return's text. */
export function tokenRules(t: TokenStepTemplate, token: string, ids: string[]): DataRule[] {
	const [step, ...rest] = tokenTexts(t);
	const rules: DataRule[] = [{ id: ids[0], type: 'text', text: step }];
	const on = { var: `figures.${token}` };
	if (t.points > 0)
		rules.push({
			id: ids[1],
			type: 'value',
			text: rest[0],
			feature: t.feature,
			at: ['complete'],
			when: { '>': [on, 0] },
			effect: { perTile: { '*': [on, t.points] }, label: `${t.name.toLowerCase()} bonus` }
		});
	if (t.returns) rules.push({ id: ids[ids.length - 1], type: 'text', text: rest[rest.length - 1] });
	return rules;
}

/** The step: right after a tile with the icon is placed, a token onto the feature kind. */
export function tokenStep(t: TokenStepTemplate, token: string, ids: string[]): DataStep {
	return {
		type: 'token',
		id: ids[0],
		at: 'placed',
		icon: t.modifier,
		token,
		onto: { [t.feature]: true },
		...(t.returns ? { returns: true, returnRules: [ids[ids.length - 1]] } : {})
	};
}

/**
 * The document with the token kind (replaced when it exists), the icon (declared when it is not),
 * the step (replacing one of the same token: a token has one step) and the rules.
 */
export function withTokenStep(
	doc: Expansion,
	t: TokenStepTemplate,
	token: string,
	ids: string[]
): Expansion {
	const texts = tokenTexts(t);
	const dataRules = { ...(doc.dataRules ?? {}) };
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'token' || s.token !== token),
		tokenStep(t, token, ids)
	];
	dataRules.rules = [...(dataRules.rules ?? []), ...tokenRules(t, token, ids)];
	return {
		...doc,
		tokens: [
			...(doc.tokens ?? []).filter((x) => x.id !== token),
			{ id: token, name: t.name, description: texts.join(' '), count: t.count }
		],
		icons: doc.icons?.[t.modifier] ? doc.icons : { ...(doc.icons ?? {}), [t.modifier]: texts[0] },
		dataRules
	};
}
