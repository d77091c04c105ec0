// The turn loop: a turn runs through fixed phases; modules hook into them and may push decision
// steps (each answered by a move). The engine advances automatically between steps.
import { completedBorderRoots, completedInner } from './board.ts';
import { emit } from './events.ts';
import { find, featureOf } from './features.ts';
import { scoreFeature, playerName } from './scoring.ts';
import { tilesLeft } from './bag.ts';
import { drawTile } from './draw.ts';
import { K_RIVER, type Engine } from './types.ts';

export const PHASES = [
	'turnStart',
	'draw',
	'placed',
	'figure',
	'afterFigure',
	'score',
	'afterScore',
	'turnEnd'
] as const;

function scoreTurn(g: Engine): void {
	const s = g.s;
	const b = s.placed;
	if (b < 0) return;
	const roots = completedBorderRoots(g, b);
	for (const r of roots) {
		if (featureOf(g, r).k === K_RIVER) continue; // the river is never scored (RIVER-3.1.3)
		scoreFeature(g, r, 'complete');
	}
	for (const seg of completedInner(g, b)) scoreFeature(g, find(s, seg), 'complete');
}

/** The final scoring: every unfinished feature with figures, then the modules' (farmers, majorities); the game is over. */
export function finalScoring(g: Engine): void {
	const s = g.s;
	emit(
		g,
		{ type: 'finalScoring', rules: ['BASE-1.7'] },
		() => 'No tiles left: final scoring of every unfinished feature with figures.'
	);
	const done = new Set<number>();
	for (let i = 0; i < s.pieces.length; i++) {
		const p = s.pieces[i];
		if (p.seg < 0 || g.c.figures.get(p.kind)?.token) continue; // tokens trigger no scoring
		const root = find(s, p.seg);
		const f = featureOf(g, root);
		if (f.kind === 'field' || done.has(root)) continue;
		// pieces left on an already scored feature (a ruling kept them there) score nothing more
		if (f.inner ? s.bnb[s.st[root]] === 8 : s.open[root] === 0) continue;
		done.add(root);
		scoreFeature(g, root, 'final');
	}
	for (const h of g.c.hooks.finalScoring) h(g);
	s.finished = true;
	s.pending = [];
	const best = Math.max(...s.scores);
	const winners = s.players.flatMap((_, p) => (s.scores[p] === best ? [p] : []));
	emit(
		g,
		{ type: 'gameEnd', rules: ['BASE-1.7.3'], scores: [...s.scores], winners },
		() =>
			`Game over. ${s.players.map((n, p) => `${n} ${s.scores[p]}`).join(', ')}. ${winners.map((p) => playerName(g, p)).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}.`
	);
}

/** Runs the turn phases until a decision is pending or the game is over. */
export function advance(g: Engine): void {
	const s = g.s;
	const h = g.c.hooks;
	while (!s.finished && s.pending.length === 0) {
		const phase = s.phase + 1;
		s.phase = phase;
		switch (phase) {
			case 0:
				for (const f of h.turnStart) f(g);
				break;
			case 1:
				if (s.origin.free && tilesLeft(s) > 0) s.pending.push({ kind: 'pick', player: s.active });
				else if (drawTile(g)) s.pending.push({ kind: 'place', player: s.active });
				else if (h.noTile.some((f) => f(g)))
					break; // a town hall still to place keeps the game going (MM-HALL-8)
				else if (g.unscored) {
					// a trial (apply's `final: false`): the game ends here and the caller scores it (trial.ts)
					s.finished = true;
					s.pending = [];
				} else finalScoring(g);
				break;
			case 2:
				for (const f of h.placed) f(g, s.placed);
				break;
			case 3:
				s.pending.push({ kind: 'figure', player: s.active });
				break;
			case 4:
				for (const f of h.afterFigure) f(g);
				break;
			case 5:
				scoreTurn(g);
				break;
			case 6:
				for (const f of h.afterScore) f(g);
				break;
			default:
				s.active = (s.active + 1) % s.players.length;
				s.turn++;
				s.placed = -1;
				s.tile = -1;
				s.acted = false;
				s.phase = -1;
		}
	}
}
