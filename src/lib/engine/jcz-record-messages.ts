// Each move of a game record's replay as the message JCZ's client sends (formats/jcz-game.ts reads
// them back): the drawn tile, the piece moved and the feature it stands on are read from the replay.
// engine/jcz-record.ts puts them in the saved game.
import { contextOf } from './context.ts';
import { legalMoves } from './game.ts';
import { replay } from './replay.ts';
import type { DeployMove, GameEvent, GameSetup, GameState, ModuleMove, Move } from './types.ts';
import { markersOf } from './data-marker-step.ts';
import { JCZ_ABBEY, JCZ_MEEPLES, jczIdOf, type JczProblem } from '../formats/jcz-game.ts';
import { JCZ_FEATURE_CLASS, jczLocation } from '../formats/jcz-vocabulary.ts';
import { CORNERS, type Corner } from './modules/barn.ts';

const MEEPLE_TYPE = Object.fromEntries(Object.entries(JCZ_MEEPLES).map(([k, v]) => [v, k]));

/** A message JCZ's client sends, as its saved game's replay lists it. */
export interface JczMessage {
	type: string;
	payload: Record<string, unknown>;
}

/** A message of the flock with the value its draw from the bag took (the engine's `flock` event; 0 without a draw). */
function flockDraw(
	events: GameEvent[],
	type: string,
	payload: Record<string, unknown>
): { type: string; payload: Record<string, unknown> } {
	const u = events.find((e) => e.type === 'flock' && typeof e.u === 'number')?.u;
	return { type, payload: { ...payload, random: typeof u === 'number' ? u : 0 } };
}

/** The record's moves replayed, each as JCZ's message, with the tiles drawn; or located errors. */
export function replayMessages(
	setup: GameSetup,
	moves: Move[]
):
	| { ok: true; state: GameState; messages: JczMessage[]; drawn: string[] }
	| { ok: false; errors: JczProblem[] } {
	const errors: JczProblem[] = [];
	const replayMsgs: { type: string; payload: Record<string, unknown> }[] = [];
	const drawn: string[] = [];
	// what the next move needs of the state before it (the replay changes its state in place)
	const seen = (state: GameState): Before => ({
		turn: state.turn,
		placed: state.placed,
		options: !state.finished && legalMoves(state).some((m) => m.type !== 'pass'),
		step: state.pending[0]?.kind ?? '',
		player: state.pending[0]?.player ?? -1
	});
	let before: Before | null = null;
	let failed = false;
	const run = replay(setup, moves as Move[], {
		onStep(index, move, events: GameEvent[], state) {
			if (failed) return;
			for (const e of events)
				if ((e.type === 'draw' || e.type === 'discard') && typeof e.tile === 'string')
					drawn.push(jczTile(state, e.tile).id);
			if (index >= 0 && before) {
				const msgs = messageOf(before, state, move, events, `/moves/${index}`, errors);
				if (msgs === null) failed = true;
				else replayMsgs.push(...msgs);
				if (commits(before, state, move)) replayMsgs.push({ type: 'COMMIT', payload: {} });
			}
			before = seen(state);
		}
	});
	if (run.error)
		errors.push({
			pointer: `/moves/${run.error.index}`,
			message: `refused: ${run.error.refusal.message}`
		});
	if (failed || errors.length) return { ok: false, errors };
	return { ok: true, state: run.state, messages: replayMsgs, drawn };
}

/** A tile key's JCZ id and rotation offset. */
export function jczTile(state: GameState, key: string): { id: string; offset: number } {
	const c = contextOf(state);
	const t = c.tiles[c.tileIndex.get(key)!];
	return jczIdOf(t.expansion, t.def);
}

/** JCZ's id of a piece: player, meeple type, its number among that player's pieces of that type. */
export function meepleId(state: GameState, piece: number): string | null {
	const p = state.pieces[piece];
	const type = MEEPLE_TYPE[p.kind];
	if (!type) return null;
	let n = 0;
	for (let i = 0; i <= piece; i++)
		if (state.pieces[i].kind === p.kind && state.pieces[i].owner === p.owner) n++;
	return `${p.owner}.${type}.${n}`;
}

/** The board index of the tile at (x, y), or -1. */
export const boardIndexAt = (state: GameState, x: number, y: number): number =>
	state.boardX.findIndex((bx, i) => bx === x && state.boardY[i] === y);

