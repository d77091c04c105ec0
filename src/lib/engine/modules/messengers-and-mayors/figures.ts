// The mayor and the scarecrow: placement (they may join occupied features), their triggers when a
// placed tile gives their tile its fourth orthogonal neighbour, and the abilities offered as moves.
import { pack, SIDE_STEP, tileAt } from '../../board.ts';
import { find } from '../../features.ts';
import { emit } from '../../events.ts';
import { playerName, returnPiece, figureRef } from '../../scoring.ts';
import { opponentPieceChoices } from '../../choices.ts';
import { inSupply, piecesOfKinds, putPiece } from '../base.ts';
import { M, PREPARE, clockwise, decided, enqueue, type Entry } from './state.ts';
import type { Engine, FigureType, Move, Refusal, Step } from '../../types.ts';

export const mayor: FigureType = {
	id: 'mayor',
	name: 'Mayor',
	perPlayer: 1,
	follower: true,
	joinsOccupied: true,
	occupiedRules: ['MM-MAYOR-2'],
	features: ['city'],
	strength: (g) => g.c.params.mayorStrength,
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
	strength: (g, piece) =>
		M(g.s).lying.includes(piece)
			? g.c.params.lyingScarecrowStrength
			: g.c.params.standingScarecrowStrength,
	rules: ['MM-CROW-1', 'MM-TURN-2']
};

/** Board indexes of the tiles orthogonally next to board tile b. */
function sideNeighbours(g: Engine, b: number): number[] {
	const s = g.s;
	const cell = pack(s.bx[b], s.by[b]);
	const out: number[] = [];
	for (let side = 0; side < 4; side++) {
		const o = tileAt(g, cell + SIDE_STEP[side]);
		if (o >= 0) out.push(o);
	}
	return out;
}

const isHall = (g: Engine, b: number): boolean => g.c.tiles[g.s.bt[b]].wildcard;

/** Ruling MM-R7 = not-a-neighbour: a town hall is no neighbour. */
const hallsApart = (g: Engine): boolean => g.c.rulings['MM-R7'] === 'not-a-neighbour';

/** Orthogonal neighbours of board tile b; a town hall counts unless ruling MM-R7 says otherwise. */
function sidesFilled(g: Engine, b: number): number {
	const s = g.s;
	const cell = pack(s.bx[b], s.by[b]);
	const apart = hallsApart(g);
	let n = 0;
	for (let side = 0; side < 4; side++) {
		const o = tileAt(g, cell + SIDE_STEP[side]);
		if (o >= 0 && !(apart && isHall(g, o))) n++;
	}
	return n;
}

/** Is a town hall among the orthogonal neighbours of board tile b? (then ruling MM-R7 made the trigger) */
const hallAround = (g: Engine, b: number): boolean =>
	sideNeighbours(g, b).some((o) => isHall(g, o));

const mayorsAndScarecrows = piecesOfKinds('mayor', 'scarecrow');

/** Mayors and standing scarecrows on the board tiles `on(g, tile, b)` accepts, as trigger entries (in piece order). */
function figuresOn(
	g: Engine,
	b: number,
	on: (g: Engine, tile: number, b: number) => boolean
): readonly Entry[] {
	const s = g.s;
	let out: Entry[] | null = null;
	const list = mayorsAndScarecrows(s.pieces);
	for (let k = 0; k < list.length; k++) {
		const i = list[k];
		const p = s.pieces[i];
		if (p.seg < 0 || (p.kind === 'scarecrow' && M(s).lying.includes(i)) || !on(g, p.tile, b))
			continue;
		(out ??= []).push({ k: p.kind as Entry['k'], piece: i, owner: p.owner, tile: p.tile });
	}
	return out ?? NO_ENTRIES;
}
const NO_ENTRIES: readonly Entry[] = Object.freeze([]);

/** Are board tiles a and b orthogonal neighbours? */
const sideBySide = (g: Engine, a: number, b: number): boolean =>
	Math.abs(g.s.bx[a] - g.s.bx[b]) + Math.abs(g.s.by[a] - g.s.by[b]) === 1;
/** Is board tile a next to b and surrounded on four sides? */
const surroundedBeside = (g: Engine, a: number, b: number): boolean =>
	sideBySide(g, a, b) && sidesFilled(g, a) === 4;
const same = (_g: Engine, a: number, b: number): boolean => a === b;

/** Crisis meeting: mayors on tiles orthogonally next to a new town hall go home, no ability (MM-HALL-5). */
export function crisisMeeting(g: Engine, b: number): void {
	for (const e of figuresOn(g, b, sideBySide)) {
		if (e.k !== 'mayor') continue;
		const ref = figureRef(g, e.piece);
		returnPiece(g, e.piece);
		emit(
			g,
			{ type: 'crisisMeeting', rules: ['MM-HALL-5'], player: e.owner, figure: ref },
			() =>
				`Crisis meeting: ${playerName(g, e.owner)}'s mayor at (${ref.x},${ref.y}) goes back to supply without using its ability.`
		);
	}
}

