// Two figure properties of the rules-as-data language (schemas/expansion.v1.json dataFigure):
// `requiresOwnFollower` (placed only where its owner already has a follower) and `extraTurn` (its
// owner takes another turn when their tile extends the feature holding it; a turn so gained gives
// no further one) — Traders & Builders' builder, written as data (expansions/traders-and-builders-builder.json).
import { find, featureOf } from './features.ts';
import { emit } from './events.ts';
import { playerName } from './scoring.ts';
import type { DataFigure } from '../formats/schema-types.ts';
import type { Engine, FigureType, Hooks, Refusal } from './types.ts';

/** Where the active player stands with the extra turn of one data module's figures. */
export interface ExtraTurnState {
	/** 0: nothing; 1: earned in this turn (by figure `by` on a feature of kind `kind`); 2: this turn is the extra one. */
	turn: number;
	by: string;
	kind: string;
}

/** Whether the feature at `root` is complete: no open edge, or an inner feature with its tile surrounded. */
export function complete(engine: Engine, root: number): boolean {
	const s = engine.state;
	const f = featureOf(engine, root);
	if (f.kind === 'field') return false;
	return f.inner ? s.boardNeighbours[s.segmentTile[root]] === 8 : s.openEdges[root] === 0;
}

/**
 * Whether `player` has a follower on the feature at `root` that accompanies another figure (a
 * follower whose `accompanies` holds), and else the names and rule ids of the followers of theirs
 * there that do not (the scarecrow for the pig).
 */
export function ownFollowerOn(
	engine: Engine,
	player: number,
	root: number
): { own: boolean; not: string[]; rules: string[] } {
	const not: string[] = [];
	const rules: string[] = [];
	for (const pc of engine.state.featurePieces[root] ?? []) {
		const p = engine.state.pieces[pc];
		const ft = engine.rules.figures.get(p.kind);
		if (p.owner !== player || !ft?.follower) continue;
		if (!ft.accompanies || ft.accompanies(engine.rules)) return { own: true, not: [], rules: [] };
		not.push(ft.name.toLowerCase());
		for (const r of ft.accompaniesRules ?? []) if (!rules.includes(r)) rules.push(r);
	}
	return { own: false, not, rules };
}

/** The deploy check of a data figure with `requiresOwnFollower` and/or `extraTurn`, or undefined. */
export function ownFollowerCheck(id: string, f: DataFigure): FigureType['canDeploy'] {
	if (!f.requiresOwnFollower && !f.extraTurn) return undefined;
	const rules = f.rules?.length ? [f.rules[0]] : [];
	return (engine, player, _seg, root): Refusal | null => {
		const name = engine.rules.figures.get(id)?.name.toLowerCase() ?? id;
		if (f.requiresOwnFollower) {
			const on = ownFollowerOn(engine, player, root);
			if (!on.own)
				return {
					code: 'needs-own-follower',
					message: `the ${name} goes only where its owner already has a follower${on.not.length ? ` (a ${on.not[0]} does not count)` : ''}`,
					rules: [...rules, ...on.rules]
				};
		}
		if (f.extraTurn && complete(engine, root))
			return {
				code: 'feature-complete',
				message: `the ${featureOf(engine, root).kind} is complete: the ${name} would return at once`,
				rules
			};
		return null;
	};
}

/**
 * The hooks of a data module's `extraTurn` figures (figure id → the rule ids its extra turn cites),
 * kept in its state's `extra`: a tile of the active player that extends a feature holding one of
 * their such figures (not the tile it stands on) earns another turn, taken at the end of this one.
 */
export function extraTurnHooks(
	figures: ReadonlyMap<string, string[]>,
	state: (engine: Engine) => { extra?: ExtraTurnState }
): Partial<Hooks> {
	return {
		placed(engine, b) {
			const s = engine.state;
			const st = (state(engine).extra ??= { turn: 0, by: '', kind: '' });
			if (st.turn !== 0) return; // earned already, or this is the extra turn: no further one
			const first = s.boardFirstSegment[b];
			const n = engine.rules.tiles[s.boardTile[b]].features.length;
			for (const p of s.pieces) {
				if (p.owner !== s.active || p.seg < 0 || p.tile === b || !figures.has(p.kind)) continue;
				const root = find(s, p.seg);
				for (let i = 0; i < n; i++)
					if (find(s, first + i) === root) {
						st.turn = 1;
						st.by = p.kind;
						st.kind = featureOf(engine, root).kind;
						return;
					}
			}
		},
		anotherTurn(engine) {
			const st = state(engine).extra;
			if (!st || st.turn === 0) return false;
			if (st.turn === 2) {
				st.turn = 0;
				return false;
			}
			st.turn = 2;
			const player = engine.state.active;
			const name = engine.rules.figures.get(st.by)?.name.toLowerCase() ?? st.by;
			emit(
				engine,
				{
					type: 'extraTurn',
					rules: figures.get(st.by) ?? [],
					player,
					figure: st.by,
					kind: st.kind
				},
				() =>
					`${playerName(engine, player)} extended the ${st.kind} holding their ${name}: another turn for ${playerName(engine, player)}.`
			);
			return true;
		}
	};
}
