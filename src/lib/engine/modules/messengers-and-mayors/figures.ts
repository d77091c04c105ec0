// The mayor and the scarecrow: placement (they may join occupied features), their triggers when a
// placed tile gives their tile its fourth orthogonal neighbour, and the abilities offered as moves.
import { pack, SIDE_STEP } from '../../cells.ts';
import { tileAt } from '../../board-index.ts';
import { find } from '../../features.ts';
import { emit } from '../../events.ts';
import { playerName, returnPiece, figureRef } from '../../scoring.ts';
import { opponentPieceChoices, pieceNamedBy } from '../../choices.ts';
import { inSupply, piecesOfKinds, putPiece } from '../base.ts';
import { isTownHall } from '../../tiles.ts';
import { M, PREPARE, clockwise, decided, enqueue, type Entry } from './state.ts';
import type { Engine, FigureType, Move, Refusal, Step, ModuleMove } from '../../types.ts';
import { PHASE_FIGURE } from '../../phases.ts';

export const mayor: FigureType = {
	id: 'mayor',
	name: 'Mayor',
	perPlayer: 1,
	follower: true,
	joinsOccupied: true,
	occupiedRules: ['MM-MAYOR-2'],
	features: ['city'],
	strength: (engine) => engine.rules.params.mayorStrength,
	rules: ['MM-MAYOR-1', 'MM-TURN-2']
};

export const scarecrow: FigureType = {
	id: 'scarecrow',
	name: 'Scarecrow',
	perPlayer: 1,
	follower: true,
	joinsOccupied: true,
	occupiedRules: ['MM-CROW-2'],
	features: ['field'],
	strength: (engine, piece) =>
		M(engine.state).lying.includes(piece)
			? engine.rules.params.lyingScarecrowStrength
			: engine.rules.params.standingScarecrowStrength,
	rules: ['MM-CROW-1', 'MM-TURN-2']
};

/** Board indexes of the tiles orthogonally next to board tile b. */
function sideNeighbours(engine: Engine, b: number): number[] {
	const state = engine.state;
	const cell = pack(state.boardX[b], state.boardY[b]);
	const out: number[] = [];
	for (let side = 0; side < 4; side++) {
		const o = tileAt(engine, cell + SIDE_STEP[side]);
		if (o >= 0) out.push(o);
	}
	return out;
}

const isHall = (engine: Engine, b: number): boolean =>
	isTownHall(engine.rules.tiles[engine.state.boardTile[b]]);

/** Ruling MM-R7 = not-a-neighbour: a town hall is no neighbour. */
const hallsApart = (engine: Engine): boolean => engine.rules.rulings['MM-R7'] === 'not-a-neighbour';

/** Orthogonal neighbours of board tile b; a town hall counts unless ruling MM-R7 says otherwise. */
function sidesFilled(engine: Engine, b: number): number {
	const state = engine.state;
	const cell = pack(state.boardX[b], state.boardY[b]);
	const apart = hallsApart(engine);
	let n = 0;
	for (let side = 0; side < 4; side++) {
		const o = tileAt(engine, cell + SIDE_STEP[side]);
		if (o >= 0 && !(apart && isHall(engine, o))) n++;
	}
	return n;
}

/** Is a town hall among the orthogonal neighbours of board tile b? (then ruling MM-R7 made the trigger) */
const hallAround = (engine: Engine, b: number): boolean =>
	sideNeighbours(engine, b).some((o) => isHall(engine, o));

const mayorsAndScarecrows = piecesOfKinds('mayor', 'scarecrow');

/** Mayors and standing scarecrows on the board tiles `on(g, tile, b)` accepts, as trigger entries (in piece order). */
function figuresOn(
	engine: Engine,
	b: number,
	on: (engine: Engine, tile: number, b: number) => boolean
): readonly Entry[] {
	const state = engine.state;
	let out: Entry[] | null = null;
	const list = mayorsAndScarecrows(state.pieces);
	for (let k = 0; k < list.length; k++) {
		const i = list[k];
		const p = state.pieces[i];
		if (
			p.seg < 0 ||
			(p.kind === 'scarecrow' && M(state).lying.includes(i)) ||
			!on(engine, p.tile, b)
		)
			continue;
		(out ??= []).push({ k: p.kind as Entry['k'], piece: i, owner: p.owner, tile: p.tile });
	}
	return out ?? NO_ENTRIES;
}
const NO_ENTRIES: readonly Entry[] = Object.freeze([]);

