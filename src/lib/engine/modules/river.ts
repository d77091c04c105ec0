// The River: the spring starts, river tiles come before land tiles and the lake last (see the piles
// in game.ts), each river tile continues the river, no immediate U-turn, the river is never claimed
// or scored (its fields are split by it through the tile geometry).
import { pack, SIDE_DX, SIDE_DY, SIDE_STEP, unpackX, unpackY } from '../cells.ts';
import { tileAt } from '../board-index.ts';
import type { Engine, GameState, Refusal, RuleModule } from '../types.ts';

/** The river's state: the turn of the last river tile placed, and of the last curve (ruling RIVER-R2). */
interface RiverState {
	last: number;
	lastCurve: number;
}
const riverState = (state: GameState): RiverState => state.moduleState.river as RiverState;

/** riverFlow's answer for a placement that touches no placed river tile. */
const NO_RIVER = 2;

/**
 * Turn of a river tile placement (-1 left, 0 straight or no turn to speak of, 1 right), or NO_RIVER
 * if it touches no river. The entry is the first of the tile's river sides (in riverSides order,
 * rotated) facing a placed river tile; the turn is the other river side relative to the heading.
 */
function riverFlow(engine: Engine, tile: number, x: number, y: number, rotation: number): number {
	const state = engine.state;
	const sides = engine.rules.tiles[tile].riverSides;
	const cell = pack(x, y);
	let entry = -1;
	for (let i = 0; i < sides.length; i++) {
		const side = (sides[i] + rotation) & 3;
		const n = tileAt(engine, cell + SIDE_STEP[side]);
		if (n >= 0 && engine.rules.tiles[state.boardTile[n]].river) {
			entry = side;
			break;
		}
	}
	if (entry < 0) return NO_RIVER;
	if (sides.length !== 2) return 0;
	const a = (sides[0] + rotation) & 3;
	const exit = a !== entry ? a : (sides[1] + rotation) & 3;
	if (exit === entry) return 0; // (two river entries on one side: no exit)
	// moving into the tile we head towards (entry + 2); the turn is the exit relative to that heading
	const turn = (exit - ((entry + 2) & 3) + 4) & 3;
	return turn === 3 ? -1 : turn === 1 ? 1 : 0;
}

/**
 * RIVER-R2 look-ahead (JCloisterZone's reading): each end of the tile's river (its first river
 * feature, as JCZ reads a fork) that does not face a placed tile needs the two cells beside the next
 * cell and the three beyond it empty.
 */
function lookAhead(
	engine: Engine,
	tile: number,
	x: number,
	y: number,
	rotation: number,
	strict: boolean
): Refusal | null {
	const features = engine.rules.tiles[tile].def.features.filter((f) => f.type === 'river');
	// JCZ reads a fork by its first river; FanCZ's strict reading by all its river sides
	const sides = (strict ? features.flatMap((f) => f.sides ?? []) : (features[0]?.sides ?? [])).map(
		(n) => (SIDE_NAMES.indexOf(n) + rotation) & 3
	);
	const cell = pack(x, y);
	const open = sides.filter((side) => tileAt(engine, cell + SIDE_STEP[side]) < 0);
	const blocked = (why: string): Refusal => ({
		code: 'river-blocked',
		message: `the river would run from (${x},${y}) ${why} (RIVER-R2 ${strict ? 'look-ahead-strict' : 'look-ahead'})`,
		rules: ['RIVER-3.1.2']
	});
	for (const side of open) {
		const next = cell + SIDE_STEP[side];
		const beyond = next + SIDE_STEP[side];
		const left = SIDE_STEP[(side + 3) & 3];
		const right = SIDE_STEP[(side + 1) & 3];
		for (const c of [next + left, next + right, beyond, beyond + left, beyond + right])
			if (tileAt(engine, c) >= 0) return blocked('towards placed tiles');
		if (
			strict &&
			(stripTaken(engine.state, x, y, side) || besideAnotherEnd(engine, x, y, side, open))
		)
			return blocked('towards placed tiles or beside another open end heading the same way');
	}
	return null;
}

/** FanCZ: a tile in the strip three cells wide from (x, y) towards `side`, up to the board's edge. */
function stripTaken(state: Engine['state'], x: number, y: number, side: number): boolean {
	const dx = SIDE_DX[side];
	const dy = SIDE_DY[side];
	for (let b = 0; b < state.boardX.length; b++) {
		const ax = state.boardX[b] - x;
		const ay = state.boardY[b] - y;
		// ahead of (x, y) along the side, at most one cell to either side of its line
		if (dx !== 0 ? ax * dx > 0 && Math.abs(ay) <= 1 : ay * dy > 0 && Math.abs(ax) <= 1) return true;
	}
	return false;
}

