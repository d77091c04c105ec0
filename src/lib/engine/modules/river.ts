// The River: the spring starts, river tiles come before land tiles and the lake last (see the piles
// in game.ts), each river tile continues the river, no immediate U-turn, the river is never claimed
// or scored (its fields are split by it through the tile geometry).
import { pack, SIDE_STEP, tileAt } from '../board.ts';
import type { Engine, Refusal, RuleModule } from '../types.ts';

/** Entry side (board side facing placed river) and turn of a river tile placement, or null if it touches no river. */
function riverFlow(g: Engine, tile: number, x: number, y: number, rotation: number): { entry: number; turn: number } | null {
	const s = g.s;
	const t = g.c.tiles[tile];
	const cell = pack(x, y);
	let entry = -1;
	const sides = t.riverSides.map((u) => (u + rotation) & 3);
	for (const side of sides) {
		const n = tileAt(g, cell + SIDE_STEP[side]);
		if (n >= 0 && g.c.tiles[s.bt[n]].river) {
			entry = side;
			break;
		}
	}
	if (entry < 0) return null;
	const exit = sides.find((x2) => x2 !== entry);
	if (exit === undefined || sides.length !== 2) return { entry, turn: 0 };
	// moving into the tile we head towards (entry + 2); the turn is the exit relative to that heading
	const turn = (exit - ((entry + 2) & 3) + 4) & 3;
	return { entry, turn: turn === 3 ? -1 : turn === 1 ? 1 : 0 };
}

export const river: RuleModule = {
	id: 'river',
	name: 'The River',
	features: { river: 'RIVER-3.1.3' },
	leavesOut: ['river'],
	rules: {
		'RIVER-3.1.1': 'The spring is the start tile; all river tiles are placed before any land tile, the lake last.',
		'RIVER-3.1.2': 'A river tile must continue the river, match all its edges, and may not turn the same way as the river tile just before it (no U-turn).',
		'RIVER-3.1.3': 'No figure goes on the river; it is never scored and it splits the fields (which run around the spring and the lake).'
	},
	rulings: [
		{
			id: 'RIVER-R1',
			description: 'What happens to the base start tile when The River is played.',
			default: 'shuffle',
			options: { shuffle: 'it is shuffled into the land tiles', discard: 'it stays in the box' },
			rules: ['RIVER-3.1.1']
		},
		{
			id: 'RIVER-R2',
			description: 'Which turns count as a forbidden U-turn.',
			default: 'immediate',
			options: {
				immediate: 'two river curves in a row turning the same way (the official ruling)',
				'with-straights': 'also two same-way curves with only straight river tiles between them'
			},
			rules: ['RIVER-3.1.2']
		}
	],
	placementFor: (t) => t.river,
	hooks: {
		setup(g) {
			g.s.mod.river = { last: 0, lastCurve: 0 };
		},
		placement(g, tile, x, y, rotation): Refusal | null {
			const t = g.c.tiles[tile];
			if (!t.river) return null;
			const flow = riverFlow(g, tile, x, y, rotation);
			if (!flow) return { code: 'river-not-continued', message: `${t.key} must continue the river`, rules: ['RIVER-3.1.2'] };
			if (flow.turn === 0) return null;
			const m = g.s.mod.river;
			const previous = g.c.rulings['RIVER-R2'] === 'with-straights' ? m.lastCurve : m.last;
			if (previous === flow.turn)
				return {
					code: 'river-u-turn',
					message: `the river would turn ${flow.turn > 0 ? 'right' : 'left'} twice in a row (a U-turn)`,
					rules: ['RIVER-3.1.2'],
					details: { turn: flow.turn > 0 ? 'right' : 'left' }
				};
			return null;
		},
		placed(g, b) {
			const s = g.s;
			const t = g.c.tiles[s.bt[b]];
			if (!t.river || b === 0) return;
			const flow = riverFlow(g, s.bt[b], s.bx[b], s.by[b], s.br[b]);
			const turn = flow ? flow.turn : 0;
			s.mod.river.last = turn;
			if (turn !== 0) s.mod.river.lastCurve = turn;
		}
	}
};