/** Are board tiles a and b orthogonal neighbours? */
const sideBySide = (engine: Engine, a: number, b: number): boolean =>
	Math.abs(engine.state.boardX[a] - engine.state.boardX[b]) +
		Math.abs(engine.state.boardY[a] - engine.state.boardY[b]) ===
	1;
/** Is board tile a next to b and surrounded on four sides? */
const surroundedBeside = (engine: Engine, a: number, b: number): boolean =>
	sideBySide(engine, a, b) && sidesFilled(engine, a) === 4;
const same = (_g: Engine, a: number, b: number): boolean => a === b;

/** Crisis meeting: mayors on tiles orthogonally next to a new town hall go home, no ability (MM-HALL-5). */
export function crisisMeeting(engine: Engine, b: number): void {
	for (const e of figuresOn(engine, b, sideBySide)) {
		if (e.k !== 'mayor') continue;
		const ref = figureRef(engine, e.piece);
		returnPiece(engine, e.piece);
		emit(
			engine,
			{ type: 'crisisMeeting', rules: ['MM-HALL-5'], player: e.owner, figure: ref },
			() =>
				`Crisis meeting: ${playerName(engine, e.owner)}'s mayor at (${ref.x},${ref.y}) goes back to supply without using its ability.`
		);
	}
}

/** Mayors and scarecrows whose tile the placement of board tile b surrounded on four sides (MM-MAYOR-3, MM-CROW-3). */
export function triggeredBy(engine: Engine, b: number): readonly Entry[] {
	if (isHall(engine, b) && hallsApart(engine)) return NO_ENTRIES;
	// walked from the figures (few, often none), not from the neighbours and theirs
	return figuresOn(engine, b, surroundedBeside);
}

/** A mayor or scarecrow just placed on a tile that is already surrounded (ruling MM-R11 = triggers). */
export function triggeredAtOnce(engine: Engine): readonly Entry[] {
	const state = engine.state;
	if (
		state.placed < 0 ||
		engine.rules.rulings['MM-R11'] !== 'triggers' ||
		sidesFilled(engine, state.placed) !== 4
	)
		return NO_ENTRIES;
	return figuresOn(engine, state.placed, same).filter((e) => e.owner === state.active);
}

/** Clockwise from the active player; a player's mayor before their scarecrow, or all mayors first (ruling MM-R12). */
export function triggerOrder(engine: Engine): (e: Entry) => number {
	const mayorsFirst = engine.rules.rulings['MM-R12'] === 'mayors-first';
	return (e) => {
		const cw = clockwise(engine.state, e.owner);
		const k = e.k === 'mayor' ? 0 : 1;
		return mayorsFirst ? k * 100 + cw : cw * 2 + k;
	};
}

/** Queues triggers, to be offered now or at the phase ruling MM-R2 names. */
export function addTriggers(
	engine: Engine,
	entries: readonly Entry[],
	phase: 'placed' | 'figure'
): void {
	if (!entries.length) return;
	if (!engine.silent)
		for (const e of entries)
			emit(
				engine,
				{
					type: 'trigger',
					rules: [
						e.k === 'mayor' ? 'MM-MAYOR-3' : 'MM-CROW-3',
						...(hallAround(engine, e.tile!) ? ['MM-R7'] : [])
					],
					player: e.owner,
					figure: figureRef(engine, e.piece)
				},
				() =>
					`${playerName(engine, e.owner)}'s ${e.k} at (${engine.state.boardX[e.tile!]},${engine.state.boardY[e.tile!]}) is surrounded on four sides${hallAround(engine, e.tile!) ? ' (a town hall counts as a neighbour, ruling MM-R7)' : ''}: its ability triggers.`
			);
	const when = engine.rules.rulings['MM-R2'];
	if (when === 'after-scoring' || (when === 'after-placement' && phase === 'placed'))
		M(engine.state).waiting.push(...entries);
	else enqueue(engine, entries, triggerOrder(engine));
}

