// The checks of a held-tile step (dataRules.steps, type 'held-tile') that the schema cannot express:
// the tile must be one of the document's, held by one step only and not named like a move or step
// of the engine; its count and conditions must be of their type and read rulings and parameters
// only (decided with the game). Each mistake is a located error.
import { checkExpr, type Scope } from './rule-expr.ts';
import { pointer, type Problem } from './problems.ts';

/** The most copies of a held tile a player may hold. */
export const MAX_HELD = 10;

/** Move types and step kinds of the engine: a held tile named so would take their place. */
const ENGINE_NAMES = ['place', 'deploy', 'pass', 'draw', 'pick', 'score', 'turn', 'figure'];

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

export interface HeldTileCheck {
	/** The document's own tile ids. */
	tiles: ReadonlySet<string>;
	scope: Scope;
	range: (e: unknown) => readonly [number, number];
	/** The variables an expression reads. */
	varsOf: (e: unknown) => string[];
	/** Tile id → the step that holds it already. */
	seen: Map<string, number>;
}

/** Located errors of held-tile step i. */
export function checkHeldTile(
	s: Record<string, unknown>,
	i: number,
	c: HeldTileCheck,
	out: Problem[]
): void {
	const at = (...p: (string | number)[]) => pointer('dataRules', 'steps', i, ...p);
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	if (typeof s.tile === 'string') {
		if (!c.tiles.has(s.tile))
			err(
				at('tile'),
				`unknown tile '${s.tile}': a held tile is one of this expansion's tiles (${[...c.tiles].join(', ') || 'none'})`
			);
		else if (ENGINE_NAMES.includes(s.tile))
			err(
				at('tile'),
				`a held tile may not be named '${s.tile}': the engine's own moves and steps are`
			);
		const first = c.seen.get(s.tile);
		if (first !== undefined)
			err(
				at('tile'),
				`tile '${s.tile}' is held by a step already (step ${first}): its move would be offered twice`
			);
		else c.seen.set(s.tile, i);
	}
	// its own step and the forced placement would both be the step named by the tile
	if (s.offer === 'own-step' && s.endsGame === 'when-all-placed')
		err(
			at('offer'),
			`a held tile offered in its own step ends the game 'after-a-final-round': its step would also be the forced placement of 'when-all-placed'`
		);
	if (s.finalRound !== undefined && s.endsGame !== 'after-a-final-round')
		err(
			at('finalRound'),
			s.endsGame === undefined
				? `finalRound decides the round of endsGame 'after-a-final-round', which this step does not name`
				: `finalRound decides the round of endsGame 'after-a-final-round', not of '${String(s.endsGame)}'`
		);
	const lt = isObject(s.landTile) ? s.landTile : {};
	const conditions: [unknown, string, 'number' | 'boolean'][] = [
		[s.count, at('count'), 'number'],
		[s.whileRiver, at('whileRiver'), 'boolean'],
		[s.dragonMayEnter, at('dragonMayEnter'), 'boolean'],
		[s.finalRound, at('finalRound'), 'boolean'],
		[lt.complete, at('landTile', 'complete'), 'boolean'],
		[lt.final, at('landTile', 'final'), 'boolean'],
		[lt.around, at('landTile', 'around'), 'boolean']
	];
	for (const [e, ptr, want] of conditions) {
		if (e === undefined) continue;
		const errors = out.length;
		checkExpr(e, want, c.scope, ptr, out);
		if (want === 'number' && out.length === errors) {
			const [lo, hi] = c.range(e);
			if (lo < 0 || hi > MAX_HELD)
				err(
					ptr,
					`a player would hold ${lo < 0 ? lo : hi} of the tile: a count is 0 to ${MAX_HELD}`
				);
		}
		const reads = c.varsOf(e).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				ptr,
				`a step's condition reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
}
