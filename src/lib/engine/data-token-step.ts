// Long because: one construct of the rules-as-data language, the token step, whose hooks read together.
// A token step (schemas/expansion.v1.json dataStep, type 'token'): right after a tile with the
// step's icon is placed, its player puts a token of the step's kind on one of that tile's features
// that the step allows and nothing occupies; no figure of the turn may join that feature (for the
// whole game under a condition). A placement leaving no free feature is refused; a tile with no
// such placement, or drawn when no token is left, is unplaceable or played plain (conditions). The
// step's move, event and refusal codes are named by its token and icon ('note', 'luteUnplaceable').
// Its conditions read rulings and parameters only: decided once per rules context (Tables).
import { find } from './features.ts';
import { FACING_HALF, pack, SIDE_STEP } from './cells.ts';
import { fits } from './fit.ts';
import { frontAt, tileAt } from './board-index.ts';
import { emit, takeBacks } from './events.ts';
import { figureRef, playerName } from './scoring.ts';
import { inSupply, piecesOfKinds, putPiece } from './modules/base.ts';
import { perContext, perModuleState } from './per-context.ts';
import { unlessAnswered, type AnyHook } from './data-join.ts';
import { ev } from './data-scope.ts';
import type { TokenStep as DataStep } from '../formats/schema-types.ts';
import { MAX_TOKENS } from '../formats/data-steps.ts';
import type { DataState, TokenStepState } from './data-scope.ts';
import type {
	CFeature,
	Context,
	Engine,
	Expansion,
	FigureRef,
	FigureType,
	GameState,
	Hooks,
	Move,
	Refusal,
	RuleModule,
	Step
} from './types.ts';

/** The rule ids of the lists, each once, in order. */
const ids = (...lists: string[][]): string[] => [...new Set(lists.flat())];

/** A token step with its names and rule ids worked out (per document). */
interface Spec {
	d: DataStep;
	index: number;
	token: string;
	icon: string;
	/** 'note token': the token's name, lower case. */
	label: string;
	barRules: string[];
	onlyRules: string[];
	occupiedRules: string[];
	ontoRules: string[];
	targetRules: string[];
	targetRuling: string[];
	tokenRules: string[];
	gameRules: string[];
	returnRules: string[];
}

/**
 * What the step needs per rules context: its conditions decided, which tiles carry the icon, which
 * figure kinds keep a token out (occupied) or are barred, and per tile and rotation the features
 * that take a token with the board sides and slots they touch. A slot is one thing a neighbour shows
 * across a side: slot side * 3 its road/city/river, slot side * 3 + 1 + j its field on half side * 2
 * + j. Sides are nibbles, as in state.frontMask (15 << 4 * side).
 */
interface Tables {
	count: number;
	takes: Set<string>;
	byAnyPiece: boolean;
	byExtraPieces: boolean;
	wholeGame: boolean;
	refuseNoTarget: boolean;
	refuseNoToken: boolean;
	returns: boolean;
	eaten: boolean;
	marked: Uint8Array;
	/** Figure kind → does a piece of it make its feature occupied for the token? */
	blocks: Map<string, boolean>;
	/** Per tile (marked tiles only), per rotation: [sides, slots] pairs of the features that take a token. */
	links: (Int32Array[] | null)[];
	/** Per tile × 4 + rotation: 1 when a feature taking a token touches no side (a monastery): always free. */
	always: Uint8Array;
}

const lookup = (rules: Context) => (name: string) => {
	if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
	const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
	return m ? rules.rulings[m[1]] === m[2] : 0;
};
const cond = (rules: Context, e: unknown, dflt: boolean): boolean =>
	e === undefined ? dflt : ev(e, lookup(rules)) === true;

/** Does a piece of this figure type occupy like a follower? */
const isFollower = (rules: Context, f: FigureType | undefined) =>
	f !== undefined && (f.follower === true || f.occupies?.(rules) === true);