/** The ability was used by the active player before their figure step (ruling MM-R8). */
function usedPlacement(engine: Engine, player: number): void {
	if (
		engine.rules.rulings['MM-R8'] === 'uses-placement' &&
		player === engine.state.active &&
		engine.state.phase < PHASE_FIGURE
	)
		M(engine.state).used = true;
}

/** Puts a normal follower of `player` from supply on segment `seg`. Returns the piece. */
function putFollower(engine: Engine, player: number, seg: number): number {
	const piece = inSupply(engine, 'follower', player);
	putPiece(engine, piece, seg);
	return piece;
}

const still = (engine: Engine, e: Entry) =>
	engine.state.pieces[e.piece].seg >= 0 && engine.state.pieces[e.piece].tile === e.tile;

/** Opponents' meeples in the mayor's city that the owner may win (MM-MAYOR-4, MM-R13, shared choice list: a must-be-chosen figure plugs in). */
function favourChoice(engine: Engine, e: Entry): { pieces: number[]; rules: string[] } {
	const state = engine.state;
	if (inSupply(engine, 'follower', e.owner) < 0) return { pieces: [], rules: [] };
	const root = find(state, state.pieces[e.piece].seg);
	const any = engine.rules.rulings['MM-R13'] === 'any-follower';
	const eligible = (pc: number) => {
		const p = state.pieces[pc];
		return (
			p.owner >= 0 &&
			(p.kind === 'follower' || (any && !!engine.rules.figures.get(p.kind)?.follower))
		);
	};
	return opponentPieceChoices(
		engine,
		e.owner,
		state.featurePieces[root] ?? [],
		eligible,
		'mayor-favour'
	);
}

const favourCandidates = (engine: Engine, e: Entry): number[] => favourChoice(engine, e).pieces;

function mayorHome(engine: Engine, e: Entry, why: string, rules: string[] = []): void {
	returnPiece(engine, e.piece);
	emit(
		engine,
		{ type: 'mayorReturns', rules: ['MM-MAYOR-5', ...rules], player: e.owner },
		() => `${playerName(engine, e.owner)}'s mayor goes back to supply (${why}).`
	);
}

const targetMove = (engine: Engine, pc: number) => {
	const r = figureRef(engine, pc);
	return {
		type: 'mayor',
		choice: 'favour',
		x: r.x,
		y: r.y,
		feature: r.feature,
		owner: r.owner,
		figure: r.figure
	};
};

PREPARE.mayor = (engine, e) => {
	if (!still(engine, e)) return null;
	if (favourCandidates(engine, e).length === 0) {
		mayorHome(
			engine,
			e,
			inSupply(engine, 'follower', e.owner) < 0
				? 'no follower in supply to win a knight with'
				: 'no opponent knight in its city',
			['MM-MAYOR-4']
		);
		return null;
	}
	return { kind: 'mayor', player: e.owner, data: { piece: e.piece } };
};

PREPARE.scarecrow = (engine, e) =>
	still(engine, e) ? { kind: 'scarecrow', player: e.owner, data: { piece: e.piece } } : null;

export function mayorMoves(engine: Engine, _step: Step, out: Move[]): void {
	const e = M(engine.state).queue[0];
	for (const pc of favourCandidates(engine, e)) out.push(targetMove(engine, pc) as Move);
	out.push({ type: 'mayor', choice: 'none' });
}

