// Inn and Stable Owners (fan expansion by ShadowP68): owners go on the inn or stable of the tile
// just placed, in addition to the normal follower (ISO-INN-*, ISO-STABLE-*, rulings ISO-R1…R8).
// Their scoring — innkeepers when their road is completed, stable owners when the stable's tile is
// surrounded or at the end (ISO-SCORE-1…5) — is data: expansions/inn-and-stable-owners.json.
import { find } from '../features.ts';
import { emit } from '../events.ts';
import { perContext } from '../per-context.ts';
import { figureRef, playerName } from '../scoring.ts';
import { inSupply, putPiece } from './base.ts';
import type { Engine, Move, Refusal, RuleModule, Step } from '../types.ts';
import { COUNT_RANGE } from '../limits.ts';

const OWNER = 'owner';

type Role = 'innkeeper' | 'stable owner';

/** What a rules context decides for owners, read once per context (its rulings are slow to look up one by one). */
interface Facts {
	/** Per compiled tile: the role an owner takes on each local feature (null: none), or null when the tile has no inn or stable. */
	roles: ((Role | null)[] | null)[];
	/** ISO-R1 = one-owner-each. */
	each: boolean;
	/** ISO-R2 = followers: owners are followers of their road. */
	followers: boolean;
	/** ISO-R3 = stay-on-board. */
	stay: boolean;
}
const factsOf = perContext((rules): Facts => {
	const roles = rules.tiles.map((t) => {
		const per = t.features.map((x): Role | null =>
			x.kind === 'road' && x.modifiers.inn
				? 'innkeeper'
				: x.kind === 'stable'
					? 'stable owner'
					: null
		);
		return per.some((x) => x) ? per : null;
	});
	return {
		roles,
		each: rules.rulings['ISO-R1'] === 'one-owner-each',
		followers: rules.rulings['ISO-R2'] === 'followers',
		stay: rules.rulings['ISO-R3'] === 'stay-on-board'
	};
});

/** Is local feature `local` of the placed tile an inn (road with an inn) or a stable? */
function ownerPlace(engine: Engine, local: number): Role | null {
	return factsOf(engine.rules).roles[engine.state.boardTile[engine.state.placed]]?.[local] ?? null;
}

/** The first owner on feature `root` (on segment `seg` when given), or -1. */
function ownerOn(engine: Engine, root: number, seg?: number): number {
	const list = engine.state.featurePieces[root];
	if (list)
		for (let i = 0; i < list.length; i++) {
			const p = engine.state.pieces[list[i]];
			if (p.kind === OWNER && (seg === undefined || p.seg === seg)) return list[i];
		}
	return -1;
}

/** Why `player` may not put an owner on local feature `local` of the tile just placed. */
function ownerRefusal(
	engine: Engine,
	player: number,
	local: number,
	needSupply = true
): Refusal | null {
	const state = engine.state;
	const t = engine.rules.tiles[state.boardTile[state.placed]];
	const f = t.features[local];
	const role = ownerPlace(engine, local);
	if (!role)
		return {
			code: 'not-inn-or-stable',
			message: `${f.kind} ${f.id} is neither an inn nor a stable`,
			rules: ['ISO-INN-1', 'ISO-STABLE-1']
		};
	if (needSupply && inSupply(engine, OWNER, player) < 0)
		return {
			code: 'no-figure',
			message: `${playerName(engine, player)} has no owner left in supply`,
			rules: ['ISO-SETUP-1']
		};
	const seg = state.boardFirstSegment[state.placed] + local;
	const root = find(state, seg);
	const each = factsOf(engine.rules).each;
	const taken = ownerOn(engine, root, each ? seg : undefined);
	if (taken >= 0) {
		const ref = figureRef(engine, taken);
		const inn = role === 'innkeeper';
		const where = inn ? (each ? 'inn' : 'road') : 'stable';
		const who = `${playerName(engine, ref.owner)}'s ${role} at (${ref.x},${ref.y}) on ${ref.feature}`;
		return {
			code: 'owner-taken',
			message: `this ${where} already has ${inn && !each ? 'an innkeeper' : 'an owner'}: ${who}`,
			rules: ['ISO-R1'],
			details: { occupant: ref }
		};
	}
	if (
		factsOf(engine.rules).followers &&
		(state.featurePieces[root] ?? []).some(
			(pc) => engine.rules.figures.get(state.pieces[pc].kind)?.follower
		)
	)
		return {
			code: 'feature-occupied',
			message: 'owners count as followers (ISO-R2) and this road is occupied',
			rules: ['ISO-R2', 'BASE-1.4.3']
		};
	for (const h of engine.rules.hooks.deployCheck) {
		const r = h(engine, player, OWNER, seg);
		if (r) return r;
	}
	return null;
}

