// Buddo (fan figure): a neutral large meeple any player may place instead of their own figure.
// Its placement, strength and denial of the scoring (BUDDO-PLACE-1/2, BUDDO-SCORE-1/2) are data
// in expansions/buddo.json; here: it returns to the general supply after any scoring.
// Everybody wants Buddo (choices among opponents' pieces, choices.ts), and the dragon is drawn to
// Buddo's tile, where a coin decides whether Buddo survives or is broken (removed from the game).
import { coin } from '../bag.ts';
import { emit } from '../events.ts';
import { figureRef, returnPiece } from '../scoring.ts';
import type { Engine, Move, Refusal, RuleModule, Step } from '../types.ts';
import { piecesOfKinds } from './base.ts';
import { deniedBy } from '../data-rules.ts';

export interface BuddoState {
	/** Pieces removed from the game (a broken Buddo): checked by the invariants. */
	removed: number[];
}

const BUDDO = 'buddo';
const U = (engine: Engine): BuddoState => engine.state.moduleState.buddo as BuddoState;

const buddoPieces = piecesOfKinds(BUDDO);

/** The Buddo piece on the board, or -1. */
function buddoOnBoard(engine: Engine): number {
	const ps = engine.state.pieces;
	for (const i of buddoPieces(ps)) if (ps[i].seg >= 0) return i;
	return -1;
}

/** Heads (1): Buddo survives and goes to the general supply; tails (0): broken, out of the game. */
function resolveCoin(engine: Engine, piece: number, heads: boolean, player: number): void {
	const state = engine.state;
	const p = state.pieces[piece];
	const at = { x: state.boardX[p.tile], y: state.boardY[p.tile] };
	returnPiece(engine, piece);
	if (!heads) {
		p.seg = -2;
		U(engine).removed.push(piece);
	}
	emit(
		engine,
		{
			type: 'buddoCoin',
			rules: ['BUDDO-DRAGON-2', 'BUDDO-R1'],
			player,
			result: heads ? 'heads' : 'tails',
			...at
		},
		() =>
			heads
				? 'Heads: Buddo survives the chewing and goes back to the general supply.'
				: 'Tails: Buddo is broken and removed from the game.'
	);
}

function coinMove(
	engine: Engine,
	move: { type: string; result: string },
	step: Step
): Refusal | null {
	if (move.result !== 'heads' && move.result !== 'tails')
		return {
			code: 'bad-coin',
			message: "the coin shows 'heads' or 'tails'",
			rules: ['BUDDO-DRAGON-2']
		};
	const piece = step.data?.piece as number;
	resolveCoin(engine, piece, move.result === 'heads', step.player);
	return null;
}

