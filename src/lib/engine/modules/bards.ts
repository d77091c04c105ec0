// Long because: one rule module, the whole of Bards (note tokens, their values, the bard figure), whose hooks read together.
// Bards of Carcassonne (fan expansion by Trebuchet): a lute tile first gets a note token on one
// of its unoccupied features (a placement leaving none is illegal), no figure may join that
// feature in the same turn. What tokens are worth (+k per tile to roads and cities, +k per city
// to fields, 0 for an unfinished road or city carrying one) is data in expansions/bards.json.
import { find } from '../features.ts';
import { FACING_HALF, pack, SIDE_STEP } from '../cells.ts';
import { fits } from '../fit.ts';
import { frontAt, tileAt } from '../board-index.ts';
import { emit, takeBacks } from '../events.ts';
import { figureRef, playerName } from '../scoring.ts';
import { inSupply, piecesOfKinds, putPiece } from './base.ts';
import { perContext } from '../per-context.ts';
import {
	K_GARDEN,
	K_MONASTERY,
	K_RIVER,
	type CFeature,
	type Context,
	type Engine,
	type FigureRef,
	type GameState,
	type Move,
	type Refusal,
	type RuleModule,
	type Step
} from '../types.ts';
import { COUNT_RANGE } from '../limits.ts';

export interface BardsState {
	/** Segment that received this turn's note token, or -1. */
	ban: number;
	/** The drawn lute tile is placed like a plain tile (no token left, or no placement with a free feature). */
	plain: string | null;
}

const B = (engine: Engine): BardsState => engine.state.moduleState.bards as BardsState;
const isLute = (engine: Engine, tile: number) => tablesOf(engine).lute[tile] === 1;
const notes = piecesOfKinds('note');
/** Is a note token left in the supply? */
function tokensLeft(engine: Engine): boolean {
	const ps = engine.state.pieces;
	const list = notes(ps);
	for (let k = 0; k < list.length; k++) if (ps[list[k]].seg === -1) return true;
	return false;
}

/** Inn and Stable Owners' owners are followers only under ISO-R2 = followers (they come in addition to the usual figure, ISO-INN-1). */
const OWNER = 'owner';
const ownersAreFollowers = (rules: Context) => rules.rulings['ISO-R2'] === 'followers';
const isFollower = (rules: Context, kind: string) =>
	rules.figures.get(kind)?.follower === true || (kind === OWNER && ownersAreFollowers(rules));

/**
 * Does a piece of this kind make its feature occupied for a note token? A follower does; under
 * BARD-R5 = joined-feature any figure does, except an owner that is no follower unless BARD-R10 says so.
 */
const blocksNote = (rules: Context, kind: string): boolean =>
	isFollower(rules, kind) ||
	(rules.rulings['BARD-R5'] === 'joined-feature' &&
		(kind !== OWNER || rules.rulings['BARD-R10'] === 'like-any-figure'));

/** The piece that makes the feature (root) occupied for a note token, a follower first, or -1. (BARD-R5, BARD-R10) */
function noteBlocker(engine: Engine, root: number): number {
	const list = engine.state.featurePieces[root];
	if (!list) return -1;
	for (const pc of list) if (isFollower(engine.rules, engine.state.pieces[pc].kind)) return pc;
	for (const pc of list) if (blocksNote(engine.rules, engine.state.pieces[pc].kind)) return pc;
	return -1;
}

/** Is the feature (root) occupied for a note token? (noteBlocker(g, root) >= 0, without naming the piece) */
const occupiedForNote = (engine: Engine, root: number): boolean =>
	blocked(engine, tablesOf(engine).blocks, root);

/** `Bob's follower at (0,-1) on c1`, `a note token at (1,0) on r1` */
function describePiece(engine: Engine, ref: FigureRef): string {
	const what =
		ref.owner < 0
			? ref.figure === 'note'
				? 'a note token'
				: ref.figure
			: `${playerName(engine, ref.owner)}'s ${ref.figure}`;
	return `${what} at (${ref.x},${ref.y}) on ${ref.feature}`;
}

