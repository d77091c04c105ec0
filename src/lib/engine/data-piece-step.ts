// A piece step (schemas/expansion.v1.json dataStep, type 'piece'): in the figure step, the player
// may put a piece of an extra figure (one of the document's figures, not a follower) on a part of
// the tile just placed that the step's `onto` allows — with the turn's figure (the figure step goes
// on) or instead of it. One such piece per part of a tile, or per feature as joined under a
// condition; under conditions the piece occupies like a follower (strength 1), stays when its
// feature scores, or counts as the turn's figure for the actions allowed only instead of one. The
// step's move and event are named by its figure ('owner'); its parts are named by the document
// ('inn', 'innkeeper'). Its conditions read rulings and parameters, `onto` also the part's
// modifiers on its tile: all decided once per rules context (Tables).
import { find, featureOf } from './features.ts';
import { emit } from './events.ts';
import { figureRef, playerName } from './scoring.ts';
import { inSupply, putPiece } from './modules/base.ts';
import { perContext } from './per-context.ts';
import { ev } from './data-scope.ts';
import { joinHooks } from './data-token-step.ts';
import type { DataStep, PieceStep } from '../formats/schema-types.ts';
import type {
	Context,
	Engine,
	Expansion,
	FigureType,
	Hooks,
	Move,
	Refusal,
	RuleModule,
	Step
} from './types.ts';

type Part = { name: string; role: string; rules: string[] };

/** A piece step with its names and rule ids worked out (per document). */
interface Spec {
	d: PieceStep;
	figure: string;
	/** 'owner': the figure's name, lower case. */
	label: string;
	instead: boolean;
	/** Per feature kind the step lists: how its part is named and what its placement cites. */
	parts: Map<string, Part>;
	ontoRules: string[];
	countRules: string[];
	oneRules: string[];
	occupiesRules: string[];
}

/** What the step decides per rules context. */
interface Tables {
	/** Per compiled tile: per local feature the part the piece may take (null: none); null when no part of the tile takes one. */
	parts: ((Part | null)[] | null)[];
	count: number;
	onePerFeature: boolean;
	occupies: boolean;
	stays: boolean;
	countsAsFigure: boolean;
}

const a = (w: string) => (/^[aeiou]/i.test(w) ? `an ${w}` : `a ${w}`);

const lookup =
	(rules: Context, modifiers: Record<string, number | boolean> = {}) =>
	(name: string) => {
		if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
		if (name.startsWith('modifier.')) return modifiers[name.slice(9)] ?? false;
		const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
		return m ? rules.rulings[m[1]] === m[2] : 0;
	};
const cond = (rules: Context, e: unknown) => e !== undefined && ev(e, lookup(rules)) === true;

function tablesFor(rules: Context, s: Spec, perPlayer: number): Tables {
	const d = s.d;
	const parts = rules.tiles.map((t) => {
		const per = t.features.map((f): Part | null => {
			const c = (d.onto as Record<string, unknown>)[f.kind];
			return c !== undefined && ev(c, lookup(rules, f.modifiers)) === true
				? s.parts.get(f.kind)!
				: null;
		});
		return per.some((x) => x) ? per : null;
	});
	const count = d.count === undefined ? perPlayer : Number(ev(d.count, lookup(rules)));
	return {
		parts,
		count: Math.max(0, Math.trunc(count) || 0),
		onePerFeature: cond(rules, d.onePerFeature),
		occupies: cond(rules, d.occupies),
		stays: cond(rules, d.stays),
		countsAsFigure: cond(rules, d.countsAsFigure)
	};
}

function specOf(d: PieceStep, name: string): Spec {
	const label = name.toLowerCase();
	const parts = new Map<string, Part>();
	for (const kind of Object.keys(d.onto)) {
		const p = d.parts?.[kind as keyof typeof d.parts];
		parts.set(kind, { name: p?.name ?? kind, role: p?.role ?? label, rules: p?.rules ?? [d.id] });
	}
	return {
		d,
		figure: d.figure,
		label,
		instead: d.with === 'instead',
		parts,
		ontoRules: d.ontoRules ?? [d.id],
		countRules: d.countRules ?? [],
		oneRules: d.oneRules ?? [],
		occupiesRules: d.occupiesRules ?? []
	};
}

/** What one piece step's hooks and move share. */
interface Kit {
	s: Spec;
	tables: (rules: Context) => Tables;
	/** The first piece of the step's figure on feature `root` (on segment `seg` when given), or -1. */
	pieceOn: (engine: Engine, root: number, seg?: number) => number;
	/** Why `player` may not put the piece on local feature `local` of the tile just placed. */
	refusal: (engine: Engine, player: number, local: number, needSupply: boolean) => Refusal | null;
}

