// Long because: types only — the engine's state, moves, events and rule-module shapes, kept in one file so they are found in one place.
// The engine's data: game state, moves, events, refusals, and the shapes rule modules plug in.
// Everything in GameState is plain JSON data (numbers, strings, arrays, objects): it serializes
// with JSON.stringify and keeps working after JSON.parse (see restoreGame in game.ts).
import type { Expansion, Tile, Feature } from '../formats/schema-types.ts';

export type { Expansion, Tile, Feature };

/** Feature kinds, also used as small ints in hot paths (index into FEATURE_KINDS). */
export const FEATURE_KINDS = [
	'road',
	'city',
	'river',
	'field',
	'monastery',
	'garden',
	'stable'
] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];
/**
 * The kinds a placement completes and scores at once (game.ts scoreTurn): closed roads and cities,
 * surrounded monasteries, gardens and stables. Fields never complete (BASE-1.5.4); a closed river
 * is never scored (RIVER-3.1.3).
 */
export const SCORED_WHEN_COMPLETE: readonly FeatureKind[] = [
	'road',
	'city',
	'monastery',
	'garden',
	'stable'
];
export const K_ROAD = 0;
export const K_CITY = 1;
export const K_RIVER = 2;
export const K_FIELD = 3;
export const K_MONASTERY = 4;
export const K_GARDEN = 5;
export const K_STABLE = 6;

// ---------------------------------------------------------------- moves
/** Place the drawn tile. `tile` ('<expansion>/<tile id>') is optional in input and checked when given. */
export interface PlaceMove {
	type: 'place';
	tile?: string;
	x: number;
	y: number;
	rotation: number;
}
/** Put a figure from supply on a feature of the tile just placed (feature = the tile's feature id). */
export interface DeployMove {
	type: 'deploy';
	figure: string;
	feature: string;
}
/** Decline the optional action of the current step. */
export interface PassMove {
	type: 'pass';
}
/** A module's own move ({ type: 'dragon', x, y }, …): its handler reads and checks the rest. */
export type ModuleMove = { type: string; [k: string]: unknown };
/** Any move: the built-in ones above or a module's own. */
export type Move = PlaceMove | DeployMove | PassMove | ModuleMove;

// ---------------------------------------------------------------- refusals and events
export interface Refusal {
	/** Stable machine code, e.g. 'edge-mismatch', 'feature-occupied', 'wrong-step'. */
	code: string;
	/** One sentence saying why, naming places and pieces. */
	message: string;
	/** The rule ids that forbid the move. */
	rules: string[];
	/** Data for the UI: which side, which neighbour, which piece. */
	details?: Record<string, unknown>;
}

export interface Point {
	x: number;
	y: number;
}

/** A figure in an explanation: whose, what, where, with its strength in the feature. */
export interface FigureRef {
	piece: number;
	figure: string;
	owner: number;
	x: number;
	y: number;
	feature: string;
	strength?: number;
}

/** Points of an award that one rule gave (credit.ts): the terms of an award sum to its points. */
export interface Credit {
	rule: string;
	points: number;
}

export interface Award {
	player: number;
	points: number;
	/** `3 tiles × 2 + 1 pennant × 2 = 8` */
	arithmetic: string;
	rules: string[];
	/** Its points term by term, each to the rule that gave it (an explaining engine's awards; credit.ts). */
	credit?: Credit[];
}

/** What the engine reports, step by step. `text` is omitted in quiet mode. */
export interface GameEvent {
	type: string;
	rules: string[];
	text?: string;
	player?: number;
	[k: string]: unknown;
}

/** A scoring of one feature (during play or at the end). */
export interface ScoreEvent extends GameEvent {
	type: 'score';
	final: boolean;
	feature: {
		kind: FeatureKind;
		at: Point & { feature: string };
		tiles: Point[];
		complete: boolean;
		[k: string]: unknown;
	};
	figures: FigureRef[];
	/** Total strength per player present (player index → strength). */
	strengths: Record<string, number>;
	winners: number[];
	/** Why the winners won (the majority comparison). */
	why: string;
	/** Points the feature is worth before per-player bonuses. */
	points: number;
	arithmetic: string;
	awards: Award[];
	/** The figures that went back to supply after this scoring (all of them, winners or not). */
	returned: FigureRef[];
}

