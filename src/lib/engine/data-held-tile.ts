// A held-tile step (schemas/expansion.v1.json heldTileStep, type 'held-tile'): each player holds
// `count` copies of one of the document's tiles, out of the piles, and places one instead of
// drawing — the step `turn` offers the draw or the held tile on any free cell beside the board
// (`offer: own-step`: a step named by the tile offers it or a pass; `where: hole`: only cells with
// a tile on all four sides). The tile fits by its own properties (a wildcard fits any neighbour and
// closes what runs into it, board.ts). With no tile left to draw, `endsGame: when-all-placed` makes
// a player still holding one place it (a step named by the tile), the others skip, and the game
// ends once all are placed; `after-a-final-round` asks each holder once, in turn order, to place it
// or pass (step '<tile>-end'). Not a land tile (`landTile`), it takes 1 off a monastery's or
// garden's value per one around it. Move, step and event flag are named by the tile ('town-hall',
// townHall: true). Its conditions read rulings and parameters only: decided once per rules context.
import { placementRefusal, putTile } from './board.ts';
import { AROUND, pack, unpackX, unpackY } from './cells.ts';
import { tileAt } from './board-index.ts';
import { tilesLeft } from './bag.ts';
import { emit } from './events.ts';
import { playerName } from './scoring.ts';
import { filled } from './arrays.ts';
import { perContext, perModuleState } from './per-context.ts';
import { unlessTruthy, type AnyHook } from './data-join.ts';
import { ev, push, type DataState } from './data-scope.ts';
import { PHASE_AFTER_SCORE, PHASE_DRAW } from './phases.ts';
import { TURN_STEP, finalRoundOf, isHole, offerKind, ownSteps } from './data-held-tile-round.ts';
import { worded, wordsOf } from './data-held-tile-words.ts';
import type { DataStep, HeldTileStep } from '../formats/schema-types.ts';
import type {
	Context,
	Engine,
	Expansion,
	FeatureValue,
	GameState,
	Hooks,
	Move,
	Refusal,
	RuleModule,
	Step
} from './types.ts';

/** What a held-tile step keeps during a game (in its module's state, `held`). */
export interface HeldTileState {
	/** The tile's compiled index, -1 when the game's tiles lack it. */
	tile: number;
	/** Copies each player still holds. */
	held: number[];
	/** A final round under way: the players still to be asked, in turn order (absent before). */
	round?: number[];
}

const lookup = (rules: Context) => (name: string) => {
	if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
	const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
	return m ? rules.rulings[m[1]] === m[2] : 0;
};
const cond = (rules: Context, e: unknown, dflt: boolean): boolean =>
	e === undefined ? dflt : ev(e, lookup(rules)) === true;

/** 'town-hall' → 'townHall': the event's flag. */
const camel = (id: string): string => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The step's conditions decided for a rules context. */
interface Tables {
	tile: number;
	count: number;
	whileRiver: boolean;
	/** Per scoring moment: the rule citing the 0 of a held tile around a monastery or garden, or null (it counts). */
	zeroComplete: string | null;
	zeroFinal: string | null;
	/** The dragon may not enter the tile. */
	dragonBlocked: boolean;
	/** The rule cited when the tile counts as a land tile around a stable (`landTile.around`), or null. */
	landAround: string | null;
	/** `endsGame: after-a-final-round`: the round is played. */
	finalRound: boolean;
}

function tablesFor(rules: Context, key: string, d: HeldTileStep): Tables {
	const tile = rules.tileIndex.get(key) ?? -1;
	const lt = d.landTile;
	return {
		tile,
		count: tile < 0 ? 0 : Math.max(0, Math.trunc(Number(ev(d.count ?? 1, lookup(rules))) || 0)),
		whileRiver: cond(rules, d.whileRiver, true),
		zeroComplete: lt && !cond(rules, lt.complete, true) ? (lt.completeRule ?? d.id) : null,
		zeroFinal: lt && !cond(rules, lt.final, true) ? (lt.finalRule ?? d.id) : null,
		dragonBlocked: !cond(rules, d.dragonMayEnter, true),
		landAround: lt && cond(rules, lt.around, false) ? (lt.aroundRule ?? d.id) : null,
		finalRound: cond(rules, d.finalRound, true)
	};
}

/** River tiles still to be drawn. */
function riverLeft(engine: Engine): boolean {
	const tiles = engine.rules.tiles;
	for (const p of engine.state.piles) {
		for (let i = 0; i < p.tiles.length; i++) if (tiles[p.tiles[i]].river) return true;
		for (let i = 0; i < p.last.length; i++) if (tiles[p.last[i]].river) return true;
	}
	return false;
}

