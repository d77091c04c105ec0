// A figure that draws the dragon (dataRules.figures[].drawsDragon): when it stands on a tile next to
// the dragon's, the dragon must move there (`dragonTargets`; a tile the dragon may not enter draws it
// only when `blocked` holds); entering that tile ends the movement, the figure is not eaten (nor,
// when `sparesOthers` holds, the other pieces there), an event '<figure>Chewed' says so and the
// document's random steps at 'dragon-enters' for the figure decide its fate (data-random-step.ts).
// Conditions read rulings and parameters only: decided once per rules context.
import { emit } from './events.ts';
import { piecesOfKinds } from './modules/base.ts';
import { perContext } from './per-context.ts';
import { figureRef } from './scoring.ts';
import { ruleCondition, type RandomPart } from './data-random-step.ts';
import type { DataFigure } from '../formats/schema-types.ts';
import type { Engine, Hooks } from './types.ts';

type Draws = NonNullable<DataFigure['drawsDragon']>;

/** The dragonTargets and dragonEnters hooks of the document's figures that draw the dragon (none: null). */
export function drawsDragonHooks(
	figures: Record<string, DataFigure>,
	random: Map<string, RandomPart[]>
): Pick<Hooks, 'dragonTargets' | 'dragonEnters'> | null {
	const drawing = Object.entries(figures).flatMap(([id, f]) =>
		f.drawsDragon ? [[id, f.drawsDragon] as const] : []
	);
	if (!drawing.length) return null;
	const pieces = piecesOfKinds(...drawing.map(([id]) => id));
	const conditions = perContext((rules) =>
		drawing.map(([, d]) => ({
			blocked: ruleCondition(rules, d.blocked, false),
			spares: ruleCondition(rules, d.sparesOthers, false)
		}))
	);
	/** The first drawing piece on the board, or -1. */
	const onBoard = (engine: Engine): number => {
		const ps = engine.state.pieces;
		for (const i of pieces(ps)) if (ps[i].seg >= 0) return i;
		return -1;
	};
	const specOf = (engine: Engine, piece: number) => {
		const k = drawing.findIndex(([id]) => id === engine.state.pieces[piece].kind);
		return { id: drawing[k][0], d: drawing[k][1], c: conditions(engine.rules)[k] };
	};
	return {
		dragonTargets(engine, open) {
			const state = engine.state;
			const dragon = state.moduleState.dragon as { at: number } | undefined;
			if (!dragon || dragon.at < 0) return null;
			const b = onBoard(engine);
			if (b < 0) return null;
			const tile = state.pieces[b].tile;
			const dx = Math.abs(state.boardX[tile] - state.boardX[dragon.at]);
			const dy = Math.abs(state.boardY[tile] - state.boardY[dragon.at]);
			// its tile shares a side with the dragon's
			if (dx + dy !== 1) return null;
			const { d, c } = specOf(engine, b);
			if (!open.includes(tile) && !c.blocked) return null;
			const name = engine.rules.figures.get(state.pieces[b].kind)?.name ?? state.pieces[b].kind;
			return {
				tiles: [tile],
				rules: d.rules ?? [],
				reason: `${name} stands next to it at (${state.boardX[tile]},${state.boardY[tile]})`
			};
		},
		dragonEnters(engine, b, player) {
			const piece = onBoard(engine);
			if (piece < 0 || engine.state.pieces[piece].tile !== b) return null;
			return entered(engine, b, player, piece, specOf(engine, piece), random);
		}
	};
}

/** The dragon entered the tile of `piece`: the figure (and maybe the others) spared, its fate decided. */
function entered(
	engine: Engine,
	b: number,
	player: number,
	piece: number,
	{ id, d, c }: { id: string; d: Draws; c: { spares: boolean } },
	random: Map<string, RandomPart[]>
) {
	const state = engine.state;
	const spare = [piece];
	if (c.spares)
		state.pieces.forEach((p, i) => p.tile === b && p.seg >= 0 && i !== piece && spare.push(i));
	const name = engine.rules.figures.get(id)?.name ?? id;
	const x = state.boardX[b];
	const y = state.boardY[b];
	const parts = random.get(id) ?? [];
	emit(
		engine,
		{
			type: `${id}Chewed`,
			rules: d.enterRules ?? [],
			player,
			x,
			y,
			figure: figureRef(engine, piece)
		},
		() =>
			`The dragon chews ${name} at (${x},${y}): its movement ends${parts.length ? ` and a ${parts[0].step.move} decides ${name}’s fate` : ''}.`
	);
	for (const part of parts) part.start(engine, piece, player);
	const stopRules = d.stopRules ?? [];
	return {
		stop: `${name} stops it${stopRules.length ? ` (${stopRules.join(', ')})` : ''}`,
		rules: stopRules,
		spare
	};
}