// ---------------------------------------------------------------- state
export interface Piece {
	/** Figure type id ('follower', 'large', 'abbot', 'pig', 'fairy', …) or token type id. */
	kind: string;
	/** Player index, or -1 for a neutral piece (a neutral figure, note tokens). */
	owner: number;
	/** Segment it stands on; -1 in supply; -2 removed from the game. */
	seg: number;
	/** Board index of its tile, -1 when not on the board. */
	tile: number;
}

/** A pending decision: who decides, what kind of step (owned by a module), optional data. */
export interface Step {
	kind: string;
	player: number;
	data?: Record<string, unknown>;
}

export interface Pile {
	/** Compiled tile indexes. In random piles order does not matter; fixed piles are drawn from the end. */
	tiles: number[];
	/** Tiles that come after all others of this pile (the lake). */
	last: number[];
	random: boolean;
}

export interface GameState {
	version: 1;
	/** Key of the compiled rules context (tile set + modules + rulings) in the context cache. */
	ctx: string;
	players: string[];
	seed: number;
	rulings: Record<string, string>;
	rng: number;
	turn: number;
	active: number;
	/** The turn phase whose hooks have run last (phases.ts; BEFORE_TURN until the turn starts). */
	phase: number;
	pending: Step[];
	finished: boolean;
	scores: number[];
	/** The drawn tile (compiled index) or -1. Its legal placements come from the board index (board-index.ts). */
	tile: number;
	/** Board index of the tile placed this turn, or -1. */
	placed: number;
	/**
	 * Whether the active player has placed a figure (or moved the fairy, taken the abbot back) this turn:
	 * the actions allowed only "instead of placing a figure" are then closed.
	 */
	acted: boolean;
	piles: Pile[];
	/** Fixed outcomes for random events (coin flips) still to be used, in order. */
	outcomes: number[];
	discarded: number[];
	// board: parallel arrays by board index (placement order)
	boardX: number[];
	boardY: number[];
	boardTile: number[];
	boardRotation: number[];
	/** First segment id of each placed tile (segments = the tile's features in order). */
	boardFirstSegment: number[];
	/** Number of the 8 surrounding cells that hold a tile. */
	boardNeighbours: number[];
	/** Open cells next to the board (packed coordinates) with the edges they require (packed nibbles) and mask. */
	front: number[];
	frontEdges: number[];
	frontMask: number[];
	// features: union-find over segments
	parent: number[];
	/** Segment → board index and local feature index. */
	segmentTile: number[];
	segmentFeature: number[];
	/** At roots: open edge count (road, city, river). */
	openEdges: number[];
	/**
	 * The segments of each feature as a circular list (in the order the features merged): next
	 * segment of each segment; at roots the last segment (whose next is the first) and the count.
	 * features.ts `segsOf` lists them. A field's bordered cities come from its segments' tiles.
	 */
	nextSegment: number[];
	lastSegment: number[];
	featureSize: number[];
	/** At roots: the pieces on the feature. */
	featurePieces: (number[] | null)[];
	pieces: Piece[];
	/** Module state by module id (plain data; each module reads its own through a typed accessor). */
	moduleState: Record<string, unknown>;
	log: Move[];
	redo: Move[];
	/** Setup inputs needed to rebuild the game from its log (undo, replay). */
	origin: {
		drawOrder?: string[];
		start?: string;
		outcomes?: number[];
		draws?: number[];
		modules?: string[];
		free?: boolean;
		figures?: Record<string, number>;
	};
}