function placeOwner(
	engine: Engine,
	move: { type: string; feature: string },
	step: Step
): Refusal | null {
	const state = engine.state;
	const t = engine.rules.tiles[state.boardTile[state.placed]];
	const local = t.features.findIndex((f) => f.id === move.feature);
	if (local < 0)
		return {
			code: 'no-such-feature',
			message: `${t.key} has no feature '${move.feature}'`,
			rules: ['ISO-INN-1']
		};
	const r = ownerRefusal(engine, step.player, local);
	if (r) return r;
	const role = ownerPlace(engine, local)!;
	const piece = inSupply(engine, OWNER, step.player);
	putPiece(engine, piece, state.boardFirstSegment[state.placed] + local);
	if (!engine.silent) {
		const rules =
			role === 'innkeeper' ? ['ISO-INN-1', 'ISO-INN-2'] : ['ISO-STABLE-1', 'ISO-SETUP-2'];
		emit(
			engine,
			{
				type: 'owner',
				rules,
				player: step.player,
				piece,
				x: state.boardX[state.placed],
				y: state.boardY[state.placed],
				feature: move.feature,
				role
			},
			() =>
				`${playerName(engine, step.player)} puts an owner as ${role} on ${move.feature} of (${state.boardX[state.placed]},${state.boardY[state.placed]}), in addition to the usual figure.`
		);
	}
	if (engine.rules.rulings['ISO-R8'] === 'owners-count') state.acted = true;
	// owners come in addition: the figure step goes on (ISO-INN-1, ISO-STABLE-1)
	state.pending.unshift({ kind: 'figure', player: step.player });
	return null;
}

