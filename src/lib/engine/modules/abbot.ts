// The abbot and gardens (C2/C3 base box): the abbot goes on a monastery or garden; on a turn
// without a follower placement it may be taken back, scoring its feature at its current value.
import { find } from '../features.ts';
import { scoreFeature, playerName } from '../scoring.ts';
import { emit } from '../events.ts';
import { pack } from '../cells.ts';
import { tileAtXY } from '../board-index.ts';
import type { Engine, Move, Refusal, RuleModule, Step } from '../types.ts';
import { piecesOfKinds } from './base.ts';
import { perContext } from '../per-context.ts';

const abbots = piecesOfKinds('abbot');

function ownAbbot(engine: Engine, player: number): number {
	const ps = engine.state.pieces;
	const list = abbots(ps);
	for (let k = 0; k < list.length; k++) {
		const i = list[k];
		if (ps[i].owner === player && ps[i].seg >= 0) return i;
	}
	return -1;
}

/** The abbot's return moves, built once per rules context and cell (moves are shared immutable values). */
const returnMoves = perContext(() => new Map<number, Move>());
function returnMove(engine: Engine, x: number, y: number): Move {
	const m = returnMoves(engine.rules);
	const key = pack(x, y);
	let move = m.get(key);
	if (move === undefined) m.set(key, (move = { type: 'abbot-return', x, y }));
	return move;
}

function abbotReturn(
	engine: Engine,
	move: { type: string; x: number; y: number },
	step: Step
): Refusal | null {
	const state = engine.state;
	const a = ownAbbot(engine, step.player);
	if (a < 0)
		return {
			code: 'no-abbot-on-board',
			message: `${playerName(engine, step.player)} has no abbot on the board`,
			rules: ['ABBOT-6.2.3']
		};
	if (state.acted)
		return {
			code: 'already-acted',
			message: `the abbot is taken back only on a turn without a figure placed, and ${playerName(engine, step.player)} placed one`,
			rules: ['ABBOT-6.2.3']
		};
	const b = state.pieces[a].tile;
	if (tileAtXY(engine, move.x, move.y) !== b)
		return {
			code: 'abbot-not-there',
			message: `${playerName(engine, step.player)}'s abbot stands at (${state.boardX[b]},${state.boardY[b]}), not (${move.x},${move.y})`,
			rules: ['ABBOT-6.2.3']
		};
	if (completedNow(engine, b))
		return {
			code: 'abbot-feature-completed',
			message: `the tile just placed completes the abbot's ${engine.rules.tiles[state.boardTile[b]].features[state.segmentFeature[state.pieces[a].seg]].kind}: it scores at the end of the turn`,
			rules: ['ABBOT-6.2.3', 'ABBOT-R1']
		};
	emit(
		engine,
		{ type: 'abbotReturn', rules: ['ABBOT-6.2.3'], player: step.player, x: move.x, y: move.y },
		() =>
			`${playerName(engine, step.player)} takes the abbot back from (${move.x},${move.y}) and scores it now.`
	);
	state.acted = true;
	scoreFeature(engine, find(state, state.pieces[a].seg), 'abbot');
	return null;
}

/** ABBOT-R1 'no': the abbot's monastery or garden on board tile b is surrounded (so completed by the tile just placed). */
const completedNow = (engine: Engine, b: number): boolean =>
	engine.rules.rulings['ABBOT-R1'] === 'no' && engine.state.boardNeighbours[b] === 8;

export const abbot: RuleModule = {
	id: 'abbot',
	name: 'Abbot and gardens',
	rules: {
		'ABBOT-6.2.1':
			'Each player has one abbot, placed only on a monastery or garden of the tile just placed; followers never go on gardens.',
		'ABBOT-6.2.2': 'A garden scores like a monastery: 9 when its 8 neighbours are placed.',
		'ABBOT-6.2.3':
			'Instead of placing a figure, a player may take back their abbot and score its monastery or garden now: 1 plus 1 per neighbour.',
		'ABBOT-6.2.4': 'At the end an abbot scores like an incomplete monastery.',
		'ABBOT-6.2.5': 'Gardens are printed on 8 base tiles and 1 river tile.'
	},
	features: { garden: 'ABBOT-6.2.1' },
	figures: [
		{
			id: 'abbot',
			name: 'Abbot',
			perPlayer: 1,
			follower: true,
			features: ['monastery', 'garden'],
			strength: () => 1,
			rules: ['ABBOT-6.2.1']
		}
	],
	rulings: [
		{
			id: 'ABBOT-R1',
			description:
				'May the abbot be taken back from a monastery or garden that the tile just placed completes?',
			default: 'yes',
			options: {
				yes: 'yes: it scores 9 at once as the abbot comes back (the same points), and the player places no figure this turn',
				no: 'no: the feature scores at the end of the turn anyway (JCloisterZone, after a 2020 clarification of the rules)'
			},
			rules: ['ABBOT-6.2.3']
		}
	],
	stepMoves: { figure: ['abbot-return'] },
	moves: { 'abbot-return': abbotReturn },
	uncited: ['ABBOT-6.2.5'],
	hooks: {
		figureOptions(engine, player, out: Move[]) {
			const a = ownAbbot(engine, player);
			if (a >= 0 && !engine.state.acted) {
				const b = engine.state.pieces[a].tile;
				if (completedNow(engine, b)) return;
				out.push(returnMove(engine, engine.state.boardX[b], engine.state.boardY[b]));
			}
		},
		value(engine, _root, v) {
			if (v.kind === 'garden') v.rules.push('ABBOT-6.2.2');
			if (v.mode === 'abbot') v.rules.push('ABBOT-6.2.3');
			else if (v.mode === 'final' && (v.kind === 'garden' || v.kind === 'monastery'))
				v.rules.push('ABBOT-6.2.4');
		}
	}
};
