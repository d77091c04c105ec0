// Data rules about tiles with an icon (an expansion's dataRules, schemas/expansion.v1.json):
// tiebreak — players tied for a feature's majority: those of them with (the most) followers in it
// on tiles with the icon score (Hills & Sheep's hills, HS-HILL-2); beneath — a tile with the icon,
// once placed, takes tiles of the pile face down beneath it, out of the game (HS-HILL-1).
import { emit } from './events.ts';
import { takeHidden } from './bag.ts';
import { playerName } from './scoring.ts';
import { mapped } from './arrays.ts';
import { push, type DataState } from './data-scope.ts';
import { enter, leave, type Plan } from './data-plan.ts';
import type { Engine, FeatureValue, ScoreEvent } from './types.ts';

/** The tied winners a tiebreak rule of the plan keeps (null: none applies or the tie stands); notes the tie in `st`. */
export function breakTie(
	p: Plan,
	engine: Engine,
	root: number,
	winners: number[],
	v: FeatureValue,
	st: DataState
): number[] | null {
	if (st.tied !== undefined) st.tied = -1;
	const steps = p.ties[v.mode];
	if (winners.length < 2 || !steps.length) return null;
	const gameState = engine.state;
	for (const t of steps) {
		if (t.kind !== null && t.kind !== v.kind) continue;
		if (t.when !== null) {
			const sc = enter(p, engine, root);
			const holds = t.when(sc) === true;
			leave(sc);
			if (!holds) continue;
		}
		const icon = t.rule.icon!;
		const counts = mapped(winners, () => 0);
		for (const pc of gameState.featurePieces[root] ?? []) {
			const piece = gameState.pieces[pc];
			const i = winners.indexOf(piece.owner);
			if (i < 0 || piece.tile < 0 || !engine.rules.figures.get(piece.kind)?.follower) continue;
			if (!engine.rules.tiles[gameState.boardTile[piece.tile]].icons.has(icon)) continue;
			counts[i] = t.rule.by === 'figures' ? counts[i] + 1 : 1;
		}
		const best = Math.max(...counts);
		if (best === 0 || counts.every((n) => n === best)) continue;
		st.tied = root;
		st.tie = { icon, players: winners.slice(), counts };
		for (let j = 0; j < t.ids.length; j++) push(v.rules, t.ids[j]);
		return winners.filter((_, i) => counts[i] === best);
	}
	return null;
}

/** The score event of a feature whose tie a tiebreak rule broke says who had how many followers on such tiles. */
export function explainTie(engine: Engine, st: DataState, ev: ScoreEvent): void {
	if (!st.tie || engine.quiet) return;
	const { icon, players, counts } = st.tie;
	const name = (q: number) => playerName(engine, q);
	const on = players.map(
		(q, i) => `${name(q)} ${counts[i]} ${counts[i] === 1 ? 'follower' : 'followers'}`
	);
	const why = `${players.map(name).join(' and ')} tie with strength ${Math.max(...Object.values(ev.strengths))}; on ${icon} tiles: ${on.join(', ')}, so ${ev.winners.map(name).join(' and ')} ${ev.winners.length > 1 ? 'score' : 'scores'}`;
	if (ev.text && ev.why) ev.text = ev.text.replace(ev.why, why);
	ev.why = why;
	ev.tiebreak = { icon, players, counts };
}

/** The beneath rules of the plan for board tile `b`, just placed: tiles of the pile go face down beneath it. */
export function beneath(p: Plan, engine: Engine, b: number): void {
	const gameState = engine.state;
	const t = engine.rules.tiles[gameState.boardTile[b]];
	for (const r of p.beneath) {
		if (!t.icons.has(r.icon!)) continue;
		let n = 0;
		for (; n < r.tiles!; n++) {
			const hidden = takeHidden(gameState);
			if (hidden < 0) break;
			// out of the game, face down: counted with the tiles gone back to the box
			gameState.discarded.push(hidden);
		}
		if (n === 0) continue;
		const x = gameState.boardX[b];
		const y = gameState.boardY[b];
		emit(
			engine,
			{ type: 'beneath', rules: [r.id], player: gameState.active, tiles: n, at: { x, y } },
			() =>
				`${n} ${n === 1 ? 'tile' : 'tiles'} of the pile ${n === 1 ? 'goes' : 'go'} face down beneath the ${r.icon} tile at (${x},${y}), out of the game.`
		);
	}
}
