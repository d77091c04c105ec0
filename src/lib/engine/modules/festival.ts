// The festival (the 10th-anniversary mini-expansion): a player who places a tile with the festival
// symbol may, instead of placing a figure, take one of their own figures from the board back to
// their supply (it scores nothing). Ruling FEST-R1: any figure of theirs (JCloisterZone's default)
// or followers only (its `festival-return` rule). A TypeScript module, not data: a figure-step
// action choosing among pieces on the board, the frontier of the rules-as-data language
// (docs/rules-as-data.md), like the princess.
import { emit } from '../events.ts';
import { figureRef, playerName, returnPiece } from '../scoring.ts';
import { pieceNamedBy } from '../choices.ts';
import type { Engine, Move, Refusal, RuleModule, Step } from '../types.ts';

export type FestivalMove = {
	type: 'festival';
	/** The figure taken back: where it stands, whose it is (the player's own) and what figure. */
	x: number;
	y: number;
	feature: string;
	owner: number;
	figure: string;
};

const NONE: readonly number[] = [];

/** The active player's figures on the board the festival of the tile just placed may take back; none when it may not. */
function ownFigures(g: Engine, player: number): readonly number[] {
	const s = g.state;
	if (s.placed < 0 || s.acted || !g.rules.tiles[s.boardTile[s.placed]].icons.has('festival'))
		return NONE;
	const followersOnly = g.rules.rulings['FEST-R1'] === 'followers';
	let out: number[] | null = null;
	for (let pc = 0; pc < s.pieces.length; pc++) {
		const p = s.pieces[pc];
		if (p.owner !== player || p.seg < 0) continue;
		const ft = g.rules.figures.get(p.kind);
		if (!ft || ft.token || (followersOnly && !ft.follower)) continue;
		(out ??= []).push(pc);
	}
	return out ?? NONE;
}

function listOwn(g: Engine, player: number, out: Move[]): void {
	for (const pc of ownFigures(g, player)) {
		const r = figureRef(g, pc);
		out.push({
			type: 'festival',
			x: r.x,
			y: r.y,
			feature: r.feature,
			owner: r.owner,
			figure: r.figure
		});
	}
}

function festivalMove(g: Engine, move: FestivalMove, step: Step): Refusal | null {
	const list = ownFigures(g, step.player);
	const target = pieceNamedBy(g, list, { ...move, owner: step.player });
	if (target === undefined)
		return {
			code: 'no-festival-figure',
			message: list.length
				? `${playerName(g, step.player)} has no ${move.figure ?? 'figure'} at (${move.x},${move.y}) on ${move.feature} to take back`
				: g.state.acted
					? 'the festival replaces the turn’s figure, and a figure was already placed'
					: 'the tile just placed shows no festival, or the player has no figure on the board',
			rules: ['FEST-1'],
			details: { candidates: list.map((pc) => figureRef(g, pc)) }
		};
	const ref = figureRef(g, target);
	returnPiece(g, target);
	g.state.acted = true;
	if (!g.silent)
		emit(
			g,
			{
				type: 'festival',
				rules: ['FEST-1', ...(g.rules.rulings['FEST-R1'] === 'followers' ? ['FEST-R1'] : [])],
				player: step.player,
				removed: ref,
				x: ref.x,
				y: ref.y,
				feature: ref.feature
			},
			() =>
				`${playerName(g, step.player)} celebrates the festival: their ${ref.figure} at (${ref.x},${ref.y}) comes back to supply, scoring nothing; no figure is placed this turn.`
		);
	return null;
}

export const festival: RuleModule = {
	id: 'festival',
	name: 'The Festival',
	rules: {
		'FEST-1':
			'A player who places a tile with the festival symbol may, instead of placing a figure, take one of their own figures from the board back to their supply; it scores nothing.'
	},
	rulings: [
		{
			id: 'FEST-R1',
			description:
				'Which figures may the festival take back? (JCloisterZone’s festival-return rule.)',
			default: 'any',
			options: {
				any: 'any figure of the player’s on the board (JCloisterZone’s default, meeple)',
				followers: 'followers only (JCloisterZone’s follower)'
			},
			rules: ['FEST-1']
		}
	],
	icons: { festival: 'FEST-1' },
	stepMoves: { figure: ['festival'] },
	moves: { festival: festivalMove },
	hooks: {
		figureOptions: listOwn
	}
};
