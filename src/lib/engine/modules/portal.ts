// The Princess & the Dragon's magic portal: a player who places a tile with the portal symbol may,
// instead of placing a follower on that tile, place one on any unoccupied, incomplete feature of
// any tile already in play (the usual placement rules apply there). A TypeScript module, not data:
// it is a placement step (a figure put on another tile than the one just placed), and placement
// steps are the frontier of the rules-as-data language (docs/rules-as-data.md).
import { find, featureOf, occupant } from '../features.ts';
import { emit } from '../events.ts';
import { tileAtXY } from '../board-index.ts';
import { playerName } from '../scoring.ts';
import { inSupply, putPiece } from './base.ts';
import type { Engine, FigureType, Move, Refusal, RuleModule, Step } from '../types.ts';

export type PortalMove = {
	type: 'portal';
	figure: string;
	x: number;
	y: number;
	feature: string;
};

/** Whether the magic portal is in play (ruling DRAGON-R6: JCloisterZone's setup chooses it as an element). */
const portalInPlay = (g: Engine): boolean => g.rules.rulings['DRAGON-R6'] !== 'off';

/** Whether the tile just placed shows the portal and the turn's figure is still to come. */
function portalOpen(g: Engine): boolean {
	const s = g.state;
	return (
		s.placed >= 0 &&
		!s.acted &&
		portalInPlay(g) &&
		g.rules.tiles[s.boardTile[s.placed]].icons.has('portal')
	);
}

/** A completed feature: a road, city or river without open edges; a monastery, garden or stable with its tile surrounded. Fields never are. */
function complete(g: Engine, seg: number): boolean {
	const s = g.state;
	const f = featureOf(g, seg);
	if (f.kind === 'field') return false;
	if (f.inner) return s.boardNeighbours[s.segmentTile[seg]] === 8;
	return s.openEdges[find(s, seg)] === 0;
}

/** Why `player` may not put figure type `ft` through the portal on segment `seg` (of a tile already in play), or null. */
function portalRefusal(g: Engine, player: number, ft: FigureType, seg: number): Refusal | null {
	const f = featureOf(g, seg);
	if (!ft.follower || ft.deployable === false || !ft.features.includes(f.kind))
		return {
			code: 'wrong-feature',
			message: `a ${ft.name.toLowerCase()} cannot go through the portal onto a ${f.kind}`,
			rules: ['DRAGON-4.7.1']
		};
	const root = find(g.state, seg);
	if (occupant(g, root) >= 0)
		return {
			code: 'feature-occupied',
			message: `the ${f.kind} already holds a follower: the portal leads only to an unoccupied feature`,
			rules: ['DRAGON-4.7.1', 'BASE-1.4.3']
		};
	if (complete(g, seg))
		return {
			code: 'feature-complete',
			message: `the ${f.kind} is complete: the portal leads only to an incomplete feature`,
			rules: ['DRAGON-4.7.1']
		};
	if (inSupply(g, ft.id, player) < 0)
		return {
			code: 'no-figure',
			message: `${playerName(g, player)} has no ${ft.name.toLowerCase()} left in supply`,
			rules: ['BASE-1.1.2', 'DRAGON-4.7.1']
		};
	if (ft.canDeploy) {
		const r = ft.canDeploy(g, player, seg, root);
		if (r) return r;
	}
	for (const h of g.rules.hooks.deployCheck) {
		const r = h(g, player, ft.id, seg);
		if (r) return r;
	}
	return null;
}

/** The follower types `player` has in supply. */
function followerTypes(g: Engine, player: number): FigureType[] {
	const out: FigureType[] = [];
	for (const ft of g.rules.figures.values())
		if (ft.follower && ft.deployable !== false && inSupply(g, ft.id, player) >= 0) out.push(ft);
	return out;
}

