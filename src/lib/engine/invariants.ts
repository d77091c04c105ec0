// Checks that hold in every reachable state: no figure created or lost, every figure on the board
// listed exactly once by its feature, scores never below their previous values, tiles conserved.
import { find } from './features.ts';
import { tilesLeft } from './bag.ts';
import type { GameState } from './types.ts';

export interface Violation {
	invariant: string;
	message: string;
}

/** Figure counts per kind and owner, to compare before and after. */
export function pieceCensus(s: GameState): string {
	return s.pieces.map((p) => `${p.kind}:${p.owner}`).join(',');
}

export function checkState(s: GameState, before?: { census: string; scores: number[]; tiles: number }): Violation[] {
	const out: Violation[] = [];
	const census = pieceCensus(s);
	if (before && census !== before.census) out.push({ invariant: 'figures-conserved', message: 'the set of figures changed' });
	const seen = new Map<number, number>();
	for (let r = 0; r < s.figs.length; r++) {
		const list = s.figs[r];
		if (!list) continue;
		if (s.parent[r] !== r) out.push({ invariant: 'figures-on-roots', message: `segment ${r} holds figures but is not a root` });
		for (const pc of list) {
			seen.set(pc, (seen.get(pc) ?? 0) + 1);
			const p = s.pieces[pc];
			if (p.seg < 0 || find(s, p.seg) !== r) out.push({ invariant: 'figure-placement', message: `piece ${pc} listed on feature ${r} but stands on ${p.seg}` });
		}
	}
	s.pieces.forEach((p, i) => {
		if (p.seg >= 0 && seen.get(i) !== 1) out.push({ invariant: 'figure-listed-once', message: `piece ${i} (${p.kind} of ${p.owner}) on the board is listed ${seen.get(i) ?? 0} times` });
		if (p.seg >= 0 && s.st[p.seg] !== p.tile) out.push({ invariant: 'figure-tile', message: `piece ${i} tile mismatch` });
		if (p.seg === -1 && p.tile !== -1) out.push({ invariant: 'figure-supply', message: `piece ${i} in supply keeps a tile` });
	});
	// a piece leaves the game only through a rule that records it (s.mod[module].removed: a broken Buddo)
	const removed = new Set<number>();
	for (const m of Object.values(s.mod)) for (const pc of (m?.removed ?? []) as number[]) removed.add(pc);
	s.pieces.forEach((p, i) => {
		if (p.seg < -2 || (p.seg === -2 && (p.tile !== -1 || !removed.has(i))))
			out.push({ invariant: 'figure-removed', message: `piece ${i} (${p.kind} of ${p.owner}) left the game without a rule recording it` });
	});
	for (const pc of removed)
		if (s.pieces[pc]?.seg !== -2) out.push({ invariant: 'figure-removed', message: `piece ${pc} is recorded as removed but is not` });
	if (before) {
		s.scores.forEach((v, p) => {
			if (v < before.scores[p]) out.push({ invariant: 'scores-never-fall', message: `player ${p} fell from ${before.scores[p]} to ${v}` });
		});
		const tiles = tileCount(s);
		if (tiles !== before.tiles) out.push({ invariant: 'tiles-conserved', message: `${before.tiles} tiles became ${tiles}` });
	}
	return out;
}

/** Tiles in players' hands (town halls not yet placed, MM-HALL-1). */
function heldTiles(s: GameState): number {
	const halls = s.mod['messengers-and-mayors']?.halls as number[] | undefined;
	return halls ? halls.reduce((a, b) => a + b, 0) : 0;
}

/** Every tile of the game wherever it is: on the board, discarded, to draw, set aside, held, drawn. */
function tileCount(s: GameState): number {
	const aside = ((s.mod.dragon?.aside?.length ?? 0) as number) + heldTiles(s);
	return s.bx.length + s.discarded.length + tilesLeft(s) + aside + (s.tile >= 0 ? 1 : 0);
}

export function snapshot(s: GameState) {
	return { census: pieceCensus(s), scores: s.scores.slice(), tiles: tileCount(s) };
}
