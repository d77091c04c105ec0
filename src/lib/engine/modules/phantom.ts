// The phantom (a mini-expansion of 2013): each player's second follower of a translucent colour.
// It may be the turn's figure like any follower; after the turn's figure action (a figure placed,
// the fairy moved, the abbot taken back — not after a pass or the princess's removal) the player
// may also place the phantom on the tile just placed, by the usual rules. A TypeScript module, not
// data: it is a second placement step in the turn, and placement steps are the frontier of the
// rules-as-data language (docs/rules-as-data.md).
import { figureMoves, inSupply } from './base.ts';
import type { Engine, Move, RuleModule, Step } from '../types.ts';

const PHANTOM = 'phantom';

/** The phantom step's moves: the phantom's deployments on the tile just placed, and passing. */
function phantomMoves(engine: Engine, step: Step, out: Move[]): void {
	const all: Move[] = [];
	figureMoves(engine, step, all);
	for (const m of all)
		if (m.type === 'pass' || (m.type === 'deploy' && m.figure === PHANTOM)) out.push(m);
}

export const phantom: RuleModule = {
	id: PHANTOM,
	name: 'Phantom',
	rules: {
		'PHANTOM-1':
			'Each player has a phantom, a follower in every way (placed by the usual rules, strength 1, returned when its feature scores); it may be the turn’s figure.',
		'PHANTOM-2':
			'After the turn’s figure action — a figure placed, the fairy moved, the abbot taken back — the player may also place the phantom on the tile just placed; not after passing, nor after the princess removed a knight.'
	},
	figures: [
		{
			id: PHANTOM,
			name: 'Phantom',
			perPlayer: 1,
			follower: true,
			features: ['road', 'city', 'monastery', 'field'],
			strength: () => 1,
			rules: ['PHANTOM-1', 'BASE-1.4.1']
		}
	],
	steps: {
		phantom: {
			accepts: ['deploy', 'pass'],
			describe: 'place the phantom too, or pass',
			figures: [PHANTOM],
			rules: ['PHANTOM-2'],
			moves: phantomMoves
		}
	},
	hooks: {
		figureDone(engine) {
			const s = engine.state;
			if (!s.acted || s.placed < 0 || s.log.at(-1)?.type === 'princess') return;
			if (inSupply(engine, PHANTOM, s.active) < 0) return;
			const step = { kind: 'phantom', player: s.active };
			const moves: Move[] = [];
			phantomMoves(engine, step, moves);
			if (moves.some((m) => m.type === 'deploy')) s.pending.push(step);
		}
	}
};
