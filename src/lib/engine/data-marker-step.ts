// A marker step (schemas/expansion.v1.json markerStep, type 'marker'): a neutral figure of the
// document (one copy) that a player moves, instead of placing a figure, beside one of their own
// followers anywhere on the board — or, when `onTile` holds, onto the tile of one. Where it stands
// it gives points at the start of its owner's turn (`turnStart`; on a tile: per figure of the
// player's there) and when its follower's feature scores (`scoring`; on a tile: to the owner of the
// feature's first follower there), and it keeps the dragon off its tile (`keepsDragonOut`; with
// `guardsLeftTile`, the tile it left this turn too, until the turn ends). Its move and events are
// named by its figure ({"type": "fairy", "x": 1, "y": 0, "feature": "r1"}, 'fairyMove',
// 'fairyPoint'). Conditions and points read rulings and parameters only: decided once per rules
// context (Tables).
import { tileAtXY } from './board-index.ts';
import { tilesLeft } from './bag.ts';
import { featureOf } from './features.ts';
import { emit } from './events.ts';
import { perContext, perPieces } from './per-context.ts';
import { playerName } from './scoring.ts';
import { ruleCondition } from './data-random-step.ts';
import { evNum, type DataState, type MarkerState } from './data-scope.ts';
import { joinHooks } from './data-token-step.ts';
import type { DataStep, MarkerStep } from '../formats/schema-types.ts';
import type {
	Context,
	Engine,
	Expansion,
	GameState,
	Hooks,
	Move,
	MoveHandler,
	Refusal,
	RuleModule,
	Step
} from './types.ts';

const NO_GUARD = -2;

/** What the step decides per rules context. */
interface Tables {
	inPlay: boolean;
	onTile: boolean;
	turnPoints: number;
	scoringPoints: number;
	keepsOut: boolean;
	guardsLeft: boolean;
	/** Feature kinds where only a winner of the feature gets the scoring points. */
	winnersOnly: string[];
	/** The figure kinds that are followers. */
	followers: string[];
}

interface Spec {
	d: MarkerStep;
	figure: string;
	/** 'fairy': the figure's name, lower case. */
	label: string;
	rules: string[];
	onTileRules: string[];
	turnRules: string[];
	scoringRules: string[];
	dragonRules: string[];
	tables: (rules: Context) => Tables;
}

/** A number of rulings and parameters (absent: 0). */
function num(rules: Context, e: unknown): number {
	if (e === undefined) return 0;
	return evNum(e, (n) => {
		if (n.startsWith('param.')) return rules.params[n.slice(6)] ?? 0;
		const m = /^ruling\.([^.]+)\.(.+)$/.exec(n);
		return m ? rules.rulings[m[1]] === m[2] : 0;
	});
}

function tablesFor(rules: Context, d: MarkerStep): Tables {
	return {
		inPlay: ruleCondition(rules, d.inPlay, true),
		onTile: ruleCondition(rules, d.onTile, false),
		turnPoints: num(rules, d.turnStart?.points),
		scoringPoints: num(rules, d.scoring?.points),
		keepsOut: ruleCondition(rules, d.keepsDragonOut, false),
		guardsLeft: ruleCondition(rules, d.guardsLeftTile, false),
		winnersOnly: Object.entries(d.scoring?.winnersOnly ?? {}).flatMap(([k, c]) =>
			ruleCondition(rules, c, false) ? [k] : []
		),
		followers: [...rules.figures.values()].filter((f) => f.follower).map((f) => f.id)
	};
}

/**
 * Per player, the pieces (indexes, in order) of follower kinds: the marker stands only beside one of
 * them. Found once per rules context and pieces array, with the move beside each piece built once and
 * listed again while the piece stands on the same segment of the same board tile (moves are shared
 * immutable values).
 */
interface Followers {
	byPlayer: number[][];
	movedSeg: number[];
	movedTile: number[];
	moved: (Move | null)[];
}
const NONE: readonly number[] = [];

function followersTable(spec: Spec) {
	return perContext((rules) =>
		perPieces((ps): Followers => {
			const kinds = spec.tables(rules).followers;
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
				moved: new Array<Move | null>(n).fill(null)
			};
		})
	);
}