export function mayorMove(engine: Engine, move: ModuleMove, step: Step): Refusal | null {
	const state = engine.state;
	const e = M(state).queue[0];
	if (move.choice === 'none') {
		mayorHome(engine, e, 'ability not used');
		decided(engine);
		return null;
	}
	if (move.choice !== 'favour')
		return {
			code: 'bad-choice',
			message: "a mayor's choice is 'favour' or 'none'",
			rules: ['MM-MAYOR-4']
		};
	const target = pieceNamedBy(engine, favourCandidates(engine, e), move);
	if (target === undefined)
		return {
			code: 'not-a-candidate',
			message: `no meeple ${playerName(engine, step.player)}'s mayor may win at (${move.x},${move.y}) on ${move.feature}`,
			rules: ['MM-MAYOR-4'],
			details: { candidates: favourCandidates(engine, e).map((pc) => figureRef(engine, pc)) }
		};
	const ref = figureRef(engine, target);
	const seg = state.pieces[target].seg;
	const why = favourChoice(engine, e).rules; // before the replacement: the rules that forced a must-be-chosen figure
	returnPiece(engine, target);
	const piece = putFollower(engine, e.owner, seg);
	usedPlacement(engine, e.owner);
	emit(
		engine,
		{
			type: 'favour',
			rules: ['MM-MAYOR-4', 'MM-R8', ...why],
			player: e.owner,
			replaced: ref,
			piece,
			x: ref.x,
			y: ref.y,
			feature: ref.feature
		},
		() =>
			`${playerName(engine, e.owner)}'s mayor wins the favour of ${playerName(engine, ref.owner)}'s ${ref.figure} at (${ref.x},${ref.y}): it goes back to supply and ${playerName(engine, e.owner)}'s follower takes its place.`
	);
	mayorHome(engine, e, 'after its ability');
	decided(engine);
	return null;
}

export function scarecrowMoves(engine: Engine, step: Step, out: Move[]): void {
	if (inSupply(engine, 'follower', step.player) >= 0)
		out.push({ type: 'scarecrow', choice: 'farmer' });
	out.push({ type: 'scarecrow', choice: 'lie' }, { type: 'scarecrow', choice: 'none' });
}

export function scarecrowMove(engine: Engine, move: ModuleMove, step: Step): Refusal | null {
	const state = engine.state;
	const e = M(state).queue[0];
	const ref = figureRef(engine, e.piece);
	const at = `(${ref.x},${ref.y})`;
	if (move.choice === 'farmer') {
		if (inSupply(engine, 'follower', step.player) < 0)
			return {
				code: 'no-figure',
				message: `${playerName(engine, step.player)} has no follower in supply`,
				rules: ['MM-CROW-3']
			};
		const seg = state.pieces[e.piece].seg;
		returnPiece(engine, e.piece);
		const piece = putFollower(engine, e.owner, seg);
		usedPlacement(engine, e.owner);
		emit(
			engine,
			{
				type: 'scarecrowFarmer',
				rules: ['MM-CROW-3', 'MM-R8'],
				player: e.owner,
				piece,
				x: ref.x,
				y: ref.y,
				feature: ref.feature
			},
			() =>
				`${playerName(engine, e.owner)} puts a farmer next to the scarecrow at ${at} and takes the scarecrow back.`
		);
	} else if (move.choice === 'lie') {
		M(state).lying.push(e.piece);
		emit(
			engine,
			{
				type: 'scarecrowLies',
				rules: ['MM-CROW-3', 'MM-CROW-6'],
				player: e.owner,
				x: ref.x,
				y: ref.y,
				feature: ref.feature
			},
			() =>
				`${playerName(engine, e.owner)} lays the scarecrow at ${at} down: it counts as a farmer (strength ${engine.rules.params.lyingScarecrowStrength}) from now on.`
		);
	} else if (move.choice === 'none') {
		returnPiece(engine, e.piece);
		emit(
			engine,
			{ type: 'scarecrowReturns', rules: ['MM-CROW-4'], player: e.owner, x: ref.x, y: ref.y },
			() =>
				`${playerName(engine, e.owner)} uses neither ability: the scarecrow at ${at} goes back to supply.`
		);
	} else
		return {
			code: 'bad-choice',
			message: "a scarecrow's choice is 'farmer', 'lie' or 'none'",
			rules: ['MM-CROW-3']
		};
	decided(engine);
	return null;
}
