// King & Robber (The King and the Robber Baron): the player who completes the largest city so far
// takes the king, the largest road so far the robber baron (strictly larger than the record: a tie
// leaves the token where it is); at the end the king's holder scores 1 per city completed in the
// game, the robber's 1 per road (ruling KR-R1: JCZ's other scorings). A TypeScript module: a token
// that moves to whoever beats a record is kept across turns, which the data vocabulary (rules about
// the feature being scored) has no place for yet.
import { featureTiles } from '../features.ts';
import { emit } from '../events.ts';
import { playerName } from '../scoring.ts';
import type { Engine, RuleModule } from '../types.ts';

type Token = 'king' | 'robber';
interface Holder {
	/** Player holding the token (-1: nobody yet). */
	player: number;
	/** Tiles of the largest feature completed so far. */
	record: number;
	/** Features of the token's kind completed in the game, and in this turn. */
	completed: number;
	thisTurn: number;
	/** The largest completed this turn (tiles) and whether it beats the record. */
	best: number;
}
export interface KingAndRobberState {
	king: Holder;
	robber: Holder;
}

const TOKENS: { token: Token; kind: 'city' | 'road'; rule: string; name: string }[] = [
	{ token: 'king', kind: 'city', rule: 'KR-1', name: 'the king' },
	{ token: 'robber', kind: 'road', rule: 'KR-2', name: 'the robber baron' }
];

const K = (g: Engine): KingAndRobberState =>
	g.state.moduleState['king-and-robber'] as KingAndRobberState;
const inPlay = (g: Engine, token: Token): boolean => {
	const r = g.rules.rulings['KR-R2'];
	return r === 'both' || r === `${token}-only`;
};
const fresh = (): Holder => ({ player: -1, record: 0, completed: 0, thisTurn: 0, best: 0 });

export const kingAndRobber: RuleModule = {
	id: 'king-and-robber',
	name: 'King & Robber',
	rules: {
		'KR-1':
			'The player who completes a city larger (in tiles) than every city completed before takes the king; a city as large leaves it where it is.',
		'KR-2':
			'The player who completes a road longer (in tiles) than every road completed before takes the robber baron; a road as long leaves it where it is.',
		'KR-3':
			'At the end the king’s holder scores 1 point per city completed in the game, the robber baron’s holder 1 per road.'
	},
	rulings: [
		{
			id: 'KR-R1',
			description:
				'How the king and the robber baron score (JCloisterZone’s king-and-robber-scoring: the house rules it offers).',
			default: 'per-feature',
			options: {
				'per-feature': 'at the end, 1 point per completed city (king) or road (robber baron)',
				'ten-per-token': 'at the end, 10 points per token held',
				'fifteen-forty': 'at the end, 15 points for one token, 40 for both',
				continuously:
					'during play: whenever cities (roads) are completed in a turn, the token’s holder before that turn’s move scores 1 per such feature; nothing at the end'
			},
			rules: ['KR-3']
		},
		{
			id: 'KR-R2',
			description:
				'Which tokens are in play? (JCloisterZone’s setup chooses the king and the robber one by one.)',
			default: 'both',
			options: {
				both: 'the king and the robber baron',
				'king-only': 'the king only',
				'robber-only': 'the robber baron only',
				neither: 'neither: the tiles are plain tiles'
			},
			rules: ['KR-1', 'KR-2']
		}
	],
	onlyWhen: {
		// final scoring and the continuous variant are exclusive
		'KR-3': { rulings: { 'KR-R1': ['per-feature', 'ten-per-token', 'fifteen-forty'] } }
	},
	hooks: {
		setup(g) {
			g.state.moduleState['king-and-robber'] = {
				king: fresh(),
				robber: fresh()
			} satisfies KingAndRobberState;
		},
		scored(g, root, ev) {
			if (ev.final) return;
			const k = ev.feature.kind;
			if (k !== 'city' && k !== 'road') return;
			const h = K(g)[k === 'city' ? 'king' : 'robber'];
			h.completed++;
			h.thisTurn++;
			h.best = Math.max(h.best, featureTiles(g.state, root).length);
		},
		afterScore(g) {
			const s = g.state;
			const state = K(g);
			for (const t of TOKENS) {
				const h = state[t.token];
				if (!h.thisTurn) continue;
				const n = h.thisTurn;
				h.thisTurn = 0;
				const best = h.best;
				h.best = 0;
				if (!inPlay(g, t.token)) continue;
				if (g.rules.rulings['KR-R1'] === 'continuously' && h.player >= 0) {
					s.scores[h.player] += n;
					emit(
						g,
						{
							type: 'tokenScore',
							rules: ['KR-R1', t.rule],
							player: h.player,
							token: t.token,
							points: n
						},
						() =>
							`${playerName(g, h.player)} holds ${t.name}: +${n} for ${n} ${t.kind === 'city' ? 'cit' : 'road'}${n === 1 ? (t.kind === 'city' ? 'y' : '') : t.kind === 'city' ? 'ies' : 's'} completed this turn.`
					);
				}
				if (best <= h.record) continue;
				const from = h.player;
				h.player = s.active;
				h.record = best;
				emit(
					g,
					{
						type: 'tokenTaken',
						rules: [t.rule],
						player: s.active,
						token: t.token,
						from,
						tiles: best
					},
					() =>
						`${playerName(g, s.active)} completed the largest ${t.kind} so far (${best} tiles) and takes ${t.name}${from >= 0 && from !== s.active ? ` from ${playerName(g, from)}` : ''}.`
				);
			}
		},
		finalScoring(g) {
			const s = g.state;
			const state = K(g);
			const variant = g.rules.rulings['KR-R1'];
			if (variant === 'continuously') return;
			const held = TOKENS.filter((t) => inPlay(g, t.token) && state[t.token].player >= 0);
			for (const t of held) {
				const h = state[t.token];
				const both = held.length === 2 && state.king.player === state.robber.player;
				let points: number;
				let arithmetic: string;
				if (variant === 'ten-per-token') {
					points = 10;
					arithmetic = '10 for the token';
				} else if (variant === 'fifteen-forty') {
					// 40 for both tokens, paid once (with the king)
					if (both && t.token === 'robber') continue;
					points = both ? 40 : 15;
					arithmetic = both ? '40 for both tokens' : '15 for one token';
				} else {
					points = h.completed;
					arithmetic = `${h.completed} completed ${t.kind === 'city' ? 'cities' : 'roads'} × 1 = ${h.completed}`;
				}
				s.scores[h.player] += points;
				emit(
					g,
					{
						type: 'tokenScore',
						rules: ['KR-3', ...(variant === 'per-feature' ? [] : ['KR-R1'])],
						player: h.player,
						token: t.token,
						points,
						arithmetic
					},
					() => `${playerName(g, h.player)} holds ${t.name}: ${arithmetic}.`
				);
			}
		}
	}
};
