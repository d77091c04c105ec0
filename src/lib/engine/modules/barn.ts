// Abbey & Mayor's barn: instead of a follower, a player may put their barn on a corner of the tile
// just placed where four tiles meet and each shows only field at that corner. The field's farmers are
// scored at once as at the end (3 per completed city) and go home; farmers joined to a barn's field
// later score 1 per city and go home; at the end each barn's field pays 4 per completed city. A
// TypeScript module, not data: the barn stands on a tile corner (a placement step of its own, the
// frontier of docs/rules-as-data.md) and scores a feature when it is placed, not when it completes.
import { find, featureOf } from '../features.ts';
import { emit } from '../events.ts';
import { tileAtXY } from '../board-index.ts';
import { playerName, scoreFeature } from '../scoring.ts';
import { setPer } from '../credit.ts';
import { inSupply, putPiece } from './base.ts';
import { POINTS_RANGE } from '../limits.ts';
import type { Engine, Move, Refusal, RuleModule, ScoreEvent, Step } from '../types.ts';

/** The corners of a tile, each as the grid point it lies on (dx, dy from the tile's north-west corner) and its two half-sides. */
export const CORNERS = {
	NW: { dx: 0, dy: 0, halves: [0, 7] },
	NE: { dx: 1, dy: 0, halves: [1, 2] },
	SE: { dx: 1, dy: 1, halves: [3, 4] },
	SW: { dx: 0, dy: 1, halves: [5, 6] }
} as const;
export type Corner = keyof typeof CORNERS;
const CORNER_NAMES = Object.keys(CORNERS) as Corner[];

export type BarnMove = { type: 'barn'; corner: Corner };

/** What the module keeps: the barn placed this turn (its piece, -1) and the scoring under way. */
interface BarnState {
	placed: number;
	/** The grid points ('x,y' of the corner) that hold a barn. */
	points: string[];
	/** 0: none; CONNECTED: farmers joined to a barn's field (1 per city); AT_END: the barns (4 per city). */
	scoring: number;
}
const CONNECTED = 1;
const AT_END = 2;

const barnState = (g: Engine): BarnState => g.state.moduleState.barn as BarnState;

/**
 * The field segment at corner `c` of the tile at (x, y) when four tiles meet there and each shows only
 * field at the corner (both half-sides of the corner in one field), else -1.
 */
export function barnSegment(g: Engine, x: number, y: number, c: Corner): number {
	const s = g.state;
	const { dx, dy } = CORNERS[c];
	let seg = -1;
	// the four cells around the grid point, each with the corner of its own that lies there
	const around: [number, number, Corner][] = [
		[x + dx - 1, y + dy - 1, 'SE'],
		[x + dx, y + dy - 1, 'SW'],
		[x + dx - 1, y + dy, 'NE'],
		[x + dx, y + dy, 'NW']
	];
	for (const [cx, cy, own] of around) {
		const b = tileAtXY(g, cx, cy);
		if (b < 0) return -1;
		const t = g.rules.tiles[s.boardTile[b]];
		if (t.wildcard) return -1;
		const r = s.boardRotation[b];
		const [h1, h2] = CORNERS[own].halves;
		const f = t.halfField[r * 8 + h1];
		if (f < 0 || t.halfField[r * 8 + h2] !== f) return -1;
		if (cx === x && cy === y) seg = s.boardFirstSegment[b] + f;
	}
	return seg;
}

const barnsOn = (g: Engine, root: number): number[] =>
	(g.state.featurePieces[root] ?? []).filter((pc) => g.state.pieces[pc].kind === 'barn');

const followersOn = (g: Engine, root: number): boolean =>
	(g.state.featurePieces[root] ?? []).some(
		(pc) => g.rules.figures.get(g.state.pieces[pc].kind)?.follower
	);

/** Why `player` may not put their barn at corner `c` of the tile just placed, or null. */
function barnRefusal(g: Engine, player: number, c: Corner): Refusal | null {
	const s = g.state;
	if (s.placed < 0 || s.acted)
		return {
			code: 'wrong-step',
			message: 'the barn is placed instead of a follower, right after the tile',
			rules: ['AM-5.4.1']
		};
	if (inSupply(g, 'barn', player) < 0)
		return {
			code: 'no-figure',
			message: `${playerName(g, player)} has no barn left in supply`,
			rules: ['AM-5.4.1']
		};
	const seg = barnSegment(g, s.boardX[s.placed], s.boardY[s.placed], c);
	if (seg < 0)
		return {
			code: 'no-barn-corner',
			message: `four tiles showing only field do not meet at the ${c} corner of the tile just placed`,
			rules: ['AM-5.4.1']
		};
	const { dx, dy } = CORNERS[c];
	if (barnState(g).points.includes(`${s.boardX[s.placed] + dx},${s.boardY[s.placed] + dy}`))
		return {
			code: 'barn-corner-taken',
			message: `a barn already stands on the ${c} corner of the tile just placed`,
			rules: ['AM-5.4.1']
		};
	if (g.rules.rulings['AM-R2'] !== 'occupied' && barnsOn(g, find(s, seg)).length)
		return {
			code: 'barn-field',
			message: 'that field already has a barn',
			rules: ['AM-5.4.1', 'AM-R2']
		};
	return null;
}

