// The Princess & the Dragon, as far as the dragon needs: volcanoes bring the dragon in (no figure
// on them), dragon tiles wait until a volcano is out, then make the dragon take up to 6 single
// steps, players in turn clockwise from the active one, never revisiting a tile in one movement,
// never onto the fairy; every figure on an entered tile is eaten. The fairy: moved next to one's
// own follower instead of placing a figure; protects its tile; 1 point at the start of its owner's
// turn and 3 when that follower's feature scores. The princess and the magic portal: princess.ts, portal.ts.
import { pack, SIDE_STEP, tileAt, tileAtXY } from '../board.ts';
import { featureOf } from '../features.ts';
import { shuffleBack, tilesLeft } from '../bag.ts';
import { emit, takeBacks } from '../events.ts';
import { perContext, perPieces } from '../per-context.ts';
import { playerName, returnPiece, figureRef } from '../scoring.ts';
import type { Engine, FigureRef, GameState, Move, Refusal, RuleModule, Step } from '../types.ts';
import { POINTS_RANGE } from '../limits.ts';

export interface DragonState {
	/** Board index of the dragon's tile, -1 before the first volcano. */
	at: number;
	volcano: boolean;
	/** Dragon tiles set aside before the first volcano (compiled tile indexes). */
	aside: number[];
	/** Board index of the fairy's tile and the piece it stands next to (-1: none). */
	fairy: number;
	fairyPiece: number;
	/** Ruling DRAGON-R2 = dragon-first: where the fairy stood before it moved this turn (it protects that tile during this turn's movement). */
	shield?: number;
	/** The movement in progress. */
	visited: number[];
	steps: number;
}

const D = (engine: Engine): DragonState => engine.state.moduleState.dragon as DragonState;

/**
 * What the hot hooks read from the rules context, built once per context: per tile its ICON_VOLCANO
 * and ICON_DRAGON bits, and the figure kinds that are followers (a Set or Map lookup for every figure
 * option costs more than these).
 */
interface DragonTables {
	icons: Uint8Array;
	followers: string[];
}
const ICON_VOLCANO = 1;
const ICON_DRAGON = 2;
const tablesOf = perContext((rules): DragonTables => ({
	icons: Uint8Array.from(
		rules.tiles,
		(tile) =>
			(tile.icons.has('volcano') ? ICON_VOLCANO : 0) | (tile.icons.has('dragon') ? ICON_DRAGON : 0)
	),
	followers: [...rules.figures.values()].filter((f) => f.follower).map((f) => f.id)
}));
const hasIcon = (engine: Engine, tile: number, icon: number): boolean =>
	(tablesOf(engine.rules).icons[tile] & icon) !== 0;

/**
 * Per player, the pieces (indexes, in order) of follower kinds: the fairy stands only beside one of
 * them. Found once per rules context and pieces array (perPieces), with the fairy's move beside each
 * piece built once and listed again while the piece stands on the same segment of the same board
 * tile (a segment belongs to one tile of one place for the whole game; moves are shared immutable values).
 */
interface Followers {
	byPlayer: number[][];
	movedSeg: number[];
	movedTile: number[];
	moved: (FairyMove | null)[];
}
type FairyMove = { type: 'fairy'; x: number; y: number; feature: string };
const followersOf = perContext((rules) =>
	perPieces((ps): Followers => {
		const kinds = tablesOf(rules).followers;
		const byPlayer: number[][] = [];
		for (let i = 0; i < ps.length; i++) {
			const o = ps[i].owner;
			if (o < 0 || !kinds.includes(ps[i].kind)) continue;
			while (byPlayer.length <= o) byPlayer.push([]);
			byPlayer[o].push(i);
		}
		const n = ps.length;
		return {
			byPlayer,
			movedSeg: new Array<number>(n).fill(-1),
			movedTile: new Array<number>(n).fill(-1),
			moved: new Array<FairyMove | null>(n).fill(null)
		};
	})
);
const NONE: readonly number[] = [];
const ownFollowers = (engine: Engine, player: number): readonly number[] =>
	followersOf(engine.rules)(engine.state.pieces).byPlayer[player] ?? NONE;

