// A figure action triggered when the figure's tile is surrounded (schemas/expansion.v1.json
// dataActStep with `when: "surrounded"`): a placement that gives the tile of a figure of the step's
// kind its fourth orthogonal neighbour makes the figure act — at once, after the figure step
// (`afterFigure`) or after the turn's scoring (`afterScoring`); figures triggered together are offered
// one at a time clockwise from the active player, a player's in step order (or, `byStep`, all of a
// step's first). Its choices (data-surrounded-choices.ts) may win an opponent's follower, put a
// follower in the figure's place, change its strength or send it home. A wildcard tile (fits
// anything, holds nothing) counts as a neighbour when `wildcardNeighbours` holds; placed beside the
// figure it may send it home without acting (`wildcardBeside`). Messengers & Mayors' mayor and
// scarecrow are such steps. Conditions read rulings and parameters only: decided once per rules context.
import { pack, SIDE_STEP } from './cells.ts';
import { tileAt } from './board-index.ts';
import { emit } from './events.ts';
import { playerName, returnPiece, figureRef } from './scoring.ts';
import { inSupply, piecesOfKinds } from './modules/base.ts';
import { isEmptyWildcard } from './tiles.ts';
import { perContext, perModuleState } from './per-context.ts';
import { PHASE_TURN_START } from './phases.ts';
import {
	actingNow,
	choiceMoves,
	chooseOf,
	choiceWords,
	figureName,
	type Kit,
	type Act
} from './data-surrounded-choices.ts';
import type { DataActStep } from '../formats/schema-types.ts';
import type { Context, Engine, FigureType, GameState, Hooks, RuleModule } from './types.ts';
import type { DataState, SurroundEntry, SurroundState } from './data-scope.ts';
import { holdsUnder } from './data-join.ts';

type Decide = (rules: Context, e: unknown) => boolean;
type Value = (rules: Context, e: unknown) => number;

const isWildcard = (engine: Engine, b: number): boolean =>
	isEmptyWildcard(engine.rules.tiles[engine.state.boardTile[b]]);

/** Board indexes of the tiles orthogonally next to board tile b. */
function sideTiles(engine: Engine, b: number): number[] {
	const s = engine.state;
	const cell = pack(s.boardX[b], s.boardY[b]);
	const out: number[] = [];
	for (let side = 0; side < 4; side++) {
		const o = tileAt(engine, cell + SIDE_STEP[side]);
		if (o >= 0) out.push(o);
	}
	return out;
}

/** Neighbours of board tile b that surround it (wildcard tiles only when they count). */
function filled(engine: Engine, b: number, wildcards: boolean): number {
	const s = engine.state;
	const cell = pack(s.boardX[b], s.boardY[b]);
	let n = 0;
	for (let side = 0; side < 4; side++) {
		const o = tileAt(engine, cell + SIDE_STEP[side]);
		if (o >= 0 && (wildcards || !isWildcard(engine, o))) n++;
	}
	return n;
}

const sideBySide = (engine: Engine, a: number, b: number): boolean =>
	Math.abs(engine.state.boardX[a] - engine.state.boardX[b]) +
		Math.abs(engine.state.boardY[a] - engine.state.boardY[b]) ===
	1;

/** Figures of the acts standing on tiles `at(tile, act)` accepts, as entries in piece order (changed ones act no more). */
function figuresOn(
	engine: Engine,
	kit: Kit,
	at: (tile: number, a: Act) => boolean
): SurroundEntry[] {
	const s = engine.state;
	const changed = kit.state(engine).acts?.surround?.changed;
	const out: SurroundEntry[] = [];
	for (const i of kit.pieces(s.pieces)) {
		const p = s.pieces[i];
		if (p.seg < 0 || changed?.includes(i)) continue;
		const a = kit.byFigure.get(p.kind)!;
		if (at(p.tile, a)) out.push(entry(a, i, p.owner, p.tile));
	}
	return out;
}

const NO_ENTRIES: readonly SurroundEntry[] = Object.freeze([]);

const entry = (a: Act, piece: number, owner: number, tile: number): SurroundEntry => ({
	act: a.k,
	piece,
	owner,
	tile
});

/**
 * Figures of the acts on tiles beside board tile b (just placed, `wild` if a wildcard) that b
 * surrounds: their tile now has four neighbours (a wildcard one only where it counts). Called at every
 * placement: plain loops, no closure made per call.
 */