/** One held-tile step compiled: its names, rule ids and hooks (built once per document). */
function stepOf(e: Expansion, d: HeldTileStep, held: (engine: Engine) => HeldTileState) {
	const key = `${e.id}/${d.tile}`;
	const decl = (e.tiles ?? []).find((t) => t.id === d.tile);
	const name = (decl?.name ?? d.tile).toLowerCase();
	const flag = camel(d.tile);
	const place = [d.id, ...(d.rules ?? [])];
	const where = d.whereRules ?? [d.id];
	const end = d.endRules ?? [d.id];
	const ended = d.endedRules ?? end;
	const tables = perContext((rules) => tablesFor(rules, key, d));

	const hole = d.where === 'hole';
	/** Every free cell beside the board (a hole only, with `where: hole`) where the tile may go; out null: is there one? */
	const placements = (engine: Engine, out: Move[] | null): boolean => {
		const st = engine.state;
		const t = held(engine).tile;
		let any = false;
		for (let i = 0; i < st.front.length; i++) {
			const x = unpackX(st.front[i]);
			const y = unpackY(st.front[i]);
			// all four edges required, or a side against a tile that fits anything (which requires none)
			if (hole && st.frontMask[i] !== 0xffff && !isHole(engine, x, y)) continue;
			if (placementRefusal(engine, t, x, y, 0)) continue;
			if (!out) return true;
			out.push({ type: d.tile, x, y });
			any = true;
		}
		return any;
	};

	/** May `player` place the tile instead of drawing now? (In its own step: only with a place for it.) */
	const offered = (engine: Engine, player: number): boolean => {
		const st = engine.state;
		const h = held(engine);
		if (h.tile < 0 || h.held[player] <= 0 || tilesLeft(st) === 0) return false;
		if (!tables(engine.rules).whileRiver && riverLeft(engine)) return false;
		return d.offer !== 'own-step' || placements(engine, null);
	};

	const k: Kit = { d, name, flag, held, place, where, end, ended, hole, placements, tables };
	const move = moveOf(k);
	const noTile = noTileOf(k);

	/** Not a land tile: each one around a monastery or garden counts 0 (a part of −1 citing its rule); one counted as land around a stable cites its rule. */
	const value = (engine: Engine, root: number, v: FeatureValue): void => {
		const tb = tables(engine.rules);
		if (v.kind === 'stable') {
			// around.wildcards leaves it out (data-scope.ts landAround): the stable's rules count it
			const rule = tb.landAround;
			if (
				rule !== null &&
				!engine.silent &&
				around(engine, engine.state.segmentTile[root], tb.tile)
			)
				push(v.rules, rule);
			return;
		}
		if (v.kind !== 'monastery' && v.kind !== 'garden') return;
		const rule = v.mode === 'complete' ? tb.zeroComplete : tb.zeroFinal;
		if (rule === null) return;
		const n = around(engine, engine.state.segmentTile[root], tb.tile);
		if (n === 0) return;
		v.parts.push({ id: `${flag}s`, label: name, count: n, per: -1, rule });
		v.rules.push(rule);
	};

	/** The dragon kept out of the tile (`dragonMayEnter` false). */
	const dragonEnter = (engine: Engine, b: number): Refusal | null => {
		const st = engine.state;
		if (!tables(engine.rules).dragonBlocked || st.boardTile[b] !== held(engine).tile) return null;
		return {
			code: `dragon-${d.tile}`,
			message: `the dragon may not enter the ${name} at (${st.boardX[b]},${st.boardY[b]})`,
			rules: d.dragonRules ?? [d.id]
		};
	};

	// the move in the document's words (the tile's name, what placing it does, the rules cited)
	const words = wordsOf(
		decl?.name ?? d.tile,
		name,
		place,
		[...end, ...(d.rules ?? [])],
		(rules) => tables(rules).tile
	);

	return {
		d,
		name,
		tables,
		held,
		offered,
		placements,
		move,
		noTile,
		value,
		dragonEnter,
		hole,
		words
	};
}

/** What a held-tile step's move and end hooks share (built once per step). */
interface Kit {
	d: HeldTileStep;
	name: string;
	flag: string;
	held: (engine: Engine) => HeldTileState;
	place: string[];
	where: string[];
	end: string[];
	ended: string[];
	hole: boolean;
	placements: (engine: Engine, out: Move[] | null) => boolean;
	tables: (rules: Context) => Tables;
}