/** May a note token go on this kind of feature at all? (rivers never; monasteries per BARD-R4) */
function takesNote(rules: Context, f: CFeature): boolean {
	if (f.kindCode === K_RIVER) return false;
	if (
		(f.kindCode === K_MONASTERY || f.kindCode === K_GARDEN) &&
		rules.rulings['BARD-R4'] === 'not-allowed'
	)
		return false;
	return true;
}

/** For each feature of `tile` placed at (x,y) with rotation r: the piece it would join that keeps a token out, or -1 (into `out`). */
function blockersInto(
	engine: Engine,
	tile: number,
	x: number,
	y: number,
	r: number,
	out: number[]
): number[] {
	const state = engine.state;
	const t = engine.rules.tiles[tile];
	const cell = pack(x, y);
	out.length = t.features.length;
	out.fill(-1);
	if (t.wildcard) return out; // nothing joins across a town hall
	for (let side = 0; side < 4; side++) {
		const n = tileAt(engine, cell + SIDE_STEP[side]);
		if (n < 0) continue;
		const nt = engine.rules.tiles[state.boardTile[n]];
		if (nt.wildcard) continue;
		const nr = state.boardRotation[n];
		const opp = (side + 2) & 3;
		const fa = t.sideFeat[r * 4 + side];
		const fb = nt.sideFeat[nr * 4 + opp];
		if (fa >= 0 && fb >= 0 && out[fa] < 0)
			out[fa] = noteBlocker(engine, find(state, state.boardFirstSegment[n] + fb));
		for (let h = side * 2; h < side * 2 + 2; h++) {
			const ha = t.halfField[r * 8 + h];
			const hb = nt.halfField[nr * 8 + FACING_HALF[h]];
			if (ha >= 0 && hb >= 0 && out[ha] < 0)
				out[ha] = noteBlocker(engine, find(state, state.boardFirstSegment[n] + hb));
		}
	}
	return out;
}

const blockersIfPlaced = (
	engine: Engine,
	tile: number,
	x: number,
	y: number,
	r: number
): number[] => blockersInto(engine, tile, x, y, r, []);
/** The refusal of a lute tile's placement that leaves no feature free, when only whether matters (the placement hook's `explain`). */
const NO_FREE_FEATURE: Refusal = {
	code: 'no-free-feature',
	message: 'no feature of the lute tile would be free for a note token',
	rules: ['BARD-PLACE-3', 'BARD-R5']
};

/**
 * What the lute placement filter needs that does not depend on the board, per rules context: which
 * tiles are lute tiles, which figure kinds keep a token out (BARD-R5, BARD-R10, ISO-R2), and per lute
 * tile and rotation the features that take a token (BARD-R4) with the board sides and slots they touch.
 * A slot is one thing a neighbour shows across a side: slot side * 3 its road/city/river, slot
 * side * 3 + 1 + j its field on half side * 2 + j. Sides are nibbles, as in state.frontMask (15 << 4 * side).
 */
interface LuteTables {
	lute: Uint8Array;
	/** Figure kind → does a piece of it make its feature occupied for a note token? (the kinds of the context's figures) */
	blocks: Map<string, boolean>;
	/** Per tile (lute tiles only), per rotation: [sides, slots] pairs of the features that take a token. */
	links: (Int32Array[] | null)[];
	/** Per tile × 4 + rotation: 1 when a feature taking a token touches no side (a monastery): always free. */
	always: Uint8Array;
	/** BARD-R3 = whole-game: tokens keep figures off their features for the rest of the game (read at every deploy option). */
	wholeGame: boolean;
}
const luteTables = perContext((rules): LuteTables => {
	const lute = new Uint8Array(rules.tiles.length);
	const always = new Uint8Array(rules.tiles.length * 4);
	const links: (Int32Array[] | null)[] = rules.tiles.map((t) => {
		if (!t.icons.has('lute')) return null;
		lute[t.index] = 1;
		const perRotation: Int32Array[] = [];
		for (let r = 0; r < 4; r++) {
			const pairs: number[] = [];
			t.features.forEach((f, i) => {
				if (!takesNote(rules, f)) return;
				let sides = 0;
				let slots = 0;
				if (!t.wildcard)
					// nothing joins across a town hall
					for (let side = 0; side < 4; side++) {
						if (t.sideFeat[r * 4 + side] === i) slots |= 1 << (side * 3);
						for (let j = 0; j < 2; j++)
							if (t.halfField[r * 8 + side * 2 + j] === i) slots |= 1 << (side * 3 + 1 + j);
						if ((slots >> (side * 3)) & 7) sides |= 15 << (4 * side);
					}
				if (slots === 0) always[t.index * 4 + r] = 1;
				pairs.push(sides, slots);
			});
			perRotation.push(Int32Array.from(pairs));
		}
		return perRotation;
	});
	const blocks = new Map<string, boolean>();
	for (const kind of rules.figures.keys()) blocks.set(kind, blocksNote(rules, kind));
	return { lute, blocks, links, always, wholeGame: rules.rulings['BARD-R3'] === 'whole-game' };
});
const tablesOf = (engine: Engine): LuteTables => luteTables(engine.rules);