function kitOf(s: Spec, tables: (rules: Context) => Tables): Kit {
	const pieceOn = (engine: Engine, root: number, seg?: number): number => {
		const list = engine.state.featurePieces[root];
		if (list)
			for (let i = 0; i < list.length; i++) {
				const p = engine.state.pieces[list[i]];
				if (p.kind === s.figure && (seg === undefined || p.seg === seg)) return list[i];
			}
		return -1;
	};
	const kit: Kit = { s, tables, pieceOn, refusal: () => null };
	kit.refusal = refusalOf(kit);
	return kit;
}

function refusalOf(kit: Kit) {
	const { s, tables, pieceOn } = kit;
	const names = [...s.parts.values()].map((p) => a(p.name));
	const none =
		names.length === 2
			? `neither ${names[0]} nor ${names[1]}`
			: `not ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)}`;
	return (engine: Engine, player: number, local: number, needSupply: boolean): Refusal | null => {
		const state = engine.state;
		const t = engine.rules.tiles[state.boardTile[state.placed]];
		const f = t.features[local];
		const lt = tables(engine.rules);
		const part = lt.parts[t.index]?.[local] ?? null;
		if (!part)
			return {
				code: `not-${s.figure}-place`,
				message: `${f.kind} ${f.id} is ${none}`,
				rules: s.ontoRules
			};
		if (needSupply && inSupply(engine, s.figure, player) < 0)
			return {
				code: 'no-figure',
				message: `${playerName(engine, player)} has no ${s.label} left in supply`,
				rules: s.countRules
			};
		const seg = state.boardFirstSegment[state.placed] + local;
		const root = find(state, seg);
		const taken = pieceOn(engine, root, lt.onePerFeature ? undefined : seg);
		if (taken >= 0) {
			const ref = figureRef(engine, taken);
			// a part that is the whole feature (a stable) is named as such
			const whole = lt.onePerFeature && part.name !== f.kind;
			const who = `${playerName(engine, ref.owner)}'s ${part.role} at (${ref.x},${ref.y}) on ${ref.feature}`;
			return {
				code: `${s.figure}-taken`,
				message: `this ${whole ? f.kind : part.name} already has ${a(whole ? part.role : s.label)}: ${who}`,
				rules: s.oneRules,
				details: { occupant: ref }
			};
		}
		if (
			lt.occupies &&
			(state.featurePieces[root] ?? []).some(
				(pc) => engine.rules.figures.get(state.pieces[pc].kind)?.follower
			)
		)
			return {
				code: 'feature-occupied',
				message: `${s.label}s count as followers${s.occupiesRules.length ? ` (${s.occupiesRules[0]})` : ''} and this ${f.kind} is occupied`,
				rules: s.occupiesRules
			};
		for (const h of engine.rules.hooks.deployCheck) {
			const r = h(engine, player, s.figure, seg);
			if (r) return r;
		}
		return null;
	};
}

/** The step's move: put the piece on a part of the tile just placed, or say why not. */
function moveOf(kit: Kit) {
	const { s, tables } = kit;
	return (
		engine: Engine,
		move: { type: string; feature?: unknown },
		step: Step
	): Refusal | null => {
		const state = engine.state;
		const t = engine.rules.tiles[state.boardTile[state.placed]];
		const feature = String(move.feature);
		const local = t.features.findIndex((f) => f.id === feature);
		if (local < 0)
			return {
				code: 'no-such-feature',
				message: `${t.key} has no feature '${feature}'`,
				rules: [s.d.id]
			};
		const r = kit.refusal(engine, step.player, local, true);
		if (r) return r;
		const lt = tables(engine.rules);
		const part = lt.parts[t.index]![local]!;
		const piece = inSupply(engine, s.figure, step.player);
		putPiece(engine, piece, state.boardFirstSegment[state.placed] + local);
		if (!engine.silent) {
			const x = state.boardX[state.placed];
			const y = state.boardY[state.placed];
			emit(
				engine,
				{
					type: s.figure,
					rules: part.rules,
					player: step.player,
					piece,
					x,
					y,
					feature,
					role: part.role
				},
				() =>
					`${playerName(engine, step.player)} puts ${a(s.label)} as ${part.role} on ${feature} of (${x},${y}), ${s.instead ? 'instead of' : 'in addition to'} the usual figure.`
			);
		}
		if (s.instead || lt.countsAsFigure) state.acted = true;
		// with the figure: the figure step goes on
		if (!s.instead) state.pending.unshift({ kind: 'figure', player: step.player });
		return null;
	};
}

