// What the board shows at a step, from the engine's state and its legal moves: tiles, figures,
// markers, the lit cells of the tile in hand, and the targets of the current step.
import {
	boardMarkers,
	boardPieces,
	boardTiles,
	contextOf,
	type GameState,
	type Move,
	type PlaceMove
} from '../engine/index.ts';
import type { BoardScene, BoardTarget, LitCell, Part } from './board.ts';
import { targetOf } from './moves.ts';
import { drawnKind, type PlayerColour } from './palette.ts';

const isPlace = (m: Move): m is PlaceMove => m.type === 'place';

/** Per cell, the rotations in which the tile in hand fits there. */
export function placementCells(
	legal: readonly Move[]
): Map<string, { x: number; y: number; rotations: number[] }> {
	const cells = new Map<string, { x: number; y: number; rotations: number[] }>();
	for (const m of legal) {
		if (!isPlace(m)) continue;
		const k = `${m.x},${m.y}`;
		const c = cells.get(k) ?? { x: m.x, y: m.y, rotations: [] };
		c.rotations.push(m.rotation);
		cells.set(k, c);
	}
	return cells;
}

/** A rotation the tile in hand fits in somewhere: `preferred` when it does, else the first that does. */
export function usableRotation(legal: readonly Move[], preferred: number): number {
	const rs = new Set(legal.filter(isPlace).map((m) => m.rotation));
	if (rs.size === 0 || rs.has(preferred)) return preferred;
	for (let i = 1; i < 4; i++) if (rs.has((preferred + i) % 4)) return (preferred + i) % 4;
	return preferred;
}

export function litCells(legal: readonly Move[], rotation: number): LitCell[] {
	return [...placementCells(legal).values()].map((c) => ({
		x: c.x,
		y: c.y,
		fits: c.rotations.includes(rotation)
	}));
}

/** The step's moves grouped by where they point on the board. */
export function boardTargets(legal: readonly Move[], state: GameState): BoardTarget[] {
	const out = new Map<string, BoardTarget>();
	for (const m of legal) {
		const t = targetOf(m, state);
		if (!t) continue;
		const key = `${t.x},${t.y},${t.feature ?? ''}`;
		const have = out.get(key);
		if (have) have.moves.push(m);
		else out.set(key, { key, ...t, moves: [m] });
	}
	return [...out.values()];
}

/**
 * The tiles the bots placed since a person last decided (the turns they have not seen yet), with the
 * seat that placed each: at most one round of them (`steps`: the timeline, each with the seat to
 * decide there).
 */
export function recentTiles(
	steps: readonly { move: Move | null; player?: number }[],
	at: number,
	players: number,
	isPerson: (seat: number) => boolean
): { x: number; y: number; seat: number }[] {
	const out: { x: number; y: number; seat: number }[] = [];
	// at most one round: with no person at the table, the last tile of each seat
	for (let i = at; i > 0 && out.length < players; i--) {
		const seat = steps[i - 1].player;
		if (seat === undefined || isPerson(seat)) break;
		const m = steps[i].move;
		if (m?.type === 'place') out.push({ x: (m as PlaceMove).x, y: (m as PlaceMove).y, seat });
	}
	return out;
}

/** The pieces on the board; a token of a kind with no drawing of its own is drawn as a counter. */
function piecesDrawn(state: GameState): BoardScene['pieces'] {
	const figures = contextOf(state).figures;
	return boardPieces(state).map((p) => {
		if (figures.get(p.kind)?.token !== true) return p;
		const drawn = drawnKind(p.kind, true);
		return drawn === p.kind ? { ...p, token: true } : { ...p, drawn, token: true };
	});
}

export function sceneOf(
	state: GameState,
	legal: readonly Move[],
	rotation: number,
	colours: PlayerColour[],
	highlight: { parts: Part[]; figures: Part[] } = { parts: [], figures: [] },
	recent: BoardScene['recent'] = []
): BoardScene {
	const place = state.pending[0]?.kind === 'place' && state.tile >= 0;
	return {
		tiles: boardTiles(state),
		pieces: piecesDrawn(state),
		markers: boardMarkers(state),
		colours,
		hand: place ? { def: contextOf(state).tiles[state.tile].def, rotation } : null,
		lit: place ? litCells(legal, rotation) : [],
		targets: place ? [] : boardTargets(legal, state),
		highlight: highlight.parts,
		ringed: highlight.figures,
		recent
	};
}
