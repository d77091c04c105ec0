// The marker step's moves (data-marker-step.ts): the marker moved beside one of the player's own
// followers, or with `onTile` onto the tile of one, instead of placing a figure — the moves listed
// at the figure step and the move itself, with its refusals.
import { tileAtXY } from './board-index.ts';
import { featureOf } from './features.ts';
import { emit } from './events.ts';
import { perContext, perPieces } from './per-context.ts';
import { playerName } from './scoring.ts';
import type { MarkerState } from './data-step-states.ts';
import type { MarkerStep } from '../formats/schema-types.ts';
import type { Context, Engine, Move, MoveHandler, Refusal, Step } from './types.ts';

/** What the step decides per rules context. */
export interface Tables {
	inPlay: boolean;
	onTile: boolean;
	turnPoints: number;
	scoringPoints: number;
	keepsOut: boolean;
	guardsLeft: boolean;
	/** Feature kinds where only a winner of the feature gets the scoring points. */
	winnersOnly: string[];
	/** The figure kinds that are followers. */
	followers: string[];
}

export interface Spec {
	d: MarkerStep;
	figure: string;
	/** 'fairy': the figure's name, lower case. */
	label: string;
	rules: string[];
	onTileRules: string[];
	turnRules: string[];
	scoringRules: string[];
	dragonRules: string[];
	tables: (rules: Context) => Tables;
}

/**
 * Per player, the pieces (indexes, in order) of follower kinds: the marker stands only beside one of
 * them. Found once per rules context and pieces array, with the move beside each piece built once and
 * listed again while the piece stands on the same segment of the same board tile (moves are shared
 * immutable values).
 */
interface Followers {
	byPlayer: number[][];
	movedSeg: number[];
	movedTile: number[];
	moved: (Move | null)[];
}
export const NONE: readonly number[] = [];

export function followersTable(spec: Spec) {
	return perContext((rules) =>
		perPieces((ps): Followers => {
			const kinds = spec.tables(rules).followers;
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
				moved: new Array<Move | null>(n).fill(null)
			};
		})
	);
}

type FollowersOf = ReturnType<typeof followersTable>;

/** What one marker step's hooks and move share. */
export interface Kit {
	s: Spec;
	followers: FollowersOf;
	state: (engine: Engine) => MarkerState;
}

const own = (kit: Kit, engine: Engine, player: number): readonly number[] =>
	kit.followers(engine.rules)(engine.state.pieces).byPlayer[player] ?? NONE;

/** The marker's move beside follower piece i (of f), standing on segment seg of board tile b. */
function moveBeside(kit: Kit, engine: Engine, f: Followers, i: number, seg: number, b: number) {
	if (f.movedSeg[i] === seg && f.movedTile[i] === b) return f.moved[i]!;
	const state = engine.state;
	const move = {
		type: kit.s.figure,
		x: state.boardX[b],
		y: state.boardY[b],
		feature: featureOf(engine, seg).id
	};
	f.movedSeg[i] = seg;
	f.movedTile[i] = b;
	f.moved[i] = move;
	return move;
}

/** The moves offered at the figure step: beside each own follower but the one it stands by, or onto each tile of one. */
export function options(kit: Kit, engine: Engine, player: number, out: Move[]): void {
	const state = engine.state;
	const t = kit.s.tables(engine.rules);
	if (state.acted || !t.inPlay) return;
	const m = kit.state(engine);
	const ps = state.pieces;
	if (t.onTile) {
		const seen: number[] = [];
		for (const i of own(kit, engine, player)) {
			const p = ps[i];
			if (p.seg < 0 || p.tile === m.at || seen.includes(p.tile)) continue;
			seen.push(p.tile);
			out.push({ type: kit.s.figure, x: state.boardX[p.tile], y: state.boardY[p.tile] });
		}
		return;
	}
	const f = kit.followers(engine.rules)(ps);
	const list = f.byPlayer[player] ?? NONE;
	for (let k = 0; k < list.length; k++) {
		const i = list[k];
		const p = ps[i];
		if (p.seg < 0 || i === m.piece) continue;
		out.push(moveBeside(kit, engine, f, i, p.seg, p.tile));
	}
}

