// The token step template's worked example (rule-examples.ts): Ann places a tile with the icon and
// puts the token on its road or city, the feature completes with it; what the log says — the
// token's event, the feature's score by the template's value rule, the token's return. Pure.
import type { Expansion, Tile } from '../formats/schema-types.ts';
import type { GameEvent } from '../engine/index.ts';
import { figureId, type TokenStepTemplate } from './rule-templates.ts';
import { ex, iconTile, type Board, type WorkedExample } from './rule-examples-turns.ts';

/**
 * Ann places a tile with the icon and puts the token on its road (closed by two monasteries), or on
 * its city cap closing the start's city: the feature completes with the token on it.
 */
export function tokenBoard(t: TokenStepTemplate): Board {
	const token = { type: figureId(t.name), feature: t.feature === 'city' ? 'c1' : 'r1' };
	const words = `a ${t.feature === 'city' ? 2 : 4}-tile ${t.feature} completed with a ${t.name.toLowerCase()} put on it`;
	if (t.feature === 'city') {
		const cap: Tile = {
			id: 'icon',
			count: 1,
			icons: [t.modifier],
			features: [
				{ id: 'c1', type: 'city', sides: ['N'] },
				{ id: 'f1', type: 'field', halves: ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], cities: ['c1'] }
			]
		} as Tile;
		return { tiles: [cap], turns: [{ draw: ex('icon'), x: 0, y: -1, rotation: 2, token }], words };
	}
	return {
		tiles: [iconTile(t.modifier, false)],
		turns: [
			{ draw: ex('icon'), x: 1, y: 0, rotation: 0, token },
			{ draw: 'base/A', x: 2, y: 0, rotation: 1 },
			{ draw: 'base/A', x: -1, y: 0, rotation: 3 }
		],
		words
	};
}

type Said = { type: string; text?: string; rules?: string[]; arithmetic?: string; points?: number };

/** The value rules of the document that read the template's token on its feature kind. */
const tokenScoring = (doc: Expansion, t: TokenStepTemplate): Set<string> =>
	new Set(
		(doc.dataRules?.rules ?? [])
			.filter(
				(r) =>
					r.type === 'value' &&
					r.feature === t.feature &&
					JSON.stringify(r).includes(`"figures.${figureId(t.name)}"`)
			)
			.map((r) => r.id)
	);

/** A token step's example: the token put (its event), the feature's score by the rule, the token's return. */
export function tokenExample(
	events: GameEvent[],
	doc: Expansion,
	t: TokenStepTemplate,
	where: string
): WorkedExample {
	const token = figureId(t.name);
	const scoring = t.points > 0 ? tokenScoring(doc, t) : null;
	const said = events as unknown as Said[];
	const put = said.find((e) => e.type === token);
	const score =
		scoring && said.find((e) => e.type === 'score' && e.rules?.some((r) => scoring.has(r)));
	const back = said.find((e) => e.type === `${token}sReturn`);
	if (!put?.rules || (scoring && !score))
		return { ok: false, error: `on ${where}, the rule did not apply` };
	const parts = [put.text, score ? `${score.arithmetic}.` : '', back?.text ?? ''];
	return {
		ok: true,
		board: where,
		arithmetic: parts.filter(Boolean).join(' '),
		points: score ? (score.points ?? 0) : 0,
		rule: put.rules[0]
	};
}
