// The fairy (DRAGON-4.5): moved next to one's own follower instead of placing a figure; the moves
// listed for it and the move itself.
import { tileAtXY } from '../../board-index.ts';
import { featureOf } from '../../features.ts';
import { emit } from '../../events.ts';
import { perContext, perPieces } from '../../per-context.ts';
import { playerName } from '../../scoring.ts';
import type { Engine, Refusal, Step } from '../../types.ts';
import { D, fairyInPlay, tablesOf } from './state.ts';

/**
 * Per player, the pieces (indexes, in order) of follower kinds: the fairy stands only beside one of
 * them. Found once per rules context and pieces array (perPieces), with the fairy's move beside each
 * piece built once and listed again while the piece stands on the same segment of the same board
 * tile (a segment belongs to one tile of one place for the whole game; moves are shared immutable values).
 */
interface Followers {
	byPlayer: number[][];
	movedSeg: number[];
	movedTile: number[];
	moved: (FairyMove | null)[];
}
type FairyMove = { type: 'fairy'; x: number; y: number; feature: string };
export const followersOf = perContext((rules) =>
	perPieces((ps): Followers => {
		const kinds = tablesOf(rules).followers;
		const byPlayer: number[][] = [];
		for (let i = 0; i < ps.length; i++) {
			const o = ps[i].owner;
			if (o < 0 || !kinds.includes(ps[i].kind)) continue;
			while (byPlayer.length <= o) byPlayer.push([]);
			byPlayer[o].push(i);
		}
		const n = ps.length;
		return {
			byPlayer,
			movedSeg: new Array<number>(n).fill(-1),
			movedTile: new Array<number>(n).fill(-1),
			moved: new Array<FairyMove | null>(n).fill(null)
		};
	})
);
export const NONE: readonly number[] = [];
const ownFollowers = (engine: Engine, player: number): readonly number[] =>
	followersOf(engine.rules)(engine.state.pieces).byPlayer[player] ?? NONE;

/** The fairy's move beside follower piece i (of f, the game's followers), standing on segment seg of board tile b. */
export function fairyMoveOf(
	engine: Engine,
	f: Followers,
	i: number,
	seg: number,
	b: number
): FairyMove {
	if (f.movedSeg[i] === seg && f.movedTile[i] === b) return f.moved[i]!;
	const state = engine.state;
	const move: FairyMove = {
		type: 'fairy',
		x: state.boardX[b],
		y: state.boardY[b],
		feature: featureOf(engine, seg).id
	};
	f.movedSeg[i] = seg;
	f.movedTile[i] = b;
	f.moved[i] = move;
	return move;
}

export function fairyMove(
	engine: Engine,
	move: { type: string; x: number; y: number; feature: string },
	step: Step
): Refusal | null {
	const state = engine.state;
	if (!fairyInPlay(engine))
		return {
			code: 'no-fairy',
			message: 'the fairy is not in play in this game',
			rules: ['DRAGON-R4']
		};
	const b = tileAtXY(engine, move.x, move.y);
	let piece = -1;
	const own = b >= 0 ? ownFollowers(engine, step.player) : NONE;
	for (let k = 0; k < own.length; k++) {
		const i = own[k];
		const p = state.pieces[i];
		if (p.tile !== b || p.seg < 0) continue;
		// two own followers on one feature of a tile (a messenger rode in): take the one without the fairy
		if (
			featureOf(engine, p.seg).id === move.feature &&
			(piece < 0 || piece === D(engine).fairyPiece)
		)
			piece = i;
	}
	if (piece < 0)
		return {
			code: 'no-own-follower',
			message: `${playerName(engine, step.player)} has no follower on ${move.feature} at (${move.x},${move.y})`,
			rules: ['DRAGON-4.5.1']
		};
	const d = D(engine);
	if (state.acted)
		return {
			code: 'already-acted',
			message: `the fairy moves only on a turn without a figure placed, and ${playerName(engine, step.player)} placed one`,
			rules: ['DRAGON-4.5.1']
		};
	if (piece === d.fairyPiece)
		return {
			code: 'fairy-already-there',
			message: `the fairy already stands beside that follower`,
			rules: ['DRAGON-4.5.1']
		};
	if (engine.rules.rulings['DRAGON-R2'] === 'dragon-first') d.shield = d.fairy;
	d.fairy = b!;
	d.fairyPiece = piece;
	state.acted = true;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'fairyMove',
				rules: ['DRAGON-4.5.1'],
				player: step.player,
				x: move.x,
				y: move.y,
				feature: move.feature
			},
			() =>
				`${playerName(engine, step.player)} moves the fairy next to their follower on ${move.feature} at (${move.x},${move.y}).`
		);
	return null;
}