/** Mayors and scarecrows whose tile the placement of board tile b surrounded on four sides (MM-MAYOR-3, MM-CROW-3). */
export function triggeredBy(g: Engine, b: number): readonly Entry[] {
	if (isHall(g, b) && hallsApart(g)) return NO_ENTRIES;
	// walked from the figures (few, often none), not from the neighbours and theirs
	return figuresOn(g, b, surroundedBeside);
}

/** A mayor or scarecrow just placed on a tile that is already surrounded (ruling MM-R11 = triggers). */
export function triggeredAtOnce(g: Engine): readonly Entry[] {
	const s = g.s;
	if (s.placed < 0 || g.c.rulings['MM-R11'] !== 'triggers' || sidesFilled(g, s.placed) !== 4)
		return NO_ENTRIES;
	return figuresOn(g, s.placed, same).filter((e) => e.owner === s.active);
}

/** Clockwise from the active player; a player's mayor before their scarecrow, or all mayors first (ruling MM-R12). */
export function triggerOrder(g: Engine): (e: Entry) => number {
	const mayorsFirst = g.c.rulings['MM-R12'] === 'mayors-first';
	return (e) => {
		const cw = clockwise(g.s, e.owner);
		const k = e.k === 'mayor' ? 0 : 1;
		return mayorsFirst ? k * 100 + cw : cw * 2 + k;
	};
}

/** Queues triggers, to be offered now or at the phase ruling MM-R2 names. */
export function addTriggers(
	g: Engine,
	entries: readonly Entry[],
	phase: 'placed' | 'figure'
): void {
	if (!entries.length) return;
	if (!g.silent)
		for (const e of entries)
			emit(
				g,
				{
					type: 'trigger',
					rules: [
						e.k === 'mayor' ? 'MM-MAYOR-3' : 'MM-CROW-3',
						...(hallAround(g, e.tile!) ? ['MM-R7'] : [])
					],
					player: e.owner,
					figure: figureRef(g, e.piece)
				},
				() =>
					`${playerName(g, e.owner)}'s ${e.k} at (${g.s.bx[e.tile!]},${g.s.by[e.tile!]}) is surrounded on four sides${hallAround(g, e.tile!) ? ' (a town hall counts as a neighbour, ruling MM-R7)' : ''}: its ability triggers.`
			);
	const when = g.c.rulings['MM-R2'];
	if (when === 'after-scoring' || (when === 'after-placement' && phase === 'placed'))
		M(g.s).waiting.push(...entries);
	else enqueue(g, entries, triggerOrder(g));
}

/** The ability was used by the active player before their figure step (ruling MM-R8). */
function usedPlacement(g: Engine, player: number): void {
	if (g.c.rulings['MM-R8'] === 'uses-placement' && player === g.s.active && g.s.phase < 3)
		M(g.s).used = true;
}

/** Puts a normal follower of `player` from supply on segment `seg`. Returns the piece. */
function putFollower(g: Engine, player: number, seg: number): number {
	const piece = inSupply(g, 'follower', player);
	putPiece(g, piece, seg);
	return piece;
}

const still = (g: Engine, e: Entry) =>
	g.s.pieces[e.piece].seg >= 0 && g.s.pieces[e.piece].tile === e.tile;

/** Opponents' meeples in the mayor's city that the owner may win (MM-MAYOR-4, MM-R13, shared choice list: Buddo plugs in). */
function favourChoice(g: Engine, e: Entry): { pieces: number[]; rules: string[] } {
	const s = g.s;
	if (inSupply(g, 'follower', e.owner) < 0) return { pieces: [], rules: [] };
	const root = find(s, s.pieces[e.piece].seg);
	const any = g.c.rulings['MM-R13'] === 'any-follower';
	const eligible = (pc: number) => {
		const p = s.pieces[pc];
		return p.owner >= 0 && (p.kind === 'follower' || (any && !!g.c.figures.get(p.kind)?.follower));
	};
	return opponentPieceChoices(g, e.owner, s.figs[root] ?? [], eligible, 'mayor-favour');
}

const favourCandidates = (g: Engine, e: Entry): number[] => favourChoice(g, e).pieces;

function mayorHome(g: Engine, e: Entry, why: string, rules: string[] = []): void {
	returnPiece(g, e.piece);
	emit(
		g,
		{ type: 'mayorReturns', rules: ['MM-MAYOR-5', ...rules], player: e.owner },
		() => `${playerName(g, e.owner)}'s mayor goes back to supply (${why}).`
	);
}

