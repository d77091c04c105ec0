// A bag step (schemas/expansion.v1.json bagStep, type 'bag'): a face-down bag of tokens that
// figures of one kind draw from. A figure placed draws at once; each later tile its owner places
// that extends the feature holding it asks them to draw again (`expand`) or to cash in (`score`:
// every owner of such a figure in that feature scores the values of all its tokens, the figures go
// home and their tokens back into the bag). A token that `ends` sends every such figure of the
// feature home and their tokens back (it stays in the bag); a feature that can grow no more cashes
// in at once. A draw takes the token at ⌊u × n⌋ of the n tokens in the bag in its order, u from the
// game's fixed `draws` first (a JCloisterZone game's recorded random values), then from the PRNG.
// Hills & Sheep's shepherd and flock (expansions/hills-and-sheep.json) is such a step. The bag and
// the figures' tokens are the data module's state (plain data); names come from the document.
import { featureOf, find, segsOf } from './features.ts';
import { emit } from './events.ts';
import { figureRef, playerName, returnPiece } from './scoring.ts';
import { random } from './bag.ts';
import { tileAtXY } from './board-index.ts';
import { SIDE_DX, SIDE_DY } from './cells.ts';
import { evNum, type DataState } from './data-scope.ts';
import type { BagState } from './data-step-states.ts';
import type { BagStep, DataStep } from '../formats/schema-types.ts';
import type { Award, Engine, FigureType, Hooks, Move, Refusal, RuleModule, Step } from './types.ts';

/** One bag step with its names worked out. */
interface Bag {
	d: BagStep;
	index: number;
	figure: string;
	values: number[];
	unit: string;
	holder: string;
	state: (engine: Engine) => BagState;
}

const plural = (n: number, w: string) => (n === 1 ? w : `${w}s`);
const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);

/** The figures of the step's kind (any player's) in the feature at `root`. */
function figuresIn(engine: Engine, b: Bag, root: number): number[] {
	const out: number[] = [];
	for (const pc of engine.state.featurePieces[root] ?? [])
		if (engine.state.pieces[pc].kind === b.figure) out.push(pc);
	return out;
}

/** Can the feature at `root` grow no more: a field when every half-side of it faces a tile, another feature when no side is open. */
function closed(engine: Engine, root: number): boolean {
	const s = engine.state;
	if (!isField(engine, root)) return s.openEdges[root] === 0;
	for (const seg of segsOf(s, root)) {
		const b = s.segmentTile[seg];
		const t = engine.rules.tiles[s.boardTile[b]];
		const r = s.boardRotation[b];
		const local = s.segmentFeature[seg];
		for (let h = 0; h < 8; h++) {
			if (t.halfField[r * 8 + h] !== local) continue;
			const side = h >> 1;
			if (tileAtXY(engine, s.boardX[b] + SIDE_DX[side], s.boardY[b] + SIDE_DY[side]) < 0)
				return false;
		}
	}
	return true;
}

const isField = (engine: Engine, root: number): boolean => featureOf(engine, root).kind === 'field';

/** Does the tile just placed hold part of the feature at `root`? */
function extendedNow(engine: Engine, root: number): boolean {
	const s = engine.state;
	const first = s.boardFirstSegment[s.placed];
	const n = engine.rules.tiles[s.boardTile[s.placed]].features.length;
	for (let i = 0; i < n; i++) if (find(s, first + i) === root) return true;
	return false;
}

/** Draws a token: its kind and the value in [0, 1) that chose it; null when the bag is empty. */
function drawToken(engine: Engine, b: Bag): { kind: number; u: number } | null {
	const st = b.state(engine);
	const n = sum(st.bag);
	if (n === 0) return null;
	const u = st.fixed.length > 0 ? st.fixed.shift()! : random(engine.state);
	let i = Math.min(n - 1, Math.floor(u * n));
	for (let kind = 0; kind < st.bag.length; kind++) {
		if (i < st.bag[kind]) return { kind, u };
		i -= st.bag[kind];
	}
	return null;
}

/** The tokens of these figures go back into the bag and the figures to their owners. */
function sendHome(engine: Engine, b: Bag, pieces: number[]): void {
	const st = b.state(engine);
	for (const pc of pieces) {
		for (const kind of st.held[pc] ?? []) st.bag[kind]++;
		delete st.held[pc];
		returnPiece(engine, pc);
	}
}

/** The figure's name in the log ('shepherd'). */
const nameOf = (engine: Engine, b: Bag): string =>
	(engine.rules.figures.get(b.figure)?.name ?? b.figure).toLowerCase();

const valueOf = (b: Bag, held: readonly number[] | undefined) =>
	sum((held ?? []).map((k) => b.values[k]));