/** occupiedForNote with the context's table of the kinds that keep a token out. */
function blocked(engine: Engine, blocks: Map<string, boolean>, root: number): boolean {
	const list = engine.state.featurePieces[root];
	if (!list) return false;
	for (let i = 0; i < list.length; i++) {
		const kind = engine.state.pieces[list[i]].kind;
		if (blocks.get(kind) ?? blocksNote(engine.rules, kind)) return true;
	}
	return false;
}

/** The blocked slots (see LuteTables) across one side of the open cell, as bits. */
function blockedSlots(
	engine: Engine,
	blocks: Map<string, boolean>,
	cell: number,
	side: number
): number {
	const state = engine.state;
	const n = tileAt(engine, cell + SIDE_STEP[side]);
	if (n < 0) return 0;
	const nt = engine.rules.tiles[state.boardTile[n]];
	if (nt.wildcard) return 0;
	const nr = state.boardRotation[n];
	const base = state.boardFirstSegment[n];
	let bits = 0;
	const fb = nt.sideFeat[nr * 4 + ((side + 2) & 3)];
	if (fb >= 0 && blocked(engine, blocks, find(state, base + fb))) bits |= 1;
	for (let j = 0; j < 2; j++) {
		const hb = nt.halfField[nr * 8 + FACING_HALF[side * 2 + j]];
		if (hb >= 0 && blocked(engine, blocks, find(state, base + hb))) bits |= 2 << j;
	}
	return bits << (side * 3);
}

/**
 * Would some feature of lute tile `tile` placed on `cell` with rotation r be free for a token?
 * (BARD-PLACE-3: what blockersInto would show, feature by feature, but a feature touching no placed
 * neighbour is free without a look at the board, and each neighbour's slots are read only when
 * asked.) `mask` is the open cell's state.frontMask: a full nibble for each side with a placed tile that
 * is no town hall (only those can keep a token out).
 */
function freeAt(
	engine: Engine,
	lt: LuteTables,
	tile: number,
	cell: number,
	mask: number,
	r: number
): boolean {
	if (lt.always[tile * 4 + r] === 1) return true;
	const links = lt.links[tile]![r];
	const state = engine.state;
	// the rotations of one cell (and the next listing of the same draw) ask for the same sides
	if (
		state !== slotsFor ||
		state.log.length !== slotsLog ||
		takeBacks !== slotsBack ||
		state.boardX.length !== slotsTiles ||
		cell !== slotsCell ||
		mask !== slotsMask
	) {
		slotsFor = state;
		slotsLog = state.log.length;
		slotsBack = takeBacks;
		slotsTiles = state.boardX.length;
		slotsCell = cell;
		slotsMask = mask;
		slotsKnown = 0;
		slotsBits = 0;
	}
	for (let k = 0; k < links.length; k += 2) {
		const need = links[k] & mask & ~slotsKnown;
		if (need !== 0)
			for (let side = 0; side < 4; side++)
				if ((need >> (4 * side)) & 15) slotsBits |= blockedSlots(engine, lt.blocks, cell, side);
		slotsKnown |= need;
		if ((slotsBits & links[k + 1]) === 0) return true;
	}
	return false;
}
/**
 * The blocked slots freeAt found around one open cell: the sides looked at (nibbles, as in the mask)
 * and their slots' bits, for one state, log length (no move since), number of tiles and mask (no
 * tile placed since; figures come and go only with a move).
 */
