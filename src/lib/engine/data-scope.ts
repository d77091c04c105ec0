// Reading a feature for the data rules (data-rules.ts): the Scope one scoring's variables are read
// through, the constants a rules context decides (constantOf), the readings that depend on the
// feature or the player paid (readerOf), constant folding, modifier combining, figures and heads.
import type { BagState, MarkerState, TitleState } from './data-step-states.ts';
import { compileExpr, evaluate, type Compiled, type Env } from '../formats/rule-expr.ts';
import { featureOf, featureTiles, fieldCities, segsOf } from './features.ts';
import { surroundings, wildcardEdges } from './board.ts';
import { tileAt } from './board-index.ts';
import { pack } from './cells.ts';
import { perContext } from './per-context.ts';
import type { Context, Engine, FeatureValue, RuleModule } from './types.ts';
import { filled } from './arrays.ts';
import type { ExtraTurnState } from './data-extra-turn.ts';

// each expression object is turned into closures once (rule-expr.ts compileExpr: interpretation, no code generated)
const closures = new WeakMap<object, Compiled>();
export function ev(e: unknown, env: Env): number | boolean {
	if (e === null || typeof e !== 'object') return evaluate(e, env);
	let c = closures.get(e);
	if (!c) closures.set(e, (c = compileExpr(e)));
	return c(env);
}
export function evNum(e: unknown, env: Env): number {
	return numOf(ev(e, env));
}
export type Mode = FeatureValue['mode'];

/**
 * Where the variables of one scoring are read (formats/data-rules.ts `dataScope` lists them): the
 * feature, and for award rules the player paid. Values are kept per variable slot while one hook
 * runs; one scope per compiled plan is reused (a fresh one if a hook's work re-enters the plan).
 */
export class Scope {
	g!: Engine;
	root = -1;
	memo: (number | boolean | undefined)[];
	busy = false;
	tiles: number[] | null = null;
	around: { tiles: number; wildcards: number; river: number } | null = null;
	// award rules: the player paid, the scoring's winners, heads per player, the denial
	player = -1;
	winners: readonly number[] = [];
	heads: number[] | null = null;
	denied: boolean | null = null;
	/** Award rules: per figure group, the players with such figures (first found first) and how many each. */
	groups: (Group | null)[];
	constructor(slots: number, groups: number) {
		this.memo = new Array<number | boolean | undefined>(slots).fill(undefined);
		this.groups = new Array<Group | null>(groups).fill(null);
	}
}
export type Get = (sc: Scope) => number | boolean;

export const tilesOf = (sc: Scope) => (sc.tiles ??= featureTiles(sc.g.state, sc.root));
export const aroundOf = (sc: Scope) =>
	(sc.around ??= surroundings(sc.g, sc.g.state.segmentTile[sc.root], landAround(sc.g.rules)));

/** Held tiles a held-tile step counts as land tiles around a feature in a rules context (its `landTile.around`), or undefined: none. */
export const landAround = perContext((rules): ReadonlySet<number> | undefined => {
	const out = new Set<number>();
	const read = (name: string) => constantOf(rules, 'complete', name, false) ?? 0;
	for (const e of rules.source.expansions)
		for (const s of e.dataRules?.steps ?? [])
			if (s.type === 'held-tile' && s.landTile?.around !== undefined) {
				const t = rules.tileIndex.get(`${e.id}/${s.tile}`);
				if (t !== undefined && ev(s.landTile.around, read) === true) out.add(t);
			}
	return out.size ? out : undefined;
});

/** The value a variable has in every scoring of a rules context and mode ('complete', 'param.x', 'ruling.X.y'), or undefined. */
export function constantOf(
	rules: Context,
	mode: Mode,
	name: string,
	award: boolean
): number | boolean | undefined {
	if (
		award &&
		(name === 'winner' || name === 'heads' || name === 'othersHeads' || name === 'denied')
	)
		return undefined;
	switch (name) {
		case 'tiles':
		case 'pennants':
		case 'cities':
		case 'neighbours':
		case 'players':
		case 'topStrength':
			return undefined;
		case 'complete':
			return mode === 'complete';
		case 'final':
			return mode === 'final';
	}
	const dot = name.indexOf('.');
	const head = name.slice(0, dot);
	const rest = name.slice(dot + 1);
	if (head === 'param') return rules.params[rest] ?? 0;
	if (head === 'ruling') {
		const i = rest.indexOf('.');
		return rules.rulings[rest.slice(0, i)] === rest.slice(i + 1);
	}
	if (head === 'modifier' || head === 'figures' || head === 'onTiles' || head === 'icon')
		return undefined;
	if (
		head === 'around' &&
		(rest === 'tiles' || rest === 'wildcards' || rest === 'river' || rest.startsWith('icon.'))
	)
		return undefined;
	if (name === 'edges.wildcards') return undefined;
	return 0;
}

