// The fairy (DRAGON-4.5): moved next to one's own follower instead of placing a figure; the moves
// listed for it and the move itself.
import { tileAtXY } from '../../board-index.ts';
import { featureOf } from '../../features.ts';
import { emit } from '../../events.ts';
import { perContext, perPieces } from '../../per-context.ts';
import { playerName } from '../../scoring.ts';
import type { Engine, Move, Refusal, Step } from '../../types.ts';
import { D, fairyInPlay, fairyOnTile, tablesOf } from './state.ts';

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

/** The fairy moves only on a turn without a figure placed (DRAGON-4.5.1). */
const alreadyActed = (engine: Engine, player: number): Refusal => ({
	code: 'already-acted',
	message: `the fairy moves only on a turn without a figure placed, and ${playerName(engine, player)} placed one`,
	rules: ['DRAGON-4.5.1']
});

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
	if (fairyOnTile(engine)) return fairyOntoTile(engine, move, step, b);
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
	if (state.acted) return alreadyActed(engine, step.player);
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

/** The active player's follower tiles the fairy may move onto (ruling DRAGON-R7 = on-tile): not the one it stands on. */
export function fairyTileMoves(engine: Engine, player: number, out: Move[]): void {
	const state = engine.state;
	const d = D(engine);
	const own = ownFollowers(engine, player);
	const seen: number[] = [];
	for (let k = 0; k < own.length; k++) {
		const p = state.pieces[own[k]];
		if (p.seg < 0 || p.tile === d.fairy || seen.includes(p.tile)) continue;
		seen.push(p.tile);
		out.push({ type: 'fairy', x: state.boardX[p.tile], y: state.boardY[p.tile] });
	}
}

/** Ruling DRAGON-R7 = on-tile: the fairy onto a tile where the player has a follower. */
function fairyOntoTile(
	engine: Engine,
	move: { x: number; y: number },
	step: Step,
	b: number
): Refusal | null {
	const state = engine.state;
	const d = D(engine);
	const own = b >= 0 ? ownFollowers(engine, step.player) : NONE;
	if (!own.some((i) => state.pieces[i].tile === b && state.pieces[i].seg >= 0))
		return {
			code: 'no-own-follower',
			message: `${playerName(engine, step.player)} has no follower on the tile at (${move.x},${move.y})`,
			rules: ['DRAGON-4.5.1', 'DRAGON-R7']
		};
	if (state.acted) return alreadyActed(engine, step.player);
	if (b === d.fairy)
		return {
			code: 'fairy-already-there',
			message: 'the fairy already stands on that tile',
			rules: ['DRAGON-4.5.1', 'DRAGON-R7']
		};
	if (engine.rules.rulings['DRAGON-R2'] === 'dragon-first') d.shield = d.fairy;
	d.fairy = b;
	d.fairyPiece = -1;
	state.acted = true;
	emit(
		engine,
		{
			type: 'fairyMove',
			rules: ['DRAGON-4.5.1', 'DRAGON-R7'],
			player: step.player,
			x: move.x,
			y: move.y
		},
		() =>
			`${playerName(engine, step.player)} moves the fairy onto the tile at (${move.x},${move.y}), where they have a follower.`
	);
	return null;
}

/** Ruling DRAGON-R7 = on-tile: the player's figures on the fairy's tile (a point each at the start of their turn). */
export function figuresOnFairyTile(engine: Engine, player: number): number {
	const state = engine.state;
	const d = D(engine);
	let n = 0;
	for (const p of state.pieces)
		if (
			p.owner === player &&
			p.tile === d.fairy &&
			p.seg >= 0 &&
			!engine.rules.figures.get(p.kind)?.token
		)
			n++;
	return n;
}

/** Ruling DRAGON-R7 = on-tile: the owner of the first follower of the feature on the fairy's tile (its 3 points), or -1. */
export function fairyTileOwner(engine: Engine, root: number): number {
	const state = engine.state;
	const d = D(engine);
	const kinds = tablesOf(engine.rules).followers;
	for (const pc of state.featurePieces[root] ?? NONE) {
		const p = state.pieces[pc];
		if (p.tile === d.fairy && p.owner >= 0 && kinds.includes(p.kind)) return p.owner;
	}
	return -1;
}
