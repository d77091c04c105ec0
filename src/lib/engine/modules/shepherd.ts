// Hills & Sheep's shepherd and its flock: a face-down bag of sheep and wolf tokens; the shepherd,
// placed instead of a follower on a field of the tile just placed, draws a token at once; each
// later tile its owner places that extends that field asks them to draw again (expand) or to drive
// the flock to market (score: every shepherd in the field scores all the sheep there); a wolf sends
// the field's shepherds home and their sheep back into the bag; a field that can grow no more
// scores its flocks at once. The bag's contents and the flocks are module state (plain data); a
// draw takes the token at ⌊u × n⌋ of the n tokens in the bag in its order (1, 2, 3, 4 sheep, wolf),
// u from the game's fixed `draws` first (a JCloisterZone game's recorded random values), then
// from the PRNG. A TypeScript module, not data: a choice step and a bag whose tokens move between
// figures are beyond the rules-as-data vocabulary (docs/rules-as-data.md).
import { find, segsOf } from '../features.ts';
import { emit } from '../events.ts';
import { figureRef, playerName, returnPiece } from '../scoring.ts';
import { random } from '../bag.ts';
import { tileAtXY } from '../board-index.ts';
import { SIDE_DX, SIDE_DY } from '../cells.ts';
import type { Award, Engine, Move, Refusal, RuleModule, Step } from '../types.ts';

/** The bag's token kinds in its order: the sheep each shows (0: the wolf). */
const KINDS = [1, 2, 3, 4, 0];
const WOLF = 4;

export interface ShepherdState {
	/** Tokens in the bag, by kind (KINDS order). */
	bag: number[];
	/** Each shepherd's flock on the board (piece index → the sheep of its tokens). */
	flocks: Record<string, number[]>;
	/** The game's fixed draws still to use (values in [0, 1), the record's `draws`), before the PRNG. */
	fixed: number[];
}
const S = (g: Engine): ShepherdState => g.state.moduleState.shepherd as ShepherdState;

/** The shepherds (any player's) in the field at `root`. */
function shepherdsIn(g: Engine, root: number): number[] {
	const out: number[] = [];
	for (const pc of g.state.featurePieces[root] ?? [])
		if (g.state.pieces[pc].kind === 'shepherd') out.push(pc);
	return out;
}

/** Is the field at `root` closed: every half-side of it faces a tile (it can grow no more)? */
function closed(g: Engine, root: number): boolean {
	const s = g.state;
	for (const seg of segsOf(s, root)) {
		const b = s.segmentTile[seg];
		const t = g.rules.tiles[s.boardTile[b]];
		const r = s.boardRotation[b];
		const local = s.segmentFeature[seg];
		for (let h = 0; h < 8; h++) {
			if (t.halfField[r * 8 + h] !== local) continue;
			const side = h >> 1;
			if (tileAtXY(g, s.boardX[b] + SIDE_DX[side], s.boardY[b] + SIDE_DY[side]) < 0) return false;
		}
	}
	return true;
}

/** Does the tile just placed hold part of the field at `root`? */
function extendedNow(g: Engine, root: number): boolean {
	const s = g.state;
	const first = s.boardFirstSegment[s.placed];
	const n = g.rules.tiles[s.boardTile[s.placed]].features.length;
	for (let i = 0; i < n; i++) if (find(s, first + i) === root) return true;
	return false;
}

/** Draws a token from the bag: its kind (KINDS index) and the value in [0, 1) that chose it; null when the bag is empty. */
function drawToken(g: Engine): { kind: number; u: number } | null {
	const st = S(g);
	let n = 0;
	for (const c of st.bag) n += c;
	if (n === 0) return null;
	const u = st.fixed.length > 0 ? st.fixed.shift()! : random(g.state);
	let i = Math.min(n - 1, Math.floor(u * n));
	for (let kind = 0; kind < KINDS.length; kind++) {
		if (i < st.bag[kind]) return { kind, u };
		i -= st.bag[kind];
	}
	return null;
}

/** The tokens of these shepherds go back into the bag and the shepherds to their owners. */
function sendHome(g: Engine, shepherds: number[]): void {
	const st = S(g);
	for (const pc of shepherds) {
		for (const sheep of st.flocks[pc] ?? []) st.bag[KINDS.indexOf(sheep)]++;
		delete st.flocks[pc];
		returnPiece(g, pc);
	}
}