/** The reading of a variable that depends on the feature (or the player paid); constantOf gave undefined. */
export function readerOf(
	rules: Context,
	name: string,
	award: boolean,
	modifiers: Record<string, string>
): Get {
	if (award)
		switch (name) {
			case 'winner':
				return (sc) => sc.winners.includes(sc.player);
			case 'heads':
				return (sc) => (sc.heads ??= headsOf(sc.g, sc.root))[sc.player];
			case 'othersHeads':
				return (sc) => {
					const heads = (sc.heads ??= headsOf(sc.g, sc.root));
					let most = 0;
					for (let q = 0; q < heads.length; q++)
						if (q !== sc.player && heads[q] > most) most = heads[q];
					return most;
				};
			case 'denied':
				return (sc) => (sc.denied ??= deniedBy(sc.g, sc.root) !== null);
		}
	switch (name) {
		case 'tiles':
			return (sc) => tilesOf(sc).length;
		case 'pennants':
			return ({ g: engine, root }) => {
				let n = 0;
				for (const seg of segsOf(engine.state, root)) n += featureOf(engine, seg).pennants;
				return n;
			};
		case 'cities':
			return ({ g: engine, root }) =>
				featureOf(engine, root).kind === 'field' ? fieldCities(engine, root).complete.length : 0;
		case 'neighbours':
			return ({ g: engine, root }) => engine.state.boardNeighbours[engine.state.segmentTile[root]];
		case 'players':
			return ({ g: engine }) => engine.state.players.length;
		case 'topStrength':
			return ({ g: engine, root }) => topStrength(engine, root);
	}
	const dot = name.indexOf('.');
	const head = name.slice(0, dot);
	const rest = name.slice(dot + 1);
	if (head === 'modifier') {
		const how = modifiers[rest] ?? gameCombine(rules)[rest] ?? 'sum';
		return ({ g: engine, root }) => combine(engine, root, rest, how);
	}
	if (head === 'figures')
		return ({ g: engine, root }) => {
			const state = engine.state;
			const list = state.featurePieces[root];
			let n = 0;
			if (list) for (let i = 0; i < list.length; i++) if (state.pieces[list[i]].kind === rest) n++;
			return n;
		};
	if (head === 'onTiles')
		return (sc) => {
			const tiles = tilesOf(sc);
			let n = 0;
			for (const p of sc.g.state.pieces)
				if (p.kind === rest && p.seg >= 0 && tiles.includes(p.tile)) n++;
			return n;
		};
	if (head === 'icon')
		return (sc) => {
			const { g: engine } = sc;
			let n = 0;
			for (const b of tilesOf(sc))
				if (engine.rules.tiles[engine.state.boardTile[b]].icons.has(rest)) n++;
			return n;
		};
	if (head === 'edges') return ({ g: engine, root }) => wildcardEdges(engine, root);
	if (rest === 'tiles' || rest === 'wildcards' || rest === 'river')
		return (sc) => aroundOf(sc)[rest];
	const icon = rest.slice(5); // around.icon.<name>
	return ({ g: engine, root }) => {
		const state = engine.state;
		const b = state.segmentTile[root];
		let n = 0;
		for (let dx = -1; dx <= 1; dx++)
			for (let dy = -1; dy <= 1; dy++) {
				if (!dx && !dy) continue;
				const o = tileAt(engine, pack(state.boardX[b] + dx, state.boardY[b] + dy));
				if (o >= 0 && engine.rules.tiles[state.boardTile[o]].icons.has(icon)) n++;
			}
		return n;
	};
}

export const isLiteral = (v: unknown): v is number | boolean =>
	typeof v === 'number' || typeof v === 'boolean';
/** A constant written back into an expression gives what reading it gives (numbers: whole and bounded, as evaluate keeps them). */
const literalOk = (v: number | boolean) => typeof v === 'boolean' || evaluate(v, () => 0) === v;

/**
 * An expression with the rules context's constants put in and what they decide worked out
 * (`{"and": [false, …]}` is false): evaluating it gives what evaluating the original gives.
 * Exported for its test.
 */