/** The figure `pc` draws a token: it joins the figure's tokens, or one that ends scatters the feature's. */
function expand(engine: Engine, b: Bag, pc: number, rules: string[]): void {
	const st = b.state(engine);
	const drawn = drawToken(engine, b);
	const at = figureRef(engine, pc);
	const player = engine.state.pieces[pc].owner;
	const who = () => `${playerName(engine, player)}'s ${nameOf(engine, b)}`;
	if (!drawn) {
		emit(
			engine,
			{ type: b.d.move, rules, player, drawn: null, at },
			() => `${who()} finds the bag empty: the ${b.holder} stays as it is.`
		);
		return;
	}
	const { kind, u } = drawn;
	const token = b.d.tokens[kind];
	if (token.ends) {
		const gone = figuresIn(engine, b, find(engine.state, engine.state.pieces[pc].seg));
		const units = sum(gone.map((q) => valueOf(b, st.held[q])));
		const refs = gone.map((q) => figureRef(engine, q));
		const where = featureKind(engine, pc);
		sendHome(engine, b, gone);
		const name = token.name ?? `${token.value} ${b.unit}`;
		emit(
			engine,
			{
				type: b.d.move,
				rules: [...rules, ...(b.d.endRules ?? [])],
				player,
				drawn: token.id ?? token.value,
				u,
				at,
				returned: refs,
				[b.unit]: units
			},
			() =>
				`${who()} draws ${name}: ${units} ${b.unit} of the ${where} go back into the bag and ${refs.map((r) => `${playerName(engine, r.owner)}'s ${nameOf(engine, b)}`).join(' and ')} ${refs.length > 1 ? 'go' : 'goes'} home.`
		);
		return;
	}
	st.bag[kind]--;
	(st.held[pc] ??= []).push(kind);
	const values = st.held[pc].map((k) => b.values[k]);
	emit(
		engine,
		{ type: b.d.move, rules, player, drawn: token.id ?? token.value, u, at, [b.holder]: values },
		() =>
			`${who()} draws ${token.name ?? `${token.value} ${b.unit}`}: the ${b.holder} at (${at.x},${at.y}) has ${sum(values)}.`
	);
}

/** The kind of feature the figure `pc` stands on, for the log. */
const featureKind = (engine: Engine, pc: number): string =>
	featureOf(engine, engine.state.pieces[pc].seg).kind;

/** The tokens of the feature at `root` are cashed in: every owner of a figure there scores all of them, once. */
function cashIn(engine: Engine, b: Bag, root: number, rules: string[]): void {
	const st = b.state(engine);
	const s = engine.state;
	const pieces = figuresIn(engine, b, root);
	if (pieces.length === 0) return;
	const kinds = pieces.flatMap((pc) => st.held[pc] ?? []);
	const points = valueOf(b, kinds);
	const counts = b.d.tokens
		.map((t, k) => [t.value, kinds.filter((x) => x === k).length])
		.filter(([, n]) => n > 0);
	const arithmetic = `${counts.map(([v, n]) => `${n} × ${v} ${b.unit}`).join(' + ') || `no ${b.unit}`} = ${points}`;
	const owners: number[] = [];
	for (const pc of pieces)
		if (!owners.includes(s.pieces[pc].owner)) owners.push(s.pieces[pc].owner);
	const awards: Award[] = owners.map((p) => ({ player: p, points, arithmetic, rules }));
	for (const a of awards) s.scores[a.player] += a.points;
	const refs = pieces.map((pc) => figureRef(engine, pc));
	sendHome(engine, b, pieces);
	const many = pieces.length > 1;
	emit(
		engine,
		{ type: `${b.d.move}Score`, rules, points, arithmetic, awards, returned: refs, at: refs[0] },
		() =>
			`The ${plural(pieces.length, b.holder)} at (${refs[0].x},${refs[0].y}) ${many ? 'go' : 'goes'} ${b.d.labels?.scored ?? 'to be scored'}: ${owners.map((p) => `${playerName(engine, p)} +${points}`).join(', ')} (${arithmetic}).`
	);
}

/** Cashes in every feature with a figure of the step's kind that can grow no more, but those in `skip`. */
function cashClosed(engine: Engine, b: Bag, skip: readonly number[]): void {
	const s = engine.state;
	for (let pc = 0; pc < s.pieces.length; pc++) {
		const p = s.pieces[pc];
		if (p.kind !== b.figure || p.seg < 0) continue;
		const root = find(s, p.seg);
		if (!skip.includes(root) && closed(engine, root))
			cashIn(engine, b, root, b.d.closedRules ?? [b.d.id]);
	}
}

/** After the figure step: a figure just placed draws; the owner of each figure whose feature the tile extended chooses. */
function tend(engine: Engine, b: Bag): void {
	const s = engine.state;
	if (s.placed < 0) return;
	const waiting: number[] = [];
	const roots: number[] = [];
	for (let pc = 0; pc < s.pieces.length; pc++) {
		const p = s.pieces[pc];
		if (p.kind !== b.figure || p.owner !== s.active || p.seg < 0) continue;
		if (p.tile === s.placed) {
			expand(engine, b, pc, b.d.placedRules ?? [b.d.id]);
			continue;
		}
		const root = find(s, p.seg);
		if (!roots.includes(root) && extendedNow(engine, root)) {
			waiting.push(pc);
			roots.push(root);
		}
	}
	cashClosed(engine, b, roots);
	if (waiting.length)
		s.pending.push({ kind: b.d.move, player: s.active, data: { figures: waiting } });
}