/** The fairy's move beside follower piece i (of f, the game's followers), standing on segment seg of board tile b. */
function fairyMoveOf(engine: Engine, f: Followers, i: number, seg: number, b: number): FairyMove {
	if (f.movedSeg[i] === seg && f.movedTile[i] === b) return f.moved[i]!;
	const state = engine.state;
	const move: FairyMove = {
		type: 'fairy',
		x: state.boardX[b],
		y: state.boardY[b],
		feature: featureOf(engine, seg).id
	};
	f.movedSeg[i] = seg;
	f.movedTile[i] = b;
	f.moved[i] = move;
	return move;
}

/** The tile the fairy keeps the dragon off during the movement in progress (DRAGON-4.4.3, ruling DRAGON-R2). */
const fairyTile = (d: DragonState): number => d.shield ?? d.fairy;

/**
 * The last listing's targets, kept for the dragon move that answers it: the same state at the same
 * log length (no move applied since) and the same movement (dragon tile, steps made, fairy's tile).
 */
let lastFor: GameState | null = null;
let lastLog = -1;
let lastBack = 0;
let lastAt = -1;
let lastSteps = -1;
let lastFairy = -1;
let lastTargets: number[] = [];
function listedTargets(engine: Engine): number[] {
	const state = engine.state;
	const d = D(engine);
	const fairy = fairyTile(d);
	if (
		state === lastFor &&
		state.log.length === lastLog &&
		takeBacks === lastBack &&
		d.at === lastAt &&
		d.steps === lastSteps &&
		fairy === lastFairy
	)
		return lastTargets;
	lastTargets = targets(engine);
	lastFor = state;
	lastLog = state.log.length;
	lastBack = takeBacks;
	lastAt = d.at;
	lastSteps = d.steps;
	lastFairy = fairy;
	return lastTargets;
}

/** The dragon's moves, built once per rules context and cell (moves are shared immutable values). */
const dragonMoves = perContext(() => new Map<number, { type: 'dragon'; x: number; y: number }>());

function targets(engine: Engine): number[] {
	const state = engine.state;
	const d = D(engine);
	const out: number[] = [];
	const cell = pack(state.boardX[d.at], state.boardY[d.at]);
	const fairy = fairyTile(d);
	const visited = d.visited;
	for (let side = 0; side < 4; side++) {
		const n = tileAt(engine, cell + SIDE_STEP[side]);
		if (n < 0 || n === fairy || visited.includes(n) || refusedEntry(engine, n)) continue; // refused: ruling MM-R10 (town hall)
		out.push(n);
	}
	return drawnTo(engine, out)?.tiles ?? out;
}

function refusedEntry(engine: Engine, b: number): boolean {
	const hooks = engine.rules.hooks.dragonEnter;
	for (let i = 0; i < hooks.length; i++) if (hooks[i](engine, b)) return true;
	return false;
}

/** A module that draws the dragon (Buddo) narrows where it may go next. */
function drawnTo(engine: Engine, open: number[]) {
	for (const h of engine.rules.hooks.dragonTargets) {
		const r = h(engine, open);
		if (r) return r;
	}
	return null;
}

function stopMovement(engine: Engine, reason: string, rules: string[]) {
	const state = engine.state;
	const d = D(engine);
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'dragonStops',
				rules,
				x: state.boardX[d.at],
				y: state.boardY[d.at],
				steps: d.steps,
				reason
			},
			() =>
				`The dragon stops at (${state.boardX[d.at]},${state.boardY[d.at]}) after ${d.steps} step${d.steps === 1 ? '' : 's'}: ${reason}.`
		);
	d.visited = [];
	d.steps = 0;
}

/** Offers the next step to the next mover, or ends the movement. */
function nextStep(engine: Engine, mover: number) {
	const d = D(engine);
	if (d.steps >= engine.rules.params.dragonSteps)
		return stopMovement(engine, 'all its steps are made', ['DRAGON-4.4.2']);
	if (targets(engine).length === 0)
		return stopMovement(engine, 'no tile it may enter (dead end)', ['DRAGON-4.4.4']);
	engine.state.pending.push({ kind: 'dragon', player: mover });
}

