// Messengers & Mayors (Bodes & Burgemeesters): mayor, scarecrow and messenger (placed instead of a
// normal follower), the town hall, the waterfall river tile and the city with a bridge.
// Rules: the published Messengers & Mayors rules (ids MM-*, docs/expansions.md); rulings MM-R1…R8 from them, MM-R9…R14 ours.
import { find } from '../../features.ts';
import {
	crisisMeeting,
	triggeredBy,
	triggeredAtOnce,
	addTriggers,
	triggerOrder,
	mayor,
	scarecrow,
	mayorMoves,
	mayorMove,
	scarecrowMoves,
	scarecrowMove
} from './figures.ts';
import { M, MM, enqueue } from './state.ts';
import { explainValue } from './explain.ts';
import { rules, rulings } from './rules.ts';
import { setup } from './setup.ts';
import type { RuleModule } from '../../types.ts';
import { isTownHall } from '../../tiles.ts';
import { STRENGTH_RANGE } from '../../limits.ts';
import { PHASE_TURN_START } from '../../phases.ts';

export { MM };

export const messengersAndMayors: RuleModule = {
	id: MM,
	name: 'Messengers & Mayors',
	rules,
	rulings,
	parameters: {
		mayorStrength: 0,
		standingScarecrowStrength: 0,
		lyingScarecrowStrength: 1
	},
	parameterRanges: {
		mayorStrength: STRENGTH_RANGE,
		standingScarecrowStrength: STRENGTH_RANGE,
		lyingScarecrowStrength: STRENGTH_RANGE
	},
	icons: { mayor: 'MM-SETUP-2' },
	figures: [mayor, scarecrow],
	steps: {
		mayor: { accepts: ['mayor'], describe: 'use the mayor’s favour or not', moves: mayorMoves },
		scarecrow: {
			accepts: ['scarecrow'],
			describe: 'choose the scarecrow’s ability',
			moves: scarecrowMoves
		}
	},
	moves: {
		mayor: mayorMove,
		scarecrow: scarecrowMove
	},
	// MM-MAYOR-2 and MM-CROW-2 are cited when a figure is refused; the order rules only in ruling MM-R12's list
	uncited: ['MM-MAYOR-2', 'MM-MAYOR-6', 'MM-MAYOR-8', 'MM-CROW-2', 'MM-CROW-5'],
	hooks: {
		setup,
		turnStart(engine) {
			const m = M(engine.state);
			m.used = false;
		},
		placed(engine, b) {
			if (b < 0 || engine.state.phase < PHASE_TURN_START) return;
			if (isTownHall(engine.rules.tiles[engine.state.boardTile[b]])) crisisMeeting(engine, b);
			addTriggers(engine, triggeredBy(engine, b), 'placed');
		},
		deployCheck(engine, player, figure, seg) {
			const state = engine.state;
			if (player === state.active && M(state).used)
				return {
					code: 'placement-used',
					message: 'the ability already used this turn’s follower placement',
					rules: ['MM-R8', 'BASE-1.4.1']
				};
			if (figure === 'pig' && engine.rules.rulings['MM-R14'] === 'farmers-only') {
				const own = (state.featurePieces[find(state, seg)] ?? []).filter(
					(pc) =>
						state.pieces[pc].owner === player &&
						engine.rules.figures.get(state.pieces[pc].kind)?.follower
				);
				if (own.length && own.every((pc) => state.pieces[pc].kind === 'scarecrow'))
					return {
						code: 'pig-needs-farmer',
						message: 'a scarecrow is no farmer for the pig (ruling MM-R14)',
						rules: ['PIG-6.1.1', 'MM-R14']
					};
			}
			return null;
		},
		afterFigure(engine) {
			const m = M(engine.state);
			addTriggers(engine, triggeredAtOnce(engine), 'figure');
			if (m.waiting.length && engine.rules.rulings['MM-R2'] === 'after-placement') {
				const w = m.waiting;
				m.waiting = [];
				enqueue(engine, w, triggerOrder(engine));
			}
		},
		afterScore(engine) {
			const m = M(engine.state);
			if (m.waiting.length) {
				const w = m.waiting;
				m.waiting = [];
				enqueue(engine, w, triggerOrder(engine));
			}
		},
		winners(engine, root, strengths, winners) {
			// ruling MM-R1: when the highest strength is 0, everyone with a follower there scores
			if (winners.length) return null;
			for (const v of strengths) if (v > 0) return null;
			const state = engine.state;
			if (!state.featurePieces[root] || engine.rules.rulings['MM-R1'] !== 'zero-strength-all-score')
				return null;
			const out: number[] = [];
			for (const pc of state.featurePieces[root] ?? []) {
				const p = state.pieces[pc];
				if (p.owner >= 0 && engine.rules.figures.get(p.kind)?.follower && !out.includes(p.owner))
					out.push(p.owner);
			}
			return out.length ? out.sort((a, b) => a - b) : null;
		},
		value(engine, root, v) {
			// only rule ids for the explanation: a silent engine (a bot's playout) skips them
			if (!engine.silent) explainValue(engine, root, v);
		},
		scoringMarks: (engine) => M(engine.state).lying,
		pieceLeft(engine, piece) {
			const m = M(engine.state);
			if (!m) return;
			const i = m.lying.indexOf(piece);
			if (i >= 0) m.lying.splice(i, 1);
		}
	}
};