function surroundedBy(
	engine: Engine,
	kit: Kit,
	b: number,
	wild: boolean
): readonly SurroundEntry[] {
	const s = engine.state;
	const changed = kit.state(engine).acts?.surround?.changed;
	const dec = kit.on(engine.rules);
	let out: SurroundEntry[] | null = null;
	const list = kit.pieces(s.pieces);
	for (let k = 0; k < list.length; k++) {
		const i = list[k];
		const p = s.pieces[i];
		// most figures stand elsewhere: the cheap look first
		if (p.seg < 0 || !sideBySide(engine, p.tile, b) || changed?.includes(i)) continue;
		const a = kit.byFigure.get(p.kind)!;
		const wildcards = dec[a.k].wildcards;
		if (wild && !wildcards) continue;
		if (filled(engine, p.tile, wildcards) === 4) (out ??= []).push(entry(a, i, p.owner, p.tile));
	}
	return out ?? NO_ENTRIES;
}

/** The active player's figures of the acts (with `placedSurrounded`) on the tile just placed, if surrounded. */
function placedOn(engine: Engine, kit: Kit): readonly SurroundEntry[] {
	const s = engine.state;
	const dec = kit.on(engine.rules);
	let any = false;
	for (let k = 0; k < dec.length; k++) any ||= dec[k].placedSurrounded;
	if (!any) return NO_ENTRIES; // (the common case: no act triggers on the tile just placed)
	const changed = kit.state(engine).acts?.surround?.changed;
	let out: SurroundEntry[] | null = null;
	for (const i of kit.pieces(s.pieces)) {
		const p = s.pieces[i];
		if (p.seg < 0 || p.tile !== s.placed || p.owner !== s.active || changed?.includes(i)) continue;
		const a = kit.byFigure.get(p.kind)!;
		if (dec[a.k].placedSurrounded && filled(engine, p.tile, dec[a.k].wildcards) === 4)
			(out ??= []).push(entry(a, i, p.owner, p.tile));
	}
	return out ?? NO_ENTRIES;
}

/** A wildcard tile placed on board b sends the figures beside it home, without acting (`wildcardBeside`). */
function wildcardBeside(engine: Engine, kit: Kit, b: number): void {
	for (const e of figuresOn(
		engine,
		kit,
		(t, a) => !!a.d.wildcardBeside && sideBySide(engine, t, b)
	)) {
		const a = kit.acts[e.act];
		const w = a.d.wildcardBeside!;
		const ref = figureRef(engine, e.piece);
		returnPiece(engine, e.piece);
		emit(
			engine,
			{ type: w.event, rules: w.rules ?? [], player: e.owner, figure: ref },
			() =>
				`${w.label ?? 'Sent home'}: ${playerName(engine, e.owner)}'s ${figureName(engine, a.d.figure)} at (${ref.x},${ref.y}) goes back to supply without acting.`
		);
	}
}

/** Offers the first entry of the queue that has something to choose; the others resolve on the way. */
export function next(engine: Engine, kit: Kit): void {
	const st = kit.S(engine);
	while (st.queue.length) {
		const e = st.queue[0];
		const a = kit.acts[e.act];
		const p = engine.state.pieces[e.piece];
		if (p.seg >= 0 && p.tile === e.tile) {
			if (actingNow(engine, kit, a, e)) {
				engine.state.pending.push({ kind: a.d.figure, player: e.owner, data: { piece: e.piece } });
				return;
			}
			nothingToDo(engine, a, e);
		}
		st.queue.shift();
	}
}

/** Appends entries to the queue, clockwise from the active player (a player's in step order, or step by step). */
function enqueue(engine: Engine, kit: Kit, entries: readonly SurroundEntry[]): void {
	if (!entries.length) return;
	const s = engine.state;
	const n = s.players.length;
	const dec = kit.on(engine.rules);
	const key = (e: SurroundEntry) => {
		const cw = (e.owner - s.active + n) % n;
		return dec[e.act].byStep ? e.act * n + cw : cw * kit.acts.length + e.act;
	};
	const st = kit.S(engine);
	const busy = st.queue.length > 0;
	st.queue.push(...entries.slice().sort((x, y) => key(x) - key(y)));
	if (!busy) next(engine, kit);
}