export const innAndStableOwners: RuleModule = {
	id: 'inn-and-stable-owners',
	name: 'Inn and Stable Owners',
	rules: {
		'ISO-SETUP-1': 'Each player has 4 owners (a parameter of the expansion).',
		'ISO-SETUP-2':
			'Owners go on inns (innkeepers) and on stables, with or without livestock (stable owners).',
		'ISO-INN-1':
			'Whoever places a tile with an inn may also put an owner on that inn, in addition to the usual figure.',
		'ISO-INN-2': 'An innkeeper needs no follower of its player on the road.',
		'ISO-STABLE-1':
			'Whoever places a tile with a stable may also put an owner on it, in addition to the usual figure; no farmer needed.'
		// the scoring of innkeepers and stables (ISO-SCORE-1…5) is data: expansions/inn-and-stable-owners.json dataRules
	},
	rulings: [
		{
			id: 'ISO-R1',
			description: 'How many owners an inn or stable holds.',
			default: 'one-owner-each',
			options: {
				'one-owner-each':
					'one per inn and per stable (a road joining several inns may hold several innkeepers)',
				'one-per-feature': 'no owner on an inn whose road already has an innkeeper'
			},
			rules: ['ISO-INN-1', 'ISO-STABLE-1']
		},
		{
			id: 'ISO-R2',
			description: 'Are owners followers of the road they stand on?',
			default: 'not-followers',
			options: {
				'not-followers': 'no: strength 0, no occupation, not counted as followers',
				followers: 'yes: strength 1 in the majority, and they occupy the road'
			},
			rules: ['ISO-INN-2', 'ISO-SCORE-2']
		},
		{
			id: 'ISO-R3',
			description: 'Owners after their road or stable is scored.',
			default: 'return-when-scored',
			options: {
				'return-when-scored': 'back to their player’s supply',
				'stay-on-board': 'they stay for the rest of the game'
			},
			rules: ['ISO-SCORE-1', 'ISO-SCORE-4']
		},
		{
			id: 'ISO-R4',
			description: 'A town hall (Messengers & Mayors) next to a stable.',
			default: 'completes-scores-zero',
			options: {
				'completes-scores-zero':
					'it completes the surroundings but scores 0 (not a land tile, MM-R3)',
				'counts-as-land-tile': 'it counts like a land tile'
			},
			rules: ['ISO-SCORE-4', 'ISO-SCORE-5']
		},
		{
			id: 'ISO-R5',
			description: '“Has the most followers on the road” for the innkeeper bonus.',
			default: 'scoring-majority',
			options: {
				'scoring-majority':
					'the player scores the road by its majority rule (strength, ties included)',
				'most-followers': 'strictly the most followers by head count'
			},
			rules: ['ISO-SCORE-2']
		},
		{
			id: 'ISO-R6',
			description: 'Innkeepers on a road whose points Buddo denies (BUDDO-SCORE-2).',
			default: 'innkeepers-score-no-bonus',
			options: {
				'innkeepers-score-no-bonus': 'they score 3 each, nobody gets the +1',
				'innkeepers-score-nothing': 'they score nothing either'
			},
			rules: ['ISO-SCORE-1', 'ISO-SCORE-2', 'BUDDO-SCORE-2']
		},
		{
			id: 'ISO-R7',
			description: 'River tiles around a stable (new gap: the source counts “land tiles”).',
			default: 'river-counts',
			options: {
				'river-counts': 'they count like land tiles',
				'river-scores-zero': 'they complete the surroundings but score 0'
			},
			rules: ['ISO-SCORE-4', 'ISO-SCORE-5']
		},
		{
			id: 'ISO-R8',
			description:
				'Does placing an owner count as placing a figure for the actions allowed only “instead of placing a meeple” (moving the fairy, taking the abbot back)? (new gap: owners come “in addition to the usual actions”, but the seed calls them followers)',
			default: 'owners-do-not-count',
			options: {
				'owners-do-not-count':
					'no: after an owner the player may still move the fairy or take the abbot back',
				'owners-count': 'yes: after an owner the fairy and the abbot stay where they are this turn'
			},
			rules: ['ISO-INN-1', 'ISO-STABLE-1', 'DRAGON-4.5.1', 'ABBOT-6.2.3']
		}
	],
	parameters: { ownersPerPlayer: 4 },
	parameterRanges: { ownersPerPlayer: COUNT_RANGE },
	modifiers: { livestock: 'ISO-SCORE-4' },
	features: { stable: 'ISO-STABLE-1' },
	figures: [
		{
			id: OWNER,
			name: 'Owner',
			perPlayer: 4,
			follower: false,
			deployable: false,
			extra: true,
			occupies: (rules) => factsOf(rules).followers,
			features: [],
			strength: (engine) => (factsOf(engine.rules).followers ? 1 : 0),
			rules: ['ISO-INN-1', 'ISO-STABLE-1'],
			staysAfterScoring: (engine) => factsOf(engine.rules).stay
		}
	],
	stepMoves: { figure: ['owner'] },
	moves: { owner: placeOwner },
	deployMoves: { [OWNER]: 'owner' },
	// ISO-SETUP-1 is cited when an owner is refused for want of one in supply
	uncited: ['ISO-SETUP-1'],
	hooks: {
		setup(engine) {
			// the parameter decides how many owners each player gets (ISO-SETUP-1)
			const state = engine.state;
			const want = engine.rules.params.ownersPerPlayer;
			state.pieces = state.pieces.filter((p) => p.kind !== OWNER);
			for (let p = 0; p < state.players.length; p++)
				for (let i = 0; i < want; i++)
					state.pieces.push({ kind: OWNER, owner: p, seg: -1, tile: -1 });
		},
		figureOptions(engine, player, out: Move[]) {
			const state = engine.state;
			if (state.placed < 0) return;
			// most tiles have neither inn nor stable
			const places = factsOf(engine.rules).roles[state.boardTile[state.placed]];
			if (!places || inSupply(engine, OWNER, player) < 0) return;
			const t = engine.rules.tiles[state.boardTile[state.placed]];
			for (let i = 0; i < places.length; i++)
				if (places[i] && !ownerRefusal(engine, player, i, false))
					out.push({ type: 'owner', feature: t.features[i].id });
		},
		deployCheck(engine, _player, figure, seg) {
			// owners as followers occupy their road (ISO-R2 alternative)
			if (
				figure === OWNER ||
				!factsOf(engine.rules).followers ||
				!engine.rules.figures.get(figure)?.follower
			)
				return null;
			if (ownerOn(engine, find(engine.state, seg)) < 0) return null;
			return {
				code: 'feature-occupied',
				message: 'an owner stands on this road and counts as a follower (ISO-R2)',
				rules: ['ISO-R2', 'BASE-1.4.3']
			};
		}
	},
	// owners occupy their road only as followers (ISO-R2): asked at every deployment listed
	hookWhen: { deployCheck: (rulings) => rulings['ISO-R2'] === 'followers' }
};