function barnMove(g: Engine, move: BarnMove, step: Step): Refusal | null {
	if (!(CORNER_NAMES as string[]).includes(move.corner))
		return {
			code: 'bad-move',
			message: `a barn's corner is NW, NE, SE or SW, not '${String(move.corner)}'`,
			rules: ['AM-5.4.1']
		};
	const r = barnRefusal(g, step.player, move.corner);
	if (r) return r;
	const s = g.state;
	const piece = inSupply(g, 'barn', step.player);
	const seg = barnSegment(g, s.boardX[s.placed], s.boardY[s.placed], move.corner);
	putPiece(g, piece, seg);
	s.acted = true;
	const st = barnState(g);
	st.placed = piece;
	const { dx, dy } = CORNERS[move.corner];
	st.points.push(`${s.boardX[s.placed] + dx},${s.boardY[s.placed] + dy}`);
	emit(
		g,
		{
			type: 'barn',
			rules: ['AM-5.4.1'],
			player: step.player,
			piece,
			x: s.boardX[s.placed],
			y: s.boardY[s.placed],
			corner: move.corner,
			feature: featureOf(g, seg).id
		},
		() =>
			`${playerName(g, step.player)} puts their barn on the ${move.corner} corner of (${s.boardX[s.placed]},${s.boardY[s.placed]}).`
	);
	return null;
}

/** Scores the field at `root` for its farmers now (at `per` points a city: the placement's 3, a joining's 1): they go home, the barns stay. */
function scoreFarmers(g: Engine, root: number, scoring: number, rule: string, why: string): void {
	const st = barnState(g);
	st.scoring = scoring;
	const from = g.events.length;
	scoreFeature(g, root, 'final');
	st.scoring = 0;
	// the score event says when it happened: not at the end
	for (let i = from; i < g.events.length; i++) {
		const ev = g.events[i] as ScoreEvent;
		if (ev.type !== 'score') continue;
		ev.final = false;
		ev.barn = scoring === CONNECTED ? 'joined' : 'placed';
		if (!ev.rules.includes(rule)) ev.rules.push(rule);
		if (ev.text) ev.text = ev.text.replace(/^Final scoring:/, why);
	}
}

