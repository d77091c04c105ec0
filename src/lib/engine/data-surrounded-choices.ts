// The choices of a figure whose tile was surrounded (data-surrounded.ts), as moves named by the
// figure: `win` (the move names an opponent's follower on the figure's feature: it goes home and one
// of the owner's normal followers from supply takes its place), `putFollower` (the figure goes home,
// a follower of its owner takes its place), `strength` (the figure stays, with that strength: it acts
// no more), `home` / `homeEvent` (the figure goes back to supply). Each makes the document's event,
// citing the choice's rules, and the log says the choice's label ("Ann's scarecrow at (1,1): lie down").
import { find } from './features.ts';
import { emit } from './events.ts';
import { playerName, returnPiece, figureRef } from './scoring.ts';
import { opponentPieceChoices, pieceNamedBy } from './choices.ts';
import { inSupply, putPiece } from './modules/base.ts';
import { PHASE_FIGURE } from './phases.ts';
import type { DataActChoice, DataActStep } from '../formats/schema-types.ts';
import type {
	Context,
	Engine,
	Move,
	ModuleMove,
	MoveWords,
	Piece,
	Refusal,
	Step
} from './types.ts';
import type { DataState, SurroundEntry, SurroundState } from './data-scope.ts';

/** A surrounded act compiled: its spec, position among the module's surrounded acts, its choices. */
export interface Act {
	d: DataActStep;
	k: number;
	choices: [string, DataActChoice][];
}

/** The conditions of a surrounded act, decided for a rules context. */
export interface Decided {
	wildcards: boolean;
	afterFigure: boolean;
	afterScoring: boolean;
	placedSurrounded: boolean;
	byStep: boolean;
	usesPlacement: boolean;
	/** Per choice: a `win` may take any follower figure. */
	anyFollower: Record<string, boolean>;
	/** Per choice: the strength it gives the figure. */
	strength: Record<string, number>;
}

/** What the surrounded acts of a module share. */
export interface Kit {
	acts: Act[];
	byFigure: Map<string, Act>;
	/** The pieces of the acts' figures, in piece order. */
	pieces: (ps: readonly Piece[]) => readonly number[];
	state: (engine: Engine) => DataState;
	S: (engine: Engine) => SurroundState;
	on: (rules: Context) => Decided[];
	/** Offers the next figure of the queue. */
	next: (engine: Engine) => void;
}

/** A figure's choice in its document's words (the sandbox's labels and help: "Scarecrow: lie down"). */
export function choiceWords(
	a: { d: DataActStep; choices: [string, DataActChoice][] },
	rules: Context,
	move: Move
): MoveWords | undefined {
	const c = a.choices.find(([n]) => n === (move as { choice?: unknown }).choice)?.[1];
	if (!c) return undefined;
	const what = rules.figures.get(a.d.figure)?.name ?? a.d.figure;
	return {
		what,
		choice: c.label,
		text: `${what}: ${c.label}${c.moveTo ? ` (onto this ${c.moveTo})` : ''}.`,
		rules: c.rules ?? [a.d.id]
	};
}

export const figureName = (engine: Engine, id: string) =>
	(engine.rules.figures.get(id)?.name ?? id).toLowerCase();

/** The opponents' followers on the figure's feature its owner may win, and the rules that narrowed them. */
function winChoice(engine: Engine, kit: Kit, a: Act, name: string, e: SurroundEntry) {
	const s = engine.state;
	if (inSupply(engine, 'follower', e.owner) < 0) return { pieces: [], rules: [] };
	const any = kit.on(engine.rules)[a.k].anyFollower[name];
	const root = find(s, s.pieces[e.piece].seg);
	return opponentPieceChoices(
		engine,
		e.owner,
		s.featurePieces[root] ?? [],
		(pc) => {
			const p = s.pieces[pc];
			return (
				p.owner >= 0 &&
				(p.kind === 'follower' || (any && !!engine.rules.figures.get(p.kind)?.follower))
			);
		},
		`${a.d.figure}-${name}`
	);
}

/** Is a choice that wins, puts or changes something possible for the entry now? */
export function actingNow(engine: Engine, kit: Kit, a: Act, e: SurroundEntry): boolean {
	return a.choices.some(([n, c]) =>
		c.win
			? winChoice(engine, kit, a, n, e).pieces.length > 0
			: c.putFollower
				? inSupply(engine, 'follower', e.owner) >= 0
				: c.strength !== undefined
	);
}

/** The moves of the figure first in the queue, in the document's order of its choices. */
export function choiceMoves(engine: Engine, kit: Kit, a: Act, out: Move[]): void {
	const e = kit.S(engine).queue[0];
	for (const [n, c] of a.choices) {
		if (c.win)
			for (const pc of winChoice(engine, kit, a, n, e).pieces) {
				const r = figureRef(engine, pc);
				out.push({
					type: a.d.figure,
					choice: n,
					x: r.x,
					y: r.y,
					feature: r.feature,
					owner: r.owner,
					figure: r.figure
				} as Move);
			}
		else if (!c.putFollower || inSupply(engine, 'follower', e.owner) >= 0)
			out.push({ type: a.d.figure, choice: n } as Move);
	}
}