/** The marker moves only on a turn without a figure placed. */
const alreadyActed = (kit: Kit, engine: Engine, player: number, rules: string[]): Refusal => ({
	code: 'already-acted',
	message: `the ${kit.s.label} moves only on a turn without a figure placed, and ${playerName(engine, player)} placed one`,
	rules
});

/** The move: the marker beside the player's follower on `feature` at (x,y), or onto that tile. */
export function moveOf(kit: Kit): MoveHandler {
	const s = kit.s;
	return (engine, raw, step) => {
		const move = raw as { type: string; x: number; y: number; feature?: string };
		const t = s.tables(engine.rules);
		if (!t.inPlay)
			return {
				code: `no-${s.figure}`,
				message: `the ${s.label} is not in play in this game`,
				rules: s.d.inPlayRules ?? s.rules
			};
		const b = tileAtXY(engine, move.x, move.y);
		if (t.onTile) return ontoTile(kit, engine, move, step, b);
		const state = engine.state;
		const m = kit.state(engine);
		let piece = -1;
		const list = b >= 0 ? own(kit, engine, step.player) : NONE;
		for (let k = 0; k < list.length; k++) {
			const i = list[k];
			const p = state.pieces[i];
			if (p.tile !== b || p.seg < 0) continue;
			// two own followers on one feature of a tile (a messenger rode in): take the one without the marker
			if (featureOf(engine, p.seg).id === move.feature && (piece < 0 || piece === m.piece))
				piece = i;
		}
		if (piece < 0)
			return {
				code: 'no-own-follower',
				message: `${playerName(engine, step.player)} has no follower on ${move.feature} at (${move.x},${move.y})`,
				rules: s.rules
			};
		if (state.acted) return alreadyActed(kit, engine, step.player, s.rules);
		if (piece === m.piece)
			return {
				code: `${s.figure}-already-there`,
				message: `the ${s.label} already stands beside that follower`,
				rules: s.rules
			};
		if (t.guardsLeft) m.guard = m.at;
		m.at = b;
		m.piece = piece;
		state.acted = true;
		if (!engine.silent)
			emit(
				engine,
				{
					type: `${s.figure}Move`,
					rules: s.rules,
					player: step.player,
					x: move.x,
					y: move.y,
					feature: move.feature
				},
				() =>
					`${playerName(engine, step.player)} moves the ${s.label} next to their follower on ${move.feature} at (${move.x},${move.y}).`
			);
		return null;
	};
}

/** `onTile`: the marker onto a tile where the player has a follower. */
function ontoTile(
	kit: Kit,
	engine: Engine,
	move: { x: number; y: number },
	step: Step,
	b: number
): Refusal | null {
	const s = kit.s;
	const state = engine.state;
	const m = kit.state(engine);
	const rules = [...s.rules, ...s.onTileRules];
	const list = b >= 0 ? own(kit, engine, step.player) : NONE;
	if (!list.some((i) => state.pieces[i].tile === b && state.pieces[i].seg >= 0))
		return {
			code: 'no-own-follower',
			message: `${playerName(engine, step.player)} has no follower on the tile at (${move.x},${move.y})`,
			rules
		};
	if (state.acted) return alreadyActed(kit, engine, step.player, s.rules);
	if (b === m.at)
		return {
			code: `${s.figure}-already-there`,
			message: `the ${s.label} already stands on that tile`,
			rules
		};
	if (s.tables(engine.rules).guardsLeft) m.guard = m.at;
	m.at = b;
	m.piece = -1;
	state.acted = true;
	emit(
		engine,
		{ type: `${s.figure}Move`, rules, player: step.player, x: move.x, y: move.y },
		() =>
			`${playerName(engine, step.player)} moves the ${s.label} onto the tile at (${move.x},${move.y}), where they have a follower.`
	);
	return null;
}