function tablesFor(rules: Context, s: Spec, fallbackCount: number): Tables {
	const d = s.d;
	const takes = new Set<string>();
	for (const [kind, c] of Object.entries(d.onto)) if (cond(rules, c, false)) takes.add(kind);
	const byAnyPiece = cond(rules, d.occupied?.byAnyPiece, false);
	const byExtraPieces = cond(rules, d.occupied?.byExtraPieces, false);
	const count = d.count === undefined ? fallbackCount : Number(ev(d.count, lookup(rules)));
	const marked = new Uint8Array(rules.tiles.length);
	const always = new Uint8Array(rules.tiles.length * 4);
	const links = rules.tiles.map((t) => {
		if (!t.icons.has(s.icon)) return null;
		marked[t.index] = 1;
		const perRotation: Int32Array[] = [];
		for (let r = 0; r < 4; r++) {
			const pairs: number[] = [];
			t.features.forEach((f, i) => {
				if (!takes.has(f.kind)) return;
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
	for (const [kind, f] of rules.figures)
		blocks.set(kind, blocksOf(rules, f, byAnyPiece, byExtraPieces));
	return {
		// (the validator refuses a count outside 0…MAX_TOKENS; a game started without it is held there too)
		count: Math.min(MAX_TOKENS, Math.max(0, Math.trunc(count) || 0)),
		takes,
		byAnyPiece,
		byExtraPieces,
		wholeGame: cond(rules, d.bars?.wholeGame, false),
		refuseNoTarget: cond(rules, d.noTarget?.refuse, true),
		refuseNoToken: cond(rules, d.noToken?.refuse, false),
		returns: cond(rules, d.returns, false),
		eaten: cond(rules, d.eaten, false),
		marked,
		blocks,
		links,
		always
	};
}

/** Does a piece of figure type `f` (undefined: a piece of no known type) occupy a feature for the token? */
function blocksOf(
	rules: Context,
	f: FigureType | undefined,
	byAnyPiece: boolean,
	byExtraPieces: boolean
): boolean {
	return isFollower(rules, f) || (byAnyPiece && (f?.extra !== true || byExtraPieces));
}

type TokenNames = ReadonlyMap<string, { name: string; count: number }>;
type StepStates = (engine: Engine) => { steps?: TokenStepState[] };
type Parts = ReturnType<typeof stepOf>[];

/** The token steps of one document compiled into hooks, a step kind and a move per token. */
export function tokenSteps(
	steps: readonly DataStep[],
	tokenNames: TokenNames,
	state: StepStates
): Pick<RuleModule, 'steps' | 'moves' | 'deployMoves' | 'figures' | 'icons' | 'placementFor'> & {
	hooks: Partial<Hooks>;
	cited: string[];
	/** The rulings under which some step acts as its feature scores (tokens return). */
	scoredWhen: (rulings: Readonly<Record<string, string>>) => boolean;
	/** The steps at moments a document adds, by moment. */
	moments: Record<string, (engine: Engine) => void>;
} {
	const specs: Spec[] = steps.map((d, index) => specOf(d, index, tokenNames));
	const tables = specs.map((s) =>
		perContext((rules) => tablesFor(rules, s, tokenNames.get(s.token)?.count ?? 0))
	);
	const parts = specs.map((s, i) => stepOf(s, (e) => tables[i](e.rules), state));
	const icons = new Set(specs.map((s) => s.icon));
	return {
		hooks: hooksOf(specs, tables, parts, state),
		cited: specs.flatMap((s) => [
			s.d.id,
			...s.barRules,
			...s.onlyRules,
			...s.occupiedRules,
			...s.ontoRules,
			...s.targetRules,
			...s.targetRuling,
			...s.tokenRules,
			...s.gameRules,
			...s.returnRules
		]),
		scoredWhen: (rulings) => specs.some((s) => returnsUnder(s, rulings)),
		moments: momentsOf(specs, parts),
		steps: Object.fromEntries(specs.map((s, i) => [s.token, stepKindOf(s, parts[i])])),
		moves: Object.fromEntries(specs.map((s, i) => [s.token, parts[i].move])),
		deployMoves: Object.fromEntries(specs.map((s) => [s.token, s.token])),
		figures: specs.map((s, i) => tokenFigure(s, tokenNames, tables[i])),
		icons: Object.fromEntries(specs.map((s) => [s.icon, s.d.id])),
		placementFor: (t) => t.icons.size > 0 && [...icons].some((i) => t.icons.has(i))
	};
}

/** The steps at moments a document adds to the turn: the token goes on the tile just placed then. */
function momentsOf(specs: Spec[], parts: Parts): Record<string, (engine: Engine) => void> {
	const out: Record<string, (engine: Engine) => void> = {};
	specs.forEach((s, i) => {
		const at = s.d.at ?? 'placed';
		if (at === 'placed') return;
		const before = out[at];
		out[at] = (engine) => {
			before?.(engine);
			if (engine.state.placed >= 0) parts[i].placed(engine, engine.state.placed);
		};
	});
	return out;
}

/** A token step with its names and rule ids worked out. */
function specOf(d: DataStep, index: number, tokenNames: TokenNames): Spec {
	return {
		d,
		index,
		token: d.token,
		icon: d.icon,
		label: (tokenNames.get(d.token)?.name ?? d.token).toLowerCase(),
		barRules: d.bars?.rules ?? [],
		onlyRules: d.bars?.onlyRules ?? [],
		occupiedRules: d.occupied?.rules ?? [],
		ontoRules: d.ontoRules ?? [],
		targetRules: d.noTarget?.rules ?? [],
		targetRuling: d.noTarget?.rulingRules ?? [],
		tokenRules: d.noToken?.rules ?? [],
		gameRules: d.bars?.wholeGameRules ?? [],
		returnRules: d.returnRules ?? []
	};
}

/** The hooks of all the document's token steps: each hook asks every step's part in turn. */
function hooksOf(
	specs: Spec[],
	tables: ((rules: Context) => Tables)[],
	parts: Parts,
	state: StepStates
): Partial<Hooks> {
	return {
		setup(engine) {
			const st = state(engine);
			st.steps = specs.map(() => ({ ban: -1, plain: null }));
			for (let i = 0; i < specs.length; i++)
				for (let k = 0; k < tables[i](engine.rules).count; k++)
					engine.state.pieces.push({ kind: specs[i].token, owner: -1, seg: -1, tile: -1 });
		},
		turnStart(engine) {
			for (const st of state(engine).steps!) {
				st.ban = -1;
				st.plain = null;
			}
		},
		drawn(engine, tile) {
			for (const p of parts) p.drawn(engine, tile);
			return 'keep';
		},
		placement(engine, tile, x, y, r, explain) {
			for (const p of parts) {
				const no = p.placement(engine, tile, x, y, r, explain);
				if (no) return no;
			}
			return null;
		},
		placed(engine, b) {
			for (let i = 0; i < parts.length; i++)
				if ((specs[i].d.at ?? 'placed') === 'placed') parts[i].placed(engine, b);
		},
		deployCheck(engine, player, figure, seg) {
			for (const p of parts) {
				const no = p.deployCheck(engine, figure, seg);
				if (no) return no;
			}
			return null;
		},
		scored(engine, root, ev) {
			for (const p of parts) p.scored(engine, root, ev.feature.at);
		},
		dragonEnters(engine, b) {
			let spare: number[] | null = null;
			for (const p of parts) spare = p.spare(engine, b, spare);
			return spare ? { spare } : null;
		}
	};
}

/** Does the step act as its feature scores (tokens return) under these rulings? */
function returnsUnder(s: Spec, rulings: Readonly<Record<string, string>>): boolean {
	return (
		s.d.returns !== undefined &&
		// a condition reading a parameter is decided with the game: bind the hook
		(JSON.stringify(s.d.returns).includes('"param.') ||
			ev(s.d.returns, (name) => {
				const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
				return m ? rulings[m[1]] === m[2] : 0;
			}) === true)
	);
}

/** The step kind of a token step: its moves are the free features of the tile just placed. */
function stepKindOf(s: Spec, part: Parts[number]) {
	return {
		accepts: [s.token],
		describe: `put a ${s.label} on a free feature of the ${s.icon} tile`,
		moves(engine: Engine, _step: Step, out: Move[]) {
			const t = engine.rules.tiles[engine.state.boardTile[engine.state.placed]];
			for (const j of part.free(engine)) out.push({ type: s.token, feature: t.features[j].id });
		}
	};
}

/** The figure type of a step's token. */
function tokenFigure(
	s: Spec,
	tokenNames: TokenNames,
	tables: (rules: Context) => Tables
): FigureType {
	return {
		id: s.token,
		name: tokenNames.get(s.token)?.name ?? s.token,
		perPlayer: 0,
		follower: false,
		token: true,
		deployable: false,
		features: [],
		strength: () => 0,
		rules: [s.d.id],
		staysAfterScoring: (engine) => !tables(engine.rules).returns
	};
}

/** Adds `more` to `hooks`: a hook both have runs the one already there first. */
export function joinHooks(hooks: Partial<Hooks>, more: Partial<Hooks>): void {
	for (const [k, fn] of Object.entries(more) as [keyof Hooks, AnyHook][]) {
		const before = hooks[k] as AnyHook | undefined;
		// a hook that answers (a refusal, a spare list, 'aside') answers for both
		(hooks as Record<string, unknown>)[k] = before ? unlessAnswered(before, fn) : fn;
	}
}

/**
 * A document's data steps (token steps: data-token-step.ts) wired in: their hooks join `hooks`
 * (after those already there; their setup after the module state is made), and what the module
 * gets from them is returned. The scored hook is bound only under rulings where tokens return, when
 * the module has no other.
 */
export function withSteps(
	e: Expansion,
	list: readonly DataStep[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState,
	moveOn: Pick<RuleModule, 'steps' | 'moves'>
): { cited: string[]; figures: FigureType[]; module: Partial<RuleModule> } {
	const names = new Map((e.tokens ?? []).map((t) => [t.id, { name: t.name, count: t.count }]));
	const t = tokenSteps(list, names, state);
	const alone = hooks.scored === undefined;
	joinHooks(hooks, t.hooks);
	return {
		cited: t.cited,
		figures: t.figures!,
		module: {
			steps: { ...moveOn.steps, ...t.steps },
			moves: { ...moveOn.moves, ...t.moves },
			deployMoves: t.deployMoves,
			icons: t.icons,
			placementFor: t.placementFor,
			...(Object.keys(t.moments).length ? { moments: t.moments } : {}),
			...(alone ? { hookWhen: { scored: t.scoredWhen } } : {})
		}
	};
}

/** One token step's parts: what each hook does for it (its helpers built once, here). */
function stepOf(s: Spec, tablesOf: (engine: Engine) => Tables, state: StepStates) {
	const kit = kitOf(s, tablesOf, state);
	const putToken = putterOf(kit);
	return {
		free: kit.free,
		drawn: drawnOf(kit),
		placement: placementOf(kit),
		placed: placedOf(kit),
		deployCheck: deployCheckOf(kit),
		scored: scoredOf(kit),
		spare: spareOf(kit),
		move: (engine: Engine, move: { type: string; feature?: unknown }, step: Step) =>
			putToken(engine, String(move.feature), step)
	};
}

/** What a token step's hooks share: its spec, tables, state and queries of the board. */
interface Kit {
	s: Spec;
	tablesOf: (engine: Engine) => Tables;
	S: (engine: Engine) => TokenStepState;
	tokens: ReturnType<typeof piecesOfKinds>;
	tokensLeft: (engine: Engine) => boolean;
	blocksKind: BlocksKind;
	/** The piece that makes the feature (root) occupied for the token, a follower first, or -1. */
	blocker: (engine: Engine, root: number) => number;
	takes: (engine: Engine, f: CFeature) => boolean;
	/** Local features of the tile just placed that are free for the token. */
	free: (engine: Engine) => number[];
	anyFreePlacement: (engine: Engine, tile: number) => boolean;
	/** How many of the step's tokens are on the feature (root). */
	countOn: (engine: Engine, root: number) => number;
}

function kitOf(s: Spec, tablesOf: (engine: Engine) => Tables, state: StepStates): Kit {
	const tokens = piecesOfKinds(s.token);
	const blocksKind = (engine: Engine, kind: string): boolean => {
		const lt = tablesOf(engine);
		return (
			lt.blocks.get(kind) ??
			blocksOf(engine.rules, engine.rules.figures.get(kind), lt.byAnyPiece, lt.byExtraPieces)
		);
	};
	return {
		s,
		tablesOf,
		S: perModuleState((engine) => state(engine).steps?.[s.index] as TokenStepState),
		tokens,
		tokensLeft: (engine: Engine): boolean => {
			const ps = engine.state.pieces;
			const list = tokens(ps);
			for (let k = 0; k < list.length; k++) if (ps[list[k]].seg === -1) return true;
			return false;
		},
		blocksKind,
		blocker: (engine: Engine, root: number): number => {
			const list = engine.state.featurePieces[root];
			if (!list) return -1;
			for (const pc of list)
				if (isFollower(engine.rules, engine.rules.figures.get(engine.state.pieces[pc].kind)))
					return pc;
			for (const pc of list) if (blocksKind(engine, engine.state.pieces[pc].kind)) return pc;
			return -1;
		},
		takes: (engine: Engine, f: CFeature) => tablesOf(engine).takes.has(f.kind),
		free: (engine: Engine): number[] => {
			const state = engine.state;
			const b = state.placed;
			const t = engine.rules.tiles[state.boardTile[b]];
			const lt = tablesOf(engine);
			const out: number[] = [];
			for (let i = 0; i < t.features.length; i++)
				if (
					lt.takes.has(t.features[i].kind) &&
					!blocked(engine, lt.blocks, find(state, state.boardFirstSegment[b] + i), blocksKind)
				)
					out.push(i);
			return out;
		},
		anyFreePlacement: (engine: Engine, tile: number): boolean => {
			const state = engine.state;
			const t = engine.rules.tiles[tile];
			const lt = tablesOf(engine);
			for (let i = 0; i < state.front.length; i++)
				for (let r = 0; r < 4; r++)
					if (
						fits(state, t, i, r) &&
						freeAt(engine, lt, tile, state.front[i], state.frontMask[i], r, blocksKind)
					)
						return true;
			return false;
		},
		countOn: (engine: Engine, root: number): number => {
			let k = 0;
			for (const pc of engine.state.featurePieces[root] ?? [])
				if (engine.state.pieces[pc].kind === s.token) k++;
			return k;
		}
	};
}

/** A piece described for a message: its owner and figure (or token), cell and feature. */
function describePiece(engine: Engine, ref: FigureRef): string {
	const f = engine.rules.figures.get(ref.figure);
	const what =
		ref.owner < 0
			? f?.token
				? `a ${f.name.toLowerCase()}`
				: ref.figure
			: `${playerName(engine, ref.owner)}'s ${ref.figure}`;
	return `${what} at (${ref.x},${ref.y}) on ${ref.feature}`;
}

/** The drawn hook: a marked tile with no token left or no free placement is played plain or unplaceable. */
function drawnOf(kit: Kit) {
	const { s, tablesOf, S, tokensLeft, anyFreePlacement } = kit;
	const unplaceable = (engine: Engine, tile: number, rules: string[], why: string) =>
		emit(
			engine,
			{
				type: `${s.icon}Unplaceable`,
				rules,
				player: engine.state.active,
				tile: engine.rules.tiles[tile].key
			},
			() => `${engine.rules.tiles[tile].key} is a ${s.icon} tile and ${why}`
		);
	return (engine: Engine, tile: number): void => {
		if (tablesOf(engine).marked[tile] !== 1) return;
		const st = S(engine);
		const lt = tablesOf(engine);
		st.plain = null;
		if (!tokensLeft(engine)) {
			if (!lt.refuseNoToken) st.plain = 'token';
			else
				unplaceable(
					engine,
					tile,
					s.tokenRules,
					`no ${s.label} is left: it cannot be placed (${s.tokenRules.join(', ')}).`
				);
			return;
		}
		if (anyFreePlacement(engine, tile)) return;
		if (!lt.refuseNoTarget) st.plain = 'target';
		else
			unplaceable(
				engine,
				tile,
				ids(s.targetRules, s.targetRuling),
				`no placement leaves a feature free for a ${s.label}: it cannot be placed.`
			);
	};
}

/** The placement hook: a marked tile's placement must leave a feature free for a token. */
function placementOf(kit: Kit) {
	const { s, tablesOf, S, tokensLeft, blocksKind } = kit;
	const explainNoFree = explainerOf(kit);
	const noFreeFeature: Refusal = {
		code: 'no-free-feature',
		message: `no feature of the ${s.icon} tile would be free for a ${s.label}`,
		rules: ids(s.targetRules, s.occupiedRules)
	};
	return (
		engine: Engine,
		tile: number,
		x: number,
		y: number,
		r: number,
		explain: boolean
	): Refusal | null => {
		const lt = tablesOf(engine);
		if (lt.marked[tile] !== 1 || S(engine).plain) return null;
		if (!tokensLeft(engine))
			return {
				code: `no-${s.token}-token`,
				message: `no ${s.label} is left for this ${s.icon} tile`,
				rules: s.tokenRules
			};
		if (lt.always[tile * 4 + r] === 1) return null;
		const cell = pack(x, y);
		const fi = frontAt(engine, cell);
		// (the rules call it for open cells only; any other cell looks at all four sides)
		const mask = fi >= 0 ? engine.state.frontMask[fi] : 0xffff;
		if (freeAt(engine, lt, tile, cell, mask, r, blocksKind)) return null;
		// listing placements asks only whether (naming the blockers of every barred one is costly)
		if (!explain) return noFreeFeature;
		return explainNoFree(engine, tile, x, y, r);
	};
}

/** The placed hook: the token step is pending, or the tile is played plain (said why). */
function placedOf(kit: Kit) {
	const { s, tablesOf, S, tokensLeft, free } = kit;
	return (engine: Engine, b: number): void => {
		const state = engine.state;
		if (b !== state.placed || tablesOf(engine).marked[state.boardTile[b]] !== 1) return;
		const st = S(engine);
		if (!st.plain && tokensLeft(engine) && free(engine).length > 0) {
			state.pending.push({ kind: s.token, player: state.active });
			return;
		}
		const why =
			st.plain === 'token'
				? `no ${s.label} is left (${s.tokenRules.join(', ')})`
				: st.plain === 'target'
					? `no placement leaves a feature free for the token (${s.targetRuling.join(', ')})`
					: `no feature is free for a ${s.label}`;
		emit(
			engine,
			{
				type: `${s.icon}Plain`,
				rules: st.plain === 'token' ? s.tokenRules : s.targetRuling,
				player: state.active,
				x: state.boardX[b],
				y: state.boardY[b]
			},
			() =>
				`The ${s.icon} tile at (${state.boardX[b]},${state.boardY[b]}) is played like a plain tile: ${why}.`
		);
	};
}

/** The deploy check: no figure of the turn joins the token's feature (for the whole game under a condition). */
function deployCheckOf(kit: Kit) {
	const { s, tablesOf, S, countOn } = kit;
	const lastingRules = ids(s.gameRules, s.barRules);
	return (engine: Engine, figure: string, seg: number): Refusal | null => {
		const state = engine.state;
		const st = S(engine);
		const whole = tablesOf(engine).wholeGame;
		if (st.ban < 0 && !whole) return null; // no token placed this turn and none that lasts
		const root = find(state, seg);
		const banned = st.ban >= 0 && find(state, st.ban) === root;
		const lasting = whole && countOn(engine, root) > 0;
		if (!banned && !lasting) return null;
		// the turn's figure, whatever it is (a follower, a neutral figure, a pig); not an extra piece
		// placed in addition to it, unless it occupies like a follower
		const f = engine.rules.figures.get(figure);
		if (f?.extra && !isFollower(engine.rules, f)) return null;
		return banned
			? {
					code: `${s.token}-feature`,
					message: `this feature got the ${s.label} this turn: no ${figure} may join it`,
					rules: s.barRules
				}
			: {
					code: `${s.token}-feature`,
					message: `this feature carries a ${s.label}: no figure may join it (${s.gameRules.join(', ')})`,
					rules: lastingRules.slice()
				};
	};
}

/** The scored hook: tokens on a scored feature go back to the supply (under a condition). */
function scoredOf(kit: Kit) {
	const { s, tablesOf, countOn } = kit;
	return (engine: Engine, root: number, at: unknown): void => {
		if (!tablesOf(engine).returns) return;
		const k = countOn(engine, root);
		if (k > 0)
			emit(
				engine,
				{ type: `${s.token}sReturn`, rules: s.returnRules, count: k, at },
				() =>
					`${k} ${s.label}${k > 1 ? 's go' : ' goes'} back to the supply (${s.returnRules.join(', ')}).`
			);
	};
}

/** The dragon's part: the tokens on tile b it spares (unless the step says they are eaten). */
function spareOf(kit: Kit) {
	const { tablesOf, tokens } = kit;
	return (engine: Engine, b: number, spare: number[] | null): number[] | null => {
		if (tablesOf(engine).eaten) return spare;
		const ps = engine.state.pieces;
		const list = tokens(ps);
		for (let k = 0; k < list.length; k++) {
			const i = list[k];
			if (ps[i].tile === b && ps[i].seg >= 0) (spare ??= []).push(i);
		}
		return spare;
	};
}

/** The refusal of a placement that leaves no feature free, naming feature by feature what keeps the token out. */
function explainerOf(kit: Kit) {
	const { s, takes, blocker } = kit;
	return (engine: Engine, tile: number, x: number, y: number, r: number): Refusal => {
		const t = engine.rules.tiles[tile];
		const blockers = blockersInto(engine, tile, x, y, r, [], blocker);
		const features = t.features.map((f, i) => {
			if (!takes(engine, f))
				return { feature: f.id, kind: f.kind, reason: `a ${s.label} cannot go on a ${f.kind}` };
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
			message: `placed at (${x},${y}) rotated ${r * 90}°, no feature of the ${s.icon} tile ${t.key} would be free for a ${s.label}: ${features.map((f) => `${f.feature}: ${f.reason}`).join('; ')}`,
			rules: ids(
				s.targetRules,
				s.occupiedRules,
				// a kind the step lists under a condition that does not hold (never one it leaves out)
				t.features.some((f) => f.kind in s.d.onto && !takes(engine, f)) ? s.ontoRules : []
			),
			details: { x, y, rotation: r, features }
		};
	};
}

/** The token move: put a token on a free feature of the tile just placed, or say why not. */
function putterOf(kit: Kit) {
	const { s, S, takes, free } = kit;
	const putRules = ids([s.d.id], s.barRules);
	const onlyRules = ids([s.d.id], s.barRules, s.onlyRules);
	return (engine: Engine, feature: string, step: Step): Refusal | null => {
		const state = engine.state;
		const b = state.placed;
		const t = engine.rules.tiles[state.boardTile[b]];
		const local = t.features.findIndex((f) => f.id === feature);
		if (local < 0)
			return {
				code: 'no-such-feature',
				message: `${t.key} has no feature '${feature}'`,
				rules: [s.d.id]
			};
		const options = free(engine);
		if (!options.includes(local)) {
			// name what holds the feature (a follower first), or why the kind takes no token
			const held = state.featurePieces[find(state, state.boardFirstSegment[b] + local)] ?? [];
			const pc =
				held.find((i) => engine.rules.figures.get(state.pieces[i].kind)?.follower) ?? held[0];
			const ref = pc !== undefined ? figureRef(engine, pc) : null;
			const takesIt = takes(engine, t.features[local]);
			const why = !takesIt
				? `a ${s.label} cannot go on a ${t.features[local].kind}`
				: ref
					? `the ${t.features[local].kind} already holds ${describePiece(engine, ref)}`
					: 'it is occupied';
			return {
				code: `${s.token}-occupied`,
				message: `${feature} of ${t.key} is not free for a ${s.label}: ${why} (free: ${options.map((i) => t.features[i].id).join(', ') || 'none'})`,
				rules: ids([s.d.id], s.occupiedRules, takesIt ? [] : s.ontoRules),
				...(ref ? { details: { occupant: ref } } : {})
			};
		}
		const piece = inSupply(engine, s.token, -1);
		const seg = state.boardFirstSegment[b] + local;
		putPiece(engine, piece, seg);
		S(engine).ban = seg;
		const kind = t.features[local].kind;
		const only = options.length === 1;
		emit(
			engine,
			{
				type: s.token,
				rules: only ? onlyRules.slice() : putRules.slice(),
				player: step.player,
				piece,
				x: state.boardX[b],
				y: state.boardY[b],
				feature,
				kind,
				only
			},
			() =>
				`${playerName(engine, step.player)} puts a ${s.label} on ${kind} ${feature} of the ${s.icon} tile at (${state.boardX[b]},${state.boardY[b]}); no figure may join that ${kind} this turn${only ? ' (it was the only free feature)' : ''}.`
		);
		return null;
	};
}

type BlocksKind = (engine: Engine, kind: string) => boolean;

/** Is the feature (root) occupied for the token? (by the context's table of the kinds that keep it out) */
function blocked(
	engine: Engine,
	blocks: Map<string, boolean>,
	root: number,
	blocksKind: BlocksKind
): boolean {
	const list = engine.state.featurePieces[root];
	if (!list) return false;
	for (let i = 0; i < list.length; i++) {
		const kind = engine.state.pieces[list[i]].kind;
		if (blocks.get(kind) ?? blocksKind(engine, kind)) return true;
	}
	return false;
}

/** For each feature of `tile` placed at (x,y) with rotation r: the piece it would join that keeps a token out, or -1 (into `out`). */
function blockersInto(
	engine: Engine,
	tile: number,
	x: number,
	y: number,
	r: number,
	out: number[],
	blocker: (engine: Engine, root: number) => number
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
			out[fa] = blocker(engine, find(state, state.boardFirstSegment[n] + fb));
		for (let h = side * 2; h < side * 2 + 2; h++) {
			const ha = t.halfField[r * 8 + h];
			const hb = nt.halfField[nr * 8 + FACING_HALF[h]];
			if (ha >= 0 && hb >= 0 && out[ha] < 0)
				out[ha] = blocker(engine, find(state, state.boardFirstSegment[n] + hb));
		}
	}
	return out;
}

/** The blocked slots (see Tables) across one side of the open cell, as bits. */
function blockedSlots(
	engine: Engine,
	blocks: Map<string, boolean>,
	cell: number,
	side: number,
	blocksKind: BlocksKind
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
	if (fb >= 0 && blocked(engine, blocks, find(state, base + fb), blocksKind)) bits |= 1;
	for (let j = 0; j < 2; j++) {
		const hb = nt.halfField[nr * 8 + FACING_HALF[side * 2 + j]];
		if (hb >= 0 && blocked(engine, blocks, find(state, base + hb), blocksKind)) bits |= 2 << j;
	}
	return bits << (side * 3);
}

/**
 * Would some feature of marked tile `tile` placed on `cell` with rotation r be free for a token? A
 * feature touching no placed neighbour is free without a look at the board, and each neighbour's
 * slots are read only when asked. `mask` is the open cell's state.frontMask: a full nibble for each
 * side with a placed tile that is no town hall (only those can keep a token out).
 */
function freeAt(
	engine: Engine,
	lt: Tables,
	tile: number,
	cell: number,
	mask: number,
	r: number,
	blocksKind: BlocksKind
): boolean {
	if (lt.always[tile * 4 + r] === 1) return true;
	const links = lt.links[tile]![r];
	const state = engine.state;
	// the rotations of one cell (and the next listing of the same draw) ask for the same sides
	if (
		state !== slotsFor ||
		lt !== slotsTables ||
		state.log.length !== slotsLog ||
		takeBacks !== slotsBack ||
		state.boardX.length !== slotsTiles ||
		cell !== slotsCell ||
		mask !== slotsMask
	) {
		slotsFor = state;
		slotsTables = lt;
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
				if ((need >> (4 * side)) & 15)
					slotsBits |= blockedSlots(engine, lt.blocks, cell, side, blocksKind);
		slotsKnown |= need;
		if ((slotsBits & links[k + 1]) === 0) return true;
	}
	return false;
}
/**
 * The blocked slots freeAt found around one open cell: the sides looked at (nibbles, as in the mask)
 * and their slots' bits, for one state, step tables, log length (no move since), number of tiles and
 * mask (no tile placed since; figures come and go only with a move).
 */
let slotsFor: GameState | null = null;
let slotsTables: Tables | null = null;
let slotsBack = 0;
let slotsLog = -1;
let slotsTiles = -1;
let slotsCell = -1;
let slotsMask = -1;
let slotsKnown = 0;
let slotsBits = 0;
