// The town hall's rule left in TypeScript: a stable beside one (ruling MM-R3). The town hall itself —
// held, placed instead of drawing, the game's end, 0 around a monastery, the dragon kept out (ruling
// MM-R10) — is a held-tile step of expansions/messengers-and-mayors.json (data-held-tile.ts).
import { surroundings } from '../../board.ts';
import type { Engine, FeatureValue } from '../../types.ts';

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
