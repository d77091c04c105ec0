// Drawing a tile: the draw (a tile that fits nowhere goes back to the box, BASE-1.3.6), and free
// mode's pick, where the player chooses the next tile (the sandbox).
import { emit } from './events.ts';
import { playerName } from './scoring.ts';
import { drawable, takeChosen, takeTile, tilesLeft } from './bag.ts';
import { placeable, placementCount } from './placements.ts';
import type { Engine, GameEvent, Move, PlaceMove, Refusal, Step, StepDef } from './types.ts';

/**
 * Hands tile t, just taken from the pile, to the active player: a module may set it aside, a tile
 * that fits nowhere is discarded (BASE-1.3.6), otherwise it is drawn (its placements are counted
 * from the board index and built only when asked).
 */
function offerTile(g: Engine, t: number): 'aside' | 'discarded' | 'drawn' {
	const { s, c } = g;
	let aside = false;
	for (const h of c.hooks.drawn) if (h(g, t) === 'aside') aside = true;
	if (aside) return 'aside';
	s.tile = t;
	if (!placeable(g)) {
		s.tile = -1;
		s.discarded.push(t);
		emit(
			g,
			{ type: 'discard', rules: ['BASE-1.3.6'], player: s.active, tile: c.tiles[t].key },
			() =>
				`${playerName(g, s.active)} drew ${c.tiles[t].key}, which fits nowhere: it goes back to the box and another tile is drawn.`
		);
		return 'discarded';
	}
	if (g.silent) return 'drawn';
	const ev: GameEvent = {
		type: 'draw',
		rules: ['BASE-1.2.1'],
		player: s.active,
		tile: c.tiles[t].key,
		river: c.tiles[t].river,
		left: tilesLeft(s)
	};
	if (s.origin.free) ev.picked = true;
	emit(g, ev, () => {
		const options = placementCount(g);
		return `${playerName(g, s.active)} ${s.origin.free ? 'picks' : 'draws'} ${c.tiles[t].key} (${options} legal placement${options === 1 ? '' : 's'}, ${tilesLeft(s)} tile${tilesLeft(s) === 1 ? '' : 's'} left).`;
	});
	return 'drawn';
}

export function drawTile(g: Engine): boolean {
	for (;;) {
		const t = takeTile(g.s);
		if (t < 0) return false;
		if (offerTile(g, t) === 'drawn') return true;
	}
}

// ------------------------------------------------------------------ free mode (the sandbox)
/** Free mode: one `pick` move per kind of tile the next draw may give that fits somewhere. */
function pickMoves(g: Engine, _step: Step, out: Move[]): void {
	for (const t of new Set(drawable(g.s)))
		if (placementCount(g, t) > 0) out.push({ type: 'pick', tile: g.c.tiles[t].key });
	out.sort((a, b) => String((a as PlaceMove).tile).localeCompare(String((b as PlaceMove).tile)));
}

/** Free mode: the active player takes the tile of their choice from the current pile instead of drawing. */
export function pickMove(g: Engine, move: { tile?: unknown }, step: Step): Refusal | null {
	const { s, c } = g;
	const t = typeof move.tile === 'string' ? c.tileIndex.get(move.tile) : undefined;
	if (t === undefined)
		return {
			code: 'wrong-tile',
			message: `there is no tile '${String(move.tile)}' in this game`,
			rules: ['BASE-1.2.1']
		};
	const key = c.tiles[t].key;
	if (!drawable(s).includes(t)) {
		return s.piles.some((p) => p.tiles.includes(t) || p.last.includes(t))
			? {
					code: 'not-yet',
					message: `${key} comes later: the tiles of the current pile are drawn first (the river before the land, the lake last)`,
					rules: ['RIVER-3.1.1'],
					details: { tile: key }
				}
			: {
					code: 'none-left',
					message: `no copy of ${key} is left to draw`,
					rules: ['BASE-1.2.1'],
					details: { tile: key }
				};
	}
	if (placementCount(g, t) === 0)
		return {
			code: 'fits-nowhere',
			message: `${key} fits nowhere on the board now: drawn, it would go back to the box (BASE-1.3.6)`,
			rules: ['BASE-1.3.6'],
			details: { tile: key }
		};
	takeChosen(s, t);
	// set aside (a dragon before any volcano): pick again
	s.pending.push({ kind: offerTile(g, t) === 'drawn' ? 'place' : 'pick', player: step.player });
	return null;
}

export const PICK_STEP: StepDef = {
	accepts: ['pick'],
	describe: 'pick the next tile (free mode)',
	moves: pickMoves
};