/** The pointer JCZ gives a feature of the tile at board index b. */
function pointerOf(state: GameState, b: number, feature: string) {
	const def = contextOf(state).tiles[state.boardTile[b]].def;
	const f = def.features.find((x) => x.id === feature)!;
	return {
		position: [state.boardX[b], state.boardY[b]],
		feature: JCZ_FEATURE_CLASS[f.type] ?? f.type,
		location: jczLocation(f, state.boardRotation[b])
	};
}

/**
 * The pointer JCZ gives a barn at corner `c` of board tile b: the field holding NL of the tile
 * south-east of the corner (JCZ names a corner by that tile).
 */
export function barnPointer(state: GameState, b: number, c: Corner) {
	const x = state.boardX[b] + CORNERS[c].dx;
	const y = state.boardY[b] + CORNERS[c].dy;
	const at = boardIndexAt(state, x, y);
	const t = contextOf(state).tiles[state.boardTile[at]];
	const f = t.def.features[t.halfField[state.boardRotation[at] * 8]];
	return { position: [x, y], feature: 'Field', location: jczLocation(f, state.boardRotation[at]) };
}

const PASS = { type: 'PASS', payload: {} };

interface Before {
	turn: number;
	/** The board index of the tile placed this turn (-1 before it). */
	placed: number;
	/** Whether the step offered more than a pass. */
	options: boolean;
	/** The step the move answers, and whose it is. */
	step: string;
	player: number;
}

/**
 * Whether JCZ commits after the move: its turn ends with a COMMIT (so does a turn ended by the
 * game's end), and so does the action whose scoring lets a wagon move on (WagonPhase follows the
 * commit); a player's last wagon moved on is confirmed with one, a pass there needs none.
 */
function commits(before: Before, after: GameState, move: Move): boolean {
	const next = after.pending[0];
	if (before.step === 'move-on')
		return move.type !== 'pass' && !(next?.kind === 'move-on' && next.player === before.player);
	if (next?.kind === 'move-on') return true;
	// the abbey kept before the draw: JCZ commits that pass on its own
	if (before.step === 'abbey' && move.type === 'pass') return true;
	return after.turn !== before.turn || after.finished;
}

/** JCZ's messages for a move of the replay (none for a pass JCZ skips), or null with a located error. */
function messageOf(
	before: Before,
	after: GameState,
	move: Move,
	events: GameEvent[],
	at: string,
	errors: JczProblem[]
): JczMessage[] | null {
	switch (move.type) {
		case 'place':
			return [placeMessage(after)];
		case 'pass':
			// JCZ skips an action phase with nothing to do: its COMMIT ends the turn alone
			return before.options ? [PASS] : [];
		case 'abbey': {
			const payload = { tileId: JCZ_ABBEY, rotation: 'R0', position: [move.x, move.y] };
			return [{ type: 'PLACE_TILE', payload }];
		}
		case 'deploy':
		case 'portal':
			return deployMessages(before, after, move, events, at, errors);
		case 'move-on':
			return moveOnMessages(after, move, events, at, errors);
		case 'barn':
			return barnMessages(before, after, move, events, at, errors);
		case 'flock':
			return [
				flockDraw(events, 'FLOCK_EXPAND_OR_SCORE', {
					value: move.choice === 'expand' ? 'EXPAND' : 'SCORE'
				})
			];
		case 'princess':
		case 'festival':
			return returnMessages(after, move, events, at, errors);
		case 'dragon':
			return [
				{ type: 'MOVE_NEUTRAL_FIGURE', payload: { figureId: 'dragon.1', to: [move.x, move.y] } }
			];
		case 'fairy':
			return fairyMessages(after, move, at, errors);
		default:
			errors.push({
				pointer: `${at}/type`,
				message: `a '${move.type}' move has no JCloisterZone message here`
			});
			return null;
	}
}

/** The tile placed: JCZ's tile id, its rotation with JCZ's offset, and where. */
function placeMessage(after: GameState): JczMessage {
	const b = after.placed >= 0 ? after.placed : after.boardTile.length - 1;
	const key = contextOf(after).tiles[after.boardTile[b]].key;
	const { id, offset } = jczTile(after, key);
	return {
		type: 'PLACE_TILE',
		payload: {
			tileId: id,
			rotation: `R${(after.boardRotation[b] * 90 + offset) % 360}`,
			position: [after.boardX[b], after.boardY[b]]
		}
	};
}

