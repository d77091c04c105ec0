// The rules context of a setup: its modules, rulings, parameters, tiles and placement tables,
// compiled once and cached (a game's state names its context by key: contextOf).
import { compileTiles } from './tiles.ts';
import { compileFit } from './fit.ts';
import { indexOf } from './board-index.ts';
import { hashText } from './rng.ts';
import { collectRulings, resolveRulings } from './rulings.ts';
import { MODULES, modulesForExpansion } from './modules/index.ts';
import { withDataModules } from './data-rules.ts';
import { dataModuleId } from '../formats/resolve.ts';
import { PICK_STEP, pickMove } from './draw.ts';
import { LruMap } from './lru.ts';
import { compileMoments } from './turn-moments.ts';
import type {
	Context,
	Expansion,
	FigureType,
	GameState,
	Hooks,
	MoveHandler,
	RuleModule,
	StepDef
} from './types.ts';
import type { RegisteredRuling } from '../formats/rule-registry.ts';

const MODULE_IDS = new Set(MODULES.map((m) => m.id));

/**
 * How many compiled contexts are kept: far more than a process plays at once, while a server or an
 * editor that sees ever new documents does not keep every context it compiled. A game whose context
 * was dropped is re-attached with restoreGame (contextOf says so).
 */
export const CONTEXTS_KEPT = 32;
/** The compiled contexts by key (a state's `ctx`), the most recently used kept. */
const contexts = new LruMap<string, Context>(CONTEXTS_KEPT);
/** The same cache by the inputs of contextFor (expansion hashes, extra modules, rulings). */
const contextsByInput = new LruMap<string, Context>(CONTEXTS_KEPT);

/** How many compiled contexts are cached now (a test shows the cache bounded). */
export const contextsCached = (): number => contexts.size;
const docHashes = new WeakMap<Expansion, string>();

/** Content hash of an expansion document (recorded in game records). */
export function expansionHash(doc: Expansion): string {
	let h = docHashes.get(doc);
	if (!h) {
		h = hashText(JSON.stringify(doc));
		docHashes.set(doc, h);
	}
	return h;
}

/** The rule modules a setup enables, in registry order (base first). */
export function modulesFor(
	expansions: readonly Expansion[],
	extra: readonly string[] = []
): RuleModule[] {
	const ids = new Set<string>(['base', ...extra]);
	for (const e of expansions) for (const m of modulesForExpansion(e)) ids.add(m);
	for (const id of ids)
		if (!MODULES.some((m) => m.id === id)) throw new Error(`unknown rule module '${id}'`);
	return MODULES.filter((m) => ids.has(m.id));
}

/**
 * Every ruling in play for a game of these documents: those of the rule modules they enable and
 * those their data rules declare (Inns & Cathedrals' IC-R1…R3, a designer's own), in the order the
 * game's rules context has them, each with its module's id and name. The one list a setup form
 * offers (a list built from MODULES alone misses the documents' rulings).
 */
export function rulingsInPlay(
	expansions: readonly Expansion[],
	extraModules: readonly string[] = []
): (RegisteredRuling & { moduleName: string })[] {
	return modulesInPlay(expansions, extraModules).flatMap((m) =>
		(m.rulings ?? []).map((r) => ({ ...r, module: m.id, moduleName: m.name }))
	);
}

/** The rule modules of a game of these documents, their data rules' modules included. */
export function modulesInPlay(
	expansions: readonly Expansion[],
	extraModules: readonly string[] = []
): RuleModule[] {
	return withDataModules(modulesFor(expansions, extraModules), expansions, MODULE_IDS);
}

