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
function offerTile(engine: Engine, t: number): 'aside' | 'discarded' | 'drawn' {
	const { state, rules } = engine;
	let aside = false;
	for (const h of rules.hooks.drawn) if (h(engine, t) === 'aside') aside = true;
	if (aside) return 'aside';
	state.tile = t;
	if (!placeable(engine)) {
		state.tile = -1;
		state.discarded.push(t);
		emit(
			engine,
			{ type: 'discard', rules: ['BASE-1.3.6'], player: state.active, tile: rules.tiles[t].key },
			() =>
				`${playerName(engine, state.active)} drew ${rules.tiles[t].key}, which fits nowhere: it goes back to the box and another tile is drawn.`
		);
		return 'discarded';
	}
	if (engine.silent) return 'drawn';
	const ev: GameEvent = {
		type: 'draw',
		rules: ['BASE-1.2.1'],
		player: state.active,
		tile: rules.tiles[t].key,
		river: rules.tiles[t].river,
		left: tilesLeft(state)
	};
	if (state.origin.free) ev.picked = true;
	emit(engine, ev, () => {
		const options = placementCount(engine);
		return `${playerName(engine, state.active)} ${state.origin.free ? 'picks' : 'draws'} ${rules.tiles[t].key} (${options} legal placement${options === 1 ? '' : 's'}, ${tilesLeft(state)} tile${tilesLeft(state) === 1 ? '' : 's'} left).`;
	});
	return 'drawn';
}

export function drawTile(engine: Engine): boolean {
	for (;;) {
		const t = takeTile(engine.state);
		if (t < 0) return false;
		if (offerTile(engine, t) === 'drawn') return true;
	}
}

// ------------------------------------------------------------------ free mode (the sandbox)
/** Free mode: one `pick` move per kind of tile the next draw may give that fits somewhere. */
function pickMoves(engine: Engine, _step: Step, out: Move[]): void {
	for (const t of new Set(drawable(engine.state)))
		if (placementCount(engine, t) > 0) out.push({ type: 'pick', tile: engine.rules.tiles[t].key });
	out.sort((a, b) => String((a as PlaceMove).tile).localeCompare(String((b as PlaceMove).tile)));
}

/** Free mode: the active player takes the tile of their choice from the current pile instead of drawing. */
export function pickMove(engine: Engine, move: { tile?: unknown }, step: Step): Refusal | null {
	const { state, rules } = engine;
	const t = typeof move.tile === 'string' ? rules.tileIndex.get(move.tile) : undefined;
	if (t === undefined)
		return {
			code: 'wrong-tile',
			message: `there is no tile '${String(move.tile)}' in this game`,
			rules: ['BASE-1.2.1']
		};
	const key = rules.tiles[t].key;
	if (!drawable(state).includes(t)) {
		return state.piles.some((p) => p.tiles.includes(t) || p.last.includes(t))
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
	if (placementCount(engine, t) === 0)
		return {
			code: 'fits-nowhere',
			message: `${key} fits nowhere on the board now: drawn, it would go back to the box (BASE-1.3.6)`,
			rules: ['BASE-1.3.6'],
			details: { tile: key }
		};
	takeChosen(state, t);
	// set aside (a dragon before any volcano): pick again
	state.pending.push({
		kind: offerTile(engine, t) === 'drawn' ? 'place' : 'pick',
		player: step.player
	});
	return null;
}

export const PICK_STEP: StepDef = {
	accepts: ['pick'],
	describe: 'pick the next tile (free mode)',
	moves: pickMoves
};
