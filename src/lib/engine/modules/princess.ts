// The Princess & the Dragon's princess: a player who places a tile whose city shows the princess,
// joining a city that holds knights, may remove one of those knights (anyone's) to its owner's
// supply instead of placing a figure (ruling DRAGON-R5: may, must, or not in play). A TypeScript
// module, not data: it is a figure-step action choosing among pieces on the board, and such steps
// are the frontier of the rules-as-data language (docs/rules-as-data.md).
import { find } from '../features.ts';
import { PHASE_FIGURE } from '../phases.ts';
import { emit } from '../events.ts';
import { figureRef, playerName, returnPiece } from '../scoring.ts';
import { pieceNamedBy } from '../choices.ts';
import type { Engine, Move, Refusal, RuleModule, Step } from '../types.ts';

export type PrincessMove = {
	type: 'princess';
	/** The knight removed: where it stands, whose it is and what figure. */
	x: number;
	y: number;
	feature: string;
	owner: number;
	figure: string;
};

const NONE: readonly number[] = [];

/** The knights (follower pieces of any player) the princess of the tile just placed may send home; none when she may not act. */
function knights(g: Engine): readonly number[] {
	const s = g.state;
	if (s.placed < 0 || s.acted || g.rules.rulings['DRAGON-R5'] === 'off') return NONE;
	const t = g.rules.tiles[s.boardTile[s.placed]];
	let out: number[] | null = null;
	for (let i = 0; i < t.features.length; i++) {
		const f = t.features[i];
		if (f.kind !== 'city' || !f.modifiers.princess) continue;
		for (const pc of s.featurePieces[find(s, s.boardFirstSegment[s.placed] + i)] ?? []) {
			const p = s.pieces[pc];
			if (p.owner >= 0 && g.rules.figures.get(p.kind)?.follower && !(out ??= []).includes(pc))
				out.push(pc);
		}
	}
	return out ?? NONE;
}

const moveOf = (g: Engine, pc: number): PrincessMove => {
	const r = figureRef(g, pc);
	return { type: 'princess', x: r.x, y: r.y, feature: r.feature, owner: r.owner, figure: r.figure };
};

/** The princess's moves, one per knight she may send home (her own step's listing and the figure step's). */
function listKnights(g: Engine, _step: unknown, out: Move[]): void {
	for (const pc of knights(g)) out.push(moveOf(g, pc));
}

function princessMove(g: Engine, move: PrincessMove, step: Step): Refusal | null {
	const s = g.state;
	if (g.rules.rulings['DRAGON-R5'] === 'off')
		return {
			code: 'no-princess',
			message: 'the princess is not in play in this game',
			rules: ['DRAGON-R5']
		};
	const list = knights(g);
	const target = pieceNamedBy(g, list, move);
	if (target === undefined)
		return {
			code: 'no-knight',
			message: list.length
				? `no knight at (${move.x},${move.y}) on ${move.feature} of ${playerName(g, move.owner)} in the princess’s city`
				: s.acted
					? 'the princess acts instead of the turn’s figure, and a figure was already placed'
					: 'the tile just placed has no princess in a city holding knights',
			rules: ['DRAGON-4.6.1'],
			details: { candidates: list.map((pc) => figureRef(g, pc)) }
		};
	const ref = figureRef(g, target);
	returnPiece(g, target);
	s.acted = true;
	if (!g.silent)
		emit(
			g,
			{
				type: 'princess',
				rules: ['DRAGON-4.6.1', ...(g.rules.rulings['DRAGON-R5'] === 'must' ? ['DRAGON-R5'] : [])],
				player: step.player,
				removed: ref,
				x: ref.x,
				y: ref.y,
				feature: ref.feature
			},
			() =>
				`${playerName(g, step.player)}'s princess sends ${playerName(g, ref.owner)}'s ${ref.figure} at (${ref.x},${ref.y}) out of the city: back to supply, and no figure is placed this turn.`
		);
	return null;
}

export const princess: RuleModule = {
	id: 'princess',
	name: 'The Princess & the Dragon (the princess)',
	rules: {
		'DRAGON-4.6.1':
			'A player who places a princess tile whose princess city holds knights (the city it joins) may, instead of placing a figure, send one of those knights — anyone’s — back to its owner’s supply.'
	},
	rulings: [
		{
			id: 'DRAGON-R5',
			description:
				'The princess: may the player pass her by, must she act when she can, or is she not in play? (JCloisterZone’s setup: the princess element and its princess-action rule.)',
			default: 'may',
			options: {
				may: 'she may remove a knight; the player may place a figure or pass instead (Hans im Glück)',
				must: 'when a knight is in her city she must remove one: nothing else is offered (other publishers’ editions)',
				off: 'not in play: the princess symbol has no effect'
			},
			rules: ['DRAGON-4.6.1']
		}
	],
	modifiers: { princess: 'DRAGON-4.6.1' },
	icons: { princess: 'DRAGON-4.6.1' },
	steps: {
		princess: {
			accepts: ['princess'],
			describe: 'send a knight out of the princess’s city',
			moves: listKnights
		}
	},
	stepMoves: { figure: ['princess'] },
	moves: { princess: princessMove },
	hooks: {
		placed(g) {
			// ruling DRAGON-R5 = must: her action replaces the figure step (PHASE_FIGURE: skipped)
			if (g.rules.rulings['DRAGON-R5'] !== 'must' || knights(g).length === 0) return;
			g.state.pending.push({ kind: 'princess', player: g.state.active });
			g.state.phase = PHASE_FIGURE;
		},
		figureOptions: listKnights
	},
	hookWhen: {
		placed: (rulings) => rulings['DRAGON-R5'] === 'must',
		figureOptions: (rulings) => rulings['DRAGON-R5'] !== 'off'
	}
};