/** Compiles (or fetches from the cache) the rules context of a setup. */
export function contextFor(
	expansions: Expansion[],
	extraModules: string[],
	rulings?: Record<string, string>
): Context {
	// the same documents (by identity, as expansionHash caches them), modules and rulings as one of the
	// last two calls: the same context. A replay's setup names the context's own rulings (its game's state
	// shares them), which resolve to themselves; the game's setup names only some, compared as JSON.
	let rulingsText: string | undefined;
	for (const l of lastInputs) {
		if (!sameItems(l.expansions, expansions) || !sameItems(l.modules, extraModules)) continue;
		if (rulings === l.ctx.rulings || l.rulings === (rulingsText ??= rulingsKey(rulings)))
			return kept(l.ctx);
	}
	rulingsText ??= rulingsKey(rulings);
	// the same inputs give the same context: skip resolving modules and rulings (once per game)
	const input = JSON.stringify([expansions.map(expansionHash), extraModules, rulings ?? null]);
	const known = contextsByInput.get(input);
	if (known) return remember(expansions, extraModules, rulingsText, known);
	// a set that is not closed over its dependencies would play other rules than the designer wrote
	const ids = new Set([...expansions.map((e) => e.id), ...extraModules]);
	for (const e of expansions)
		(e.dependencies ?? []).forEach((dep, k) => {
			if (!ids.has(dep))
				throw new Error(
					`expansion '${e.id}' depends on '${dep}' (/dependencies/${k}), which the game's expansions lack: resolve them with resolveGame (registry.ts)`
				);
		});
	// rules written as data in the documents, compiled into modules of their own (data-rules.ts)
	const modules = withDataModules(modulesFor(expansions, extraModules), expansions, MODULE_IDS);
	const defs = collectRulings(modules);
	const resolved = resolveRulings(defs, ...expansions.map((e) => e.rulings), rulings);
	const params: Record<string, number> = {};
	for (const m of modules) Object.assign(params, m.parameters ?? {});
	for (const e of expansions)
		for (const [k, v] of Object.entries(e.parameters ?? {})) if (k in params) params[k] = v;
	const exps = expansions.map((e) => ({ id: e.id, version: e.version, hash: expansionHash(e) }));
	const key = hashText(JSON.stringify([exps, modules.map((m) => m.id), resolved, params]));
	const cached = contexts.get(key);
	if (cached) {
		contextsByInput.set(input, cached);
		return remember(expansions, extraModules, rulingsText, cached);
	}
	const tiles = compileTiles(expansions);
	// a literal with every hook list: an object filled by name would be a dictionary, and every
	// hook read (several per placement) a lookup by name; a hook its rulings leave idle is not bound
	const list = <K extends keyof Hooks>(name: K): Hooks[K][] =>
		modules.flatMap((m) => {
			const hook = m.hooks?.[name];
			return hook && (m.hookWhen?.[name]?.(resolved) ?? true) ? [hook] : [];
		});
	const hooks: Context['hooks'] = {
		setup: list('setup'),
		drawn: list('drawn'),
		placement: list('placement'),
		placed: list('placed'),
		figureOptions: list('figureOptions'),
		figureDone: list('figureDone'),
		deployCheck: list('deployCheck'),
		afterFigure: list('afterFigure'),
		turnStart: list('turnStart'),
		value: list('value'),
		winners: list('winners'),
		awards: list('awards'),
		scored: list('scored'),
		pieceLeft: list('pieceLeft'),
		scoringMarks: list('scoringMarks'),
		afterScore: list('afterScore'),
		finalScoring: list('finalScoring'),
		dragonTargets: list('dragonTargets'),
		dragonEnters: list('dragonEnters'),
		opponentChoice: list('opponentChoice'),
		noTile: list('noTile'),
		playsWithoutTile: list('playsWithoutTile'),
		dragonEnter: list('dragonEnter'),
		anotherTurn: list('anotherTurn')
	};
	const steps = new Map<string, StepDef>([
		...modules.flatMap((m) =>
			Object.entries(m.steps ?? {}).map(([k, d]): [string, StepDef] => [
				k,
				{ ...d, accepts: [...d.accepts, ...modules.flatMap((o) => o.stepMoves?.[k] ?? [])] }
			])
		),
		['pick', PICK_STEP]
	]);
	const moves = new Map([
		...modules.flatMap((m) => Object.entries(m.moves ?? {})),
		['pick', pickMove as MoveHandler]
	]);
	const ctx: Context = {
		key,
		tiles,
		tileIndex: new Map(tiles.map((t) => [t.key, t.index])),
		modules,
		moduleIds: new Set(modules.map((m) => m.id)),
		figures: new Map(figureOrder(modules, expansions).map((f) => [f.id, figureRecord(f)] as const)),
		// frozen: every game's state shares it (startGame)
		rulings: Object.freeze(fastObject(resolved)),
		params: fastObject(params),
		expansions: exps,
		fit: compileFit(tiles, modules),
		hooks,
		moments: compileMoments(expansions, modules),
		steps,
		moves,
		handlers: new Map(
			[...steps].map(([kind, def]) => [
				kind,
				new Map(def.accepts.flatMap((type) => (moves.has(type) ? [[type, moves.get(type)!]] : [])))
			])
		),
		ruleTexts: new Map(modules.flatMap((m) => Object.entries(m.rules))),
		source: { expansions, modules: [...extraModules] }
	};
	contexts.set(key, ctx);
	contextsByInput.set(input, ctx);
	return remember(expansions, extraModules, rulingsText, ctx);
}

