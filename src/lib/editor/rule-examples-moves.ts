// The worked examples (rule-examples.ts) of the templates that write a move as data: the token and
// piece steps' (rule-examples-steps.ts), and here a held tile placed instead of drawing as the last
// of a monastery's 8 neighbours, a neutral figure the dragon is drawn to and a coin from the game's
// seed decides, a figure whose road scores and that rides on, a second figure after the turn's
// follower. Each a tiny board; what the log says
// of the step — its events' sentences, the score it changes — is the example. Pure.
import type { Expansion } from '../formats/schema-types.ts';
import type { GameEvent } from '../engine/index.ts';
import { figureId, type MoveTemplate } from './template-moves.ts';
import type { HeldTileTemplate } from './template-held-tile.ts';
import type { RandomStepTemplate } from './template-random.ts';
import { actEvents, type ActStepTemplate } from './template-act.ts';
import type { SecondFigureTemplate } from './template-second-figure.ts';
import type { SendHomeTemplate } from './template-send-home.ts';
import { surroundedEvents, type SurroundedTemplate } from './template-surrounded.ts';
import { pieceBoard, pieceExample, tokenBoard, tokenExample } from './rule-examples-steps.ts';
import { ex, iconTile, type Board, type WorkedExample } from './rule-examples-turns.ts';

type Said = {
	type: string;
	text?: string;
	rules?: string[];
	arithmetic?: string;
	points?: number;
	feature?: { kind?: string };
};

/**
 * Ann's monastery south of the start with her follower and 6 base tiles around it; Bob places his
 * held tile instead of drawing as the 8th, at (1,1) — a hole, tiles on its four sides (two more to
 * the east) — completing it. A tile is left in the pile: the draw is offered.
 */
export function heldTileBoard(t: HeldTileTemplate, doc: Expansion): Board {
	const tiles = Array.isArray(doc.tiles) ? doc.tiles : [];
	return {
		tiles: tiles.filter((x) => x?.id === figureId(t.name)),
		turns: [
			{ draw: 'base/B', x: 0, y: 1, deploy: { figure: 'follower', feature: 'm1' } },
			{ draw: 'base/A', x: -1, y: 0, rotation: 3 },
			{ draw: 'base/A', x: 1, y: 0, rotation: 1 },
			{ draw: 'base/B', x: -1, y: 1 },
			{ draw: 'base/B', x: -1, y: 2 },
			{ draw: 'base/E', x: 0, y: 2, rotation: 2 },
			{ draw: 'base/B', x: 1, y: 2 },
			{ draw: 'base/B', x: 2, y: 0 },
			{ draw: 'base/B', x: 2, y: 1 },
			{ draw: '', x: 1, y: 1, instead: figureId(t.name) }
		],
		pile: ['base/E'],
		words: `Ann's monastery, its 8th neighbour Bob's ${t.name.toLowerCase()} placed instead of drawing`
	};
}

/**
 * The volcano south of the start (the dragon there), Bob's neutral figure on a monastery, road or
 * city beside it, Ann's dragon tile north of that: the dragon wakes and is drawn to the figure.
 */
export function randomBoard(t: RandomStepTemplate): Board {
	const [tile, rotation, feature] = t.features.includes('monastery')
		? ['base/B', 0, 'm1']
		: t.features.includes('road')
			? ['base/V', 3, 'r1']
			: ['base/E', 2, 'c1'];
	const kind = feature === 'm1' ? 'monastery' : feature === 'r1' ? 'road' : 'city';
	return {
		tiles: [],
		turns: [
			{ draw: 'dragon/volcano-field', x: 0, y: 1, rotation: 0 },
			{ draw: tile, x: 1, y: 1, rotation, deploy: { figure: figureId(t.name), feature } },
			{
				draw: 'dragon/dragon-straight',
				x: 1,
				y: 0,
				rotation: 0,
				then: [{ type: 'dragon', x: 1, y: 1 }]
			}
		],
		words: `the dragon woken next to Bob's ${t.name.toLowerCase()} on a ${kind}`,
		modules: ['dragon']
	};
}

/** Bob's figure closes a road from a city gate to a junction: the road scores, the figure rides on. */
export function actBoard(t: ActStepTemplate): Board {
	const fid = figureId(t.name);
	return {
		tiles: [],
		turns: [
			{ draw: 'base/T', x: -1, y: 0, rotation: 3 },
			{ draw: 'base/L', x: 1, y: 0, rotation: 1, deploy: { figure: fid, feature: 'r2' }, act: fid }
		],
		words: `a road closed at both ends with Bob's ${t.name.toLowerCase()} on it`
	};
}

/**
 * Ann places a tile and a follower on it, then the second figure on another of its features: a
 * road and its field (base/U), or a monastery (base/B) or a city cap (base/E) south of the start.
 */
export function secondFigureBoard(t: SecondFigureTemplate): Board {
	const fid = figureId(t.name);
	const on = t.features;
	const [draw, x, y, rotation, first, second] = on.includes('field')
		? ['base/U', 1, 0, 1, 'r1', 'f1']
		: on.includes('road')
			? ['base/U', 1, 0, 1, 'f1', 'r1']
			: on.includes('monastery')
				? ['base/B', 0, 1, undefined, 'f1', 'm1']
				: ['base/E', 0, 1, 2, 'f1', 'c1'];
	return {
		tiles: [],
		turns: [
			{
				draw,
				x,
				y,
				rotation,
				deploy: { figure: 'follower', feature: first },
				then: [{ type: 'deploy', figure: fid, feature: second }]
			}
		],
		words: `Ann's follower on a tile, then her ${t.name.toLowerCase()} on it too`
	};
}