/** FanCZ: once the tile lies, two open river ends heading towards `side` are neighbours across that heading. */
function besideAnotherEnd(
	engine: Engine,
	x: number,
	y: number,
	side: number,
	open: number[]
): boolean {
	const state = engine.state;
	const ends: [number, number][] = [];
	const back = (side + 2) & 3;
	for (let i = 0; i < state.front.length; i++) {
		const cx = unpackX(state.front[i]);
		const cy = unpackY(state.front[i]);
		if ((cx !== x || cy !== y) && ((state.frontEdges[i] >> (4 * back)) & 15) === RIVER_EDGE)
			ends.push([cx, cy]);
	}
	for (const o of open) if (o === side) ends.push([x + SIDE_DX[o], y + SIDE_DY[o]]);
	// as FanCZ compares them: only the coordinate across the heading, one apart
	const across = (p: [number, number]) => (side === 0 || side === 2 ? p[0] : p[1]);
	for (let i = 0; i < ends.length; i++)
		for (let j = i + 1; j < ends.length; j++)
			if (Math.abs(across(ends[i]) - across(ends[j])) === 1) return true;
	return false;
}
/** The river's refusals when only whether a placement is allowed matters (the placement hook's `explain`). */
const NOT_CONTINUED: Refusal = {
	code: 'river-not-continued',
	message: 'the tile must continue the river',
	rules: ['RIVER-3.1.2']
};
const U_TURN: Refusal = {
	code: 'river-u-turn',
	message: 'the river would turn the same way twice in a row (a U-turn)',
	rules: ['RIVER-3.1.2']
};

/** The river's edge code in an open cell's required edges (tiles.ts). */
const RIVER_EDGE = 4;
const SIDE_NAMES = ['N', 'E', 'S', 'W'];

export const river: RuleModule = {
	id: 'river',
	name: 'The River',
	features: { river: 'RIVER-3.1.3' },
	leavesOut: ['river'],
	rules: {
		'RIVER-3.1.1':
			'The spring is the start tile; all river tiles are placed before any land tile, the lake last.',
		'RIVER-3.1.2':
			'A river tile must continue the river, match all its edges, and may not turn the same way as the river tile just before it (no U-turn).',
		'RIVER-3.1.3':
			'No figure goes on the river; it is never scored and it splits the fields (which run around the spring and the lake).'
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
				'with-straights': 'also two same-way curves with only straight river tiles between them',
				'look-ahead':
					'JCloisterZone’s reading: no U-turn rule, but every open end of the new river tile needs the five cells ahead of it empty (the two beside the next cell and the three beyond it), so the river can neither turn back nor run into a dead end',
				'look-ahead-strict':
					'FanCloisterZone’s reading: as look-ahead, and the strip three cells wide ahead of each open end holds no tile up to the edge of the board, and no two open river ends heading the same way lie side by side'
			},
			rules: ['RIVER-3.1.2']
		}
	],
	placementFor: (t) => t.river,
	// where river tiles may go and what may stand on them: refusals only
	uncited: ['RIVER-3.1.1', 'RIVER-3.1.2', 'RIVER-3.1.3'],
	hooks: {
		setup(engine) {
			engine.state.moduleState.river = { last: 0, lastCurve: 0 };
		},
		placement(engine, tile, x, y, rotation, explain): Refusal | null {
			const t = engine.rules.tiles[tile];
			if (!t.river) return null;
			const turn = riverFlow(engine, tile, x, y, rotation);
			if (turn === NO_RIVER)
				return explain
					? {
							code: 'river-not-continued',
							message: `${t.key} must continue the river`,
							rules: ['RIVER-3.1.2']
						}
					: NOT_CONTINUED;
			const reading = engine.rules.rulings['RIVER-R2'];
			if (reading === 'look-ahead' || reading === 'look-ahead-strict')
				return lookAhead(engine, tile, x, y, rotation, reading === 'look-ahead-strict');
			if (turn === 0) return null;
			const m = riverState(engine.state);
			const previous = engine.rules.rulings['RIVER-R2'] === 'with-straights' ? m.lastCurve : m.last;
			if (previous === turn)
				return explain
					? {
							code: 'river-u-turn',
							message: `the river would turn ${turn > 0 ? 'right' : 'left'} twice in a row (a U-turn)`,
							rules: ['RIVER-3.1.2'],
							details: { turn: turn > 0 ? 'right' : 'left' }
						}
					: U_TURN;
			return null;
		},
		placed(engine, b) {
			const state = engine.state;
			const t = engine.rules.tiles[state.boardTile[b]];
			if (!t.river || b === 0) return;
			const flow = riverFlow(
				engine,
				state.boardTile[b],
				state.boardX[b],
				state.boardY[b],
				state.boardRotation[b]
			);
			const turn = flow === NO_RIVER ? 0 : flow;
			const m = riverState(state);
			m.last = turn;
			if (turn !== 0) m.lastCurve = turn;
		}
	}
};
