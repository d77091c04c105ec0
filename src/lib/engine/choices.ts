// Shared choices among other players' meeples. Whenever a rule lets a player pick one of their
// opponents' meeples (the mayor's favour, MM-MAYOR-4), the candidate list goes through here, so that
// modules can narrow or extend it: Buddo plugs in with an `opponentChoice` hook (BUDDO-WANT-1,
// ruling BUDDO-R4: when on, Buddo is a candidate and must be chosen).
import type { Engine } from './types.ts';

/**
 * The pieces `player` may choose among: `candidates` (already filtered by the calling rule) after
 * every module's `opponentChoice` hook. `root` is the feature the choice is about (-1: none).
 */
export function opponentMeepleChoices(g: Engine, player: number, candidates: number[], root: number): number[] {
	let out = candidates;
	for (const h of g.c.hooks.opponentChoice) {
		const r = h(g, player, out, root);
		if (r) out = r;
	}
	return out;
}