function deployMessages(
	before: Before,
	after: GameState,
	move: DeployMove | ModuleMove,
	events: GameEvent[],
	at: string,
	errors: JczProblem[]
): JczMessage[] | null {
	// a figure through the magic portal is a deployment on another tile than the one just placed
	const piece = events.find((e) => e.type === move.type)?.piece;
	const b =
		move.type === 'portal' ? boardIndexAt(after, Number(move.x), Number(move.y)) : before.placed;
	const id = typeof piece === 'number' ? meepleId(after, piece) : null;
	if (!id || b < 0) {
		errors.push({
			pointer: `${at}/figure`,
			message: `JCloisterZone has no meeple for a ${String(move.figure)}`
		});
		return null;
	}
	return [
		{
			type: 'DEPLOY_MEEPLE',
			payload: { pointer: pointerOf(after, b, String(move.feature)), meepleId: id }
		},
		// the shepherd's first token, drawn with the confirmation's random value (its bag step)
		...(move.figure === 'shepherd' ? [flockDraw(events, 'SHEPHERD_CONFIRM', {})] : [])
	];
}

function moveOnMessages(
	after: GameState,
	move: ModuleMove,
	events: GameEvent[],
	at: string,
	errors: JczProblem[]
): JczMessage[] | null {
	// a wagon moving on after its feature scored: JCZ's deployment in its WagonPhase
	const piece = events.find((e) => e.type === 'moveOn')?.piece;
	const id = typeof piece === 'number' ? meepleId(after, piece) : null;
	const b = boardIndexAt(after, Number(move.x), Number(move.y));
	if (!id || b < 0) {
		errors.push({ pointer: at, message: 'no figure moved on' });
		return null;
	}
	return [
		{
			type: 'DEPLOY_MEEPLE',
			payload: { pointer: pointerOf(after, b, String(move.feature)), meepleId: id }
		}
	];
}

function barnMessages(
	before: Before,
	after: GameState,
	move: ModuleMove,
	events: GameEvent[],
	at: string,
	errors: JczProblem[]
): JczMessage[] | null {
	const piece = events.find((e) => e.type === 'barn')?.piece;
	const id = typeof piece === 'number' ? meepleId(after, piece) : null;
	if (!id || before.placed < 0) {
		errors.push({ pointer: at, message: 'no barn placed' });
		return null;
	}
	const pointer = barnPointer(after, before.placed, move.corner as Corner);
	return [{ type: 'DEPLOY_MEEPLE', payload: { pointer, meepleId: id } }];
}

/** A figure the princess or a festival sends home. */
function returnMessages(
	after: GameState,
	move: ModuleMove,
	events: GameEvent[],
	at: string,
	errors: JczProblem[]
): JczMessage[] | null {
	const removed = events.find((e) => e.type === move.type)?.removed as
		{ piece: number } | undefined;
	const b = boardIndexAt(after, Number(move.x), Number(move.y));
	const id = removed ? meepleId(after, removed.piece) : null;
	if (!id || b < 0) {
		errors.push({ pointer: at, message: `no figure sent home by the ${move.type}` });
		return null;
	}
	return [
		{
			type: 'RETURN_MEEPLE',
			payload: {
				source: move.type.toUpperCase(),
				pointer: { featurePointer: pointerOf(after, b, String(move.feature)), meepleId: id }
			}
		}
	];
}

function fairyMessages(
	after: GameState,
	move: ModuleMove,
	at: string,
	errors: JczProblem[]
): JczMessage[] | null {
	// on a tile (ruling DRAGON-R7): JCZ's message names the tile alone
	const to = [move.x, move.y];
	if (move.feature === undefined)
		return [{ type: 'MOVE_NEUTRAL_FIGURE', payload: { figureId: 'fairy.1', to } }];
	// the fairy moves no piece: the follower it stands by is where it was
	const state = after;
	const b = boardIndexAt(state, Number(move.x), Number(move.y));
	const mover = markersOf(state).fairy?.piece;
	const id = mover !== undefined && mover >= 0 ? meepleId(state, mover) : null;
	if (!id || b < 0) {
		errors.push({ pointer: at, message: 'no follower by the fairy' });
		return null;
	}
	return [
		{
			type: 'MOVE_NEUTRAL_FIGURE',
			payload: {
				figureId: 'fairy.1',
				to: { featurePointer: pointerOf(state, b, String(move.feature)), meepleId: id }
			}
		}
	];
}