/** Nothing to choose: the figure goes home (`nothingInReach`'s event says why). */
function nothingToDo(engine: Engine, a: Act, e: SurroundEntry): void {
	returnPiece(engine, e.piece);
	const n = a.d.nothingInReach;
	if (!n) return;
	const why = !a.choices.some(([, c]) => c.win)
		? 'nothing to do'
		: inSupply(engine, 'follower', e.owner) < 0
			? 'no follower in supply to win one with'
			: 'no opponent’s follower to win';
	emit(
		engine,
		{ type: n.event, rules: n.rules ?? [], player: e.owner },
		() =>
			`${playerName(engine, e.owner)}'s ${figureName(engine, a.d.figure)} goes back to supply (${why}).`
	);
}

/** The event saying a figure is surrounded and acts (what tile counts as a neighbour). */
function say(engine: Engine, kit: Kit, e: SurroundEntry): void {
	const s = engine.state;
	const a = kit.acts[e.act];
	const wild = sideTiles(engine, e.tile).find((o) => isWildcard(engine, o));
	const wildRules = wild === undefined ? [] : (a.d.wildcardRules ?? []);
	const what = wild === undefined ? '' : s.boardTile[wild] >= 0 ? tileWord(engine, wild) : '';
	emit(
		engine,
		{
			type: 'trigger',
			rules: [...(a.d.triggerRules ?? [a.d.id]), ...wildRules],
			player: e.owner,
			figure: figureRef(engine, e.piece)
		},
		() =>
			`${playerName(engine, e.owner)}'s ${figureName(engine, a.d.figure)} at (${s.boardX[e.tile]},${s.boardY[e.tile]}) is surrounded on four sides${what ? ` (a ${what} counts as a neighbour, ${wildRules.join(', ')})` : ''}: it acts.`
	);
}

/** Says which figures act, and queues them now or for the moment their step waits for. */
function trigger(
	engine: Engine,
	kit: Kit,
	entries: readonly SurroundEntry[],
	phase: 'placed' | 'figure'
): void {
	if (!entries.length) return;
	// (the events' words and figures are built only for an engine that keeps events)
	if (!engine.silent) for (const e of entries) say(engine, kit, e);
	const dec = kit.on(engine.rules);
	const st = kit.S(engine);
	const now: SurroundEntry[] = [];
	for (const e of entries) {
		const d = dec[e.act];
		if (d.afterScoring || (d.afterFigure && phase === 'placed')) st.waiting.push(e);
		else now.push(e);
	}
	enqueue(engine, kit, now);
}

