// The held-tile step's own steps and places (engine/data-held-tile.ts compiles the step): a hole
// (`where: hole`, a free cell with a tile on all four sides), an offer in a step named by the tile
// beside a pass (`offer: own-step`), the forced placement with no land tile left (`endsGame:
// when-all-placed`) and a final round after the last land tile (`endsGame: after-a-final-round`,
// step '<tile>-end': each holder with a place for one is asked once, in turn order). Abbey & Mayor's
// abbey is played so (expansions/abbey-and-mayor.json).
import { SIDE_STEP, pack } from './cells.ts';
import { tileAt } from './board-index.ts';
import { playerName } from './scoring.ts';
import { PHASE_TURN_START } from './phases.ts';
import type { HeldTileStep } from '../formats/schema-types.ts';
import type { Engine, Move, Step, StepDef } from './types.ts';

/** The step kind offering the draw or the held tiles offered in it at the start of a turn. */
export const TURN_STEP = 'turn';

/** Is the empty cell (x, y) a hole: a tile on each of its four sides? */
export function isHole(engine: Engine, x: number, y: number): boolean {
	const cell = pack(x, y);
	for (let side = 0; side < 4; side++) if (tileAt(engine, cell + SIDE_STEP[side]) < 0) return false;
	return true;
}

/** The step kind offering a held tile at the start of a turn. */
export const offerKind = (d: HeldTileStep): string => (d.offer === 'own-step' ? d.tile : TURN_STEP);
/** The step of a final round (endsGame after-a-final-round). */
export const finalRoundKind = (d: HeldTileStep): string => `${d.tile}-end`;

/** What a held tile's own steps and final round read of the compiled step. */
export interface HeldPart {
	d: HeldTileStep;
	name: string;
	held: (engine: Engine) => { tile: number; held: number[]; round?: number[] };
	/** Its places now (out null: is there one?). */
	placements: (engine: Engine, out: Move[] | null) => boolean;
	/** Is the final round played (its condition, for the game's rules)? */
	finalRound: (engine: Engine) => boolean;
}

/** No land tile can be drawn: each holder with a place for one may place it, once, in turn order from the active player; then the game may end. */
export function finalRoundOf({ d, held, placements, finalRound }: HeldPart) {
	return (engine: Engine): boolean => {
		const st = engine.state;
		const h = held(engine);
		if (h.tile < 0 || !finalRound(engine)) return false;
		const n = st.players.length;
		// the round starts with the player whose turn it is now: the one after the last tile's
		h.round ??= Array.from({ length: n }, (_, i) => (st.active + i) % n);
		while (h.round.length) {
			const p = h.round.shift()!;
			if (h.held[p] <= 0 || !placements(engine, null)) continue;
			st.active = p;
			st.phase = PHASE_TURN_START; // a pass asks the next player (the draw finds no tile again)
			st.pending.push({ kind: finalRoundKind(d), player: p });
			return true;
		}
		return false;
	};
}

/** A held tile's steps of its own: its offer (`own-step`), its forced placement or its final round. */
export function ownSteps(p: Pick<HeldPart, 'd' | 'name' | 'placements'>): [string, StepDef][] {
	const { d, name } = p;
	const moves = (engine: Engine, _step: Step, out: Move[]) => void p.placements(engine, out);
	const withPass = (engine: Engine, _step: Step, out: Move[]) => {
		p.placements(engine, out);
		out.push({ type: 'pass' });
	};
	const out: [string, StepDef][] = [];
	if (d.offer === 'own-step')
		out.push([
			d.tile,
			{
				accepts: [d.tile, 'pass'],
				describe: `place the ${name} or draw a tile`,
				moves: withPass,
				pass: (engine, step) => ({
					text: `${playerName(engine, step.player)} keeps the ${name} and draws a tile.`,
					rules: [d.id]
				})
			}
		]);
	if (d.endsGame === 'after-a-final-round')
		out.push([
			finalRoundKind(d),
			{
				accepts: [d.tile, 'pass'],
				describe: `place the ${name} after the last tile or not`,
				moves: withPass,
				pass: (engine, step) => ({
					text: `${playerName(engine, step.player)} does not place their ${name}.`,
					rules: d.endRules ?? [d.id]
				})
			}
		]);
	else
		out.push([
			d.tile,
			{ accepts: [d.tile], describe: `place the ${name} (no land tile left)`, moves }
		]);
	return out;
}
