// The town hall: each player's wildcard tile, placed instead of drawing (and, once no land tile is
// left, before the game may end). It fits anything, closes the roads and cities that run into it
// (board.ts), takes no figure, and completes a monastery's surroundings without counting.
import { placementRefusal, putTile, surroundings } from '../../board.ts';
import { unpackX, unpackY } from '../../cells.ts';
import { tilesLeft } from '../../bag.ts';
import { emit } from '../../events.ts';
import { playerName } from '../../scoring.ts';
import { isTownHall } from '../../tiles.ts';
import { M } from './state.ts';
import type { Engine, FeatureValue, Move, Refusal, Step } from '../../types.ts';
import { PHASE_AFTER_SCORE, PHASE_DRAW } from '../../phases.ts';

/** River tiles still to be drawn (ruling MM-R9). */
function riverLeft(engine: Engine): boolean {
	const tiles = engine.rules.tiles;
	for (const p of engine.state.piles) {
		for (let i = 0; i < p.tiles.length; i++) if (tiles[p.tiles[i]].river) return true;
		for (let i = 0; i < p.last.length; i++) if (tiles[p.last[i]].river) return true;
	}
	return false;
}

/** May the active player place their town hall instead of drawing now? (MM-TURN-3, MM-HALL-1, MM-R9) */
export function hallOffered(engine: Engine): boolean {
	const state = engine.state;
	const m = M(state);
	if (m.hallTile < 0 || m.halls[state.active] <= 0 || tilesLeft(state) === 0) return false;
	return engine.rules.rulings['MM-R9'] === 'any-time' || !riverLeft(engine);
}

export function hallMoves(engine: Engine, step: Step, out: Move[]): void {
	const state = engine.state;
	if (step.kind === 'turn') out.push({ type: 'draw' });
	const t = M(state).hallTile;
	for (const cell of state.front) {
		const x = unpackX(cell);
		const y = unpackY(cell);
		if (!placementRefusal(engine, t, x, y, 0)) out.push({ type: 'town-hall', x, y });
	}
}

export function drawMove(): Refusal | null {
	return null;
}

export function townHallMove(
	engine: Engine,
	move: { type: string; x: number; y: number; rotation?: number },
	step: Step
): Refusal | null {
	const state = engine.state;
	const m = M(state);
	if (m.halls[step.player] <= 0)
		return {
			code: 'no-town-hall',
			message: `${playerName(engine, step.player)} has already placed their town hall`,
			rules: ['MM-HALL-1']
		};
	const rotation = move.rotation ?? 0;
	const r = placementRefusal(engine, m.hallTile, move.x, move.y, rotation);
	if (r) return { ...r, rules: [...r.rules, 'MM-HALL-1'] }; // next to a tile already in play, on a free cell
	const t = engine.rules.tiles[m.hallTile];
	const b = putTile(engine, m.hallTile, move.x, move.y, rotation);
	m.halls[step.player]--;
	state.placed = b;
	state.tile = -1;
	state.phase = PHASE_DRAW; // no tile is drawn this turn: go on with the placement phase
	const forced = step.kind === 'town-hall';
	const rules = forced
		? ['MM-HALL-8', 'MM-END-1', 'MM-HALL-1', 'MM-HALL-2']
		: ['MM-TURN-3', 'MM-HALL-1', 'MM-HALL-2'];
	emit(
		engine,
		{
			type: 'place',
			rules,
			player: step.player,
			tile: t.key,
			x: move.x,
			y: move.y,
			rotation,
			townHall: true,
			forced
		},
		() =>
			`${playerName(engine, step.player)} places their town hall at (${move.x},${move.y})${forced ? ' (no land tile left: it must be placed)' : ' instead of drawing a tile'}; it fits any neighbour.`
	);
	return null;
}

/** No land tile can be drawn: a player with a town hall must place it, one without skips (MM-HALL-8, MM-END-1). */
export function noTile(engine: Engine): boolean {
	const state = engine.state;
	const m = M(state);
	if (m.hallTile < 0) return false;
	if (!m.halls.some((n) => n > 0)) {
		// the rule that lets the game end now: the last land tile and every town hall are placed
		emit(
			engine,
			{ type: 'allPlaced', rules: ['MM-END-1'] },
			() => 'No land tile left and every town hall is placed: the game ends.'
		);
		return false;
	}
	if (m.halls[state.active] > 0) {
		state.pending.push({ kind: 'town-hall', player: state.active });
		return true;
	}
	emit(
		engine,
		{ type: 'skip', rules: ['MM-HALL-8', 'MM-END-1'], player: state.active },
		() =>
			`No land tile left and ${playerName(engine, state.active)} has placed their town hall: the turn is skipped until every town hall is placed.`
	);
	state.phase = PHASE_AFTER_SCORE; // straight to the end of the turn
	return true;
}

/** A monastery or garden: town halls around complete it but count 0 (MM-HALL-7; at the end and for the abbot, ruling MM-R4). */
export function hallValue(engine: Engine, root: number, v: FeatureValue): void {
	if (v.kind === 'stable') return stableHalls(engine, root, v);
	if (v.kind !== 'monastery' && v.kind !== 'garden') return;
	const halls = surroundings(engine, engine.state.segmentTile[root]).wildcards;
	if (halls === 0) return;
	const rule =
		v.mode === 'complete'
			? 'MM-HALL-7'
			: engine.rules.rulings['MM-R4'] === 'counts-zero'
				? 'MM-R4'
				: null;
	if (rule === null) return;
	v.parts.push({ id: 'townHalls', label: 'town hall', count: halls, per: -1, rule });
	v.rules.push(rule);
}

/**
 * A stable (Inn and Stable Owners): ISO-R4 by default scores town halls 0 (they are not land tiles,
 * MM-R3). With ruling MM-R3 = land-tile a town hall counts like a land tile, whatever ISO-R4 says.
 */
function stableHalls(engine: Engine, root: number, v: FeatureValue): void {
	if (
		engine.rules.rulings['MM-R3'] !== 'land-tile' ||
		engine.rules.rulings['ISO-R4'] !== 'completes-scores-zero'
	)
		return;
	const halls = surroundings(engine, engine.state.segmentTile[root]).wildcards;
	if (halls === 0) return;
	const per = v.mode === 'complete' ? engine.rules.params.stablePoints / 8 : 1;
	v.parts.push({
		id: 'townHallsAsLand',
		label: 'town hall counted as land tile',
		count: halls,
		per,
		rule: 'MM-R3'
	});
	v.rules.push('MM-R3');
}

/** Ruling MM-R10: may the dragon enter a town hall? */
export function dragonEnter(engine: Engine, b: number): Refusal | null {
	if (
		!isTownHall(engine.rules.tiles[engine.state.boardTile[b]]) ||
		engine.rules.rulings['MM-R10'] !== 'may-not-enter'
	)
		return null;
	return {
		code: 'dragon-town-hall',
		message: `the dragon may not enter the town hall at (${engine.state.boardX[b]},${engine.state.boardY[b]})`,
		rules: ['MM-R10']
	};
}