type FollowersOf = ReturnType<typeof followersTable>;

/** What one marker step's hooks and move share. */
interface Kit {
	s: Spec;
	followers: FollowersOf;
	state: (engine: Engine) => MarkerState;
}

const own = (kit: Kit, engine: Engine, player: number): readonly number[] =>
	kit.followers(engine.rules)(engine.state.pieces).byPlayer[player] ?? NONE;

/** The marker's move beside follower piece i (of f), standing on segment seg of board tile b. */
function moveBeside(kit: Kit, engine: Engine, f: Followers, i: number, seg: number, b: number) {
	if (f.movedSeg[i] === seg && f.movedTile[i] === b) return f.moved[i]!;
	const state = engine.state;
	const move = {
		type: kit.s.figure,
		x: state.boardX[b],
		y: state.boardY[b],
		feature: featureOf(engine, seg).id
	};
	f.movedSeg[i] = seg;
	f.movedTile[i] = b;
	f.moved[i] = move;
	return move;
}

/** The moves offered at the figure step: beside each own follower but the one it stands by, or onto each tile of one. */
function options(kit: Kit, engine: Engine, player: number, out: Move[]): void {
	const state = engine.state;
	const t = kit.s.tables(engine.rules);
	if (state.acted || !t.inPlay) return;
	const m = kit.state(engine);
	const ps = state.pieces;
	if (t.onTile) {
		const seen: number[] = [];
		for (const i of own(kit, engine, player)) {
			const p = ps[i];
			if (p.seg < 0 || p.tile === m.at || seen.includes(p.tile)) continue;
			seen.push(p.tile);
			out.push({ type: kit.s.figure, x: state.boardX[p.tile], y: state.boardY[p.tile] });
		}
		return;
	}
	const f = kit.followers(engine.rules)(ps);
	const list = f.byPlayer[player] ?? NONE;
	for (let k = 0; k < list.length; k++) {
		const i = list[k];
		const p = ps[i];
		if (p.seg < 0 || i === m.piece) continue;
		out.push(moveBeside(kit, engine, f, i, p.seg, p.tile));
	}
}

/** The marker moves only on a turn without a figure placed. */
const alreadyActed = (kit: Kit, engine: Engine, player: number, rules: string[]): Refusal => ({
	code: 'already-acted',
	message: `the ${kit.s.label} moves only on a turn without a figure placed, and ${playerName(engine, player)} placed one`,
	rules
});

/** The move: the marker beside the player's follower on `feature` at (x,y), or onto that tile. */
function moveOf(kit: Kit): MoveHandler {
	const s = kit.s;
	return (engine, raw, step) => {
		const move = raw as { type: string; x: number; y: number; feature?: string };
		const t = s.tables(engine.rules);
		if (!t.inPlay)
			return {
				code: `no-${s.figure}`,
				message: `the ${s.label} is not in play in this game`,
				rules: s.d.inPlayRules ?? s.rules
			};
		const b = tileAtXY(engine, move.x, move.y);
		if (t.onTile) return ontoTile(kit, engine, move, step, b);
		const state = engine.state;
		const m = kit.state(engine);
		let piece = -1;
		const list = b >= 0 ? own(kit, engine, step.player) : NONE;
		for (let k = 0; k < list.length; k++) {
			const i = list[k];
			const p = state.pieces[i];
			if (p.tile !== b || p.seg < 0) continue;
			// two own followers on one feature of a tile (a messenger rode in): take the one without the marker
			if (featureOf(engine, p.seg).id === move.feature && (piece < 0 || piece === m.piece))
				piece = i;
		}
		if (piece < 0)
			return {
				code: 'no-own-follower',
				message: `${playerName(engine, step.player)} has no follower on ${move.feature} at (${move.x},${move.y})`,
				rules: s.rules
			};
		if (state.acted) return alreadyActed(kit, engine, step.player, s.rules);
		if (piece === m.piece)
			return {
				code: `${s.figure}-already-there`,
				message: `the ${s.label} already stands beside that follower`,
				rules: s.rules
			};
		if (t.guardsLeft) m.guard = m.at;
		m.at = b;
		m.piece = piece;
		state.acted = true;
		if (!engine.silent)
			emit(
				engine,
				{
					type: `${s.figure}Move`,
					rules: s.rules,
					player: step.player,
					x: move.x,
					y: move.y,
					feature: move.feature
				},
				() =>
					`${playerName(engine, step.player)} moves the ${s.label} next to their follower on ${move.feature} at (${move.x},${move.y}).`
			);
		return null;
	};
}