export interface GameSetup {
	/** Expansion documents (already parsed); base must be among them. */
	expansions: Expansion[];
	/** Extra rule modules to enable without an expansion document (e.g. 'abbot', 'pig'). */
	modules?: string[];
	players: string[];
	seed: number;
	rulings?: Record<string, string>;
	/** The whole draw pile in order (tile keys '<expansion>/<tile id>'); the start tile comes apart. */
	drawOrder?: string[];
	/** Start tile key; default: the spring with The River, else the tile with role 'start'. */
	start?: string;
	/** Fixed outcomes of random events (coin flips: 0 or 1), used before the PRNG. */
	outcomes?: number[];
	/** Fixed draws from face-down bags (values in [0, 1): the token at ⌊u × n⌋), used before the PRNG. */
	draws?: number[];
	/** Skip building explanation text (events keep their data). */
	quiet?: boolean;
	/** Free mode (the sandbox): instead of drawing, the active player picks the next tile from the current pile (step `pick`). */
	free?: boolean;
	/** Figures each player gets, by figure type, where the game differs from its expansions (a JCloisterZone game with one follower each). */
	figures?: Record<string, number>;
}

export type ApplyResult =
	{ ok: true; state: GameState; events: GameEvent[] } | { ok: false; refusal: Refusal };

// ---------------------------------------------------------------- compiled tiles
export interface CFeature {
	id: string;
	kind: FeatureKind;
	kindCode: number;
	/** Number of border sides (road, city, river). */
	sides: number;
	pennants: number;
	modifiers: Record<string, number | boolean>;
	/** Field: local indexes of bordered cities. */
	cities: number[];
	inner: boolean;
}

export interface CTile {
	index: number;
	key: string;
	expansion: string;
	id: string;
	def: Tile;
	features: CFeature[];
	/** Packed edge codes per rotation: nibble per board side N E S W (1 field, 2 road, 3 city, 4 river). */
	edges: number[];
	/** [rotation * 4 + board side] → local feature on that side (road/city/river) or -1. */
	sideFeat: Int8Array;
	/** Tiles with a city sharing a side (sharesSide): [rotation * 4 + board side] → that second city or -1; else null. */
	shared: Int8Array | null;
	/** [rotation * 8 + board half] → local field feature or -1. */
	halfField: Int8Array;
	/** Local indexes of monastery / garden / stable features. */
	inner: number[];
	icons: Set<string>;
	role: string | null;
	river: boolean;
	wildcard: boolean;
	/** River curve sense per rotation is computed from sides; kept for the river module. */
	riverSides: number[];
}

// ---------------------------------------------------------------- rule modules
export interface RulingDef {
	id: string;
	description: string;
	default: string;
	options: Record<string, string>;
	/** Rule ids this ruling decides on. */
	rules: string[];
}

export interface FigureType {
	id: string;
	name: string;
	perPlayer: number;
	neutral?: number;
	/** Counts for occupancy and majority as a follower. */
	follower: boolean;
	/** Feature kinds it may be deployed on (by the generic deploy move). */
	features: FeatureKind[];
	/** Its strength in a feature's majority. */
	strength: (engine: Engine, piece: number, root: number) => number;
	/** Rule ids to cite when it is deployed. */
	rules: string[];
	/** Rule ids a score event cites when this figure counts with a strength other than 1 (IC-2.3). */
	strengthRules?: string[];
	/** Extra deploy check (pig needs own farmer). */
	canDeploy?: (engine: Engine, player: number, seg: number, root: number) => Refusal | null;
	/** Set false for figures not deployed through the generic 'deploy' move (fairy). */
	deployable?: boolean;
	/** Stays on its feature when the feature is scored (note tokens; a ruling may decide per piece). */
	staysAfterScoring?: boolean | ((engine: Engine, piece: number) => boolean);
	/** A neutral marker, not a figure (note tokens): it never triggers a final scoring by itself. */
	token?: boolean;
	/** May join a feature that already holds followers (a data figure's joinsOccupied: the mayor, the scarecrow). */
	joinsOccupied?: boolean;
	/** Rule ids cited when this figure keeps a follower out of its feature (a data figure's occupiedRules). */
	occupiedRules?: string[];
	/** Placed in addition to the turn's figure, by a move of its own (an owner on an inn or stable). */
	extra?: boolean;
	/** Occupies its feature like a follower although `follower` is false (owners under a ruling). */
	occupies?: (rules: Context) => boolean;
	/** False where this follower does not count as its owner's follower for a figure that needs one (a data figure's accompanies: the scarecrow for the pig). */
	accompanies?: (rules: Context) => boolean;
	/** Rule ids a refusal cites when this figure did not accompany another. */
	accompaniesRules?: string[];
}

