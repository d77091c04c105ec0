// The held-tile step's rule template (rule-templates.ts): "Each player holds ⟨n⟩ ⟨name⟩ and may place
// one instead of drawing, ⟨where⟩; it fits any neighbour; with no tile left to draw, ⟨the end⟩; around
// a monastery it counts like any tile / counts 0". It writes a move as data — a held-tile step of
// dataRules.steps (docs/rules-as-data.md, "The held-tile step") — with its tile (a blank that fits
// any neighbour, made when the expansion has none of that name) and a text rule per part. Pure.
import type { DataRule, DataStep, Expansion, Tile } from '../formats/schema-types.ts';
import { wordsFor } from './template-choices.ts';

/** "Each player holds ⟨count⟩ ⟨name⟩ and may place one instead of drawing." (a guild hall) */
export interface HeldTileTemplate {
	kind: 'held-tile';
	/** The tile's name ("Guild hall"); its id is made of it. */
	name: string;
	/** Copies each player holds (0…10). */
	count: number;
	/** Where it may go: the schema's `where` (beside any placed tile, …). */
	where: string;
	/** What happens with no tile left to draw: the schema's `endsGame`. */
	endsGame: string;
	/** It counts as a land tile around a monastery or garden (else it completes them but counts 0). */
	land: boolean;
}

/** The designer's words for the schema's values (a new value shows as itself until it has some). */
export const WHERE_WORDS: Readonly<Record<string, string>> = {
	beside: 'next to any placed tile',
	hole: 'in a hole (a free cell with a tile on each of its four sides)'
};
export const END_WORDS: Readonly<Record<string, string>> = {
	'when-all-placed':
		'a player still holding one must place it, the others skip their turn, and the game ends once every one is placed',
	'after-a-final-round':
		'each player still holding one, with a place for it, may place it or pass, once, in turn order; then the game ends'
};

/** The template's rules' texts: the placement, the end, the 0 around a monastery (when not land). */
export function heldTileTexts(t: HeldTileTemplate): string[] {
	const name = t.name.toLowerCase();
	const held = t.count === 1 ? `a ${name}` : `${t.count} copies of the ${name}`;
	return [
		`Each player holds ${held}; instead of drawing, a player may place one ${wordsFor(WHERE_WORDS, t.where)}: it fits any neighbour and closes the roads and cities that run into it.`,
		`With no tile left to draw, ${wordsFor(END_WORDS, t.endsGame)}.`,
		...(t.land
			? []
			: [
					`Around a monastery or garden a ${name} completes the surroundings but counts 0 (1 point less).`
				])
	];
}

/** How many rule ids the template writes. */
export const heldTileRuleCount = (t: HeldTileTemplate): number => heldTileTexts(t).length;

/** The step: the tile held, placed instead of drawing; its end; its 0 around a monastery. */
export function heldTileStep(t: HeldTileTemplate, tile: string, ids: string[]): DataStep {
	return {
		type: 'held-tile',
		id: ids[0],
		tile,
		instead: 'draw',
		count: t.count,
		where: t.where,
		endsGame: t.endsGame,
		// a final round is played when its condition holds: always, for the template
		...(t.endsGame === 'after-a-final-round' ? { finalRound: true } : {}),
		endRules: [ids[1]],
		...(t.land
			? {}
			: {
					landTile: { complete: false, final: false, completeRule: ids[2], finalRule: ids[2] }
				})
	} as DataStep;
}

/** The rules: a text per part (the step cites them). */
export const heldTileRules = (t: HeldTileTemplate, ids: string[]): DataRule[] =>
	heldTileTexts(t).map((text, i) => ({ id: ids[i], type: 'text' as const, text }));

/**
 * The document with the tile (a blank that fits any neighbour, unless the expansion has a tile of
 * that id: the designer's own stays), the step (replacing one of the same tile) and the rules.
 */
export function withHeldTileStep(
	doc: Expansion,
	t: HeldTileTemplate,
	tile: string,
	ids: string[]
): Expansion {
	const tiles = Array.isArray(doc.tiles) ? doc.tiles : [];
	const own = tiles.some((x) => x?.id === tile);
	const blank = { id: tile, name: t.name, count: 1, wildcard: true, features: [] } as Tile;
	const dataRules = { ...(doc.dataRules ?? {}) };
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'held-tile' || s.tile !== tile),
		heldTileStep(t, tile, ids)
	];
	dataRules.rules = [...(dataRules.rules ?? []), ...heldTileRules(t, ids)];
	return { ...doc, tiles: own ? tiles : [...tiles, blank], dataRules };
}