export const barn: RuleModule = {
	id: 'barn',
	name: 'Abbey & Mayor (barn)',
	rules: {
		'AM-5.4.1':
			'Instead of a follower, a player may put their barn on a corner of the tile just placed where four tiles meet, each showing only field at that corner; not in a field that already has a barn.',
		'AM-5.4.2':
			'When the barn is placed, the farmers in its field are scored at once as at the end (3 per completed city) and go back to their owners; the barn stays.',
		'AM-5.4.3': 'No farmer may be placed in a field with a barn.',
		'AM-5.4.4':
			'When a tile joins a field with farmers to a field with a barn, the farmers are scored at once for 1 per completed city and go back to their owners.',
		'AM-5.4.5':
			'At the end the players with the most barns in a field each score 4 per completed city it borders.',
		'AM-5.4.6': 'The dragon does not eat barns.'
	},
	rulings: [
		{
			id: 'AM-R1',
			description: 'Who scores a field with barns at the end?',
			default: 'majority',
			options: {
				majority: 'the players with the most barns in the field (the reference, AM-5.4.5)',
				'every-owner':
					'every player with a barn there, once however many barns (JCloisterZone’s reading)'
			},
			rules: ['AM-5.4.5']
		},
		{
			id: 'AM-R2',
			description:
				'May a barn go into a field that already has one? (JCloisterZone’s barn-placement rule.)',
			default: 'not-occupied',
			options: {
				'not-occupied': 'no (AM-5.4.1)',
				occupied: 'yes: any field corner where four fields meet'
			},
			rules: ['AM-5.4.1']
		},
		{
			id: 'AM-R3',
			description: 'May a farmer be placed in a field with a barn?',
			default: 'refused',
			options: {
				refused: 'no (AM-5.4.3)',
				'scored-at-once':
					'yes, and it is scored at once for 1 per completed city and goes home, as when a tile joins the fields (JCloisterZone’s reading)'
			},
			rules: ['AM-5.4.3', 'AM-5.4.4']
		}
	],
	parameters: { barnCityPoints: 4, barnJoinedCityPoints: 1 },
	parameterRanges: { barnCityPoints: POINTS_RANGE, barnJoinedCityPoints: POINTS_RANGE },
	figures: [
		{
			id: 'barn',
			name: 'Barn',
			perPlayer: 1,
			follower: false,
			features: ['field'],
			deployable: false,
			// it never starts a field's scoring for farmers; it stays when its field is scored
			token: true,
			staysAfterScoring: true,
			// its own count only when the barns are scored (AM-5.4.5)
			strength: (g) => (barnState(g).scoring === AT_END ? 1 : 0),
			rules: ['AM-5.4.1']
		}
	],
	deployMoves: { barn: 'barn' },
	stepMoves: { figure: ['barn'] },
	moves: { barn: barnMove },
	uncited: ['AM-5.4.3', 'AM-5.4.6'],
	hooks: {
		setup(g) {
			g.state.moduleState.barn = { placed: -1, points: [], scoring: 0 } satisfies BarnState;
		},
		figureOptions(g, player, out: Move[]) {
			for (const c of CORNER_NAMES)
				if (!barnRefusal(g, player, c)) out.push({ type: 'barn', corner: c } satisfies BarnMove);
		},
		deployCheck(g, _player, figure, seg) {
			if (g.rules.rulings['AM-R3'] === 'scored-at-once') return null;
			if (!g.rules.figures.get(figure)?.follower) return null;
			if (featureOf(g, seg).kind !== 'field' || !barnsOn(g, find(g.state, seg)).length) return null;
			return {
				code: 'barn-field',
				message: 'no farmer may be placed in a field with a barn',
				rules: ['AM-5.4.3']
			};
		},
		value(g, _root, v) {
			const scoring = barnState(g).scoring;
			if (v.kind !== 'field' || scoring === 0) return;
			const cities = v.parts.find((p) => p.id === 'cities');
			const rule = scoring === AT_END ? 'AM-5.4.5' : 'AM-5.4.4';
			if (cities)
				setPer(
					cities,
					scoring === AT_END ? g.rules.params.barnCityPoints : g.rules.params.barnJoinedCityPoints,
					rule
				);
			v.rules.push(rule);
		},
		winners(g, root, _strengths, winners) {
			if (barnState(g).scoring !== AT_END || g.rules.rulings['AM-R1'] !== 'every-owner')
				return null;
			const owners = new Set(barnsOn(g, root).map((pc) => g.state.pieces[pc].owner));
			return g.state.players.flatMap((_, p) => (owners.has(p) || winners.includes(p) ? [p] : []));
		},
		afterScore(g) {
			const s = g.state;
			const st = barnState(g);
			let done = -1;
			if (st.placed >= 0) {
				const root = find(s, s.pieces[st.placed].seg);
				st.placed = -1;
				done = root;
				if (followersOn(g, root))
					scoreFarmers(g, root, 0, 'AM-5.4.2', 'Barn placed, its field scored at once:');
			}
			if (s.placed < 0) return;
			// fields of the tile just placed that now hold a barn and farmers (AM-5.4.4)
			const t = g.rules.tiles[s.boardTile[s.placed]];
			for (let i = 0; i < t.features.length; i++) {
				if (t.features[i].kind !== 'field') continue;
				const root = find(s, s.boardFirstSegment[s.placed] + i);
				if (root === done || !barnsOn(g, root).length || !followersOn(g, root)) continue;
				done = root;
				scoreFarmers(
					g,
					root,
					CONNECTED,
					'AM-5.4.4',
					'Farmers joined to a barn’s field, scored at once:'
				);
			}
		},
		finalScoring(g) {
			const s = g.state;
			const st = barnState(g);
			const done = new Set<number>();
			for (let i = 0; i < s.pieces.length; i++) {
				if (s.pieces[i].kind !== 'barn' || s.pieces[i].seg < 0) continue;
				const root = find(s, s.pieces[i].seg);
				if (done.has(root)) continue;
				done.add(root);
				st.scoring = AT_END;
				scoreFeature(g, root, 'final');
				st.scoring = 0;
			}
		},
		dragonEnters(g, b) {
			const spare = g.state.pieces.flatMap((p, i) =>
				p.kind === 'barn' && p.tile === b ? [i] : []
			);
			return spare.length ? { spare, rules: ['AM-5.4.6'] } : null;
		}
	}
};