function startMovement(engine: Engine) {
	const state = engine.state;
	const d = D(engine);
	if (state.placed < 0 || !hasIcon(engine, state.boardTile[state.placed], ICON_DRAGON) || d.at < 0)
		return;
	d.visited = [d.at];
	d.steps = 0;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'dragonWakes',
				rules: ['DRAGON-4.4.1', 'DRAGON-4.4.2'],
				x: state.boardX[d.at],
				y: state.boardY[d.at]
			},
			() =>
				`A dragon tile: the dragon at (${state.boardX[d.at]},${state.boardY[d.at]}) moves up to ${engine.rules.params.dragonSteps} steps, ${playerName(engine, state.active)} first.`
		);
	nextStep(engine, state.active);
}

function dragonMove(
	engine: Engine,
	move: { type: string; x: number; y: number },
	step: Step
): Refusal | null {
	const state = engine.state;
	const d = D(engine);
	const n = tileAtXY(engine, move.x, move.y);
	const to = pack(move.x, move.y);
	const from = pack(state.boardX[d.at], state.boardY[d.at]);
	const adjacent =
		from + SIDE_STEP[0] === to ||
		from + SIDE_STEP[1] === to ||
		from + SIDE_STEP[2] === to ||
		from + SIDE_STEP[3] === to;
	if (n < 0 || !adjacent)
		return {
			code: 'dragon-not-adjacent',
			message: `the dragon moves one step to a placed tile next to (${state.boardX[d.at]},${state.boardY[d.at]})`,
			rules: ['DRAGON-4.4.2', 'DRAGON-4.4.3']
		};
	const allowed = listedTargets(engine);
	if (!allowed.includes(n)) {
		if (d.visited.includes(n))
			return {
				code: 'dragon-visited',
				message: `the dragon already visited (${move.x},${move.y}) in this movement`,
				rules: ['DRAGON-4.4.3']
			};
		if (n === fairyTile(d))
			return {
				code: 'dragon-fairy',
				message: `the fairy protects (${move.x},${move.y})`,
				rules: ['DRAGON-4.4.3', 'DRAGON-4.5.2']
			};
		for (const h of engine.rules.hooks.dragonEnter) {
			const r = h(engine, n);
			if (r) return r;
		}
		const drawn = drawnTo(engine, allowed);
		return {
			code: 'dragon-drawn',
			message: `the dragon must go to (${state.boardX[allowed[0]]},${state.boardY[allowed[0]]}): ${drawn?.reason ?? 'no other tile'}`,
			rules: ['DRAGON-4.4.2', ...(drawn?.rules ?? [])]
		};
	}
	d.at = n;
	d.visited.push(n);
	d.steps++;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'dragonMove',
				rules: ['DRAGON-4.4.2'],
				player: step.player,
				x: move.x,
				y: move.y,
				step: d.steps
			},
			() =>
				`${playerName(engine, step.player)} moves the dragon to (${move.x},${move.y}) (step ${d.steps}).`
		);
	let stop: { reason: string; rules: string[] } | null = null;
	let spare: number[] | null = null;
	const enters = engine.rules.hooks.dragonEnters;
	for (let i = 0; i < enters.length; i++) {
		const r = enters[i](engine, n, step.player);
		if (!r) continue;
		if (r.stop) stop = { reason: r.stop, rules: r.rules ?? [] };
		if (r.spare) (spare ??= []).push(...r.spare);
	}
	// the eaten figures are named only for the event (none is built when silent)
	const eaten: FigureRef[] | null = engine.silent ? null : [];
	const ps = state.pieces;
	for (let i = 0; i < ps.length; i++) {
		if (ps[i].tile !== n || ps[i].seg < 0 || (spare !== null && spare.includes(i))) continue;
		if (eaten) eaten.push(figureRef(engine, i));
		returnPiece(engine, i);
	}
	if (eaten && eaten.length)
		emit(
			engine,
			{ type: 'eaten', rules: ['DRAGON-4.4.5'], x: move.x, y: move.y, figures: eaten },
			() =>
				`The dragon eats ${eaten.map((f) => `${playerName(engine, f.owner)}'s ${f.figure} on ${f.feature}`).join(', ')}: back to supply.`
		);
	if (stop) stopMovement(engine, stop.reason, stop.rules);
	else nextStep(engine, (step.player + 1) % state.players.length);
	return null;
}