/** The choice's move: draw again or cash in, for the first figure waiting; the others wait on. */
function choose(engine: Engine, b: Bag, move: Move, step: Step): Refusal | null {
	const choice = (move as { choice?: unknown }).choice;
	if (choice !== 'expand' && choice !== 'score')
		return {
			code: 'bad-choice',
			message: `a ${b.d.move} move's choice is 'expand' (${b.d.labels?.expand ?? 'draw a token'}) or 'score' (${b.d.labels?.score ?? 'cash in'}), not '${String(choice)}'`,
			rules: [b.d.id]
		};
	const s = engine.state;
	const [pc, ...rest] = (step.data?.figures as number[] | undefined) ?? [];
	if (pc !== undefined && s.pieces[pc].seg >= 0) {
		if (choice === 'expand') expand(engine, b, pc, b.d.drawRules ?? [b.d.id]);
		else cashIn(engine, b, find(s, s.pieces[pc].seg), b.d.scoreRules ?? [b.d.id]);
		cashClosed(engine, b, []);
	}
	const left = rest.filter((q) => s.pieces[q].seg >= 0);
	if (left.length)
		s.pending.unshift({ kind: b.d.move, player: step.player, data: { figures: left } });
	return null;
}

/** The deploy check of a step with `onePerFeature`: one figure of its kind per feature. */
function alone(b: Bag, name: string): NonNullable<FigureType['canDeploy']> {
	return (engine, _player, _seg, root) =>
		figuresIn(engine, b, root).length === 0
			? null
			: {
					code: `${b.figure}-there`,
					message: `a ${name.toLowerCase()} already stands in this ${isField(engine, root) ? 'field' : 'feature'}`,
					rules: b.d.placedRules ?? [b.d.id]
				};
}

/**
 * A document's bag steps wired in: their setup and tending join `hooks` (at `afterFigure`, or at a
 * moment a document adds), a step kind and a move per step; `deploy` the figures' deploy checks.
 */
export function withBags(
	steps: readonly DataStep[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): {
	module: Pick<RuleModule, 'steps' | 'moves' | 'moments'>;
	deploy: (f: FigureType) => FigureType;
	cited: string[];
} | null {
	const list = (steps as readonly { type: string }[]).filter((s): s is BagStep => s.type === 'bag');
	if (!list.length) return null;
	const bags: Bag[] = list.map((d, index) => ({
		d,
		index,
		figure: d.figure,
		values: d.tokens.map((t) => t.value),
		unit: d.unit ?? 'token',
		holder: d.holder ?? 'tokens',
		state: (engine) => state(engine).bags![index]
	}));
	const setup = hooks.setup;
	hooks.setup = (engine) => {
		setup?.(engine);
		const p = engine.rules.params;
		state(engine).bags = list.map((d): BagState => ({
			bag: d.tokens.map((t) =>
				Math.max(
					0,
					evNum(t.count, (n) => (n.startsWith('param.') ? (p[n.slice(6)] ?? 0) : 0))
				)
			),
			held: {},
			fixed: [...(engine.state.origin.draws ?? [])]
		}));
	};
	const moments: Record<string, (engine: Engine) => void> = {};
	for (const b of bags) {
		const at = b.d.at ?? 'afterFigure';
		if (at === 'afterFigure') {
			const before = hooks.afterFigure;
			hooks.afterFigure = (engine) => {
				before?.(engine);
				tend(engine, b);
			};
		} else moments[at] = (engine) => tend(engine, b);
	}
	return {
		module: {
			steps: Object.fromEntries(
				bags.map((b) => [
					b.d.move,
					{
						accepts: [b.d.move],
						describe: `${b.d.labels?.expand ?? 'draw a token'} or ${b.d.labels?.score ?? 'cash in'}`,
						rules: [b.d.id],
						moves: (_e: Engine, _s: Step, out: Move[]) =>
							out.push({ type: b.d.move, choice: 'expand' }, { type: b.d.move, choice: 'score' })
					}
				])
			),
			moves: Object.fromEntries(
				bags.map((b) => [
					b.d.move,
					(engine: Engine, move: Move, step: Step) => choose(engine, b, move, step)
				])
			),
			...(Object.keys(moments).length ? { moments } : {})
		},
		deploy: (f) => {
			const b = bags.find((x) => x.figure === f.id && x.d.onePerFeature);
			return b ? { ...f, canDeploy: alone(b, f.name) } : f;
		},
		cited: list.flatMap((d) => [
			d.id,
			...(d.placedRules ?? []),
			...(d.drawRules ?? []),
			...(d.endRules ?? []),
			...(d.scoreRules ?? []),
			...(d.closedRules ?? [])
		])
	};
}
