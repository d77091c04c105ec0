// Read-only questions a face of the engine (the sandbox board, a bot, a report) asks about a game:
// what lies where, who has what left, what the rules say. Nothing here changes the state or decides
// a rule; the answers are plain data built from the state and its rules context.
import { contextOf } from './context.ts';
import { engineOf } from './events.ts';
import { segsOf } from './features.ts';
import { tileAtXY } from './board-index.ts';
import type { GameState, Move, MoveWords, Tile } from './types.ts';
import { markersOf } from './data-marker-step.ts';
import { changedPieces } from './data-surrounded.ts';

export interface BoardTile {
	/** Board index (placement order). */
	index: number;
	x: number;
	y: number;
	rotation: number;
	/** '<expansion>/<tile id>' */
	key: string;
	expansion: string;
	def: Tile;
}

export interface BoardPiece {
	piece: number;
	/** Figure or token type id: follower, large, abbot, pig, note, mayor, … */
	kind: string;
	/** Player index, -1 for a neutral piece. */
	owner: number;
	x: number;
	y: number;
	/** The tile's own feature id the piece stands on. */
	feature: string;
	/** Drawn lying: a choice changed its strength (an act's `strength` choice: a scarecrow laid down). */
	lying?: boolean;
}

export interface BoardMarker {
	/** 'dragon', or a marker step's figure ('fairy'). */
	kind: string;
	x: number;
	y: number;
	/** A marker (the fairy): the piece it stands next to. */
	piece?: number;
}

function tileOf(state: GameState, b: number): BoardTile {
	const ct = contextOf(state).tiles[state.boardTile[b]];
	return {
		index: b,
		x: state.boardX[b],
		y: state.boardY[b],
		rotation: state.boardRotation[b],
		key: ct.key,
		expansion: ct.expansion,
		def: ct.def
	};
}

/** The tiles on the board, in placement order. */
export function boardTiles(state: GameState): BoardTile[] {
	return state.boardTile.map((_, b) => tileOf(state, b));
}

/** The tile at (x, y), from the board index, or undefined. */
export function boardTileAt(state: GameState, x: number, y: number): BoardTile | undefined {
	const b = tileAtXY(engineOf(state, contextOf(state), true), x, y);
	return b < 0 ? undefined : tileOf(state, b);
}

/** The tile placed this turn (whose features the figure step offers), or undefined. */
export function placedTile(state: GameState): BoardTile | undefined {
	return state.placed < 0 ? undefined : tileOf(state, state.placed);
}

/** The root of a segment's feature, without find's path compression (this module never writes). */
function rootOf(state: GameState, seg: number): number {
	while (state.parent[seg] !== seg) seg = state.parent[seg];
	return seg;
}

/** Local feature id of a segment. */
function featureIdOf(state: GameState, seg: number): string {
	const rules = contextOf(state);
	return rules.tiles[state.boardTile[state.segmentTile[seg]]].features[state.segmentFeature[seg]]
		.id;
}

/** Every piece standing on the board. */
export function boardPieces(state: GameState): BoardPiece[] {
	const lying = changedPieces(state);
	const out: BoardPiece[] = [];
	state.pieces.forEach((p, i) => {
		if (p.seg < 0) return;
		const b = state.segmentTile[p.seg];
		out.push({
			piece: i,
			kind: p.kind,
			owner: p.owner,
			x: state.boardX[b],
			y: state.boardY[b],
			feature: featureIdOf(state, p.seg),
			...(lying.has(i) ? { lying: true } : {})
		});
	});
	return out;
}

/** The dragon and the markers (the fairy: data-marker-step.ts), where they stand. */
export function boardMarkers(state: GameState): BoardMarker[] {
	const d = state.moduleState.dragon as { at: number } | undefined;
	const out: BoardMarker[] = [];
	if (d && d.at >= 0) out.push({ kind: 'dragon', x: state.boardX[d.at], y: state.boardY[d.at] });
	for (const [kind, m] of Object.entries(markersOf(state)))
		if (m.at >= 0)
			out.push({
				kind,
				x: state.boardX[m.at],
				y: state.boardY[m.at],
				...(m.piece >= 0 ? { piece: m.piece } : {})
			});
	return out;
}