/** The shepherd `pc` draws a token: a sheep joins its flock, or the wolf scatters the field's flocks (HS-SHEEP-4). */
function expand(g: Engine, pc: number, rule: string): void {
	const st = S(g);
	const drawn = drawToken(g);
	const at = figureRef(g, pc);
	const player = g.state.pieces[pc].owner;
	if (!drawn) {
		emit(
			g,
			{ type: 'flock', rules: [rule], player, drawn: null, at },
			() => `${playerName(g, player)}'s shepherd finds the bag empty: the flock stays as it is.`
		);
		return;
	}
	const { kind: k, u } = drawn;
	if (k === WOLF) {
		const root = find(g.state, g.state.pieces[pc].seg);
		const gone = shepherdsIn(g, root);
		const sheep = gone.reduce((a, q) => a + (st.flocks[q] ?? []).reduce((x, y) => x + y, 0), 0);
		const refs = gone.map((q) => figureRef(g, q));
		sendHome(g, gone);
		emit(
			g,
			{
				type: 'flock',
				rules: [rule, 'HS-SHEEP-4'],
				player,
				drawn: 'wolf',
				u,
				at,
				returned: refs,
				sheep
			},
			() =>
				`${playerName(g, player)}'s shepherd draws the wolf: ${sheep} sheep of the field go back into the bag and ${refs.map((r) => `${playerName(g, r.owner)}'s shepherd`).join(' and ')} ${refs.length > 1 ? 'go' : 'goes'} home.`
		);
		return;
	}
	st.bag[k]--;
	(st.flocks[pc] ??= []).push(KINDS[k]);
	const total = st.flocks[pc].reduce((a, b) => a + b, 0);
	emit(
		g,
		{
			type: 'flock',
			rules: [rule],
			player,
			drawn: KINDS[k],
			u,
			at,
			flock: [...st.flocks[pc]]
		},
		() =>
			`${playerName(g, player)}'s shepherd draws ${KINDS[k]} sheep: the flock at (${at.x},${at.y}) has ${total}.`
	);
}

/** The flocks of the field at `root` go to market: every shepherd's owner there scores all its sheep, once (HS-SHEEP-3). */
function scoreFlocks(g: Engine, root: number, rules: string[]): void {
	const st = S(g);
	const s = g.state;
	const shepherds = shepherdsIn(g, root);
	if (shepherds.length === 0) return;
	const sheep: number[] = [];
	for (const pc of shepherds) sheep.push(...(st.flocks[pc] ?? []));
	const points = sheep.reduce((a, b) => a + b, 0);
	const counts = [1, 2, 3, 4]
		.map((k) => [k, sheep.filter((x) => x === k).length])
		.filter(([, n]) => n > 0);
	const arithmetic = `${counts.map(([k, n]) => `${n} × ${k} sheep`).join(' + ') || 'no sheep'} = ${points}`;
	const owners: number[] = [];
	for (const pc of shepherds)
		if (!owners.includes(s.pieces[pc].owner)) owners.push(s.pieces[pc].owner);
	const awards: Award[] = owners.map((p) => ({ player: p, points, arithmetic, rules }));
	for (const a of awards) s.scores[a.player] += a.points;
	const refs = shepherds.map((pc) => figureRef(g, pc));
	sendHome(g, shepherds);
	emit(
		g,
		{ type: 'flockScore', rules, points, arithmetic, awards, returned: refs, at: refs[0] },
		() =>
			`The flock${shepherds.length > 1 ? 's' : ''} at (${refs[0].x},${refs[0].y}) ${shepherds.length > 1 ? 'go' : 'goes'} to market: ${owners.map((p) => `${playerName(g, p)} +${points}`).join(', ')} (${arithmetic}).`
	);
}

/** Scores every field with a shepherd that can grow no more (HS-SHEEP-5), but those in `skip`. */
function scoreClosed(g: Engine, skip: readonly number[]): void {
	const s = g.state;
	for (let pc = 0; pc < s.pieces.length; pc++) {
		const p = s.pieces[pc];
		if (p.kind !== 'shepherd' || p.seg < 0) continue;
		const root = find(s, p.seg);
		if (!skip.includes(root) && closed(g, root)) scoreFlocks(g, root, ['HS-SHEEP-3', 'HS-SHEEP-5']);
	}
}

type FlockMove = { type: 'flock'; choice: 'expand' | 'score' };

function flockMoves(_g: Engine, _step: Step, out: Move[]): void {
	out.push({ type: 'flock', choice: 'expand' }, { type: 'flock', choice: 'score' });
}

