// A marker step (schemas/expansion.v1.json markerStep, type 'marker'): a neutral figure of the
// document (one copy) that a player moves, instead of placing a figure, beside one of their own
// followers anywhere on the board — or, when `onTile` holds, onto the tile of one. Where it stands
// it gives points at the start of its owner's turn (`turnStart`; on a tile: per figure of the
// player's there) and when its follower's feature scores (`scoring`; on a tile: to the owner of the
// feature's first follower there), and it keeps the dragon off its tile (`keepsDragonOut`; with
// `guardsLeftTile`, the tile it left this turn instead, until the turn ends). Its move and events are
// named by its figure ({"type": "fairy", "x": 1, "y": 0, "feature": "r1"}, 'fairyMove',
// 'fairyPoint'). Conditions and points read rulings and parameters only: decided once per rules
// context (Tables).
import { tilesLeft } from './bag.ts';
import { emit } from './events.ts';
import { perContext, perModuleState } from './per-context.ts';
import { playerName } from './scoring.ts';
import {
	followersTable,
	moveOf,
	NONE,
	options,
	type Kit,
	type Spec,
	type Tables
} from './data-marker-move.ts';
import { ruleCondition } from './data-random-step.ts';
import { evNum, type DataState } from './data-scope.ts';
import type { MarkerState } from './data-step-states.ts';
import { joinHooks } from './data-token-step.ts';
import type { DataStep, MarkerStep } from '../formats/schema-types.ts';
import type {
	Context,
	Engine,
	Expansion,
	GameState,
	Hooks,
	MoveHandler,
	RuleModule
} from './types.ts';

const NO_GUARD = -2;

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
			state: perModuleState(
				(engine) =>
					((state(engine).markers ??= {})[d.figure] ??= { at: -1, piece: -1, guard: NO_GUARD })
			)
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
