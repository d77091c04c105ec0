// The town hall's rules left in TypeScript: a stable beside one (ruling MM-R3) and the dragon at one
// (ruling MM-R10). The town hall itself — held, placed instead of drawing, the game's end, 0 around a
// monastery — is a held-tile step of expansions/messengers-and-mayors.json (data-held-tile.ts).
import { surroundings } from '../../board.ts';
import { isTownHall } from '../../tiles.ts';
import type { Engine, FeatureValue, Refusal } from '../../types.ts';

/**
 * A stable (Inn and Stable Owners): ISO-R4 by default scores town halls 0 (they are not land tiles,
 * MM-R3). With ruling MM-R3 = land-tile a town hall counts like a land tile, whatever ISO-R4 says.
 */
export function stableHalls(engine: Engine, root: number, v: FeatureValue): void {
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