/** The act's move: plays the choice named for the figure first in the queue, then offers the next. */
export function chooseOf(kit: Kit, a: Act) {
	return (engine: Engine, move: ModuleMove, step: Step): Refusal | null => {
		const st = kit.S(engine);
		const name = figureName(engine, a.d.figure);
		const found = a.choices.find(([n]) => n === move.choice);
		if (!found)
			return {
				code: 'bad-choice',
				message: `a ${name}'s choice is ${a.choices.map(([n]) => `'${n}'`).join(' or ')}`,
				rules: [a.d.id]
			};
		const r = play(engine, kit, a, st.queue[0], found, move, step);
		if (r) return r;
		st.queue.shift();
		kit.next(engine);
		return null;
	};
}

/** A choice's follower put by the active player before the figure step uses up their placement (`usesPlacement`). */
function usedPlacement(engine: Engine, kit: Kit, a: Act, player: number): void {
	if (
		kit.on(engine.rules)[a.k].usesPlacement &&
		player === engine.state.active &&
		engine.state.phase < PHASE_FIGURE
	)
		kit.S(engine).used = true;
}

/** Plays choice `[cname, c]` of the entry's figure; a refusal when it cannot. */
function play(
	engine: Engine,
	kit: Kit,
	a: Act,
	e: SurroundEntry,
	[cname, c]: [string, DataActChoice],
	move: ModuleMove,
	step: Step
): Refusal | null {
	if (c.win) return win(engine, kit, a, e, cname, c, move, step);
	const who = playerName(engine, e.owner);
	const name = figureName(engine, a.d.figure);
	const ref = figureRef(engine, e.piece);
	let piece: number | undefined;
	if (c.putFollower) {
		piece = inSupply(engine, 'follower', e.owner);
		if (piece < 0)
			return {
				code: 'no-figure',
				message: `${playerName(engine, step.player)} has no follower in supply`,
				rules: [a.d.id]
			};
		const seg = engine.state.pieces[e.piece].seg;
		returnPiece(engine, e.piece);
		putPiece(engine, piece, seg);
		usedPlacement(engine, kit, a, e.owner);
	} else if (c.strength !== undefined) {
		const st = kit.S(engine);
		st.changed.push(e.piece);
		st.changedTo.push(kit.on(engine.rules)[a.k].strength[cname]);
	} else if (c.home && !c.homeEvent) returnPiece(engine, e.piece);
	emit(
		engine,
		{
			type: c.event,
			rules: c.rules ?? [],
			player: e.owner,
			...(piece !== undefined ? { piece } : {}),
			x: ref.x,
			y: ref.y,
			feature: ref.feature
		},
		() => `${who}'s ${name} at (${ref.x},${ref.y}): ${c.label}.`
	);
	if (c.homeEvent && !c.putFollower) homeWithEvent(engine, a, e, c);
	return null;
}

/** The figure goes back to supply with the choice's `homeEvent`. */
function homeWithEvent(engine: Engine, a: Act, e: SurroundEntry, c: DataActChoice): void {
	const h = c.homeEvent!;
	returnPiece(engine, e.piece);
	emit(
		engine,
		{ type: h.event, rules: h.rules ?? [], player: e.owner },
		() =>
			`${playerName(engine, e.owner)}'s ${figureName(engine, a.d.figure)} goes back to supply (after its action).`
	);
}

/** A `win` choice: the follower named goes home and one of the owner's takes its place. */
function win(
	engine: Engine,
	kit: Kit,
	a: Act,
	e: SurroundEntry,
	cname: string,
	c: DataActChoice,
	move: ModuleMove,
	step: Step
): Refusal | null {
	const s = engine.state;
	const name = figureName(engine, a.d.figure);
	const choice = winChoice(engine, kit, a, cname, e);
	const target = pieceNamedBy(engine, choice.pieces, move);
	if (target === undefined)
		return {
			code: a.d.outOfReach?.code ?? 'out-of-reach',
			message: `no figure ${playerName(engine, step.player)}'s ${name} may win at (${String(move.x)},${String(move.y)}) on ${String(move.feature)}`,
			rules: a.d.outOfReach?.rules ?? [a.d.id],
			details: { candidates: choice.pieces.map((pc) => figureRef(engine, pc)) }
		};
	const won = figureRef(engine, target);
	const seg = s.pieces[target].seg;
	returnPiece(engine, target);
	const piece = inSupply(engine, 'follower', e.owner);
	putPiece(engine, piece, seg);
	usedPlacement(engine, kit, a, e.owner);
	const who = playerName(engine, e.owner);
	emit(
		engine,
		{
			type: c.event,
			rules: [...(c.rules ?? []), ...choice.rules],
			player: e.owner,
			replaced: won,
			piece,
			x: won.x,
			y: won.y,
			feature: won.feature
		},
		() =>
			`${who}'s ${name}: ${c.label} — ${playerName(engine, won.owner)}'s ${won.figure} at (${won.x},${won.y}) goes back to supply and ${who}'s follower takes its place.`
	);
	if (c.homeEvent) homeWithEvent(engine, a, e, c);
	else if (c.home) returnPiece(engine, e.piece);
	return null;
}