/** A tile's words for the log: its id without the expansion ("town hall"). */
const tileWord = (engine: Engine, b: number): string =>
	engine.rules.tiles[engine.state.boardTile[b]].id.replace(/^.*\//, '').replace(/-/g, ' ');

/** The hooks of the surrounded acts. */
function hooksOf(kit: Kit) {
	const surround = (engine: Engine) => kit.state(engine)?.acts?.surround;
	return {
		turnStart(engine: Engine) {
			const st = surround(engine);
			if (st) st.used = false;
		},
		placed(engine: Engine, b: number) {
			if (b < 0 || engine.state.phase < PHASE_TURN_START) return;
			const wild = isWildcard(engine, b);
			if (wild) wildcardBeside(engine, kit, b);
			trigger(engine, kit, surroundedBy(engine, kit, b, wild), 'placed');
		},
		deployCheck(engine: Engine, player: number) {
			if (player !== engine.state.active || !surround(engine)?.used) return null;
			return {
				code: 'placement-used',
				message: 'an ability already used this turn’s follower placement',
				rules: kit.acts.find((x) => x.d.usesPlacement)?.d.usesPlacement?.rules ?? []
			};
		},
		afterFigure(engine: Engine) {
			if (engine.state.placed >= 0) trigger(engine, kit, placedOn(engine, kit), 'figure');
			const st = surround(engine);
			if (!st?.waiting.length) return;
			const dec = kit.on(engine.rules);
			const go = st.waiting.filter((e) => !dec[e.act].afterScoring);
			st.waiting = st.waiting.filter((e) => dec[e.act].afterScoring);
			enqueue(engine, kit, go);
		},
		afterScore(engine: Engine) {
			const st = surround(engine);
			if (!st?.waiting.length) return;
			const w = st.waiting;
			st.waiting = [];
			enqueue(engine, kit, w);
		},
		scoringMarks: (engine: Engine) => surround(engine)?.changed ?? NONE,
		pieceLeft(engine: Engine, piece: number) {
			const st = surround(engine);
			const i = st ? st.changed.indexOf(piece) : -1;
			if (i < 0) return;
			st!.changed.splice(i, 1);
			st!.changedTo.splice(i, 1);
		}
	};
}
const NONE: readonly number[] = Object.freeze([]);

/** The pieces whose strength a surrounded act's choice changed, in every data module of the game (the view draws them lying). */
export function changedPieces(state: GameState): Set<number> {
	const out = new Set<number>();
	for (const st of Object.values(state.moduleState))
		for (const pc of (st as Partial<DataState> | undefined)?.acts?.surround?.changed ?? [])
			out.add(pc);
	return out;
}

/** The figure's strength: what a choice changed it to, else its own. */
function strengthOf(kit: Kit, f: FigureType): FigureType {
	const a = kit.byFigure.get(f.id);
	if (!a?.choices.some(([, c]) => c.strength !== undefined)) return f;
	const own = f.strength;
	return {
		...f,
		strength(engine, piece, root) {
			const st = kit.state(engine).acts?.surround;
			const i = st ? st.changed.indexOf(piece) : -1;
			return i >= 0 ? st!.changedTo[i] : own(engine, piece, root);
		}
	};
}

/** The module's surrounded acts: hooks, step kinds and moves, the strength a choice gives a figure. */
export function surroundedActs(
	list: readonly DataActStep[],
	state: (engine: Engine) => DataState,
	decide: Decide,
	value: Value
): {
	hooks: Partial<Hooks>;
	module: Pick<RuleModule, 'steps' | 'moves'>;
	figure: (f: FigureType) => FigureType;
	cited: string[];
	/** The rulings under which a choice may use up the turn's placement: else the deploy check never refuses. */
	placementUsedWhen: (rulings: Readonly<Record<string, string>>) => boolean;
} | null {
	const acts: Act[] = list
		.filter((d) => d.when === 'surrounded')
		.map((d, k) => ({ d, k, choices: Object.entries(d.choices) }));
	if (!acts.length) return null;
	const S = perModuleState(
		(engine): SurroundState =>
			((state(engine).acts ??= { queue: [], waiting: [], scored: [] }).surround ??= {
				queue: [],
				waiting: [],
				used: false,
				changed: [],
				changedTo: []
			})
	);
	const kit: Kit = {
		acts,
		byFigure: new Map(acts.map((a) => [a.d.figure, a])),
		pieces: piecesOfKinds(...acts.map((a) => a.d.figure)),
		state,
		S,
		on: perContext((rules) =>
			acts.map((a) => ({
				wildcards: decide(rules, a.d.wildcardNeighbours ?? true),
				afterFigure: decide(rules, a.d.afterFigure),
				afterScoring: decide(rules, a.d.afterScoring),
				placedSurrounded: decide(rules, a.d.placedSurrounded),
				byStep: decide(rules, a.d.byStep),
				usesPlacement: decide(rules, a.d.usesPlacement?.when),
				anyFollower: Object.fromEntries(
					a.choices.map(([n, c]) => [n, decide(rules, c.win?.anyFollower)])
				),
				strength: Object.fromEntries(
					a.choices.flatMap(([n, c]) =>
						c.strength === undefined ? [] : [[n, Math.max(0, value(rules, c.strength))]]
					)
				)
			}))
		),
		next: (engine) => next(engine, kit)
	};
	const module: Pick<RuleModule, 'steps' | 'moves'> = { steps: {}, moves: {} };
	for (const a of acts) {
		module.steps![a.d.figure] = {
			accepts: [a.d.figure],
			describe: a.d.describe ?? `choose the ${a.d.figure}’s action`,
			moves: (engine, _step, out) => choiceMoves(engine, kit, a, out),
			moveWords: (rules, move) => choiceWords(a, rules, move)
		};
		module.moves![a.d.figure] = chooseOf(kit, a);
	}
	return {
		hooks: hooksOf(kit),
		module,
		figure: (f) => strengthOf(kit, f),
		placementUsedWhen: (rulings) =>
			acts.some(
				(a) => a.d.usesPlacement?.when !== undefined && holdsUnder(a.d.usesPlacement.when, rulings)
			),
		cited: acts.flatMap((a) => [
			a.d.id,
			...(a.d.triggerRules ?? []),
			...(a.d.wildcardRules ?? []),
			...(a.d.wildcardBeside?.rules ?? []),
			...(a.d.usesPlacement?.rules ?? []),
			...(a.d.nothingInReach?.rules ?? []),
			...(a.d.outOfReach?.rules ?? []),
			...a.choices.flatMap(([, c]) => [...(c.rules ?? []), ...(c.homeEvent?.rules ?? [])])
		])
	};
}