function flockMove(g: Engine, move: FlockMove, step: Step): Refusal | null {
	if (move.choice !== 'expand' && move.choice !== 'score')
		return {
			code: 'bad-choice',
			message: `a flock move's choice is 'expand' (draw a token) or 'score' (drive the flock to market), not '${String(move.choice)}'`,
			rules: ['HS-SHEEP-2']
		};
	const s = g.state;
	const [pc, ...rest] = (step.data?.shepherds as number[] | undefined) ?? [];
	if (pc !== undefined && s.pieces[pc].seg >= 0) {
		if (move.choice === 'expand') expand(g, pc, 'HS-SHEEP-2');
		else scoreFlocks(g, find(s, s.pieces[pc].seg), ['HS-SHEEP-2', 'HS-SHEEP-3']);
		scoreClosed(g, []);
	}
	const left = rest.filter((q) => s.pieces[q].seg >= 0);
	if (left.length)
		s.pending.unshift({ kind: 'flock', player: step.player, data: { shepherds: left } });
	return null;
}

export const shepherd: RuleModule = {
	id: 'shepherd',
	name: 'Hills & Sheep (the shepherd)',
	rules: {
		'HS-SHEEP-1':
			'Instead of a follower, a player may put their shepherd on a field of the tile just placed where no shepherd stands; it draws a token from the bag at once.',
		'HS-SHEEP-2':
			'When a player places a tile that extends a field with their shepherd, they either draw a token for its flock or drive the flocks of that field to market.',
		'HS-SHEEP-3':
			'Driven to market, the flocks of a field score: every player with a shepherd there scores all the sheep in the field; the shepherds go home and the tokens back into the bag.',
		'HS-SHEEP-4':
			'A wolf drawn sends every shepherd of that field home and all its sheep back into the bag; the wolf stays in the bag.',
		'HS-SHEEP-5':
			'A field with a shepherd that can grow no more (no side of it left open) scores its flocks at once.',
		'HS-SHEEP-6':
			'The shepherd is no follower: it takes no part in the field’s majority and shares a field with farmers.',
		'HS-SHEEP-7': 'At the end of the game, flocks still on the board score nothing.'
	},
	parameters: {
		oneSheepTokens: 4,
		twoSheepTokens: 5,
		threeSheepTokens: 5,
		fourSheepTokens: 2,
		wolfTokens: 2
	},
	parameterRanges: {
		oneSheepTokens: { min: 0, max: 20 },
		twoSheepTokens: { min: 0, max: 20 },
		threeSheepTokens: { min: 0, max: 20 },
		fourSheepTokens: { min: 0, max: 20 },
		wolfTokens: { min: 0, max: 20 }
	},
	figures: [
		{
			id: 'shepherd',
			name: 'Shepherd',
			perPlayer: 1,
			follower: false,
			features: ['field'],
			strength: () => 0,
			rules: ['HS-SHEEP-1'],
			canDeploy(g, _player, _seg, root) {
				if (shepherdsIn(g, root).length === 0) return null;
				return {
					code: 'shepherd-there',
					message: 'a shepherd already stands in this field',
					rules: ['HS-SHEEP-1']
				};
			}
		}
	],
	uncited: ['HS-SHEEP-6', 'HS-SHEEP-7'],
	steps: {
		flock: {
			accepts: ['flock'],
			describe: 'draw a token for the flock or drive it to market',
			moves: flockMoves
		}
	},
	moves: { flock: flockMove },
	hooks: {
		setup(g) {
			const p = g.rules.params;
			const st: ShepherdState = {
				bag: [
					p.oneSheepTokens,
					p.twoSheepTokens,
					p.threeSheepTokens,
					p.fourSheepTokens,
					p.wolfTokens
				],
				flocks: {},
				fixed: [...(g.state.origin.draws ?? [])]
			};
			g.state.moduleState.shepherd = st;
		},
		afterFigure(g) {
			const s = g.state;
			if (s.placed < 0) return;
			const waiting: number[] = [];
			const fields: number[] = [];
			for (let pc = 0; pc < s.pieces.length; pc++) {
				const p = s.pieces[pc];
				if (p.kind !== 'shepherd' || p.owner !== s.active || p.seg < 0) continue;
				// placed this turn: its first token (HS-SHEEP-1)
				if (p.tile === s.placed) {
					expand(g, pc, 'HS-SHEEP-1');
					continue;
				}
				const root = find(s, p.seg);
				if (!fields.includes(root) && extendedNow(g, root)) {
					waiting.push(pc);
					fields.push(root);
				}
			}
			scoreClosed(g, fields);
			if (waiting.length)
				s.pending.push({ kind: 'flock', player: s.active, data: { shepherds: waiting } });
		}
	}
};