function fairyMove(
	engine: Engine,
	move: { type: string; x: number; y: number; feature: string },
	step: Step
): Refusal | null {
	const state = engine.state;
	if (!fairyInPlay(engine))
		return {
			code: 'no-fairy',
			message: 'the fairy is not in play in this game',
			rules: ['DRAGON-R4']
		};
	const b = tileAtXY(engine, move.x, move.y);
	let piece = -1;
	const own = b >= 0 ? ownFollowers(engine, step.player) : NONE;
	for (let k = 0; k < own.length; k++) {
		const i = own[k];
		const p = state.pieces[i];
		if (p.tile !== b || p.seg < 0) continue;
		// two own followers on one feature of a tile (a messenger rode in): take the one without the fairy
		if (
			featureOf(engine, p.seg).id === move.feature &&
			(piece < 0 || piece === D(engine).fairyPiece)
		)
			piece = i;
	}
	if (piece < 0)
		return {
			code: 'no-own-follower',
			message: `${playerName(engine, step.player)} has no follower on ${move.feature} at (${move.x},${move.y})`,
			rules: ['DRAGON-4.5.1']
		};
	const d = D(engine);
	if (state.acted)
		return {
			code: 'already-acted',
			message: `the fairy moves only on a turn without a figure placed, and ${playerName(engine, step.player)} placed one`,
			rules: ['DRAGON-4.5.1']
		};
	if (piece === d.fairyPiece)
		return {
			code: 'fairy-already-there',
			message: `the fairy already stands beside that follower`,
			rules: ['DRAGON-4.5.1']
		};
	if (engine.rules.rulings['DRAGON-R2'] === 'dragon-first') d.shield = d.fairy;
	d.fairy = b!;
	d.fairyPiece = piece;
	state.acted = true;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'fairyMove',
				rules: ['DRAGON-4.5.1'],
				player: step.player,
				x: move.x,
				y: move.y,
				feature: move.feature
			},
			() =>
				`${playerName(engine, step.player)} moves the fairy next to their follower on ${move.feature} at (${move.x},${move.y}).`
		);
	return null;
}

/** Whether the dragon and the fairy are in play (ruling DRAGON-R4). */
const dragonInPlay = (engine: Engine): boolean =>
	engine.rules.rulings['DRAGON-R4'] === 'dragon-and-fairy' ||
	engine.rules.rulings['DRAGON-R4'] === 'dragon-only';
const fairyInPlay = (engine: Engine): boolean =>
	engine.rules.rulings['DRAGON-R4'] === 'dragon-and-fairy' ||
	engine.rules.rulings['DRAGON-R4'] === 'fairy-only';