export function fold(e: unknown, constOf: (name: string) => number | boolean | undefined): unknown {
	if (e === null || typeof e !== 'object' || Array.isArray(e)) return e;
	const keys = Object.keys(e);
	if (!keys.length) return e;
	const op = keys[0];
	const arg = (e as Record<string, unknown>)[op];
	if (op === 'var') {
		const v = typeof arg === 'string' ? constOf(arg) : undefined;
		return v !== undefined && literalOk(v) ? v : e;
	}
	const args = (Array.isArray(arg) ? arg : [arg]).map((x) => fold(x, constOf));
	const out = { [op]: Array.isArray(arg) ? args : args[0] };
	if (args.every(isLiteral)) return evaluate(out, () => 0);
	// the result of these is settled by one literal whatever the others give (they only read)
	if (op === 'and' && args.some((x) => isLiteral(x) && x !== true)) return false;
	if (op === 'or' && args.some((x) => x === true)) return true;
	if (op === 'if' && args.length === 3 && isLiteral(args[0]))
		return args[0] === true ? args[1] : args[2];
	return out;
}

// how every data modifier of a game combines: a rule may read one its dependency declares (modifier.inn)
export const gameCombine = perContext((rules) => {
	const t: Record<string, string> = {};
	for (const m of rules.modules)
		if (m.combine) for (const [k, v] of Object.entries(m.combine)) t[k] ??= v;
	return t;
});

/** A modifier over the segments of a feature, combined as its declaration says (sum, max, any, all). */
export function combine(engine: Engine, root: number, name: string, how: string): number | boolean {
	const state = engine.state;
	const any = how === 'any';
	const all = how === 'all';
	const max = how === 'max';
	let sum = 0;
	let most = 0;
	for (
		let seg = state.nextSegment[state.lastSegment[root]], k = state.featureSize[root];
		k > 0;
		k--, seg = state.nextSegment[seg]
	) {
		const raw = featureOf(engine, seg).modifiers[name];
		const n = typeof raw === 'number' ? raw : raw ? 1 : 0;
		// any and all are settled by the first segment that has (or lacks) the modifier
		if (any && n) return true;
		if (all && !n) return false;
		sum += n;
		if (n > most) most = n;
	}
	return any ? false : all ? true : max ? most : sum;
}

/** Players with figures of type `figure` on the feature (`tiles` false) or on any feature of its tiles (true), first found first, and how many each. */
export function figuresOf(sc: Scope, figure: string, tiles: boolean): Group {
	const state = sc.g.state;
	const is = (kind: string) =>
		figure === ANY_FOLLOWER ? sc.g.rules.figures.get(kind)?.follower === true : kind === figure;
	let out: Group | null = null;
	if (tiles) {
		const on = tilesOf(sc);
		for (const p of state.pieces)
			if (is(p.kind) && p.seg >= 0 && p.owner >= 0 && on.includes(p.tile))
				out = added(out, p.owner);
	} else {
		const list = state.featurePieces[sc.root];
		if (list)
			for (let i = 0; i < list.length; i++) {
				const p = state.pieces[list[i]];
				if (is(p.kind) && p.owner >= 0) out = added(out, p.owner);
			}
	}
	return out ?? NOBODY;
}
/** The group of any follower (a wins rule's `followers`): no figure id has this form. */
export const ANY_FOLLOWER = '*follower';
/** Group `out` (a new one when null) with one more figure of `owner`. */
function added(out: Group | null, owner: number): Group {
	out ??= { players: [], counts: [] };
	const i = out.players.indexOf(owner);
	if (i < 0) {
		out.players.push(owner);
		out.counts.push(1);
	} else out.counts[i]++;
	return out;
}
export interface Group {
	readonly players: number[];
	readonly counts: number[];
}
const NOBODY: Group = Object.freeze({ players: [], counts: [] });

/** Heads per player on the feature: followers, and any figure with strength above 0 there (award variables heads, othersHeads). */
export function headsOf(engine: Engine, root: number): number[] {
	const state = engine.state;
	const heads = filled(state.players.length, 0);
	for (const pc of state.featurePieces[root] ?? []) {
		const p = state.pieces[pc];
		const ft = engine.rules.figures.get(p.kind);
		if (p.owner >= 0 && ft && (ft.follower || ft.strength(engine, pc, root) > 0)) heads[p.owner]++;
	}
	return heads;
}

export const push = (list: string[], id: string) => {
	if (!list.includes(id)) list.push(id);
};

export const numOf = (v: number | boolean): number => (typeof v === 'number' ? v : v ? 1 : 0);

/** A `moveOn` figure whose feature was scored, waiting for its owner's choice (data-move-on.ts). */
export interface MoveOnEntry {
	piece: number;
	owner: number;
	figure: string;
	/** Board index of the tile it stood on (the centre of the reach `around`). */
	tile: number;
	/** The scored feature's segments (where the `connected` reach starts). */
	segs: number[];
}

/** A figure of an act step waiting for its owner's choice (data-act.ts). */
export interface ActEntry {
	/** The step's position among the module's act steps. */
	act: number;
	piece: number;
	owner: number;
	/** The scored feature's end segments (where the reach `road-end` starts). */
	ends: number[];
	/** Roots completed by the tile just placed but not yet scored, open for the figure (`intoCompleted`). */
	extra?: number[];
}