/**
 * The figure types of a game in play order (the players' pieces are made in it, and deployments are
 * listed in it): the modules' in module order, but an expansion's own modules (its TypeScript module
 * and its data rules, side by side) give theirs in the order its `figures` declares them.
 */
function figureOrder(
	modules: readonly RuleModule[],
	expansions: readonly Expansion[]
): FigureType[] {
	const ownerOf = new Map<string, Expansion>();
	for (const e of expansions)
		if (e.figures?.length)
			for (const id of [e.id, dataModuleId(e.id, MODULE_IDS)]) ownerOf.set(id, e);
	const out: FigureType[] = [];
	const done = new Set<Expansion>();
	for (const m of modules) {
		const e = ownerOf.get(m.id);
		if (!e) out.push(...(m.figures ?? []));
		else if (!done.has(e)) {
			done.add(e);
			const own = modules.filter((o) => ownerOf.get(o.id) === e).flatMap((o) => o.figures ?? []);
			const at = (f: FigureType) => {
				const k = e.figures!.findIndex((d) => d.id === f.id);
				return k < 0 ? e.figures!.length : k;
			};
			out.push(
				...own
					.map((f, k) => ({ f, k }))
					.sort((a, b) => at(a.f) - at(b.f) || a.k - b.k)
					.map((x) => x.f)
			);
		}
	}
	return out;
}

/**
 * A figure type with every member of FigureType, in one order: the modules write theirs as literals
 * with only the members they need, and the engine's reads of a figure type (at every deployment
 * listed and every figure scored) were lookups by name across a dozen shapes.
 */
function figureRecord(f: FigureType): FigureType {
	return {
		id: f.id,
		name: f.name,
		perPlayer: f.perPlayer,
		neutral: f.neutral,
		follower: f.follower,
		features: f.features,
		strength: f.strength,
		rules: f.rules,
		strengthRules: f.strengthRules,
		canDeploy: f.canDeploy,
		deployable: f.deployable,
		staysAfterScoring: f.staysAfterScoring,
		token: f.token,
		joinsOccupied: f.joinsOccupied,
		occupiedRules: f.occupiedRules,
		extra: f.extra,
		occupies: f.occupies,
		accompanies: f.accompanies,
		accompaniesRules: f.accompaniesRules
	};
}

/**
 * A copy of a flat record whose properties V8 keeps in fast mode. A record built key by key (more than
 * a dozen rulings) is a dictionary: every read hashes the key, and every game's copy of the rulings
 * (startGame, sameState's walk) rebuilds the dictionary. JSON.parse builds fast objects.
 */
const fastObject = <T extends object>(o: T): T => JSON.parse(JSON.stringify(o));

/** The rulings of a setup as contextFor compares them. */
const rulingsKey = (rulings?: Record<string, string>): string =>
	rulings ? JSON.stringify(rulings) : '';

/** contextFor's last two inputs, the latest first (copies of the lists: a caller may change its arrays later), and their answers. */
const lastInputs: { expansions: Expansion[]; modules: string[]; rulings: string; ctx: Context }[] =
	[];
const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
	a.length === b.length && a.every((x, i) => x === b[i]);
function remember(
	expansions: Expansion[],
	modules: string[],
	rulings: string,
	ctx: Context
): Context {
	lastInputs.unshift({ expansions: [...expansions], modules: [...modules], rulings, ctx });
	if (lastInputs.length > 2) lastInputs.pop();
	return kept(ctx);
}

/** A context handed out is the most recently used: it stays in the cache its games look it up in. */
function kept(ctx: Context): Context {
	contexts.set(ctx.key, ctx);
	return ctx;
}

export function contextOf(state: GameState): Context {
	// the last context asked for, kept at hand: a game asks for its own at every move
	if (state.ctx === lastKey) return lastContext!;
	const rules = contexts.get(state.ctx);
	if (!rules)
		throw new Error(
			`unknown rules context (this process has not compiled it, or not among the last ${CONTEXTS_KEPT} used): restore the game with restoreGame(state, expansions)`
		);
	lastKey = state.ctx;
	lastContext = rules;
	return rules;
}
let lastKey = '';
let lastContext: Context | null = null;

/** Re-attaches a deserialized state to its rules (compiling them if this process has not yet). */
export function restoreGame(state: GameState, expansions: Expansion[]): GameState {
	if (!contexts.has(state.ctx)) {
		const rules = contextFor(expansions, state.origin.modules ?? [], state.rulings);
		if (rules.key !== state.ctx)
			throw new Error('the expansions or rulings differ from those the game was played with');
	}
	indexOf(state, contextOf(state));
	return state;
}
