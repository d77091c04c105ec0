// What the rest of the engine and the UI read of a game's held-tile steps (data-held-tile.ts): a
// held tile's move in its document's words (the sandbox's labels and help, StepDef.moveWords) and
// the rules a figure refused on a held tile cites (base.ts, `figureRules`).
import { perContext } from './per-context.ts';
import type { HeldTileStep } from '../formats/schema-types.ts';
import type { Context, MoveWords, StepDef } from './types.ts';

type How = 'instead' | 'forced' | 'round';

/** A held tile's placement in words: placed instead of drawing, or with no land tile left. */
export function wordsOf(
	what: string,
	name: string,
	place: string[],
	end: string[],
	tileOf: (rules: Context) => number
): (rules: Context, how: How) => MoveWords {
	return (rules, how) => {
		const t = tileOf(rules);
		const fits =
			t >= 0 && rules.tiles[t].wildcard
				? ': it fits any neighbour and closes the roads and cities that run into it'
				: '';
		return {
			what,
			text:
				how === 'instead'
					? `Place your ${name} here instead of drawing a tile${fits}.`
					: `Place your ${name} here: no land tile is left${fits}.`,
			rules: how === 'instead' ? place : end
		};
	};
}

/** A held tile's own steps (offered on its own, forced, a final round) with its move in words. */
export function worded(
	p: { d: HeldTileStep; words: (rules: Context, how: How) => MoveWords },
	steps: [string, StepDef][]
): [string, StepDef][] {
	const how = (kind: string): How =>
		p.d.offer === 'own-step' && kind === p.d.tile
			? 'instead'
			: p.d.endsGame === 'after-a-final-round'
				? 'round'
				: 'forced';
	return steps.map(([kind, def]) => [
		kind,
		{
			...def,
			moveWords: (rules, m) => (m.type === p.d.tile ? p.words(rules, how(kind)) : undefined)
		}
	]);
}

/** Per held tile of a rules context (its held-tile step's `figureRules`): the rules a figure refused on it cites. */
export const figureRulesOf = perContext((rules): ReadonlyMap<number, readonly string[]> => {
	const out = new Map<number, readonly string[]>();
	for (const e of rules.source.expansions)
		for (const s of e.dataRules?.steps ?? []) {
			const t = s.type === 'held-tile' ? rules.tileIndex.get(`${e.id}/${s.tile}`) : undefined;
			if (t !== undefined && s.type === 'held-tile' && s.figureRules) out.set(t, s.figureRules);
		}
	return out;
});