export const buddo: RuleModule = {
	id: 'buddo',
	name: 'Buddo',
	rules: {
		'BUDDO-SETUP-1':
			'One neutral Buddo figure starts in the general supply; there are no Buddo tiles.',
		'BUDDO-PLACE-3':
			'Buddo never stays in a player’s supply: it goes at once to the general supply.',
		'BUDDO-SCORE-3':
			'After any scoring, final scoring included, Buddo returns to the general supply.',
		'BUDDO-WANT-1':
			'When a rule makes a player choose among opponents’ meeples and Buddo can be chosen, Buddo must be chosen.',
		'BUDDO-DRAGON-1':
			'The dragon must move onto Buddo’s tile when it is next to the dragon; its movement then ends.',
		'BUDDO-DRAGON-2':
			'Then a coin decides: heads, Buddo goes to the general supply; tails, it is broken and leaves the game.'
	},
	rulings: [
		{
			id: 'BUDDO-R1',
			description: 'Where the coin flip for a chewed Buddo comes from.',
			default: 'seeded-coin',
			options: {
				'seeded-coin':
					'the game’s seeded random source (or the record’s fixed outcomes: 1 heads, 0 tails)',
				'player-flips': 'the active player flips a real coin and enters the result as a move'
			},
			rules: ['BUDDO-DRAGON-2']
		},
		{
			id: 'BUDDO-R2',
			description: 'Other figures on Buddo’s tile when the dragon arrives.',
			default: 'eaten-as-usual',
			options: {
				'eaten-as-usual': 'they are eaten as usual',
				spared: 'the dragon only chews Buddo'
			},
			rules: ['BUDDO-DRAGON-1', 'DRAGON-4.4.5']
		},
		{
			id: 'BUDDO-R3',
			description:
				'A Buddo tile the dragon may not enter (the fairy’s, one already visited in this movement).',
			default: 'blocked-tile-does-not-attract',
			options: {
				'blocked-tile-does-not-attract': 'it does not attract the dragon',
				'attraction-overrides': 'Buddo draws the dragon onto it anyway'
			},
			rules: ['BUDDO-DRAGON-1', 'DRAGON-4.4.3']
		},
		{
			id: 'BUDDO-R4',
			description:
				'Does Buddo count as an opponent’s normal follower for choices among them (the mayor’s “win a knight’s favour”)?',
			default: 'off',
			options: {
				off: 'no: Buddo is a large meeple and cannot be chosen',
				on: 'yes: it can be chosen, and then must be (BUDDO-WANT-1)'
			},
			rules: ['BUDDO-WANT-1']
		},
		{
			id: 'BUDDO-R5',
			description:
				'The fairy’s 3 points when Buddo denies the feature of the fairy’s follower (new gap).',
			default: 'fairy-still-scores',
			options: {
				'fairy-still-scores':
					'the fairy’s owner still gets 3 (the fairy is another expansion’s rule)',
				'no-fairy-points': 'nobody gets any points from that feature'
			},
			rules: ['BUDDO-SCORE-2', 'DRAGON-4.5.2']
		}
	],
	steps: {
		coin: {
			accepts: ['coin'],
			describe: 'flip the coin for Buddo',
			moves(_g, _step, out: Move[]) {
				out.push({ type: 'coin', result: 'heads' }, { type: 'coin', result: 'tails' });
			}
		}
	},
	moves: { coin: coinMove },
	uncited: ['BUDDO-SETUP-1'],
	onlyWhen: {
		'BUDDO-DRAGON-1': { modules: ['dragon'] },
		'BUDDO-DRAGON-2': { modules: ['dragon'] },
		// the only choice among opponents' meeples is the mayor's favour, of players' followers unless BUDDO-R4 lets Buddo in
		'BUDDO-WANT-1': { modules: ['messengers-and-mayors'], rulings: { 'BUDDO-R4': ['on'] } },
		coin: { modules: ['dragon'], rulings: { 'BUDDO-R1': ['player-flips'] } }
	},
	// the awards hook acts only under BUDDO-R5 no-fairy-points; unbound, a trial's scoring builds no award objects
	hookWhen: { awards: (rulings) => rulings['BUDDO-R5'] === 'no-fairy-points' },
	hooks: {
		setup(engine) {
			const st: BuddoState = { removed: [] };
			engine.state.moduleState.buddo = st;
		},
		awards(engine, root, _v, _winners, awards) {
			if (
				deniedBy(engine, root) !== BUDDO ||
				engine.rules.rulings['BUDDO-R5'] !== 'no-fairy-points'
			)
				return;
			for (let i = awards.length - 1; i >= 0; i--)
				if (awards[i].rules.includes('DRAGON-4.5.2')) awards.splice(i, 1);
		},
		scored(engine, root, ev) {
			// the denial itself (BUDDO-SCORE-2) is data (expansions/buddo.json): its figure denies the scoring
			const state = engine.state;
			if (engine.silent) return; // only an event
			const piece = (state.featurePieces[root] ?? []).find((pc) => state.pieces[pc].kind === BUDDO);
			if (piece !== undefined)
				emit(
					engine,
					{
						type: 'buddoReturns',
						rules: ['BUDDO-SCORE-3', 'BUDDO-PLACE-3'],
						final: ev.final,
						figure: figureRef(engine, piece)
					},
					() => 'Buddo goes back to the general supply, for any player to place again.'
				);
		},
		dragonTargets(engine, open) {
			const state = engine.state;
			const d = state.moduleState.dragon as { at: number } | undefined;
			if (!d || d.at < 0) return null;
			const b = buddoOnBoard(engine);
			if (b < 0) return null;
			const tile = state.pieces[b].tile;
			// Buddo's tile shares a side with the dragon's
			if (
				Math.abs(state.boardX[tile] - state.boardX[d.at]) +
					Math.abs(state.boardY[tile] - state.boardY[d.at]) !==
				1
			)
				return null;
			if (
				!open.includes(tile) &&
				engine.rules.rulings['BUDDO-R3'] === 'blocked-tile-does-not-attract'
			)
				return null;
			return {
				tiles: [tile],
				rules: ['BUDDO-DRAGON-1', 'BUDDO-R3'],
				reason: `Buddo stands next to it at (${state.boardX[tile]},${state.boardY[tile]})`
			};
		},
		dragonEnters(engine, b, player) {
			const state = engine.state;
			const piece = buddoOnBoard(engine);
			if (piece < 0 || state.pieces[piece].tile !== b) return null;
			const spare = [piece];
			if (engine.rules.rulings['BUDDO-R2'] === 'spared')
				state.pieces.forEach((p, i) => p.tile === b && p.seg >= 0 && i !== piece && spare.push(i));
			emit(
				engine,
				{
					type: 'buddoChewed',
					rules: ['BUDDO-DRAGON-1', 'BUDDO-DRAGON-2', 'BUDDO-R2'],
					player,
					x: state.boardX[b],
					y: state.boardY[b],
					figure: figureRef(engine, piece)
				},
				() =>
					`The dragon chews Buddo at (${state.boardX[b]},${state.boardY[b]}): its movement ends and a coin decides Buddo’s fate.`
			);
			if (engine.rules.rulings['BUDDO-R1'] === 'player-flips')
				state.pending.unshift({ kind: 'coin', player: state.active, data: { piece } });
			else resolveCoin(engine, piece, coin(state) === 1, player);
			return { stop: 'Buddo stops it (BUDDO-DRAGON-1)', rules: ['BUDDO-DRAGON-1'], spare };
		},
		opponentChoice(engine, _chooser, pool, candidates) {
			const b = pool.find(
				(pc) => engine.state.pieces[pc].kind === BUDDO && engine.state.pieces[pc].seg >= 0
			);
			if (b === undefined) return null;
			const rules: string[] = [];
			let list = candidates;
			if (!list.includes(b) && engine.rules.rulings['BUDDO-R4'] === 'on') {
				list = [...list, b];
				rules.push('BUDDO-R4');
			}
			if (!list.includes(b)) return null;
			if (list.length > 1) rules.push('BUDDO-WANT-1');
			return { pieces: [b], rules };
		}
	}
};
