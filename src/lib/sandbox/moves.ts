// How the sandbox shows the engine's moves: where on the board a move points (its target) and a
// short label. The moves themselves, and whether they are legal, come from legalMoves only.
import { boardPieces, boardTileAt, placedTile, type GameState, type Move } from '../engine/index.ts';

export interface MoveTarget {
	x: number;
	y: number;
	/** A feature of the tile at (x, y); none for a whole tile (the dragon's step, a town hall). */
	feature?: string;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Where a move points on the board, or null for a move chosen from a list (pass, draw, coin, …). */
export function targetOf(move: Move, state: GameState): MoveTarget | null {
	const m = move as Record<string, unknown>;
	if (m.type === 'place') return null;
	let feature = typeof m.feature === 'string' ? m.feature : undefined;
	if (num(m.x) && num(m.y)) {
		// the abbot's return points at the abbot's own feature on that tile
		if (m.type === 'abbot-return') feature = boardPieces(state).find((p) => p.kind === 'abbot' && p.x === m.x && p.y === m.y)?.feature;
		return { x: m.x, y: m.y, ...(feature ? { feature } : {}) };
	}
	const placed = placedTile(state);
	return feature && placed ? { x: placed.x, y: placed.y, feature } : null;
}

const FIGURE_NAMES: Record<string, string> = {
	follower: 'Follower',
	large: 'Large meeple',
	abbot: 'Abbot',
	pig: 'Pig',
	buddo: 'Buddo',
	mayor: 'Mayor',
	messenger: 'Messenger',
	scarecrow: 'Scarecrow'
};

export const figureName = (kind: string): string => FIGURE_NAMES[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);

/** The kind of feature `feature` is on the tile at the move's target, for labels. */
const featureKind = (state: GameState, t: MoveTarget | null): string => (t?.feature ? (boardTileAt(state, t.x, t.y)?.def.features.find((f) => f.id === t.feature)?.type ?? '') : '');

/** A short label for a move, in the board's terms. */
export function moveLabel(move: Move, state: GameState): string {
	const m = move as Record<string, unknown>;
	const t = targetOf(move, state);
	const where = t ? `${t.feature ? `${featureKind(state, t) || 'feature'} ${t.feature} of ` : ''}(${t.x},${t.y})` : '';
	const name = (p: unknown) => (num(p) ? (state.players[p] ?? `player ${p}`) : 'neutral');
	switch (m.type) {
		case 'pass':
			return 'Pass (no figure)';
		case 'place':
			return `Place at (${m.x},${m.y}), rotation ${m.rotation}`;
		case 'pick':
			return `Pick ${m.tile}`;
		case 'deploy':
			return `${figureName(String(m.figure))} on ${where}`;
		case 'owner':
			return `Owner on ${where}`;
		case 'note':
			return `Note token on ${where}`;
		case 'abbot-return':
			return `Take the abbot back from ${where}`;
		case 'fairy':
			return `Fairy next to the follower on ${where}`;
		case 'dragon':
			return `Dragon to (${m.x},${m.y})`;
		case 'town-hall':
			return `Town hall at (${m.x},${m.y})`;
		case 'draw':
			return 'Draw a tile';
		case 'coin':
			return `Coin: ${m.result}`;
		case 'mayor':
			return m.choice === 'none' ? 'Mayor: no favour' : `Mayor: win ${name(m.owner)}'s ${figureName(String(m.figure)).toLowerCase()} on ${where}`;
		case 'scarecrow':
			return m.choice === 'farmer' ? 'Scarecrow: swap for a farmer' : m.choice === 'lie' ? 'Scarecrow: lie down' : 'Scarecrow: do nothing';
		case 'messenger':
			return m.choice === 'return' ? 'Messenger: back to supply' : `Messenger rides to the ${m.choice} ${where}`;
		default: {
			const rest = Object.entries(m).filter(([k]) => k !== 'type').map(([k, v]) => `${k} ${String(v)}`).join(', ');
			return `${String(m.type)}${rest ? ` (${rest})` : ''}`;
		}
	}
}

/** Two moves are the same move (the engine's moves are flat objects). */
export function sameMove(a: Move, b: Move): boolean {
	const ka = Object.keys(a);
	if (ka.length !== Object.keys(b).length) return false;
	return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}