let slotsFor: GameState | null = null;
let slotsBack = 0;
let slotsLog = -1;
let slotsTiles = -1;
let slotsCell = -1;
let slotsMask = -1;
let slotsKnown = 0;
let slotsBits = 0;

/** Would some feature of lute tile `tile` placed at (x,y) with rotation r be free for a token? (BARD-PLACE-3) */
function freeIfPlaced(
	engine: Engine,
	lt: LuteTables,
	tile: number,
	x: number,
	y: number,
	r: number
): boolean {
	if (lt.always[tile * 4 + r] === 1) return true;
	const cell = pack(x, y);
	const fi = frontAt(engine, cell);
	// (the rules call it for open cells only; any other cell looks at all four sides)
	return freeAt(engine, lt, tile, cell, fi >= 0 ? engine.state.frontMask[fi] : 0xffff, r);
}

/** Is there any placement of `tile` (edges matching) that leaves a feature free for a token? */
function anyFreePlacement(engine: Engine, tile: number): boolean {
	const state = engine.state;
	const t = engine.rules.tiles[tile];
	const lt = tablesOf(engine);
	for (let i = 0; i < state.front.length; i++)
		for (let r = 0; r < 4; r++)
			if (fits(state, t, i, r) && freeAt(engine, lt, tile, state.front[i], state.frontMask[i], r))
				return true;
	return false;
}

/** Local features of the tile just placed that are free for a note token. */
function freeFeatures(engine: Engine): number[] {
	const state = engine.state;
	const b = state.placed;
	const t = engine.rules.tiles[state.boardTile[b]];
	const out: number[] = [];
	for (let i = 0; i < t.features.length; i++)
		if (
			takesNote(engine.rules, t.features[i]) &&
			!occupiedForNote(engine, find(state, state.boardFirstSegment[b] + i))
		)
			out.push(i);
	return out;
}

function notesOn(engine: Engine, root: number): number {
	let k = 0;
	for (const pc of engine.state.featurePieces[root] ?? [])
		if (engine.state.pieces[pc].kind === 'note') k++;
	return k;
}

function note(engine: Engine, move: { type: string; feature: string }, step: Step): Refusal | null {
	const state = engine.state;
	const b = state.placed;
	const t = engine.rules.tiles[state.boardTile[b]];
	const local = t.features.findIndex((f) => f.id === move.feature);
	if (local < 0)
		return {
			code: 'no-such-feature',
			message: `${t.key} has no feature '${move.feature}'`,
			rules: ['BARD-PLACE-2']
		};
	const free = freeFeatures(engine);
	if (!free.includes(local)) {
		// name what holds the feature (a follower first), or why the kind takes no token
		const held = state.featurePieces[find(state, state.boardFirstSegment[b] + local)] ?? [];
		const pc =
			held.find((i) => engine.rules.figures.get(state.pieces[i].kind)?.follower) ?? held[0];
		const ref = pc !== undefined ? figureRef(engine, pc) : null;
		const why = !takesNote(engine.rules, t.features[local])
			? `a note token cannot go on a ${t.features[local].kind}`
			: ref
				? `the ${t.features[local].kind} already holds ${describePiece(engine, ref)}`
				: 'it is occupied';
		return {
			code: 'note-occupied',
			message: `${move.feature} of ${t.key} is not free for a note token: ${why} (free: ${free.map((i) => t.features[i].id).join(', ') || 'none'})`,
			rules: [
				'BARD-PLACE-2',
				'BARD-R5',
				...(takesNote(engine.rules, t.features[local]) ? [] : ['BARD-R4'])
			],
			...(ref ? { details: { occupant: ref } } : {})
		};
	}
	const piece = inSupply(engine, 'note', -1);
	const seg = state.boardFirstSegment[b] + local;
	putPiece(engine, piece, seg);
	B(engine).ban = seg;
	const kind = t.features[local].kind;
	const rules = ['BARD-PLACE-2', 'BARD-PLACE-4'];
	if (free.length === 1) rules.push('BARD-PLACE-5');
	emit(
		engine,
		{
			type: 'note',
			rules,
			player: step.player,
			piece,
			x: state.boardX[b],
			y: state.boardY[b],
			feature: move.feature,
			kind,
			only: free.length === 1
		},
		() =>
			`${playerName(engine, step.player)} puts a note token on ${kind} ${move.feature} of the lute tile at (${state.boardX[b]},${state.boardY[b]}); no figure may join that ${kind} this turn${free.length === 1 ? ' (it was the only free feature)' : ''}.`
	);
	return null;
}

