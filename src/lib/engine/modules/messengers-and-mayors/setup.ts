// Messengers & Mayors' setup: the mayor-symbol tiles counted against ruling MM-R6 (the town halls
// are held by the document's held-tile step, data-held-tile.ts).
import { emit } from '../../events.ts';
import type { Engine } from '../../types.ts';
import { perContext } from '../../per-context.ts';
import { filled } from '../../arrays.ts';
import { isTownHall } from '../../tiles.ts';
import { MM, type MMState } from './state.ts';

/** What setup reads from a rules context's tiles: the town hall, the mayor-symbol tiles. */
const factsOf = perContext((rules) => {
	const marked = rules.tiles.filter((t) => t.icons.has('mayor'));
	const land = marked.filter((t) => !t.river).length;
	return {
		hall: rules.tiles.find(isTownHall),
		land,
		river: marked.length - land,
		waterfall: marked.filter((t) => t.river).map((t) => t.index)
	};
});

/** Setup: the module state; the mayor-symbol tile count against ruling MM-R6. */
export function setup(engine: Engine): void {
	const state = engine.state;
	const rules = engine.rules;
	const { hall, land, river, waterfall } = factsOf(rules);
	const m: MMState = { hallTile: hall ? hall.index : -1 };
	state.moduleState[MM] = m;
	// the waterfall tiles in the piles
	let inPiles = 0;
	for (const p of state.piles)
		for (const t of [...p.tiles, ...p.last]) if (waterfall.includes(t)) inPiles++;
	const expected =
		rules.rulings['MM-R6'] === 'twelve-land-and-river'
			? { land: 12, river: 1 }
			: { land: 11, river: 1 };
	emit(
		engine,
		{
			type: 'mmSetup',
			rules: ['MM-SETUP-1', 'MM-SETUP-2', 'MM-SETUP-3', 'MM-R6'],
			townHalls: filled(state.players.length, hall ? rules.params.townHallsPerPlayer : 0),
			mayorTiles: { land, river },
			waterfall: inPiles > 0 ? 'river-tiles' : 'left-out',
			tileSetMatches: land === expected.land && river === expected.river
		},
		() =>
			`Messengers & Mayors: each player has a mayor, a messenger, a scarecrow and ${rules.params.townHallsPerPlayer} town hall; ${land} mayor-symbol land tiles and ${river} river tile (${inPiles > 0 ? 'shuffled into the river tiles' : 'left out without The River'}).` +
			(land === expected.land && river === expected.river
				? ''
				: ` The tile set does not match ruling MM-R6 (${expected.land} land + ${expected.river} river).`)
	);
}