/** What a data module's act steps keep (its DataState's `acts`, data-act.ts). */
export interface ActState {
	/** The figures to offer now, in order (the first is offered). */
	queue: ActEntry[];
	/** Figures waiting for the end of this turn's scoring. */
	waiting: ActEntry[];
	/** Roots scored this turn (not open for `intoCompleted`). */
	scored: number[];
	/** The figures of the module's 'surrounded' acts (data-surrounded.ts). */
	surround?: SurroundState;
}

/** A figure whose tile was surrounded, waiting for its owner's choice (data-surrounded.ts). */
export interface SurroundEntry {
	/** The step's position among the module's 'surrounded' acts. */
	act: number;
	piece: number;
	owner: number;
	/** Board index of the figure's tile when it triggered (a figure no longer there does not act). */
	tile: number;
}

/** What a data module's 'surrounded' acts keep (its ActState's `surround`). */
export interface SurroundState {
	/** The figures to offer now, in order (the first is offered). */
	queue: SurroundEntry[];
	/** Figures waiting for the end of the figure step or of the scoring. */
	waiting: SurroundEntry[];
	/** A choice by the active player put a follower before the figure step (`usesPlacement`). */
	used: boolean;
	/** Pieces a choice changed (`strength`), and the strength each has now. */
	changed: number[];
	changedTo: number[];
}

/** What a token step keeps during a turn (in its module's state, `steps[i]`: data-token-step.ts). */
export interface TokenStepState {
	/** Segment that received this turn's token, or -1. */
	ban: number;
	/** The drawn tile is played plain: 'token' (none left) or 'target' (no placement with a free feature); null otherwise. */
	plain: 'token' | 'target' | null;
}

export interface DataState {
	/** Root of the feature whose scoring a figure denied last (deniesScoring), or -1, and which figure. */
	denied: number;
	deniedBy: string;
	/** Tokens collected: kind → per player. */
	tokens: Record<string, number[]>;
	/** The module's titles, by their rules' order (data-title.ts). */
	titles?: TitleState[];
	/** The extra turn of the module's `extraTurn` figures (data-extra-turn.ts). */
	extra?: ExtraTurnState;
	/** The module's `moveOn` figures whose feature this turn's scoring completed (data-move-on.ts). */
	moveOn?: MoveOnEntry[];
	/** Root of the feature whose tie a tiebreak rule broke in this scoring, or -1 (absent until one did), and how. */
	tied?: number;
	tie?: { icon: string; players: number[]; counts: number[] };
	/** The module's token steps during the turn (data-token-step.ts). */
	steps?: TokenStepState[];
	/** The module's held tiles (data-held-tile.ts). */
	heldTiles?: { tile: number; held: number[] }[];
	/** Pieces a random step removed from the game (data-random-step.ts; checked by the invariants). */
	removed?: number[];
	/** The figures of the module's act steps waiting for their owners' choices (data-act.ts). */
	acts?: ActState;
	/** Where the module's markers stand, by figure (data-marker-step.ts): its board tile, the piece beside (-1: none), the tile left and still guarded (-2: none). */
	markers?: Record<string, MarkerState>;
	/** The module's bags: per bag step, its tokens, each figure's and the fixed draws left (data-bag-step.ts). */
	bags?: BagState[];
}

/** The figure type (data `deniesScoring`) that denied the scoring of `root` in this scoring, or null. */
export function deniedBy(engine: Engine, root: number): string | null {
	// only a module with such figures ever marks a root denied (its winners hook)
	for (const id of denying(engine.rules)) {
		const st = engine.state.moduleState[id] as DataState | undefined;
		if (st && st.denied === root) return st.deniedBy;
	}
	return null;
}

/** Data modules whose figures deny scorings (deniesScoring), found once per rules context. */
export const denyingModules = new WeakSet<RuleModule>();
const denying = perContext((rules) =>
	rules.modules.filter((m) => m.data && denyingModules.has(m)).map((m) => m.id)
);

/** The highest strength a player (the neutral owner counting as one) has on the feature by its followers, 0 with none. */
function topStrength(engine: Engine, root: number): number {
	const state = engine.state;
	const by = new Map<number, number>();
	for (const pc of state.featurePieces[root] ?? []) {
		const p = state.pieces[pc];
		const ft = engine.rules.figures.get(p.kind);
		if (ft?.follower) by.set(p.owner, (by.get(p.owner) ?? 0) + ft.strength(engine, pc, root));
	}
	let top = 0;
	for (const n of by.values()) if (n > top) top = n;
	return top;
}