/** One term of a feature's value: `count × per`, e.g. 3 tiles × 2. */
export interface ValuePart {
	id: string;
	/** Singular label for the arithmetic ('tile', 'pennant', 'completed city'). */
	label: string;
	count: number;
	per: number;
	/** The rule that gives `per` (base's BASE-1.6 for a city's 2 a tile); the value's first rule when unset. */
	rule?: string;
	/** Bonuses added to `per` by data rules, shown as `2 tiles × (2 + 1 wine)`. */
	extra?: { label: string; per: number; rule?: string }[];
	/** What rules that set `per` changed it by (setPer in credit.ts): 3 instead of 2 is +1 to IC-2.5. */
	shifts?: Credit[];
}

/** What a feature is worth, built by the base module and adjusted by the others (value hook). */
export interface FeatureValue {
	kind: FeatureKind;
	/** 'complete' during play, 'final' at the end, 'abbot' when an abbot is taken back. */
	mode: 'complete' | 'final' | 'abbot';
	complete: boolean;
	parts: ValuePart[];
	/** Set when the feature is worth 0 by a rule (cathedral or inn left incomplete): says why. */
	zero: string | null;
	/** The rule that made it 0 (credited with the points it took away). */
	zeroRule?: string;
	/** Set when a rule, not the majority, gave the feature to its winners (a wins rule): says why. */
	won?: string;
	rules: string[];
	/** Facts for explanations (inn, cathedral, cities…). */
	facts: Record<string, unknown>;
	/** Factors the whole value is multiplied by (data rules' `multiply`), shown as `(…) × 2 label`. */
	factors?: { by: number; label: string; rule?: string }[];
}

export interface StepDef {
	accepts: string[];
	/** One line for messages: what the player decides at this step. */
	describe: string;
	/** The line for one step, where it depends on the step's data (which figure moves on). */
	describeStep?: (rules: Context, step: Step) => string;
	moves: (engine: Engine, step: Step, out: Move[]) => void;
	/** A figure step that places only these figure types (the phantom's): a deploy of another is refused. */
	figures?: string[];
	/** Rule ids a deploy at this step cites beside the figure's own. */
	rules?: string[];
	/** What a pass at this step means, for the log (default: the player places no figure, BASE-1.2.2). */
	pass?: (engine: Engine, step: Step) => { text: string; rules: string[] };
	/** A move of this step in its document's words (a data step's), for the UI's labels and help. */
	moveWords?: (rules: Context, move: Move) => MoveWords | undefined;
}

/** A data step's move in its document's words: what it places or moves (a tile's, a figure's name), the choice, what it does, its rules. */
export interface MoveWords {
	/** The tile or figure the move is about ("Town hall", "Messenger"). */
	what: string;
	/** The choice the move makes, as its step labels it ("ride on to a road"); none for a placement. */
	choice?: string;
	/** What the move does, in a sentence. */
	text: string;
	rules: string[];
}

/**
 * Handler for a move type: validate first (return a refusal without changing anything), then apply.
 * apply hands it the moves of its type as they were given; a handler names the shape it reads
 * (`move: { type: string; x: number; y: number }`) and refuses what does not fit. (Declared as a
 * method's type so that a handler may name a narrower move than Move: method parameters compare
 * both ways.)
 */
export type MoveHandler = {
	handle(engine: Engine, move: Move, step: Step): Refusal | null;
}['handle'];