/** The hooks of one piece step: its pieces in supply, its moves listed, its piece as a follower. */
function hooksOf(kit: Kit): Partial<Hooks> {
	const { s, tables, pieceOn } = kit;
	return {
		setup(engine) {
			// the step decides how many pieces each player gets
			const state = engine.state;
			const want = tables(engine.rules).count;
			state.pieces = state.pieces.filter((p) => p.kind !== s.figure);
			for (let p = 0; p < state.players.length; p++)
				for (let i = 0; i < want; i++)
					state.pieces.push({ kind: s.figure, owner: p, seg: -1, tile: -1 });
		},
		figureOptions(engine, player, out: Move[]) {
			const state = engine.state;
			if (state.placed < 0) return;
			// most tiles have no part that takes the piece
			const parts = tables(engine.rules).parts[state.boardTile[state.placed]];
			if (!parts || inSupply(engine, s.figure, player) < 0) return;
			const t = engine.rules.tiles[state.boardTile[state.placed]];
			for (let i = 0; i < parts.length; i++)
				if (parts[i] && !kit.refusal(engine, player, i, false))
					out.push({ type: s.figure, feature: t.features[i].id });
		},
		deployCheck(engine, _player, figure, seg) {
			// a piece that occupies keeps followers off its feature
			if (
				figure === s.figure ||
				!tables(engine.rules).occupies ||
				!engine.rules.figures.get(figure)?.follower
			)
				return null;
			if (pieceOn(engine, find(engine.state, seg)) < 0) return null;
			return {
				code: 'feature-occupied',
				message: `${a(s.label)} stands on this ${featureOf(engine, seg).kind} and counts as a follower${s.occupiesRules.length ? ` (${s.occupiesRules[0]})` : ''}`,
				rules: s.occupiesRules
			};
		}
	};
}

/** The figure type of a step's piece: an extra piece, a follower only where it occupies. */
function pieceFigure(e: Expansion, s: Spec, tables: (rules: Context) => Tables): FigureType {
	const decl = (e.figures ?? []).find((x) => x.id === s.figure);
	return {
		id: s.figure,
		name: decl?.name ?? s.figure,
		perPlayer: decl?.perPlayer ?? 0,
		follower: false,
		deployable: false,
		extra: true,
		occupies: (rules) => tables(rules).occupies,
		features: [],
		strength: (engine) => (tables(engine.rules).occupies ? 1 : 0),
		rules: s.ontoRules,
		staysAfterScoring: (engine) => tables(engine.rules).stays
	};
}

/** Does a condition hold under these rulings (a parameter's is decided with the game: true)? */
function under(e: unknown, rulings: Readonly<Record<string, string>>): boolean {
	if (e === undefined) return false;
	if (JSON.stringify(e).includes('"param.')) return true;
	return (
		ev(e, (name) => {
			const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
			return m ? rulings[m[1]] === m[2] : 0;
		}) === true
	);
}

/**
 * A document's piece steps wired in: their hooks join `hooks` (after those already there), and what
 * the module gets from them is returned (figures, moves added to the figure step, rule ids cited).
 * The deploy check is bound only under rulings where some piece occupies, when the module has no other.
 */
export function withPieces(
	e: Expansion,
	list: readonly DataStep[],
	hooks: Partial<Hooks>
): {
	cited: string[];
	figures: FigureType[];
	module: Pick<RuleModule, 'moves' | 'stepMoves' | 'deployMoves' | 'hookWhen'>;
} | null {
	const steps = list.filter((d): d is PieceStep => d.type === 'piece');
	if (!steps.length) return null;
	const alone = hooks.deployCheck === undefined;
	const specs = steps.map((d) =>
		specOf(d, (e.figures ?? []).find((x) => x.id === d.figure)?.name ?? d.figure)
	);
	const figures: FigureType[] = [];
	const moves: RuleModule['moves'] = {};
	for (const s of specs) {
		const decl = (e.figures ?? []).find((x) => x.id === s.figure);
		const tables = perContext((rules) => tablesFor(rules, s, decl?.perPlayer ?? 0));
		const kit = kitOf(s, tables);
		joinHooks(hooks, hooksOf(kit));
		figures.push(pieceFigure(e, s, tables));
		moves[s.figure] = moveOf(kit);
	}
	return {
		cited: specs.flatMap((s) => [
			s.d.id,
			...s.ontoRules,
			...[...s.parts.values()].flatMap((p) => p.rules)
		]),
		figures,
		module: {
			moves,
			stepMoves: { figure: specs.map((s) => s.figure) },
			deployMoves: Object.fromEntries(specs.map((s) => [s.figure, s.figure])),
			...(alone
				? { hookWhen: { deployCheck: (r) => specs.some((s) => under(s.d.occupies, r)) } }
				: {})
		}
	};
}