export const dragon: RuleModule = {
	id: 'dragon',
	name: 'The Princess & the Dragon (dragon and fairy)',
	rules: {
		'DRAGON-4.2.1': 'No figure may be placed on a volcano tile (the fairy may still be moved).',
		'DRAGON-4.2.2': 'Each volcano placed makes the dragon fly onto it; landing eats nothing.',
		'DRAGON-4.3.1': 'The dragon starts off the board.',
		'DRAGON-4.3.2':
			'A dragon tile drawn before any volcano is out is set aside and drawn again later: it is shuffled back when the dragon arrives.',
		'DRAGON-4.4.1':
			'A dragon tile is placed normally, a figure may go on it, then the dragon moves.',
		'DRAGON-4.4.2':
			'The dragon makes up to 6 single orthogonal steps, players moving it in turn clockwise from the active player.',
		'DRAGON-4.4.3':
			'It may not enter a tile it visited in this movement (its start included) nor the fairy’s tile.',
		'DRAGON-4.4.4': 'With no tile it may enter, its movement ends early.',
		'DRAGON-4.4.5': 'Every figure on a tile the dragon enters returns to its owner’s supply.',
		'DRAGON-4.4.6': 'The dragon stays where it stopped until the next volcano or dragon tile.',
		'DRAGON-4.4.8':
			'Order: place the tile (volcano: dragon flies), figure or fairy, dragon movement, scoring.',
		'DRAGON-4.5.1':
			'Instead of placing a figure, a player may move the fairy next to one of their own followers.',
		'DRAGON-4.5.2':
			'The dragon cannot enter the fairy’s tile; the follower’s owner gets 1 point at the start of their turn and 3 when its feature scores.'
	},
	rulings: [
		{
			id: 'DRAGON-R1',
			description: 'When the dragon moves in a dragon-tile turn.',
			default: 'before-scoring',
			options: {
				'before-scoring': 'after the figure step, before scoring (C2 order)',
				'after-scoring': 'after scoring (older summaries)'
			},
			rules: ['DRAGON-4.4.8']
		},
		{
			id: 'DRAGON-R2',
			description:
				'On a dragon-tile turn without a figure placed, does the fairy moved this turn already protect against this turn’s dragon (the rules, section 4.5.3, leave it open)?',
			default: 'fairy-first',
			options: {
				'fairy-first': 'yes: the fairy moves in step 2, the dragon in step 2b (C2 order)',
				'dragon-first': 'no: during this turn’s movement the fairy still protects the tile it left'
			},
			rules: ['DRAGON-4.5.1', 'DRAGON-4.4.3', 'DRAGON-4.4.8']
		},
		{
			id: 'DRAGON-R3',
			description:
				'Does a farmer next to the fairy get the 3 points at the end without the field majority?',
			default: 'always',
			options: {
				always: 'yes, whenever the field is scored',
				majority: 'only if the farmer’s owner scores the field'
			},
			rules: ['DRAGON-4.5.2']
		},
		{
			id: 'DRAGON-R4',
			description:
				'Which of the neutral figures are in play? (JCloisterZone’s game setup chooses the dragon and the fairy one by one.)',
			default: 'dragon-and-fairy',
			options: {
				'dragon-and-fairy': 'both, as the expansion comes',
				'dragon-only': 'the dragon; no fairy',
				'fairy-only': 'the fairy; no dragon (volcano and dragon tiles are plain tiles)',
				neither: 'neither: the tiles are plain tiles'
			},
			rules: ['DRAGON-4.2.2', 'DRAGON-4.4.1', 'DRAGON-4.5.1']
		}
	],
	parameters: { dragonSteps: 6, fairyTurnPoints: 1, fairyScoringPoints: 3 },
	parameterRanges: {
		dragonSteps: { min: 1, max: 20 },
		fairyTurnPoints: POINTS_RANGE,
		fairyScoringPoints: POINTS_RANGE
	},
	declares: ['dragon', 'fairy'],
	icons: { volcano: 'DRAGON-4.2.2', dragon: 'DRAGON-4.4.2' },
	steps: {
		dragon: {
			accepts: ['dragon'],
			describe: 'move the dragon one step',
			moves(engine, _step, out: Move[]) {
				const state = engine.state;
				const list = listedTargets(engine);
				const m = dragonMoves(engine.rules);
				for (let i = 0; i < list.length; i++) {
					const x = state.boardX[list[i]];
					const y = state.boardY[list[i]];
					const key = pack(x, y);
					let move = m.get(key);
					if (move === undefined) m.set(key, (move = { type: 'dragon', x, y }));
					out.push(move);
				}
			}
		}
	},
	stepMoves: { figure: ['fairy'] },
	moves: { dragon: dragonMove, fairy: fairyMove },
	// DRAGON-4.2.1 and 4.4.3 are cited when a move is refused
	uncited: ['DRAGON-4.2.1', 'DRAGON-4.3.1', 'DRAGON-4.4.3', 'DRAGON-4.4.6', 'DRAGON-4.4.8'],
	hooks: {
		setup(engine) {
			const d: DragonState = {
				at: -1,
				volcano: false,
				aside: [],
				fairy: -1,
				fairyPiece: -1,
				visited: [],
				steps: 0
			};
			engine.state.moduleState.dragon = d;
		},
		drawn(engine, tile) {
			const d = D(engine);
			if (d.at >= 0 || !hasIcon(engine, tile, ICON_DRAGON) || !dragonInPlay(engine)) return 'keep';
			d.aside.push(tile);
			emit(
				engine,
				{
					type: 'setAside',
					rules: ['DRAGON-4.3.2'],
					player: engine.state.active,
					tile: engine.rules.tiles[tile].key
				},
				() =>
					`${engine.rules.tiles[tile].key} is a dragon tile but the dragon is not in play yet: set aside, draw again.`
			);
			return 'aside';
		},
		placed(engine, b) {
			const state = engine.state;
			if (!hasIcon(engine, state.boardTile[b], ICON_VOLCANO) || !dragonInPlay(engine)) return;
			const d = D(engine);
			d.at = b;
			emit(
				engine,
				{ type: 'dragonFlies', rules: ['DRAGON-4.2.2'], x: state.boardX[b], y: state.boardY[b] },
				() => `The dragon flies to the volcano at (${state.boardX[b]},${state.boardY[b]}).`
			);
			if (!d.volcano) {
				d.volcano = true;
				if (d.aside.length) {
					const n = d.aside.length;
					shuffleBack(engine, d.aside);
					d.aside = [];
					emit(
						engine,
						{ type: 'shuffleBack', rules: ['DRAGON-4.3.2'], tiles: n },
						() => `${n} set-aside dragon tile${n === 1 ? '' : 's'} go back into the pile.`
					);
				}
			}
		},
		deployCheck(engine, _player, _figure, seg) {
			const state = engine.state;
			if (
				hasIcon(engine, state.boardTile[state.segmentTile[seg]], ICON_VOLCANO) &&
				dragonInPlay(engine)
			)
				return {
					code: 'volcano',
					message: 'no figure may be placed on a volcano tile',
					rules: ['DRAGON-4.2.1']
				};
			return null;
		},
		figureOptions(engine, player, out) {
			const state = engine.state;
			if (state.acted || !fairyInPlay(engine)) return;
			const fairyPiece = D(engine).fairyPiece;
			const ps = state.pieces;
			const f = followersOf(engine.rules)(ps);
			const own = f.byPlayer[player] ?? NONE;
			for (let k = 0; k < own.length; k++) {
				const i = own[k];
				const p = ps[i];
				if (p.seg < 0 || i === fairyPiece) continue;
				out.push(fairyMoveOf(engine, f, i, p.seg, p.tile));
			}
		},
		afterFigure(engine) {
			if (engine.rules.rulings['DRAGON-R1'] === 'before-scoring') startMovement(engine);
		},
		afterScore(engine) {
			if (engine.rules.rulings['DRAGON-R1'] === 'after-scoring') startMovement(engine);
		},
		turnStart(engine) {
			const state = engine.state;
			const d = D(engine);
			if (d.shield !== undefined) delete d.shield; // (a delete on every turn would make V8 keep d as a slow dictionary)
			if (d.fairyPiece < 0 || state.pieces[d.fairyPiece].owner !== state.active) return;
			// no point for a turn that never comes: the last tile is placed and the game ends
			if (tilesLeft(state) === 0 && !engine.rules.hooks.playsWithoutTile.some((f) => f(engine)))
				return;
			const pts = engine.rules.params.fairyTurnPoints;
			state.scores[state.active] += pts;
			emit(
				engine,
				{ type: 'fairyPoint', rules: ['DRAGON-4.5.2'], player: state.active, points: pts },
				() =>
					`${playerName(engine, state.active)} starts the turn with the fairy beside their follower: +${pts}.`
			);
		},
		scoringMarks: (engine) => (D(engine).fairyPiece >= 0 ? [D(engine).fairyPiece] : NONE),
		awards(engine, root, v, winners, awards) {
			const state = engine.state;
			const d = D(engine);
			if (d.fairyPiece < 0 || !(state.featurePieces[root] ?? []).includes(d.fairyPiece)) return;
			const owner = state.pieces[d.fairyPiece].owner;
			if (
				v.kind === 'field' &&
				engine.rules.rulings['DRAGON-R3'] === 'majority' &&
				!winners.includes(owner)
			)
				return;
			const pts = engine.rules.params.fairyScoringPoints;
			awards.push({
				player: owner,
				points: pts,
				arithmetic: `fairy ${pts}`,
				rules: ['DRAGON-4.5.2']
			});
		},
		pieceLeft(engine, piece) {
			const d = D(engine);
			if (d && d.fairyPiece === piece) d.fairyPiece = -1;
		}
	}
};