export interface Hooks {
	/** Game creation: add pieces, module state, piles. */
	setup(engine: Engine): void;
	/** A tile was drawn: return 'aside' to set it apart and draw again. */
	drawn(engine: Engine, tile: number): 'keep' | 'aside';
	/**
	 * Extra legality of a placement (river, lute tiles). Return a refusal to forbid it. `explain` is
	 * false when only whether it is allowed matters (listing and counting placements): the refusal
	 * need not say why (a module may answer a bare one it keeps).
	 */
	placement(
		engine: Engine,
		tile: number,
		x: number,
		y: number,
		rotation: number,
		explain: boolean
	): Refusal | null;
	/** The tile was placed and merged (volcano: dragon flies in). */
	placed(engine: Engine, boardIndex: number): void;
	/** Moves offered at the figure step, beside deploy and pass. */
	figureOptions(engine: Engine, player: number, out: Move[]): void;
	/** Extra restriction on deploying onto a segment (volcano, dragon's tile). */
	deployCheck(engine: Engine, player: number, figure: string, seg: number): Refusal | null;
	/** After the figure step, before afterFigure: a further figure step of the turn (the phantom). */
	figureDone(engine: Engine): void;
	/** After the figure step (the dragon moves). */
	afterFigure(engine: Engine): void;
	/** Start of a turn (the fairy's point). */
	turnStart(engine: Engine): void;
	/** Adjust what a feature is worth. */
	value(engine: Engine, root: number, v: FeatureValue): void;
	/** Decide the winners of a feature (default: the strongest, strength above 0). */
	winners(
		engine: Engine,
		root: number,
		strengths: number[],
		winners: number[],
		v: FeatureValue
	): number[] | null;
	/** Per-player bonuses once winners and points are known (pig, fairy). */
	awards(engine: Engine, root: number, v: FeatureValue, winners: number[], awards: Award[]): void;
	/** After a feature was scored (before its pieces return). */
	scored(engine: Engine, root: number, ev: ScoreEvent): void;
	/** A piece went back to supply or was removed. */
	pieceLeft(engine: Engine, piece: number): void;
	/**
	 * Pieces the module's state marks for their scoring (the fairy's follower, a lying scarecrow): a
	 * bot's trial that marks others touched their features (trial.ts).
	 */
	scoringMarks(engine: Engine): readonly number[];
	/** After the scoring step of a turn. */
	afterScore(engine: Engine): void;
	/** Extra final scoring after features. */
	finalScoring(engine: Engine): void;
	/** Narrow the tiles the dragon may enter next (`open`: the usual ones), e.g. a figure that draws it (data drawsDragon). */
	dragonTargets(
		engine: Engine,
		open: number[]
	): { tiles: number[]; rules: string[]; reason: string } | null;
	/** The dragon entered board tile `b`: end its movement (`stop` says why) and/or spare pieces from being eaten. */
	dragonEnters(
		engine: Engine,
		b: number,
		player: number
	): { stop?: string; rules?: string[]; spare?: number[] } | null;
	/**
	 * A rule makes `chooser` pick one of the opponents' pieces (choices.ts): modules may add pieces of
	 * `pool` or narrow `candidates` (a data figure that must be chosen: mustBeChosen).
	 */
	opponentChoice(
		engine: Engine,
		chooser: number,
		pool: number[],
		candidates: number[],
		purpose: string
	): { pieces: number[]; rules: string[] } | null;
	/** No tile can be drawn: return true when the module keeps the game going (it pushed a step or skipped the turn: a held tile to place). */
	noTile(engine: Engine): boolean;
	/** Pure question, no side effects: will the active player take a turn although no tile can be drawn (a town hall in hand)? */
	playsWithoutTile(engine: Engine): boolean;
	/** May the dragon enter board tile b at all? A refusal keeps it out (a held tile's dragonMayEnter). */
	dragonEnter(engine: Engine, b: number): Refusal | null;
	/**
	 * The turn ends: return true when the active player takes another turn (a data figure's
	 * `extraTurn`: the builder). Every module's hook is called (each resets its own state).
	 */
	anotherTurn(engine: Engine): boolean;
}

/** The whole numbers a parameter may take, inclusive. */
export interface ParameterRange {
	min: number;
	max: number;
}