/** Pieces in supply per owner (player index, or -1 for the general supply): kind → count. */
export function supplies(state: GameState): Map<number, Record<string, number>> {
	const out = new Map<number, Record<string, number>>();
	for (const p of state.pieces) {
		if (p.seg !== -1) continue;
		const m = out.get(p.owner) ?? {};
		m[p.kind] = (m[p.kind] ?? 0) + 1;
		out.set(p.owner, m);
	}
	return out;
}

/** Tiles still to draw, per tile key, in the order of the piles (river before land). */
export function tilesToDraw(state: GameState): { key: string; def: Tile; count: number }[] {
	const rules = contextOf(state);
	const counts = new Map<number, number>();
	for (const pile of state.piles)
		for (const t of [...pile.tiles, ...pile.last]) counts.set(t, (counts.get(t) ?? 0) + 1);
	return [...counts].map(([t, count]) => ({
		key: rules.tiles[t].key,
		def: rules.tiles[t].def,
		count
	}));
}

/** The parts of the whole feature that feature `feature` of the tile at (x, y) belongs to. */
export function featureParts(
	state: GameState,
	x: number,
	y: number,
	feature: string
): { x: number; y: number; feature: string }[] {
	const t = boardTileAt(state, x, y);
	const local = t
		? contextOf(state).tiles[state.boardTile[t.index]].features.findIndex((f) => f.id === feature)
		: -1;
	if (!t || local < 0) return [];
	const root = rootOf(state, state.boardFirstSegment[t.index] + local);
	return segsOf(state, root).map((seg) => ({
		x: state.boardX[state.segmentTile[seg]],
		y: state.boardY[state.segmentTile[seg]],
		feature: featureIdOf(state, seg)
	}));
}

/** What the player to decide must do now, in one line ("move the wagon on, or leave it in supply"). */
export function stepLine(state: GameState): string {
	const step = state.pending[0];
	if (!step) return '';
	const rules = contextOf(state);
	const def = rules.steps.get(step.kind);
	return def?.describeStep?.(rules, step) ?? def?.describe ?? step.kind;
}

/** The rules the step to decide now plays (a data step's: the random step's rule), or none. */
export function stepRules(state: GameState): string[] {
	const step = state.pending[0];
	return (step && contextOf(state).steps.get(step.kind)?.rules) || [];
}

/** A move of the step to decide now in its document's words (a data step's: the town hall, the messenger's choice), or undefined. */
export function moveWords(state: GameState, move: Move): MoveWords | undefined {
	const step = state.pending[0];
	if (!step) return undefined;
	const rules = contextOf(state);
	return rules.steps.get(step.kind)?.moveWords?.(rules, move);
}

/** A figure's description as the game's documents declare it, or undefined. */
export function figureTypeDescription(state: GameState, kind: string): string | undefined {
	for (const e of contextOf(state).source.expansions)
		for (const f of e.figures ?? []) if (f.id === kind && f.description) return f.description;
	return undefined;
}

/** A figure's name as the game's documents give it (Abbey & Mayor's `am-mayor` is "Mayor"). */
export const figureTypeName = (state: GameState, kind: string): string | undefined =>
	contextOf(state).figures.get(kind)?.name;

/** The rules a figure's definition cites (what its strength counts by first: IC-2.3 for the large meeple); none for an unknown kind. */
export function figureTypeRules(state: GameState, kind: string): string[] {
	const f = contextOf(state).figures.get(kind);
	return f ? [...new Set([...(f.strengthRules ?? []), ...f.rules])] : [];
}

export interface RuleInfo {
	/** Rule module id (base, inns-and-cathedrals, …). */
	module: string;
	moduleName: string;
	text: string;
}

/** Every rule id of the game's modules with its text and its module. */
export function ruleBook(state: GameState): Map<string, RuleInfo> {
	const out = new Map<string, RuleInfo>();
	for (const m of contextOf(state).modules)
		for (const [id, text] of Object.entries(m.rules))
			out.set(id, { module: m.id, moduleName: m.name, text });
	return out;
}
