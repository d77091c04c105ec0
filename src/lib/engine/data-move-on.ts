// A figure property of the rules-as-data language (schemas/expansion.v1.json dataFigure `moveOn`):
// when the completed feature holding the figure scores, it goes back to its owner, who may put it
// at once on another unoccupied, incomplete feature within reach — Abbey & Mayor's wagon, written
// as data (expansions/abbey-and-mayor.json). The engine's part: the figures are noted as their
// feature scores (`scored`), and after the turn's scoring (`afterScore`) one step `move-on` per
// figure is queued, from the active player in turn order; a step offers the features within reach
// as it comes up (an earlier figure may have taken one), and passing leaves the figure in supply.
import { find, featureOf, segsOf } from './features.ts';
import { emit } from './events.ts';
import { tileAtXY } from './board-index.ts';
import { SIDE_DX, SIDE_DY } from './cells.ts';
import { playerName } from './scoring.ts';
import { putPiece } from './modules/base.ts';
import { wagonMoves } from '../formats/jcz-vocabulary.ts';
import { complete } from './data-extra-turn.ts';
import { ev, type DataState, type MoveOnEntry } from './data-scope.ts';
import { PHASE_AFTER_SCORE } from './phases.ts';
import type { DataFigure } from '../formats/schema-types.ts';
import type { CTile, Engine, Hooks, Move, Refusal, RuleModule, Step, StepDef } from './types.ts';

/** What a `move-on` step carries: the entry and the figure's reach, worked out when it was queued. */
interface MoveOnData extends MoveOnEntry {
	features: string[];
	around: boolean;
	rules: string[];
}

export const MOVE_ON = 'move-on';

/**
 * The features of tile `t` a figure on local feature `i` may move on to when the reach is
 * `connected`: those it shares a link with in the tile's geometry (a road ending at a crossroads,
 * a monastery or a city gate: formats/jcz-vocabulary.ts `wagonMoves`, JCZ's `wagon-move` groups).
 */
function leadsTo(t: CTile, i: number): number[] {
	let links = linked.get(t);
	if (!links) {
		links = t.features.map(() => [] as number[]);
		const local = new Map(t.def.features.map((f, j) => [f.id, j]));
		for (const group of wagonMoves(t.def.features)) {
			const js = group.map((id) => local.get(id)!);
			for (const a of js)
				for (const b of js) if (a !== b && !links[a].includes(b)) links[a].push(b);
		}
		linked.set(t, links);
	}
	return links[i];
}
/** Per compiled tile, each local feature's links (the geometry never changes). */
const linked = new WeakMap<CTile, number[][]>();

/** The segments the figure of step data `d` may move on to now, one per tile of each feature within reach. */
function targets(engine: Engine, d: MoveOnData): number[] {
	const s = engine.state;
	const candidates: number[] = [];
	const tileSegs = (b: number) => {
		const n = engine.rules.tiles[s.boardTile[b]].features.length;
		for (let i = 0; i < n; i++) candidates.push(s.boardFirstSegment[b] + i);
	};
	if (d.around) {
		const x = s.boardX[d.tile];
		const y = s.boardY[d.tile];
		for (let dy = -1; dy <= 1; dy++)
			for (let dx = -1; dx <= 1; dx++) {
				const b = tileAtXY(engine, x + dx, y + dy);
				if (b >= 0) tileSegs(b);
			}
	} else
		for (const seg of d.segs) {
			const b = s.segmentTile[seg];
			const t = engine.rules.tiles[s.boardTile[b]];
			for (const j of leadsTo(t, s.segmentFeature[seg]))
				candidates.push(s.boardFirstSegment[b] + j);
			// a side against a tile that fits anything (the abbey) leads to what stands on it
			for (let side = 0; side < 4; side++) {
				if (t.sideFeat[s.boardRotation[b] * 4 + side] !== s.segmentFeature[seg]) continue;
				const n = tileAtXY(engine, s.boardX[b] + SIDE_DX[side], s.boardY[b] + SIDE_DY[side]);
				if (n >= 0 && engine.rules.tiles[s.boardTile[n]].wildcard) tileSegs(n);
			}
		}
	const out: number[] = [];
	for (const seg of candidates) {
		if (out.includes(seg)) continue;
		const root = find(s, seg);
		if (!d.features.includes(featureOf(engine, seg).kind)) continue;
		if ((s.featurePieces[root] ?? []).length || complete(engine, root)) continue;
		if (engine.rules.hooks.deployCheck.some((h) => h(engine, d.owner, d.figure, seg) !== null))
			continue;
		out.push(seg);
	}
	return out;
}

function moveOf(engine: Engine, seg: number): Move {
	const s = engine.state;
	const b = s.segmentTile[seg];
	return { type: MOVE_ON, x: s.boardX[b], y: s.boardY[b], feature: featureOf(engine, seg).id };
}

/** The step kind every module with `moveOn` figures shares (its data says which figure and how). */
export const moveOnStep: StepDef = {
	accepts: [MOVE_ON, 'pass'],
	describe: 'move the figure on, or leave it in supply',
	describeStep: (rules, step) => {
		const name = rules.figures.get((step.data as unknown as MoveOnData).figure)?.name;
		return `move the ${name?.toLowerCase() ?? 'figure'} on, or leave it in supply`;
	},
	moves(engine, step, out) {
		for (const seg of targets(engine, step.data as unknown as MoveOnData))
			out.push(moveOf(engine, seg));
		out.push({ type: 'pass' });
	},
	pass(engine, step) {
		const d = step.data as unknown as MoveOnData;
		const name = engine.rules.figures.get(d.figure)?.name.toLowerCase() ?? d.figure;
		return {
			text: `${playerName(engine, d.owner)} keeps the ${name} in supply.`,
			rules: d.rules
		};
	}
};