/** Moments documents add to the turn by the engine's phase they follow (index: phase + 1), each its hooks (engine/turn-moments.ts); null without any. */
export type AddedMoments = (((engine: Engine) => void)[][] | undefined)[] | null;

export interface RuleModule {
	id: string;
	name: string;
	/** Compiled from an expansion's dataRules (engine/data-rules.ts), not written in TypeScript. */
	data?: boolean;
	/** Data modules: how each modifier their document declares combines when features join (sum, max, any, all). */
	combine?: Record<string, string>;
	/** Rule id → one-line statement in our own words. */
	rules: Record<string, string>;
	rulings?: RulingDef[];
	figures?: FigureType[];
	/** Parameters a designer may tune, with defaults. */
	parameters?: Record<string, number>;
	/** The whole numbers each parameter may take (every parameter has one: the validator and startGame check them). */
	parameterRanges?: Record<string, ParameterRange>;
	/** Icons, modifiers and feature kinds this module gives meaning to (name → the rule id that does). */
	icons?: Record<string, string>;
	modifiers?: Record<string, string>;
	features?: Partial<Record<FeatureKind, string>>;
	/** Feature kinds whose tiles a game without this module leaves out (river tiles, RIVER-3.1.3). */
	leavesOut?: FeatureKind[];
	/** Figures this module owns that are not pieces (the dragon, the fairy). */
	declares?: string[];
	/** What it does at moments documents add to the turn (dataRules.moments), by the moment's name. */
	moments?: Record<string, (engine: Engine) => void>;
	/** Step kinds this module owns: the move types they accept and the generator for legalMoves. */
	steps?: Record<string, StepDef>;
	/** Move type → handler. */
	moves?: Record<string, MoveHandler>;
	/** The tiles whose placements its `placement` hook may refuse (default: every tile); the others skip the hook. */
	placementFor?: (t: CTile) => boolean;
	/** Move types this module adds to other modules' steps (e.g. figure: ['fairy']). */
	stepMoves?: Record<string, string[]>;
	hooks?: Partial<Hooks>;
	/**
	 * Hooks that do something only under some rulings: a rules context binds one only when this says
	 * so of its rulings (a hook that returns at once still costs a call at every step).
	 */
	hookWhen?: { [K in keyof Hooks]?: (rulings: Readonly<Record<string, string>>) => boolean };
	/** Figures put on the board by a move of their own instead of the generic deploy (note tokens: 'note'): figure id → move type. */
	deployMoves?: Record<string, string>;
	/**
	 * Rule ids that no event cites: statements for the reader (setup, definitions, principles the
	 * other rules carry out) and rules cited only when a move is refused. The interaction checker does
	 * not report them as never applied (test/checker-findings.test.ts: no game cites one).
	 */
	uncited?: string[];
	/** Rule ids and move types that can come up only in some games of this module (the checker's "never" lists only what could happen). */
	onlyWhen?: Record<string, PlayCondition>;
}

/** When a rule can be cited or a move offered: every module of `modules` in play, and (when given) one of the rulings set to one of its options. */
export interface PlayCondition {
	modules?: string[];
	rulings?: Record<string, string[]>;
}

/** The compiled, cached rules of a game: tile set, modules, rulings, parameters. */
export interface Context {
	key: string;
	tiles: CTile[];
	tileIndex: Map<string, number>;
	modules: RuleModule[];
	moduleIds: Set<string>;
	figures: Map<string, FigureType>;
	rulings: Record<string, string>;
	params: Record<string, number>;
	expansions: { id: string; version: string; hash: string }[];
	/** Placement fit by class, for the board index. */
	fit: FitTables;
	/** Hook lists (only modules that implement each). */
	hooks: { [K in keyof Hooks]: Hooks[K][] };
	/** The moments documents add to the turn, by the phase they follow (turn-moments.ts); null: none. */
	moments: AddedMoments;
	steps: Map<string, StepDef>;
	moves: Map<string, MoveHandler>;
	/** Per step kind, the handler of each move type the step accepts (apply's one lookup). */
	handlers: Map<string, Map<string, MoveHandler>>;
	ruleTexts: Map<string, string>;
	/** The documents and extra modules the context was built from (to rebuild a game for undo). */
	source: { expansions: Expansion[]; modules: string[] };
}