/** The move placing the held tile instead of drawing (or forced, with no land tile left). */
function moveOf({ d, name, flag, held, place, where, end, hole }: Kit) {
	return (
		engine: Engine,
		m: { type: string; x: number; y: number; rotation?: number },
		step: Step
	): Refusal | null => {
		const st = engine.state;
		const h = held(engine);
		if (h.held[step.player] <= 0)
			return {
				code: `no-${d.tile}`,
				message: `${playerName(engine, step.player)} has already placed their ${name}`,
				rules: where
			};
		const rotation = m.rotation ?? 0;
		const r = placementRefusal(engine, h.tile, m.x, m.y, rotation);
		if (r) return { ...r, rules: [...r.rules, ...where] }; // beside a tile in play, on a free cell
		if (hole && !isHole(engine, m.x, m.y))
			return {
				code: 'not-a-hole',
				message: `(${m.x},${m.y}) is no hole: the ${name} goes only where tiles lie on all four sides`,
				rules: where
			};
		const b = putTile(engine, h.tile, m.x, m.y, rotation);
		h.held[step.player]--;
		st.placed = b;
		st.tile = -1;
		st.phase = PHASE_DRAW; // no tile is drawn this turn: go on with the placement phase
		const forced = step.kind !== offerKind(d);
		// a held tile offered in its own step: another offered this turn (in the step turn) is not placed as well
		if (d.offer === 'own-step')
			st.pending = st.pending.filter((s) => s.kind !== TURN_STEP || s.player !== step.player);
		const finalRound = d.endsGame === 'after-a-final-round';
		emit(
			engine,
			{
				type: 'place',
				rules: forced ? [...end, ...(d.rules ?? [])] : place,
				player: step.player,
				tile: engine.rules.tiles[h.tile].key,
				x: m.x,
				y: m.y,
				rotation,
				[flag]: true,
				[finalRound ? 'end' : 'forced']: forced
			},
			() =>
				`${playerName(engine, step.player)} places their ${name}${hole ? ' in the hole' : ''} at (${m.x},${m.y})${!forced ? ' instead of drawing a tile' : finalRound ? ' after the last land tile' : ' (no land tile left: it must be placed)'}; it fits any neighbour.`
		);
		return null;
	};
}

/** No land tile can be drawn: a holder must place one, the others skip; once none is held the game may end. */
function noTileOf(k: Kit) {
	const { d, name, held, end, ended } = k;
	if (d.endsGame === 'after-a-final-round')
		return finalRoundOf({ ...k, finalRound: (engine) => k.tables(engine.rules).finalRound });
	return (engine: Engine): boolean => {
		const st = engine.state;
		const h = held(engine);
		if (h.tile < 0) return false;
		if (!h.held.some((n) => n > 0)) {
			emit(
				engine,
				{ type: 'allPlaced', rules: ended },
				() => `No land tile left and every ${name} is placed: the game ends.`
			);
			return false;
		}
		if (h.held[st.active] > 0) {
			st.pending.push({ kind: d.tile, player: st.active });
			return true;
		}
		emit(
			engine,
			{ type: 'skip', rules: end, player: st.active },
			() =>
				`No land tile left and ${playerName(engine, st.active)} has placed their ${name}: the turn is skipped until every ${name} is placed.`
		);
		st.phase = PHASE_AFTER_SCORE; // straight to the end of the turn
		return true;
	};
}

/** Copies of tile `t` among the 8 cells around board tile b. */
function around(engine: Engine, b: number, t: number): number {
	const state = engine.state;
	const cell = pack(state.boardX[b], state.boardY[b]);
	let n = 0;
	for (let i = 0; i < 8; i++) {
		const at = tileAt(engine, cell + AROUND[i]);
		if (at >= 0 && state.boardTile[at] === t) n++;
	}
	return n;
}

