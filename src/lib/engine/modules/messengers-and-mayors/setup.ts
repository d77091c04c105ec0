// Messengers & Mayors' setup: each player's town halls in hand and out of the piles, and the
// mayor-symbol tiles counted against ruling MM-R6.
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

/** Setup: town halls in hand, out of the piles; the mayor-symbol tile count against ruling MM-R6. */
export function setup(engine: Engine): void {
	const state = engine.state;
	const rules = engine.rules;
	const { hall, land, river, waterfall } = factsOf(rules);
	const m: MMState = {
		halls: filled(state.players.length, hall ? rules.params.townHallsPerPlayer : 0),
		hallTile: hall ? hall.index : -1,
		lying: [],
		queue: [],
		waiting: [],
		rides: [],
		used: false,
		scored: []
	};
	state.moduleState[MM] = m;
	// town halls leave the piles; the waterfall tiles left in them are counted on the way
	let inPiles = 0;
	const keep = (t: number) => {
		if (isTownHall(rules.tiles[t])) return false;
		if (waterfall.includes(t)) inPiles++;
		return true;
	};
	for (const p of state.piles) {
		p.tiles = p.tiles.filter(keep);
		p.last = p.last.filter(keep);
	}
	const expected =
		rules.rulings['MM-R6'] === 'twelve-land-and-river'
			? { land: 12, river: 1 }
			: { land: 11, river: 1 };
	emit(
		engine,
		{
			type: 'mmSetup',
			rules: ['MM-SETUP-1', 'MM-SETUP-2', 'MM-SETUP-3', 'MM-R6'],
			townHalls: m.halls.slice(),
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