const targetMove = (g: Engine, pc: number) => {
	const r = figureRef(g, pc);
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

PREPARE.mayor = (g, e) => {
	if (!still(g, e)) return null;
	if (favourCandidates(g, e).length === 0) {
		mayorHome(
			g,
			e,
			inSupply(g, 'follower', e.owner) < 0
				? 'no follower in supply to win a knight with'
				: 'no opponent knight in its city',
			['MM-MAYOR-4']
		);
		return null;
	}
	return { kind: 'mayor', player: e.owner, data: { piece: e.piece } };
};

PREPARE.scarecrow = (g, e) =>
	still(g, e) ? { kind: 'scarecrow', player: e.owner, data: { piece: e.piece } } : null;

export function mayorMoves(g: Engine, _step: Step, out: Move[]): void {
	const e = M(g.s).queue[0];
	for (const pc of favourCandidates(g, e)) out.push(targetMove(g, pc) as Move);
	out.push({ type: 'mayor', choice: 'none' });
}

export function mayorMove(g: Engine, move: Record<string, unknown>, step: Step): Refusal | null {
	const s = g.s;
	const e = M(s).queue[0];
	if (move.choice === 'none') {
		mayorHome(g, e, 'ability not used');
		decided(g);
		return null;
	}
	if (move.choice !== 'favour')
		return {
			code: 'bad-choice',
			message: "a mayor's choice is 'favour' or 'none'",
			rules: ['MM-MAYOR-4']
		};
	const target = favourCandidates(g, e).find((pc) => {
		const m = targetMove(g, pc);
		return (
			m.x === move.x &&
			m.y === move.y &&
			m.feature === move.feature &&
			m.owner === move.owner &&
			(move.figure === undefined || m.figure === move.figure)
		);
	});
	if (target === undefined)
		return {
			code: 'not-a-candidate',
			message: `no meeple ${playerName(g, step.player)}'s mayor may win at (${move.x},${move.y}) on ${move.feature}`,
			rules: ['MM-MAYOR-4'],
			details: { candidates: favourCandidates(g, e).map((pc) => figureRef(g, pc)) }
		};
	const ref = figureRef(g, target);
	const seg = s.pieces[target].seg;
	const why = favourChoice(g, e).rules; // before the replacement: BUDDO-WANT-1 / BUDDO-R4 when Buddo was forced
	returnPiece(g, target);
	const piece = putFollower(g, e.owner, seg);
	usedPlacement(g, e.owner);
	emit(
		g,
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
			`${playerName(g, e.owner)}'s mayor wins the favour of ${playerName(g, ref.owner)}'s ${ref.figure} at (${ref.x},${ref.y}): it goes back to supply and ${playerName(g, e.owner)}'s follower takes its place.`
	);
	mayorHome(g, e, 'after its ability');
	decided(g);
	return null;
}

export function scarecrowMoves(g: Engine, step: Step, out: Move[]): void {
	if (inSupply(g, 'follower', step.player) >= 0) out.push({ type: 'scarecrow', choice: 'farmer' });
	out.push({ type: 'scarecrow', choice: 'lie' }, { type: 'scarecrow', choice: 'none' });
}

export function scarecrowMove(
	g: Engine,
	move: Record<string, unknown>,
	step: Step
): Refusal | null {
	const s = g.s;
	const e = M(s).queue[0];
	const ref = figureRef(g, e.piece);
	const at = `(${ref.x},${ref.y})`;
	if (move.choice === 'farmer') {
		if (inSupply(g, 'follower', step.player) < 0)
			return {
				code: 'no-figure',
				message: `${playerName(g, step.player)} has no follower in supply`,
				rules: ['MM-CROW-3']
			};
		const seg = s.pieces[e.piece].seg;
		returnPiece(g, e.piece);
		const piece = putFollower(g, e.owner, seg);
		usedPlacement(g, e.owner);
		emit(
			g,
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
				`${playerName(g, e.owner)} puts a farmer next to the scarecrow at ${at} and takes the scarecrow back.`
		);
	} else if (move.choice === 'lie') {
		M(s).lying.push(e.piece);
		emit(
			g,
			{
				type: 'scarecrowLies',
				rules: ['MM-CROW-3', 'MM-CROW-6'],
				player: e.owner,
				x: ref.x,
				y: ref.y,
				feature: ref.feature
			},
			() =>
				`${playerName(g, e.owner)} lays the scarecrow at ${at} down: it counts as a farmer (strength ${g.c.params.lyingScarecrowStrength}) from now on.`
		);
	} else if (move.choice === 'none') {
		returnPiece(g, e.piece);
		emit(
			g,
			{ type: 'scarecrowReturns', rules: ['MM-CROW-4'], player: e.owner, x: ref.x, y: ref.y },
			() =>
				`${playerName(g, e.owner)} uses neither ability: the scarecrow at ${at} goes back to supply.`
		);
	} else
		return {
			code: 'bad-choice',
			message: "a scarecrow's choice is 'farmer', 'lie' or 'none'",
			rules: ['MM-CROW-3']
		};
	decided(g);
	return null;
}