/** Ann's follower on the road east of the start; two turns later her tile with the icon takes it back. */
export function sendHomeBoard(t: SendHomeTemplate): Board {
	const move = figureId(t.name);
	return {
		tiles: [iconTile(t.modifier, false)],
		turns: [
			{ draw: 'base/U', x: 1, y: 0, rotation: 1, deploy: { figure: 'follower', feature: 'r1' } },
			{ draw: 'base/U', x: -1, y: 0, rotation: 1 },
			{
				draw: ex('icon'),
				x: 2,
				y: 0,
				rotation: 0,
				step: { type: move, x: 1, y: 0, feature: 'r1', owner: 0, figure: 'follower' }
			}
		],
		words: `Ann's follower on a road, taken back as she places a ${t.modifier} tile`
	};
}

/** Per feature kind: the tiles west of, on and east of the figure's tile (rotation), its feature there. */
const ROW: Record<string, [string, string, string, number, string]> = {
	road: ['base/U', 'base/U', 'base/U', 1, 'r1'],
	field: ['base/U', 'base/U', 'base/U', 1, 'f2'],
	city: ['base/F', 'base/F', 'base/G', 0, 'c1']
};

/**
 * Ann's figure on a road, field or city south of the start (Bob's follower there first for a figure
 * that wins one); tiles west, east and — Ann's last — south of it surround it: she makes its choice.
 */
export function surroundedBoard(t: SurroundedTemplate): Board {
	const [west, on, east, rotation, feature] = ROW[t.feature];
	const bob = t.effect === 'win' ? { deploy: { figure: 'follower', feature } } : {};
	const fid = figureId(t.name);
	return {
		tiles: [],
		turns: [
			{ draw: 'base/U', x: -1, y: 0, rotation: 1 },
			{ draw: west, x: -1, y: 1, rotation, ...bob },
			{ draw: on, x: 0, y: 1, rotation, deploy: { figure: fid, feature } },
			{ draw: east, x: 1, y: 1, rotation },
			{ draw: 'base/U', x: 0, y: 2, rotation: 1, act: fid }
		],
		words: `Ann's ${t.name.toLowerCase()} on a ${t.feature}${t.effect === 'win' ? " with Bob's follower" : ''}, its tile surrounded by her last tile`
	};
}

/** The board of a move template's example (`doc` the document with the template's rules: its held tile). */
export function moveBoard(t: MoveTemplate, doc: Expansion): Board {
	if (t.kind === 'token') return tokenBoard(t);
	if (t.kind === 'piece') return pieceBoard(t);
	if (t.kind === 'held-tile') return heldTileBoard(t, doc);
	if (t.kind === 'random') return randomBoard(t);
	if (t.kind === 'second-figure') return secondFigureBoard(t);
	if (t.kind === 'send-home') return sendHomeBoard(t);
	if (t.kind === 'surrounded') return surroundedBoard(t);
	return actBoard(t);
}

/** The events that show the step, in the order the log has them (none missing), as one example. */
function told(said: (Said | undefined)[], where: string, id: string): WorkedExample {
	if (said.some((e) => !e)) return { ok: false, error: `on ${where}, the rule did not apply` };
	const parts = (said as Said[]).map((e) => (e.type === 'score' ? `${e.arithmetic}.` : e.text));
	const score = (said as Said[]).find((e) => e.type === 'score');
	return {
		ok: true,
		board: where,
		arithmetic: parts.filter(Boolean).join(' '),
		points: score?.points ?? 0,
		rule: id
	};
}

/** The example of a move template: what the log says of its step on the template's board. */
export function moveExample(
	events: GameEvent[],
	doc: Expansion,
	t: MoveTemplate,
	where: string,
	id: string
): WorkedExample {
	const said = events as unknown as Said[];
	const fid = figureId(t.name);
	const scored = (kind: string) => said.find((e) => e.type === 'score' && e.feature?.kind === kind);
	if (t.kind === 'token') return tokenExample(events, doc, t, where);
	if (t.kind === 'piece') return pieceExample(events, t, where);
	if (t.kind === 'held-tile') {
		const put = said.find((e) => e.type === 'place' && e.rules?.includes(id));
		return told([put, scored('monastery')], where, id);
	}
	if (t.kind === 'random')
		return told(
			[said.find((e) => e.type === `${fid}Chewed`), said.find((e) => e.type === `${fid}Toss`)],
			where,
			id
		);
	if (t.kind === 'second-figure')
		return told(
			[
				said.find((e) => e.type === 'deploy' && (e as { figure?: string }).figure === 'follower'),
				said.find((e) => e.type === 'deploy' && (e as { figure?: string }).figure === fid)
			],
			where,
			id
		);
	if (t.kind === 'send-home') return told([said.find((e) => e.type === fid)], where, id);
	if (t.kind === 'surrounded') {
		const did = surroundedEvents(fid, t.effect)[0];
		return told([said.find((e) => e.type === did)], where, id);
	}
	const acted = actEvents(fid);
	return told([scored('road'), said.find((e) => acted.includes(e.type))], where, id);
}
