// A held-tile step (schemas/expansion.v1.json heldTileStep, type 'held-tile'): each player holds
// `count` copies of one of the document's tiles, out of the piles, and places one instead of
// drawing — the step `turn` offers the draw or the held tile on any free cell beside the board. The
// tile fits by its own properties (a wildcard fits any neighbour and closes what runs into it,
// board.ts). With no tile left to draw (`endsGame: when-all-placed`) a player still holding one must
// place it (a step named by the tile), the others skip, and the game ends once all are placed. Not
// a land tile (`landTile`), it takes 1 off a monastery's or garden's value per one around it.
// Move, step and event flag are named by the tile ('town-hall', townHall: true). Its conditions read
// rulings and parameters only: decided once per rules context.
import { placementRefusal, putTile } from './board.ts';
import { AROUND, pack, unpackX, unpackY } from './cells.ts';
import { tileAt } from './board-index.ts';
import { tilesLeft } from './bag.ts';
import { emit } from './events.ts';
import { playerName } from './scoring.ts';
import { filled } from './arrays.ts';
import { perContext } from './per-context.ts';
import { ev, push, type DataState } from './data-scope.ts';
import { PHASE_AFTER_SCORE, PHASE_DRAW } from './phases.ts';
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
}

/** The step kind offering the draw or the held tile at the start of a turn. */
export const TURN_STEP = 'turn';

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
		landAround: lt && cond(rules, lt.around, false) ? (lt.aroundRule ?? d.id) : null
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

	/** May the active player place the tile instead of drawing now? */
	const offered = (engine: Engine): boolean => {
		const st = engine.state;
		const h = held(engine);
		if (h.tile < 0 || h.held[st.active] <= 0 || tilesLeft(st) === 0) return false;
		return tables(engine.rules).whileRiver || !riverLeft(engine);
	};

	/** Every free cell beside the board where the tile may go. */
	const placements = (engine: Engine, out: Move[]): void => {
		const st = engine.state;
		const t = held(engine).tile;
		for (const cell of st.front) {
			const x = unpackX(cell);
			const y = unpackY(cell);
			if (!placementRefusal(engine, t, x, y, 0)) out.push({ type: d.tile, x, y });
		}
	};

	const k: Kit = { d, name, flag, held, place, where, end, ended };
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

	return { d, name, tables, held, offered, placements, move, noTile, value, dragonEnter };
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
}

/** The move placing the held tile instead of drawing (or forced, with no land tile left). */
function moveOf({ d, name, flag, held, place, where, end }: Kit) {
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
		const b = putTile(engine, h.tile, m.x, m.y, rotation);
		h.held[step.player]--;
		st.placed = b;
		st.tile = -1;
		st.phase = PHASE_DRAW; // no tile is drawn this turn: go on with the placement phase
		const forced = step.kind !== TURN_STEP;
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
				forced
			},
			() =>
				`${playerName(engine, step.player)} places their ${name} at (${m.x},${m.y})${forced ? ' (no land tile left: it must be placed)' : ' instead of drawing a tile'}; it fits any neighbour.`
		);
		return null;
	};
}

/** No land tile can be drawn: a holder must place one, the others skip; once none is held the game may end. */
function noTileOf({ d, name, held, end, ended }: Kit) {
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
	const parts = list.map((d, i) => stepOf(e, d, (engine) => state(engine).heldTiles![i]));
	const withValue = parts.filter((p) => p.d.landTile);
	const withDragon = parts.filter((p) => p.d.dragonMayEnter !== undefined);
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
				if (parts.some((p) => p.offered(engine)))
					engine.state.pending.push({ kind: TURN_STEP, player: engine.state.active });
			},
			noTile: (engine) => parts.some((p) => p.noTile(engine)),
			playsWithoutTile: (engine) => parts.some((p) => p.held(engine).held[engine.state.active] > 0),
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
			...[d.landTile?.completeRule, d.landTile?.finalRule, d.landTile?.aroundRule].filter(
				(r): r is string => !!r
			)
		]),
		steps: {
			[TURN_STEP]: {
				accepts: ['draw', ...list.map((d) => d.tile)],
				describe: `draw a tile or place the ${parts.map((p) => p.name).join(' or the ')}`,
				moves(engine, step, out) {
					out.push({ type: 'draw' });
					for (const p of parts)
						if (p.held(engine).held[step.player] > 0) p.placements(engine, out);
				}
			},
			...Object.fromEntries(
				parts.map((p) => [
					p.d.tile,
					{
						accepts: [p.d.tile],
						describe: `place the ${p.name} (no land tile left)`,
						moves: (engine: Engine, _step: Step, out: Move[]) => p.placements(engine, out)
					}
				])
			)
		},
		moves: {
			draw: () => null,
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
	for (const [k, fn] of Object.entries(h.hooks) as [keyof Hooks, (...a: unknown[]) => unknown][]) {
		const before = hooks[k] as ((...a: unknown[]) => unknown) | undefined;
		(hooks as Record<string, unknown>)[k] = before
			? (...a: unknown[]) => {
					const r = before(...a);
					// a hook that answers (true: the game goes on; a refusal) answers for both
					return r || fn(...a);
				}
			: fn;
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