export const bards: RuleModule = {
	id: 'bards',
	name: 'Bards of Carcassonne',
	rules: {
		'BARD-SETUP-1': 'Seven lute tiles are shuffled in with the land tiles.',
		'BARD-SETUP-2':
			'Seven note tokens lie beside the board; they belong to nobody and never score by themselves.',
		'BARD-PLACE-1': 'A lute tile is placed by the usual rules.',
		'BARD-PLACE-2':
			'Right after placing a lute tile the player must put a note token on an unoccupied feature of it, fields included.',
		'BARD-PLACE-3': 'A lute tile may not be placed where none of its features would be unoccupied.',
		'BARD-PLACE-4':
			'Then a figure may be placed as usual, but not on the feature that just got the token.',
		'BARD-PLACE-5': 'If the token took the only unoccupied feature, no figure can go on the tile.'
	},
	rulings: [
		{
			id: 'BARD-R1',
			description: 'A lute tile with no placement that leaves a feature free for its token.',
			default: 'as-unplaceable-tile',
			options: {
				'as-unplaceable-tile': 'it cannot be placed: back to the box, draw again (BASE-1.3.6)',
				'place-as-plain-tile': 'it is placed anywhere it fits, without a token'
			},
			rules: ['BARD-PLACE-3']
		},
		{
			id: 'BARD-R2',
			description: 'A lute tile drawn when no note token is left in supply.',
			default: 'plain-tile',
			options: {
				'plain-tile': 'placed like a plain tile, no token',
				unplaceable: 'it cannot be placed: back to the box, draw again'
			},
			rules: ['BARD-PLACE-2']
		},
		{
			id: 'BARD-R3',
			description: 'How long a note token keeps figures off its feature.',
			default: 'this-turn-only',
			options: {
				'this-turn-only': 'only in the turn it is placed',
				'whole-game': 'for the rest of the game: no figure joins a feature carrying a token'
			},
			rules: ['BARD-PLACE-4']
		},
		{
			id: 'BARD-R4',
			description: 'A note token on a monastery or garden.',
			default: 'no-effect',
			options: {
				'no-effect': 'allowed, with no effect on its score',
				'not-allowed': 'a token may not go on a monastery or garden'
			},
			rules: ['BARD-PLACE-2']
		},
		{
			id: 'BARD-R5',
			description: 'What makes a feature occupied for a note token.',
			default: 'joined-feature',
			options: {
				'joined-feature':
					'the feature, joined with its neighbours by the placement, holds any figure or token',
				'followers-only': 'only followers occupy: tokens may stack on a feature'
			},
			rules: ['BARD-PLACE-2', 'BARD-PLACE-3']
		},
		{
			id: 'BARD-R6',
			description: 'Do note tokens raise the value of pennants?',
			default: 'usual-pennant-value',
			options: {
				'usual-pennant-value': 'no: pennants keep 2 (3 with a cathedral)',
				'note-bonus-per-pennant': 'yes: +k per pennant as well'
			},
			rules: ['BARD-SCORE-1']
		},
		{
			id: 'BARD-R7',
			description: 'Note tokens after their feature is scored.',
			default: 'stay-on-board',
			options: {
				'stay-on-board': 'they stay where they are (they are not followers)',
				'return-to-supply': 'they return to the supply for later lute tiles'
			},
			rules: ['BARD-SETUP-2']
		},
		{
			id: 'BARD-R8',
			description:
				'Which unfinished roads and cities score 0 at the end (the source: “with a note token on one of the tiles”).',
			default: 'token-on-any-tile',
			options: {
				'token-on-any-tile':
					'those with a note token on one of their tiles, in any feature of it (the seed text read literally)',
				'token-in-feature': 'only those carrying a note token themselves'
			},
			rules: ['BARD-SCORE-4']
		},
		{
			id: 'BARD-R9',
			description: 'Note tokens on a tile the dragon enters (new gap: tokens are not figures).',
			default: 'tokens-stay',
			options: {
				'tokens-stay': 'the dragon leaves them',
				'tokens-eaten': 'they return to the supply like eaten figures'
			},
			rules: ['BARD-SETUP-2', 'DRAGON-4.4.5']
		},
		{
			id: 'BARD-R10',
			description:
				'Does an owner (Inn and Stable Owners) that is no follower (ISO-R2) occupy a feature for a note token? (new gap: BARD-R5 speaks of figures, ISO-R2 says owners do not occupy)',
			default: 'as-followers',
			options: {
				'as-followers': 'only when ISO-R2 makes owners followers: a note token may join an owner',
				'like-any-figure': 'yes, like any figure (with BARD-R5 = joined-feature)'
			},
			rules: ['BARD-PLACE-2', 'BARD-PLACE-3', 'ISO-R2']
		}
	],
	parameters: { noteTokens: 7 },
	parameterRanges: { noteTokens: COUNT_RANGE },
	icons: { lute: 'BARD-PLACE-2' },
	figures: [
		{
			id: 'note',
			name: 'Note token',
			perPlayer: 0,
			follower: false,
			token: true,
			deployable: false,
			features: [],
			strength: () => 0,
			rules: ['BARD-PLACE-2'],
			staysAfterScoring: (engine) => engine.rules.rulings['BARD-R7'] === 'stay-on-board'
		}
	],
	steps: {
		note: {
			accepts: ['note'],
			describe: 'put a note token on a free feature of the lute tile',
			moves(engine, _step, out: Move[]) {
				const t = engine.rules.tiles[engine.state.boardTile[engine.state.placed]];
				for (const i of freeFeatures(engine)) out.push({ type: 'note', feature: t.features[i].id });
			}
		}
	},
	moves: { note: note },
	placementFor: (t) => t.icons.has('lute'),
	deployMoves: { note: 'note' },
	uncited: ['BARD-SETUP-1', 'BARD-SETUP-2', 'BARD-PLACE-1'],
	// the scored hook acts only under BARD-R7 return-to-supply (a silent scoring then needs no event)
	hookWhen: { scored: (rulings) => rulings['BARD-R7'] === 'return-to-supply' },
	hooks: {
		setup(engine) {
			for (let i = 0; i < engine.rules.params.noteTokens; i++)
				engine.state.pieces.push({ kind: 'note', owner: -1, seg: -1, tile: -1 });
			const st: BardsState = { ban: -1, plain: null };
			engine.state.moduleState.bards = st;
		},
		turnStart(engine) {
			B(engine).ban = -1;
			B(engine).plain = null;
		},
		drawn(engine, tile) {
			if (!isLute(engine, tile)) return 'keep';
			const st = B(engine);
			st.plain = null;
			if (!tokensLeft(engine)) {
				if (engine.rules.rulings['BARD-R2'] === 'plain-tile')
					st.plain = 'no note token is left (BARD-R2)';
				else
					emit(
						engine,
						{
							type: 'luteUnplaceable',
							rules: ['BARD-R2'],
							player: engine.state.active,
							tile: engine.rules.tiles[tile].key
						},
						() =>
							`${engine.rules.tiles[tile].key} is a lute tile and no note token is left: it cannot be placed (BARD-R2).`
					);
				return 'keep';
			}
			if (anyFreePlacement(engine, tile)) return 'keep';
			if (engine.rules.rulings['BARD-R1'] === 'place-as-plain-tile')
				st.plain = 'no placement leaves a feature free for the token (BARD-R1)';
			else
				emit(
					engine,
					{
						type: 'luteUnplaceable',
						rules: ['BARD-PLACE-3', 'BARD-R1'],
						player: engine.state.active,
						tile: engine.rules.tiles[tile].key
					},
					() =>
						`${engine.rules.tiles[tile].key} is a lute tile and no placement leaves a feature free for a note token: it cannot be placed.`
				);
			return 'keep';
		},
		placement(engine, tile, x, y, r, explain) {
			const lt = tablesOf(engine);
			if (lt.lute[tile] !== 1 || B(engine).plain) return null;
			if (!tokensLeft(engine))
				return {
					code: 'no-note-token',
					message: 'no note token is left for this lute tile',
					rules: ['BARD-R2']
				};
			if (freeIfPlaced(engine, lt, tile, x, y, r)) return null;
			// listing placements asks only whether (naming the blockers of every barred one took ~2 % of a checked game's profile)
			if (!explain) return NO_FREE_FEATURE;
			// name, feature by feature, what keeps the token out (BARD-R5) or why the kind takes none (BARD-R4)
			const t = engine.rules.tiles[tile];
			const blockers = blockersIfPlaced(engine, tile, x, y, r);
			const features = t.features.map((f, i) => {
				if (!takesNote(engine.rules, f))
					return { feature: f.id, kind: f.kind, reason: `a note token cannot go on a ${f.kind}` };
				const occupant = figureRef(engine, blockers[i]);
				return {
					feature: f.id,
					kind: f.kind,
					occupant,
					reason: `joins ${describePiece(engine, occupant)}`
				};
			});
			return {
				code: 'no-free-feature',
				message: `placed at (${x},${y}) rotated ${r * 90}°, no feature of the lute tile ${t.key} would be free for a note token: ${features.map((f) => `${f.feature}: ${f.reason}`).join('; ')}`,
				rules: [
					'BARD-PLACE-3',
					'BARD-R5',
					...(t.features.some((f) => f.kindCode !== K_RIVER && !takesNote(engine.rules, f))
						? ['BARD-R4']
						: [])
				],
				details: { x, y, rotation: r, features }
			};
		},
		placed(engine, b) {
			const state = engine.state;
			if (b !== state.placed || !isLute(engine, state.boardTile[b])) return;
			const st = B(engine);
			if (!st.plain && tokensLeft(engine) && freeFeatures(engine).length > 0) {
				state.pending.push({ kind: 'note', player: state.active });
				return;
			}
			const why = st.plain ?? 'no feature is free for a note token';
			emit(
				engine,
				{
					type: 'lutePlain',
					rules: st.plain?.includes('BARD-R2') ? ['BARD-R2'] : ['BARD-R1'],
					player: state.active,
					x: state.boardX[b],
					y: state.boardY[b]
				},
				() =>
					`The lute tile at (${state.boardX[b]},${state.boardY[b]}) is played like a plain tile: ${why}.`
			);
		},
		deployCheck(engine, _player, figure, seg) {
			const state = engine.state;
			const st = B(engine);
			const whole = tablesOf(engine).wholeGame;
			if (st.ban < 0 && !whole) return null; // no token placed this turn and none that lasts
			const root = find(state, seg);
			const banned = st.ban >= 0 && find(state, st.ban) === root;
			const lasting = whole && notesOn(engine, root) > 0;
			if (!banned && !lasting) return null;
			// the usual figure of the turn, whatever it is (a follower, Buddo, a pig); not an owner, placed in
			// addition to it (ISO-INN-1), unless ISO-R2 makes owners followers
			if (figure === OWNER && !ownersAreFollowers(engine.rules)) return null;
			return banned
				? {
						code: 'note-feature',
						message: `this feature got the note token this turn: no ${figure} may join it`,
						rules: ['BARD-PLACE-4']
					}
				: {
						code: 'note-feature',
						message: 'this feature carries a note token: no figure may join it (BARD-R3)',
						rules: ['BARD-R3', 'BARD-PLACE-4']
					};
		},
		// the scoring of note tokens (BARD-SCORE-1…4) is data: expansions/bards.json dataRules
		scored(engine, root, ev) {
			if (engine.rules.rulings['BARD-R7'] !== 'return-to-supply') return;
			const k = notesOn(engine, root);
			if (k > 0)
				emit(
					engine,
					{ type: 'notesReturn', rules: ['BARD-R7'], count: k, at: ev.feature.at },
					() => `${k} note token${k > 1 ? 's go' : ' goes'} back to the supply (BARD-R7).`
				);
		},
		dragonEnters(engine, b) {
			if (engine.rules.rulings['BARD-R9'] !== 'tokens-stay') return null;
			let spare: number[] | null = null;
			const ps = engine.state.pieces;
			const list = notes(ps);
			for (let k = 0; k < list.length; k++) {
				const i = list[k];
				if (ps[i].tile === b && ps[i].seg >= 0) (spare ??= []).push(i);
			}
			return spare ? { spare } : null;
		}
	}
};