/** `onTile`: the marker onto a tile where the player has a follower. */
function ontoTile(
	kit: Kit,
	engine: Engine,
	move: { x: number; y: number },
	step: Step,
	b: number
): Refusal | null {
	const s = kit.s;
	const state = engine.state;
	const m = kit.state(engine);
	const rules = [...s.rules, ...s.onTileRules];
	const list = b >= 0 ? own(kit, engine, step.player) : NONE;
	if (!list.some((i) => state.pieces[i].tile === b && state.pieces[i].seg >= 0))
		return {
			code: 'no-own-follower',
			message: `${playerName(engine, step.player)} has no follower on the tile at (${move.x},${move.y})`,
			rules
		};
	if (state.acted) return alreadyActed(kit, engine, step.player, s.rules);
	if (b === m.at)
		return {
			code: `${s.figure}-already-there`,
			message: `the ${s.label} already stands on that tile`,
			rules
		};
	if (s.tables(engine.rules).guardsLeft) m.guard = m.at;
	m.at = b;
	m.piece = -1;
	state.acted = true;
	emit(
		engine,
		{ type: `${s.figure}Move`, rules, player: step.player, x: move.x, y: move.y },
		() =>
			`${playerName(engine, step.player)} moves the ${s.label} onto the tile at (${move.x},${move.y}), where they have a follower.`
	);
	return null;
}

/** `onTile`: the player's figures (not tokens) on the marker's tile. */
function figuresOnTile(engine: Engine, at: number, player: number): number {
	let n = 0;
	for (const p of engine.state.pieces)
		if (
			p.owner === player &&
			p.tile === at &&
			p.seg >= 0 &&
			!engine.rules.figures.get(p.kind)?.token
		)
			n++;
	return n;
}

/** At the start of a turn: the guard ends; the marker's owner gets its points. */
function turnStart(kit: Kit, engine: Engine): void {
	const s = kit.s;
	const state = engine.state;
	const m = kit.state(engine);
	m.guard = NO_GUARD;
	const t = s.tables(engine.rules);
	if (!t.inPlay || !s.d.turnStart) return;
	if (t.onTile ? m.at < 0 : m.piece < 0 || state.pieces[m.piece].owner !== state.active) return;
	// no point for a turn that never comes: the last tile is placed and the game ends
	if (tilesLeft(state) === 0 && !engine.rules.hooks.playsWithoutTile.some((f) => f(engine))) return;
	const n = t.onTile ? figuresOnTile(engine, m.at, state.active) : 1;
	if (n === 0) return;
	const pts = n * t.turnPoints;
	state.scores[state.active] += pts;
	emit(
		engine,
		{
			type: `${s.figure}Point`,
			rules: t.onTile ? [...s.turnRules, ...s.onTileRules] : s.turnRules,
			player: state.active,
			points: pts
		},
		() =>
			t.onTile
				? `${playerName(engine, state.active)} starts the turn with ${n} figure${n === 1 ? '' : 's'} on the ${s.label}'s tile: +${pts}.`
				: `${playerName(engine, state.active)} starts the turn with the ${s.label} beside their follower: +${pts}.`
	);
}

/** `onTile`: the owner of the first follower of feature `root` on the marker's tile, or -1. */
function tileOwner(kit: Kit, engine: Engine, root: number, at: number): number {
	const state = engine.state;
	const kinds = kit.s.tables(engine.rules).followers;
	for (const pc of state.featurePieces[root] ?? NONE) {
		const p = state.pieces[pc];
		if (p.tile === at && p.owner >= 0 && kinds.includes(p.kind)) return p.owner;
	}
	return -1;
}

