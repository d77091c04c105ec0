// Trials (engine/trial.ts): a bot applies its options in place, scores only what each touched and
// takes it back. Checked against the evaluation the greedy bot had before trials (a copy per option,
// the engine's whole final scoring): the same value for every option at seeded positions of games of
// every shipped expansion; and a state taken back is the state it was.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import {
	apply,
	legalMoves,
	resolveGame,
	startGame,
	type GameSetup,
	type GameState
} from '../src/lib/engine/index.ts';
import {
	cloneState,
	copyState,
	finalBase,
	IN_PLACE_SILENT,
	type FinalBase,
	takeBack,
	TRIAL
} from '../src/lib/engine/index.ts';
import { canonical } from '../src/lib/engine/invariants.ts';
import { find } from '../src/lib/engine/features.ts';
import { randomLegalMove } from '../src/lib/engine/random.ts';
import { determinize, lastTurn, margins, moverOf, tilesLeftIn } from '../src/lib/bots/estimate.ts';
import { LEAF_BUDGET, reserveShare, weighTurn } from '../src/lib/bots/greedy.ts';

const docs = availableExpansions();
const setupOf = (ids: string[], more: Partial<GameSetup> = {}): Omit<GameSetup, 'seed'> => {
	const r = resolveGame(ids, (id) => docs.get(id));
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	return {
		expansions: r.expansions,
		modules: [...(r.modules ?? []), ...(more.modules ?? [])],
		players: ['A', 'B'],
		...(more.rulings ? { rulings: more.rulings } : {})
	};
};

const MIXES: [string, Omit<GameSetup, 'seed'>][] = [
	['base', setupOf(['base'])],
	[
		'base, 2nd farm edition (no sum over features)',
		setupOf(['base'], { rulings: { 'BASE-R2': '2nd' } })
	],
	[
		'the checker mix: bards, I&C, inn and stable owners, buddo, M&M',
		setupOf([
			'bards',
			'inns-and-cathedrals',
			'inn-and-stable-owners',
			'buddo',
			'messengers-and-mayors'
		])
	],
	[
		'river, dragon (princess, portal), king & robber, abbot, pig, phantom',
		setupOf(['river', 'dragon', 'king-and-robber', 'phantom'], { modules: ['abbot', 'pig'] })
	],
	[
		'hills & sheep, traders & builders (goods, builder), wells, abbey & mayor, festival',
		setupOf([
			'hills-and-sheep',
			'traders-and-builders-goods',
			'traders-and-builders-builder',
			'wells',
			'pig-herd',
			'abbey-and-mayor',
			'festival'
		])
	]
];

/** The greedy bot's weighing before trials: a copy per option, the engine's final scoring of each. */
function copyingWeighing(d: GameState, share: number): { m: string; v: number }[] {
	const me = moverOf(d);
	const turn = d.turn;
	let leaves = 0;
	const value = (s: GameState): number => {
		if (s.finished || s.turn !== turn) {
			leaves++;
			return margins(s, share)[me];
		}
		if (s.tile >= 0 && tilesLeftIn(s) > 0) lastTurn(s);
		let moves = legalMoves(s);
		if (moves.length === 0) {
			leaves++;
			return margins(s, share)[me];
		}
		if (leaves > LEAF_BUDGET) moves = moves.slice(0, 1);
		const mine = moverOf(s) === me;
		let best = mine ? -Infinity : Infinity;
		for (const m of moves) {
			const r = apply(s, m, { events: false });
			if (!r.ok) continue;
			const v = value(r.state);
			if (mine ? v > best : v < best) best = v;
		}
		return Number.isFinite(best) ? best : margins(s, share)[me];
	};
	if (d.tile >= 0) lastTurn(d);
	const out: { m: string; v: number }[] = [];
	for (const move of legalMoves(d)) {
		const r = apply(d, move, { events: false });
		if (r.ok) out.push({ m: JSON.stringify(move), v: value(r.state) });
	}
	return out;
}

describe('trials', () => {
	for (const [name, setup] of MIXES)
		it(`value every option as a copy and the whole final scoring do: ${name}`, () => {
			let { state } = startGame({ ...setup, seed: 4, quiet: true });
			let rng = 17;
			let checked = 0;
			for (let step = 0; !state.finished; step++) {
				// every 9th decision with more than one option (placements mostly, figures, the M&M turn step)
				if (step % 9 === 4 && legalMoves(state).length > 1) {
					const [d1] = determinize(state, step);
					const [d2] = determinize(state, step);
					// weighTurn sorts (best first, stable): compare with the same sort of the oracle's values
					const expected = copyingWeighing(d1, reserveShare(state)).sort((a, b) => b.v - a.v);
					const got = weighTurn(d2, reserveShare(state));
					expect(got.map((a) => ({ m: JSON.stringify(a.move), v: a.value }))).toEqual(expected);
					checked++;
				}
				let move;
				[move, rng] = randomLegalMove(state, rng);
				state = (apply(state, move, IN_PLACE_SILENT) as { state: GameState }).state;
			}
			expect(checked).toBeGreaterThan(8);
		});

	for (const [name, setup] of MIXES)
		it(`a final base found from an earlier one is the one found afresh: ${name}`, () => {
			let { state } = startGame({ ...setup, seed: 6, quiet: true });
			let rng = 23;
			let prev: FinalBase | null = null;
			// a field's bordering cities by their roots now (a reused base names cities merged since by their old roots)
			const bare = (b: FinalBase | null) =>
				b && {
					...b,
					board: undefined,
					ctx: undefined,
					cities: b.cities.map((cs, k) => [
						...new Set(cs.map((c, j) => `${find(state, c)} ${b.complete[k][j]}`))
					]),
					complete: undefined
				};
			for (let step = 0; !state.finished; step++) {
				// from the base of 1 to 4 moves before (a bot's last decision), chained
				if (step % 4 === 0 || prev === null) {
					const fresh = finalBase(cloneState(state));
					const next = finalBase(cloneState(state), prev);
					expect(bare(next)).toEqual(bare(fresh));
					prev = next;
				}
				let move;
				[move, rng] = randomLegalMove(state, rng);
				state = (apply(state, move, IN_PLACE_SILENT) as { state: GameState }).state;
			}
		});

	it('a state taken back is the state it was, and plays on as before', () => {
		const setup = MIXES[2][1];
		const { state } = startGame({ ...setup, seed: 9, quiet: true });
		const twin = startGame({ ...setup, seed: 9, quiet: true }).state;
		const kept = cloneState(state);
		let rng = 5;
		for (let step = 0; !state.finished; step++) {
			// a few moves in place (a placement and what follows), then back
			copyState(kept, state);
			const was = canonical(state);
			let trial = rng;
			for (let k = 0; k < 4 && !state.finished; k++) {
				let m;
				[m, trial] = randomLegalMove(state, trial);
				if (!apply(state, m, step % 2 ? TRIAL : IN_PLACE_SILENT).ok) break;
			}
			takeBack(state, kept);
			expect(canonical(state)).toBe(was);
			let move;
			[move, rng] = randomLegalMove(state, rng);
			expect(legalMoves(state)).toEqual(legalMoves(twin));
			apply(state, move, IN_PLACE_SILENT);
			apply(twin, move, IN_PLACE_SILENT);
		}
		expect(twin.finished).toBe(true);
		expect(state.scores).toEqual(twin.scores);
	});
});