/** What a module sees while a move is applied: state, rules, event sink. */
export interface Engine {
	state: GameState;
	rules: Context;
	events: GameEvent[];
	quiet: boolean;
	/** No events at all (apply's `events: false`): emit drops them and scoring builds none it need not. */
	silent?: boolean;
	/** The board index of `s` (board-index.ts `boardIndex(g)` fills it on first use). */
	index?: BoardIndex;
	/** The game ends without its final scoring (apply's `final: false`: a bot's trial, trial.ts). */
	unscored?: boolean;
}

/**
 * Lookups kept beside a state (never in it: the state stays plain JSON), rebuilt from the state when
 * missing (after JSON.parse, restoreGame, a copy made outside the engine) and copied with it by apply.
 */
export interface BoardIndex {
	/**
	 * Packed cell → board index (≥ 0) of its tile, -(position in state.front) - 1 for an open cell, or
	 * MISSING: a dense grid of gridWidth columns × gridHeight rows whose corner is the packed column gridX and row gridY
	 * (x + 4096, y + 4096), grown when a cell falls outside (cells are never removed). A plain array of
	 * small integers: it copies faster than a typed array, whose allocation is costly in V8. board-index.ts `cellGet`.
	 */
	grid: number[];
	gridX: number;
	gridY: number;
	gridWidth: number;
	gridHeight: number;
	/** Cells in the grid (placed tiles and open cells). */
	size: number;
	/** Fit key (fit.ts fitKey: the four required edges in base 5) of each open cell, by position in state.front. */
	fitKeys: number[];
	/** Per fit key: how many open cells require those edges (a class's placements = Σ count × rotations that fit; board-index.ts fitCount). */
	fitKeyCount: number[];
	/** The fit keys whose count is above 0, in no particular order. */
	fitKeysPresent: number[];
	/** Per fit key present: its position in fitKeysPresent. */
	fitKeyPosition: number[];
	/** On a large front (fit.ts blocksAbove: 64 open cells, or 4 per fit class): per block of 32 front positions and fit class, its placements ([block * classCount + class]); else null. */
	blocks: number[] | null;
	/** The drawn tile's listed placements, built when asked (legalMoves). */
	moves: PlaceMove[] | null;
	/** The drawn tile's placements when hooks filter them: front position × 4 + rotation, found once per draw. */
	allowed: number[] | null;
	/** The board tiles that the placement of board tile `fullAt` surrounded on all 8 sides (itself first): completedInner. */
	full: number[];
	fullAt: number;
	/** The arrays are shared with a copy of the state (copyIndex): putTile copies them before it changes them. */
	shared: boolean;
	/** The drawn tile's number of legal placements, -1 until counted. */
	count: number;
	/** state.log.length and state.tile when `moves`, `allowed` and `count` were found. */
	movesAt: number;
	movesTile: number;
}

/** Placement fit of the compiled tiles, by fit class (tiles with the same edges; fit.ts compileFit). */
export interface FitTables {
	/** Number of classes. */
	classCount: number;
	/** Tile index → class. */
	classOf: Int32Array;
	/** [fit key * classCount + class] → rotations that fit (bit r = rotation r). Key FIT_NONE (625) fits nothing. */
	rotations: Uint8Array;
	/** [fit key * classCount + class] → number of rotations that fit. */
	rotationCount: Int8Array;
	/**
	 * The same counts without the zeros: the classes with a rotation that fits fit key f are
	 * fitClass[fitFrom[f] … fitFrom[f + 1] - 1], with fitPop[j] rotations each (a cell requires some edges: a few classes fit it).
	 */
	fitFrom: Int32Array;
	fitClass: Int32Array;
	fitPop: Int8Array;
	/** Tile index → 1 when a module's placement hook may refuse its placements (river tiles, lute tiles). */
	filtered: Uint8Array;
}