/** The `move-on` move: the figure of the step stands on the feature named (x, y, feature). */
export function moveOnMove(
	engine: Engine,
	move: { type: string; x?: unknown; y?: unknown; feature?: unknown },
	step: Step
): Refusal | null {
	const s = engine.state;
	const d = step.data as unknown as MoveOnData;
	const name = engine.rules.figures.get(d.figure)?.name.toLowerCase() ?? d.figure;
	const b =
		step.kind === MOVE_ON && typeof move.x === 'number' && typeof move.y === 'number'
			? tileAtXY(engine, move.x, move.y)
			: -1;
	const local =
		b < 0
			? -1
			: engine.rules.tiles[s.boardTile[b]].def.features.findIndex((f) => f.id === move.feature);
	const seg = local < 0 ? -1 : s.boardFirstSegment[b] + local;
	if (seg < 0 || !targets(engine, d).includes(seg))
		return {
			code: 'out-of-reach',
			message: `${playerName(engine, d.owner)}'s ${name} cannot move on to ${String(move.feature)} at (${String(move.x)},${String(move.y)}): not an unoccupied, incomplete ${d.features.join(', ')} within reach`,
			rules: d.rules
		};
	putPiece(engine, d.piece, seg);
	const kind = featureOf(engine, seg).kind;
	emit(
		engine,
		{
			type: 'moveOn',
			rules: d.rules,
			player: d.owner,
			piece: d.piece,
			figure: d.figure,
			kind,
			x: move.x,
			y: move.y,
			feature: move.feature
		},
		() =>
			`${playerName(engine, d.owner)}'s ${name} moves on to ${kind} ${String(move.feature)} of (${String(move.x)},${String(move.y)}).`
	);
	return null;
}

/**
 * The hooks of a data module's `moveOn` figures (figure id → its property and the rule ids its
 * move cites), the figures waiting kept in its state's `moveOn`.
 */
export function moveOnHooks(
	figures: ReadonlyMap<string, { f: NonNullable<DataFigure['moveOn']>; rules: string[] }>,
	state: (engine: Engine) => DataState
): Pick<Hooks, 'scored' | 'afterScore'> {
	const queue = (engine: Engine, entries: MoveOnEntry[]) => {
		const s = engine.state;
		const players = s.players.length;
		const order = (e: MoveOnEntry) => (e.owner - s.active + players) % players;
		const sorted = entries.slice().sort((a, b) => order(a) - order(b));
		const lookup = (name: string): number | boolean => {
			if (name.startsWith('param.')) return engine.rules.params[name.slice(6)] ?? 0;
			const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
			return m ? engine.rules.rulings[m[1]] === m[2] : 0;
		};
		for (const e of sorted) {
			const { f, rules } = figures.get(e.figure)!;
			const data: MoveOnData = {
				...e,
				features: f.features,
				around: f.around === undefined ? false : ev(f.around, lookup) === true,
				rules
			};
			// nothing within reach: no step, the figure stays in supply
			if (targets(engine, data).length)
				s.pending.push({
					kind: MOVE_ON,
					player: e.owner,
					data: data as unknown as Record<string, unknown>
				});
		}
	};
	return {
		scored(engine, root, event) {
			if (event.mode !== 'complete') return;
			const s = engine.state;
			const entries: MoveOnEntry[] = [];
			for (const pc of s.featurePieces[root] ?? []) {
				const p = s.pieces[pc];
				if (p.owner < 0 || !figures.has(p.kind)) continue;
				entries.push({
					piece: pc,
					owner: p.owner,
					figure: p.kind,
					tile: p.tile,
					segs: segsOf(s, root)
				});
			}
			if (!entries.length) return;
			if (s.phase >= PHASE_AFTER_SCORE) queue(engine, entries);
			else (state(engine).moveOn ??= []).push(...entries);
		},
		afterScore(engine) {
			const st = state(engine);
			if (!st.moveOn?.length) return;
			const entries = st.moveOn;
			st.moveOn = [];
			queue(engine, entries);
		}
	};
}

/**
 * A data module's `moveOn` figures wired in: their hooks join `hooks` (after a `scored` hook already
 * there), and the module gets the step and move (returned, to spread into it; empty without any).
 */
export function withMoveOn(
	figures: Record<string, DataFigure>,
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): Pick<RuleModule, 'steps' | 'moves'> {
	const moveOn = new Map(
		Object.entries(figures).flatMap(([fid, f]) =>
			f.moveOn ? [[fid, { f: f.moveOn, rules: f.moveOnRules ?? f.rules ?? [] }] as const] : []
		)
	);
	if (!moveOn.size) return {};
	const mine = moveOnHooks(moveOn, state);
	const before = hooks.scored;
	hooks.scored = before
		? (engine, root, ev) => {
				before(engine, root, ev);
				mine.scored(engine, root, ev);
			}
		: mine.scored;
	hooks.afterScore = mine.afterScore;
	return { steps: { [MOVE_ON]: moveOnStep }, moves: { [MOVE_ON]: moveOnMove } };
}
