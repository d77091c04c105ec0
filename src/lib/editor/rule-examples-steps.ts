// The worked examples of the step templates (rule-examples.ts), moves as data. The token step: Ann
// places a tile with the icon and puts the token on its road or city, the feature completes with
// it; what the log says — the token's event, the feature's score by the template's value rule, the
// token's return. The piece step: Ann places a tile with the part and puts the piece there. Pure.
import type { Expansion, Feature, Tile } from '../formats/schema-types.ts';
import type { GameEvent } from '../engine/index.ts';
import { figureId, type PieceStepTemplate, type TokenStepTemplate } from './rule-templates.ts';
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
		return {
			tiles: [cap],
			turns: [{ draw: ex('icon'), x: 0, y: -1, rotation: 2, step: token }],
			words
		};
	}
	return {
		tiles: [iconTile(t.modifier, false)],
		turns: [
			{ draw: ex('icon'), x: 1, y: 0, rotation: 0, step: token },
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

const ALL = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];

/**
 * Ann places a tile with the part — a city cap north of the start (its field for a field), a road
 * east of it, a monastery south — the part carrying the modifier, and puts the piece there.
 */
export function pieceBoard(t: PieceStepTemplate): Board {
	const mark = (f: Feature): Feature =>
		t.modifier && f.type === t.feature
			? ({ ...f, modifiers: { [t.modifier]: true } } as Feature)
			: f;
	const [features, at, on] = (
		t.feature === 'road'
			? [
					[
						{ id: 'r1', type: 'road', sides: ['E', 'W'] },
						{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'EL', 'WR'] },
						{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
					],
					{ x: 1, y: 0, rotation: 0 },
					'r1'
				]
			: t.feature === 'monastery'
				? [
						[
							{ id: 'm1', type: 'monastery' },
							{ id: 'f1', type: 'field', halves: ALL }
						],
						{ x: 0, y: 1, rotation: 0 },
						'm1'
					]
				: [
						[
							{ id: 'c1', type: 'city', sides: ['N'] },
							{ id: 'f1', type: 'field', halves: ALL.slice(2), cities: ['c1'] }
						],
						{ x: 0, y: -1, rotation: 2 },
						t.feature === 'city' ? 'c1' : 'f1'
					]
	) as [Feature[], { x: number; y: number; rotation: number }, string];
	const tile = { id: 'example', count: 1, features: features.map(mark) } as Tile;
	return {
		tiles: [tile],
		turns: [{ draw: ex('example'), ...at, step: { type: figureId(t.name), feature: on } }],
		words: `Ann's tile with a ${t.feature}${t.modifier ? ` with a ${t.modifier}` : ''}`
	};
}

/** A piece step's example: the piece put (its event). */
export function pieceExample(
	events: GameEvent[],
	t: PieceStepTemplate,
	where: string
): WorkedExample {
	const put = (events as unknown as Said[]).find((e) => e.type === figureId(t.name));
	if (!put?.rules || !put.text) return { ok: false, error: `on ${where}, the rule did not apply` };
	return { ok: true, board: where, arithmetic: put.text, points: 0, rule: put.rules[0] };
}