/** The document's held-tile steps compiled into hooks, the step `turn`, a forced step and a move per tile. */
export function heldTileSteps(
	e: Expansion,
	list: readonly HeldTileStep[],
	state: (engine: Engine) => DataState
): Pick<RuleModule, 'steps' | 'moves'> & { hooks: Partial<Hooks>; cited: string[] } {
	const parts = list.map((d, i) =>
		stepOf(
			e,
			d,
			perModuleState((engine) => state(engine).heldTiles?.[i] as HeldTileState)
		)
	);
	const withValue = parts.filter((p) => p.d.landTile);
	const withDragon = parts.filter((p) => p.d.dragonMayEnter !== undefined);
	const inTurn = parts.filter((p) => p.d.offer !== 'own-step');
	const own = parts.filter((p) => p.d.offer === 'own-step');
	// a final round's placements are no turns of their own (no fairy point at their start)
	const forcing = parts.filter((p) => p.d.endsGame === 'when-all-placed');
	return {
		hooks: {
			setup(engine) {
				const st = engine.state;
				state(engine).heldTiles = parts.map((p) => {
					const tb = p.tables(engine.rules);
					// held, never drawn
					if (tb.tile >= 0)
						for (const pile of st.piles) {
							pile.tiles = pile.tiles.filter((t) => t !== tb.tile);
							pile.last = pile.last.filter((t) => t !== tb.tile);
						}
					return { tile: tb.tile, held: filled(st.players.length, tb.count) };
				});
			},
			turnStart(engine) {
				const st = engine.state;
				for (const p of own)
					if (p.offered(engine, st.active)) st.pending.push({ kind: p.d.tile, player: st.active });
				if (inTurn.some((p) => p.offered(engine, st.active)))
					st.pending.push({ kind: TURN_STEP, player: st.active });
			},
			noTile: (engine) => parts.some((p) => p.noTile(engine)),
			playsWithoutTile: (engine) =>
				forcing.some((p) => p.held(engine).held[engine.state.active] > 0),
			...(withValue.length
				? {
						value(engine, root, v) {
							for (const p of withValue) p.value(engine, root, v);
						}
					}
				: {}),
			...(withDragon.length
				? {
						dragonEnter(engine, b) {
							for (const p of withDragon) {
								const no = p.dragonEnter(engine, b);
								if (no) return no;
							}
							return null;
						}
					}
				: {})
		},
		cited: list.flatMap((d) => [
			d.id,
			...(d.rules ?? []),
			...(d.whereRules ?? []),
			...(d.endRules ?? []),
			...(d.endedRules ?? []),
			...(d.dragonRules ?? []),
			// figureRules are cited by refusals only, which the checker does not count: left uncited
			...[d.landTile?.completeRule, d.landTile?.finalRule, d.landTile?.aroundRule].filter(
				(r): r is string => !!r
			)
		]),
		steps: {
			...(inTurn.length
				? {
						[TURN_STEP]: {
							accepts: ['draw', ...inTurn.map((p) => p.d.tile)],
							describe: `draw a tile or place the ${inTurn.map((p) => p.name).join(' or the ')}`,
							moveWords: (rules: Context, m: Move) =>
								inTurn.find((p) => p.d.tile === m.type)?.words(rules, 'instead'),
							moves(engine: Engine, step: Step, out: Move[]) {
								out.push({ type: 'draw' });
								for (const p of inTurn)
									if (p.held(engine).held[step.player] > 0) p.placements(engine, out);
							}
						}
					}
				: {}),
			...Object.fromEntries(parts.flatMap((p) => worded(p, ownSteps(p))))
		},
		moves: {
			...(inTurn.length ? { draw: () => null } : {}),
			...Object.fromEntries(parts.map((p) => [p.d.tile, p.move]))
		}
	};
}

/**
 * A document's held-tile steps wired in: their hooks join `hooks` after those already there (their
 * setup after the module state is made); what the module gets from them is returned (null: none).
 */
export function withHeldTiles(
	e: Expansion,
	all: readonly DataStep[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): { cited: string[]; module: Pick<RuleModule, 'steps' | 'moves'> } | null {
	const list = all.filter((s): s is HeldTileStep => s.type === 'held-tile');
	if (!list.length) return null;
	const h = heldTileSteps(e, list, state);
	for (const [k, fn] of Object.entries(h.hooks) as [keyof Hooks, AnyHook][]) {
		const before = hooks[k] as AnyHook | undefined;
		// a hook that answers (true: the game goes on; a refusal) answers for both
		(hooks as Record<string, unknown>)[k] = before ? unlessTruthy(before, fn) : fn;
	}
	return { cited: h.cited, module: { steps: h.steps, moves: h.moves } };
}

/** Tiles held by the players in every module's held-tile steps (for the tile count of the invariants). */
export function heldTileCount(state: GameState): number {
	let n = 0;
	for (const st of Object.values(state.moduleState)) {
		const held = (st as DataState | null)?.heldTiles;
		if (held) for (const h of held) for (const k of h.held) n += k;
	}
	return n;
}