function hooksOf(kit: Kit): Partial<Hooks> {
	const s = kit.s;
	return {
		setup(engine) {
			kit.state(engine);
		},
		figureOptions: (engine, player, out) => options(kit, engine, player, out),
		turnStart: (engine) => turnStart(kit, engine),
		scoringMarks: (engine) => {
			const m = kit.state(engine);
			return m.piece >= 0 ? [m.piece] : NONE;
		},
		awards(engine, root, v, winners, awards) {
			const t = s.tables(engine.rules);
			if (!t.inPlay || !s.d.scoring) return;
			const state = engine.state;
			const m = kit.state(engine);
			let owner: number;
			if (t.onTile) {
				if (m.at < 0 || (owner = tileOwner(kit, engine, root, m.at)) < 0) return;
			} else {
				if (m.piece < 0 || !(state.featurePieces[root] ?? NONE).includes(m.piece)) return;
				owner = state.pieces[m.piece].owner;
			}
			if (t.winnersOnly.includes(v.kind) && !winners.includes(owner)) return;
			const pts = t.scoringPoints;
			const rules = t.onTile ? [...s.scoringRules, ...s.onTileRules] : s.scoringRules;
			awards.push({
				player: owner,
				points: pts,
				arithmetic: `${s.label} ${pts}`,
				rules,
				credit: engine.silent ? undefined : [{ rule: s.scoringRules[0] ?? s.d.id, points: pts }]
			});
		},
		pieceLeft(engine, piece) {
			const m = kit.state(engine);
			if (m.piece === piece) m.piece = -1;
		},
		dragonEnter(engine, b) {
			if (!s.tables(engine.rules).keepsOut) return null;
			const m = kit.state(engine);
			if (b !== (m.guard !== NO_GUARD ? m.guard : m.at)) return null;
			const x = engine.state.boardX[b];
			const y = engine.state.boardY[b];
			return {
				code: `dragon-${s.figure}`,
				message: `the ${s.label} protects (${x},${y})`,
				rules: s.dragonRules
			};
		}
	};
}

/** Where the markers of a game stand (figure → state), for the view and the exports: not a hot path. */
export function markersOf(state: GameState): Record<string, MarkerState> {
	const out: Record<string, MarkerState> = {};
	for (const st of Object.values(state.moduleState))
		if (st && typeof st === 'object' && 'markers' in st)
			Object.assign(out, (st as DataState).markers);
	return out;
}

/**
 * A document's marker steps wired in: their hooks join `hooks` (after those already there), and
 * what the module gets from them is returned (moves added to the figure step, the figures it
 * declares, rule ids cited).
 */
export function withMarkers(
	e: Expansion,
	list: readonly DataStep[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): {
	cited: string[];
	module: Pick<RuleModule, 'moves' | 'stepMoves' | 'declares'>;
} | null {
	const steps = list.filter((d): d is MarkerStep => d.type === 'marker');
	if (!steps.length) return null;
	const moves: Record<string, MoveHandler> = {};
	const cited: string[] = [];
	for (const d of steps) {
		const name = (e.figures ?? []).find((x) => x.id === d.figure)?.name ?? d.figure;
		const s: Spec = {
			d,
			figure: d.figure,
			label: name.toLowerCase(),
			rules: d.rules ?? [d.id],
			onTileRules: d.onTileRules ?? [],
			turnRules: d.turnStart?.rules ?? [d.id],
			scoringRules: d.scoring?.rules ?? [d.id],
			dragonRules: d.dragonRules ?? [d.id],
			tables: perContext((rules) => tablesFor(rules, d))
		};
		const kit: Kit = {
			s,
			followers: followersTable(s),
			state: (engine) => {
				const st = state(engine);
				return ((st.markers ??= {})[d.figure] ??= { at: -1, piece: -1, guard: NO_GUARD });
			}
		};
		joinHooks(hooks, hooksOf(kit));
		moves[d.figure] = moveOf(kit);
		cited.push(d.id, ...s.rules, ...s.turnRules, ...s.scoringRules, ...s.onTileRules);
	}
	return {
		cited,
		module: {
			moves,
			stepMoves: { figure: steps.map((d) => d.figure) },
			declares: steps.map((d) => d.figure)
		}
	};
}
