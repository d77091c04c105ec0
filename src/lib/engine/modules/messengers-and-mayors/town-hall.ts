// The town hall: each player's wildcard tile, placed instead of drawing (and, once no land tile is
// left, before the game may end). It fits anything, closes the roads and cities that run into it
// (board.ts), takes no figure, and completes a monastery's surroundings without counting.
import { placementRefusal, putTile, unpackX, unpackY, surroundings } from '../../board.ts';
import { tilesLeft } from '../../bag.ts';
import { emit } from '../../events.ts';
import { playerName } from '../../scoring.ts';
import { M } from './state.ts';
import type { Engine, FeatureValue, Move, Refusal, Step } from '../../types.ts';

/** River tiles still to be drawn (ruling MM-R9). */
function riverLeft(g: Engine): boolean {
	const tiles = g.c.tiles;
	for (const p of g.s.piles) {
		for (let i = 0; i < p.tiles.length; i++) if (tiles[p.tiles[i]].river) return true;
		for (let i = 0; i < p.last.length; i++) if (tiles[p.last[i]].river) return true;
	}
	return false;
}

/** May the active player place their town hall instead of drawing now? (MM-TURN-3, MM-HALL-1, MM-R9) */
export function hallOffered(g: Engine): boolean {
	const s = g.s;
	const m = M(s);
	if (m.hallTile < 0 || m.halls[s.active] <= 0 || tilesLeft(s) === 0) return false;
	return g.c.rulings['MM-R9'] === 'any-time' || !riverLeft(g);
}

export function hallMoves(g: Engine, step: Step, out: Move[]): void {
	const s = g.s;
	if (step.kind === 'turn') out.push({ type: 'draw' });
	const t = M(s).hallTile;
	for (const cell of s.front) {
		const x = unpackX(cell);
		const y = unpackY(cell);
		if (!placementRefusal(g, t, x, y, 0)) out.push({ type: 'town-hall', x, y });
	}
}

export function drawMove(): Refusal | null {
	return null;
}

export function townHallMove(
	g: Engine,
	move: { x: number; y: number; rotation?: number },
	step: Step
): Refusal | null {
	const s = g.s;
	const m = M(s);
	if (m.halls[step.player] <= 0)
		return {
			code: 'no-town-hall',
			message: `${playerName(g, step.player)} has already placed their town hall`,
			rules: ['MM-HALL-1']
		};
	const rotation = move.rotation ?? 0;
	const r = placementRefusal(g, m.hallTile, move.x, move.y, rotation);
	if (r) return { ...r, rules: [...r.rules, 'MM-HALL-1'] }; // next to a tile already in play, on a free cell
	const t = g.c.tiles[m.hallTile];
	const b = putTile(g, m.hallTile, move.x, move.y, rotation);
	m.halls[step.player]--;
	s.placed = b;
	s.tile = -1;
	s.phase = 1; // no tile is drawn this turn: go on with the placement phase
	const forced = step.kind === 'town-hall';
	const rules = forced
		? ['MM-HALL-8', 'MM-END-1', 'MM-HALL-1', 'MM-HALL-2']
		: ['MM-TURN-3', 'MM-HALL-1', 'MM-HALL-2'];
	emit(
		g,
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
			`${playerName(g, step.player)} places their town hall at (${move.x},${move.y})${forced ? ' (no land tile left: it must be placed)' : ' instead of drawing a tile'}; it fits any neighbour.`
	);
	return null;
}

/** No land tile can be drawn: a player with a town hall must place it, one without skips (MM-HALL-8, MM-END-1). */
export function noTile(g: Engine): boolean {
	const s = g.s;
	const m = M(s);
	if (m.hallTile < 0 || !m.halls.some((n) => n > 0)) return false;
	if (m.halls[s.active] > 0) {
		s.pending.push({ kind: 'town-hall', player: s.active });
		return true;
	}
	emit(
		g,
		{ type: 'skip', rules: ['MM-HALL-8', 'MM-END-1'], player: s.active },
		() =>
			`No land tile left and ${playerName(g, s.active)} has placed their town hall: the turn is skipped until every town hall is placed.`
	);
	s.phase = 6; // straight to the end of the turn
	return true;
}

/** A monastery or garden: town halls around complete it but count 0 (MM-HALL-7; at the end and for the abbot, ruling MM-R4). */
export function hallValue(g: Engine, root: number, v: FeatureValue): void {
	if (v.kind === 'stable') return stableHalls(g, root, v);
	if (v.kind !== 'monastery' && v.kind !== 'garden') return;
	const halls = surroundings(g, g.s.st[root]).wildcards;
	if (halls === 0) return;
	if (v.mode === 'complete') {
		v.parts.push({ id: 'townHalls', label: 'town hall', count: halls, per: -1 });
		v.rules.push('MM-HALL-7');
	} else if (g.c.rulings['MM-R4'] === 'counts-zero') {
		v.parts.push({ id: 'townHalls', label: 'town hall', count: halls, per: -1 });
		v.rules.push('MM-R4');
	}
}

/**
 * A stable (Inn and Stable Owners): ISO-R4 by default scores town halls 0 (they are not land tiles,
 * MM-R3). With ruling MM-R3 = land-tile a town hall counts like a land tile, whatever ISO-R4 says.
 */
function stableHalls(g: Engine, root: number, v: FeatureValue): void {
	if (g.c.rulings['MM-R3'] !== 'land-tile' || g.c.rulings['ISO-R4'] !== 'completes-scores-zero')
		return;
	const halls = surroundings(g, g.s.st[root]).wildcards;
	if (halls === 0) return;
	const per = v.mode === 'complete' ? g.c.params.stablePoints / 8 : 1;
	v.parts.push({
		id: 'townHallsAsLand',
		label: 'town hall counted as land tile',
		count: halls,
		per
	});
	v.rules.push('MM-R3');
}

/** Ruling MM-R10: may the dragon enter a town hall? */
export function dragonEnter(g: Engine, b: number): Refusal | null {
	if (!g.c.tiles[g.s.bt[b]].wildcard || g.c.rulings['MM-R10'] !== 'may-not-enter') return null;
	return {
		code: 'dragon-town-hall',
		message: `the dragon may not enter the town hall at (${g.s.bx[b]},${g.s.by[b]})`,
		rules: ['MM-R10']
	};
}