function portalMove(g: Engine, move: PortalMove, step: Step): Refusal | null {
	const s = g.state;
	if (!portalOpen(g))
		return {
			code: 'no-portal',
			message:
				s.placed >= 0 && s.acted
					? 'the portal replaces the turn’s figure, and a figure was already placed'
					: 'the tile just placed shows no magic portal',
			rules: ['DRAGON-4.7.1']
		};
	const ft = g.rules.figures.get(move.figure);
	if (!ft)
		return {
			code: 'unknown-figure',
			message: `no figure '${move.figure}' can be placed in this game`,
			rules: ['BASE-1.4.1']
		};
	const b = tileAtXY(g, move.x, move.y);
	if (b < 0)
		return {
			code: 'no-tile',
			message: `no tile at (${move.x},${move.y})`,
			rules: ['DRAGON-4.7.1']
		};
	if (b === s.placed)
		return {
			code: 'portal-own-tile',
			message: 'on the tile just placed a figure is placed as usual (a deploy move)',
			rules: ['DRAGON-4.7.1', 'BASE-1.4.1']
		};
	const t = g.rules.tiles[s.boardTile[b]];
	const local = t.features.findIndex((f) => f.id === move.feature);
	if (local < 0)
		return {
			code: 'no-such-feature',
			message: `${t.key} has no feature '${move.feature}'`,
			rules: ['DRAGON-4.7.1']
		};
	const seg = s.boardFirstSegment[b] + local;
	const r = portalRefusal(g, step.player, ft, seg);
	if (r) return r;
	const piece = inSupply(g, ft.id, step.player);
	putPiece(g, piece, seg);
	s.acted = true;
	const kind = t.features[local].kind;
	if (!g.silent)
		emit(
			g,
			{
				// its own event, not a deploy: the checker counts the portal as a choice of its own
				type: 'portal',
				rules: ['DRAGON-4.7.1', ...ft.rules],
				player: step.player,
				figure: ft.id,
				piece,
				x: move.x,
				y: move.y,
				feature: move.feature,
				kind
			},
			() =>
				`${playerName(g, step.player)} goes through the magic portal: a ${ft.name.toLowerCase()} on ${kind} ${move.feature} of (${move.x},${move.y}).`
		);
	return null;
}

export const portal: RuleModule = {
	id: 'portal',
	name: 'The Princess & the Dragon (magic portal)',
	rules: {
		'DRAGON-4.7.1':
			'A player who places a magic-portal tile may, instead of placing a follower on it, place one on any unoccupied, incomplete feature of any tile in play; the usual placement rules apply there.'
	},
	rulings: [
		{
			id: 'DRAGON-R6',
			description:
				'Is the magic portal in play? (JCloisterZone’s game setup chooses it as an element of its own.)',
			default: 'on',
			options: {
				on: 'yes, as the expansion comes',
				off: 'no: the portal symbol has no effect (a plain tile)'
			},
			rules: ['DRAGON-4.7.1']
		}
	],
	icons: { portal: 'DRAGON-4.7.1' },
	stepMoves: { figure: ['portal'] },
	moves: { portal: portalMove },
	hooks: {
		figureOptions(g, player, out: Move[]) {
			if (!portalOpen(g)) return;
			const s = g.state;
			const types = followerTypes(g, player);
			if (!types.length) return;
			for (let b = 0; b < s.boardTile.length; b++) {
				if (b === s.placed) continue;
				const t = g.rules.tiles[s.boardTile[b]];
				for (let i = 0; i < t.features.length; i++) {
					const seg = s.boardFirstSegment[b] + i;
					for (const ft of types)
						if (!portalRefusal(g, player, ft, seg))
							out.push({
								type: 'portal',
								figure: ft.id,
								x: s.boardX[b],
								y: s.boardY[b],
								feature: t.features[i].id
							} satisfies PortalMove);
				}
			}
		}
	},
	hookWhen: { figureOptions: (rulings) => rulings['DRAGON-R6'] !== 'off' }
};
