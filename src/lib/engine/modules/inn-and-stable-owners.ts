// Inn and Stable Owners (fan expansion by ShadowP68): owners go on the inn or stable of the tile
// just placed, in addition to the normal follower. Innkeepers score when their road is completed
// (3 each, +1 when their player scores the road); stable owners when the stable's tile is
// surrounded (8, +5 with livestock), and 1 per surrounding land tile at the end.
import { find, featureOf } from '../features.ts';
import { surroundings } from '../board.ts';
import { emit } from '../events.ts';
import { figureRef, playerName } from '../scoring.ts';
import { inSupply, putPiece } from './base.ts';
import type { Award, Engine, FeatureValue, Move, Refusal, RuleModule, Step } from '../types.ts';
import { COUNT_RANGE, POINTS_RANGE } from '../limits.ts';
import { deniedBy } from '../data-rules.ts';

const OWNER = 'owner';

/** Is local feature `local` of the placed tile an inn (road with an inn) or a stable? */
function ownerPlace(g: Engine, local: number): 'innkeeper' | 'stable owner' | null {
	const f = g.c.tiles[g.s.bt[g.s.placed]].features[local];
	if (f.kind === 'road' && f.modifiers.inn) return 'innkeeper';
	if (f.kind === 'stable') return 'stable owner';
	return null;
}

const ownersOn = (g: Engine, root: number): number[] => (g.s.figs[root] ?? []).filter((pc) => g.s.pieces[pc].kind === OWNER);

/** Why `player` may not put an owner on local feature `local` of the tile just placed. */
function ownerRefusal(g: Engine, player: number, local: number, needSupply = true): Refusal | null {
	const s = g.s;
	const t = g.c.tiles[s.bt[s.placed]];
	const f = t.features[local];
	const role = ownerPlace(g, local);
	if (!role) return { code: 'not-inn-or-stable', message: `${f.kind} ${f.id} is neither an inn nor a stable`, rules: ['ISO-INN-1', 'ISO-STABLE-1'] };
	if (needSupply && inSupply(g, OWNER, player) < 0)
		return { code: 'no-figure', message: `${playerName(g, player)} has no owner left in supply`, rules: ['ISO-SETUP-1'] };
	const seg = s.bseg[s.placed] + local;
	const root = find(s, seg);
	const owners = ownersOn(g, root);
	const each = g.c.rulings['ISO-R1'] === 'one-owner-each';
	const taken = each ? owners.find((pc) => s.pieces[pc].seg === seg) : owners[0];
	if (taken !== undefined) {
		const ref = figureRef(g, taken);
		const inn = role === 'innkeeper';
		const where = inn ? (each ? 'inn' : 'road') : 'stable';
		const who = `${playerName(g, ref.owner)}'s ${role} at (${ref.x},${ref.y}) on ${ref.feature}`;
		return {
			code: 'owner-taken',
			message: `this ${where} already has ${inn && !each ? 'an innkeeper' : 'an owner'}: ${who}`,
			rules: ['ISO-R1'],
			details: { occupant: ref }
		};
	}
	if (g.c.rulings['ISO-R2'] === 'followers' && (s.figs[root] ?? []).some((pc) => g.c.figures.get(s.pieces[pc].kind)?.follower))
		return { code: 'feature-occupied', message: 'owners count as followers (ISO-R2) and this road is occupied', rules: ['ISO-R2', 'BASE-1.4.3'] };
	for (const h of g.c.hooks.deployCheck) {
		const r = h(g, player, OWNER, seg);
		if (r) return r;
	}
	return null;
}

function placeOwner(g: Engine, move: { feature: string }, step: Step): Refusal | null {
	const s = g.s;
	const t = g.c.tiles[s.bt[s.placed]];
	const local = t.features.findIndex((f) => f.id === move.feature);
	if (local < 0) return { code: 'no-such-feature', message: `${t.key} has no feature '${move.feature}'`, rules: ['ISO-INN-1'] };
	const r = ownerRefusal(g, step.player, local);
	if (r) return r;
	const role = ownerPlace(g, local)!;
	const piece = inSupply(g, OWNER, step.player);
	putPiece(g, piece, s.bseg[s.placed] + local);
	const rules = role === 'innkeeper' ? ['ISO-INN-1', 'ISO-INN-2'] : ['ISO-STABLE-1', 'ISO-SETUP-2'];
	emit(g, { type: 'owner', rules, player: step.player, piece, x: s.bx[s.placed], y: s.by[s.placed], feature: move.feature, role }, () =>
		`${playerName(g, step.player)} puts an owner as ${role} on ${move.feature} of (${s.bx[s.placed]},${s.by[s.placed]}), in addition to the usual figure.`
	);
	if (g.c.rulings['ISO-R8'] === 'owners-count') s.acted = true;
	// owners come in addition: the figure step goes on (ISO-INN-1, ISO-STABLE-1)
	s.pending.unshift({ kind: 'figure', player: step.player });
	return null;
}

/** Surrounding tiles that score for a stable: town halls (ISO-R4) and river tiles (ISO-R7) may count 0. */
function stableTiles(g: Engine, b: number): { count: number; zero: string[] } {
	const n = surroundings(g, b);
	let count = n.tiles;
	const zero: string[] = [];
	if (n.wildcards && g.c.rulings['ISO-R4'] === 'completes-scores-zero') {
		count -= n.wildcards;
		zero.push(`${n.wildcards} town hall${n.wildcards > 1 ? 's' : ''} (ISO-R4)`);
	}
	if (n.river && g.c.rulings['ISO-R7'] === 'river-scores-zero') {
		count -= n.river;
		zero.push(`${n.river} river tile${n.river > 1 ? 's' : ''} (ISO-R7)`);
	}
	return { count, zero };
}

function stableValue(g: Engine, root: number, v: FeatureValue): void {
	const s = g.s;
	const b = s.st[root];
	const f = featureOf(g, root);
	const p = g.c.params;
	const { count, zero } = stableTiles(g, b);
	if (v.mode === 'complete') {
		v.parts.push({ id: 'tiles', label: 'surrounding land tile', count, per: p.stablePoints / 8 });
		if (f.modifiers.livestock) v.parts.push({ id: 'livestock', label: 'livestock bonus', count: 1, per: p.livestockBonus });
		v.rules.push('ISO-SCORE-4');
	} else {
		v.parts.push({ id: 'tiles', label: 'surrounding land tile', count, per: 1 });
		v.rules.push('ISO-SCORE-5');
		if (f.modifiers.livestock) v.facts.livestockLost = true;
	}
	if (zero.length) {
		v.facts.notLand = zero;
		v.rules.push(...(zero.some((z) => z.includes('ISO-R4')) ? ['ISO-R4'] : []), ...(zero.some((z) => z.includes('ISO-R7')) ? ['ISO-R7'] : []));
	}
	v.facts.livestock = f.modifiers.livestock === true;
}

/** Does the player have strictly the most followers by head count on the road? (ISO-R5 alternative) */
function mostByHeads(g: Engine, root: number, player: number): boolean {
	const heads = new Map<number, number>();
	for (const pc of g.s.figs[root] ?? []) {
		const p = g.s.pieces[pc];
		const ft = g.c.figures.get(p.kind);
		const counts = ft?.follower || (p.kind === OWNER && g.c.rulings['ISO-R2'] === 'followers');
		if (counts && p.owner >= 0) heads.set(p.owner, (heads.get(p.owner) ?? 0) + 1);
	}
	const mine = heads.get(player) ?? 0;
	return mine > 0 && [...heads].every(([q, n]) => q === player || n < mine);
}

function innkeeperAwards(g: Engine, root: number, v: FeatureValue, winners: number[], awards: Award[]): void {
	const s = g.s;
	const owners = ownersOn(g, root);
	if (!owners.length) return;
	const per = new Map<number, number>();
	for (const pc of owners) per.set(s.pieces[pc].owner, (per.get(s.pieces[pc].owner) ?? 0) + 1);
	const p = g.c.params;
	const denied = deniedBy(g, root) === 'buddo'; // Buddo holds the majority (BUDDO-SCORE-2, data rules)
	for (const [player, n] of per) {
		const who = n === 1 ? 'innkeeper' : 'innkeepers';
		if (v.mode !== 'complete') {
			awards.push({ player, points: 0, arithmetic: `${n} ${who} on an unfinished road: 0`, rules: ['ISO-SCORE-3'] });
			continue;
		}
		if (denied && g.c.rulings['ISO-R6'] === 'innkeepers-score-nothing') {
			awards.push({ player, points: 0, arithmetic: `${n} ${who}: 0 (Buddo holds the road, ISO-R6)`, rules: ['ISO-R6', 'BUDDO-SCORE-2'] });
			continue;
		}
		const head = g.c.rulings['ISO-R5'] === 'most-followers';
		const bonus = !denied && (head ? mostByHeads(g, root, player) : winners.includes(player));
		const each = p.innkeeperPoints + (bonus ? p.innkeeperMajorityBonus : 0);
		const rules = ['ISO-SCORE-1', 'ISO-R5'];
		if (bonus) rules.push('ISO-SCORE-2');
		if (denied) rules.push('ISO-R6');
		awards.push({
			player,
			points: n * each,
			arithmetic: bonus ? `${n} ${who} × (${p.innkeeperPoints} + ${p.innkeeperMajorityBonus} majority) = ${n * each}` : `${n} ${who} × ${each} = ${n * each}`,
			rules
		});
	}
}

export const innAndStableOwners: RuleModule = {
	id: 'inn-and-stable-owners',
	name: 'Inn and Stable Owners',
	rules: {
		'ISO-SETUP-1': 'Each player has 4 owners (a parameter of the expansion).',
		'ISO-SETUP-2': 'Owners go on inns (innkeepers) and on stables, with or without livestock (stable owners).',
		'ISO-INN-1': 'Whoever places a tile with an inn may also put an owner on that inn, in addition to the usual figure.',
		'ISO-INN-2': 'An innkeeper needs no follower of its player on the road.',
		'ISO-STABLE-1': 'Whoever places a tile with a stable may also put an owner on it, in addition to the usual figure; no farmer needed.',
		'ISO-SCORE-1': 'When a road with an inn is completed, each innkeeper along it scores 3 for its player.',
		'ISO-SCORE-2': 'An innkeeper whose player also has the road’s majority scores 1 more.',
		'ISO-SCORE-3': 'At the end, innkeepers on an unfinished road score nothing.',
		'ISO-SCORE-4': 'A stable whose tile is surrounded by 8 land tiles is complete: its owner scores 8, 13 with livestock.',
		'ISO-SCORE-5': 'At the end an unfinished stable scores 1 per surrounding land tile, without the livestock bonus.'
	},
	rulings: [
		{
			id: 'ISO-R1',
			description: 'How many owners an inn or stable holds.',
			default: 'one-owner-each',
			options: {
				'one-owner-each': 'one per inn and per stable (a road joining several inns may hold several innkeepers)',
				'one-per-feature': 'no owner on an inn whose road already has an innkeeper'
			},
			rules: ['ISO-INN-1', 'ISO-STABLE-1']
		},
		{
			id: 'ISO-R2',
			description: 'Are owners followers of the road they stand on?',
			default: 'not-followers',
			options: { 'not-followers': 'no: strength 0, no occupation, not counted as followers', followers: 'yes: strength 1 in the majority, and they occupy the road' },
			rules: ['ISO-INN-2', 'ISO-SCORE-2']
		},
		{
			id: 'ISO-R3',
			description: 'Owners after their road or stable is scored.',
			default: 'return-when-scored',
			options: { 'return-when-scored': 'back to their player’s supply', 'stay-on-board': 'they stay for the rest of the game' },
			rules: ['ISO-SCORE-1', 'ISO-SCORE-4']
		},
		{
			id: 'ISO-R4',
			description: 'A town hall (Messengers & Mayors) next to a stable.',
			default: 'completes-scores-zero',
			options: { 'completes-scores-zero': 'it completes the surroundings but scores 0 (not a land tile, MM-R3)', 'counts-as-land-tile': 'it counts like a land tile' },
			rules: ['ISO-SCORE-4', 'ISO-SCORE-5']
		},
		{
			id: 'ISO-R5',
			description: '“Has the most followers on the road” for the innkeeper bonus.',
			default: 'scoring-majority',
			options: { 'scoring-majority': 'the player scores the road by its majority rule (strength, ties included)', 'most-followers': 'strictly the most followers by head count' },
			rules: ['ISO-SCORE-2']
		},
		{
			id: 'ISO-R6',
			description: 'Innkeepers on a road whose points Buddo denies (BUDDO-SCORE-2).',
			default: 'innkeepers-score-no-bonus',
			options: { 'innkeepers-score-no-bonus': 'they score 3 each, nobody gets the +1', 'innkeepers-score-nothing': 'they score nothing either' },
			rules: ['ISO-SCORE-1', 'ISO-SCORE-2', 'BUDDO-SCORE-2']
		},
		{
			id: 'ISO-R7',
			description: 'River tiles around a stable (new gap: the source counts “land tiles”).',
			default: 'river-counts',
			options: { 'river-counts': 'they count like land tiles', 'river-scores-zero': 'they complete the surroundings but score 0' },
			rules: ['ISO-SCORE-4', 'ISO-SCORE-5']
		},
		{
			id: 'ISO-R8',
			description: 'Does placing an owner count as placing a figure for the actions allowed only “instead of placing a meeple” (moving the fairy, taking the abbot back)? (new gap: owners come “in addition to the usual actions”, but the seed calls them followers)',
			default: 'owners-do-not-count',
			options: {
				'owners-do-not-count': 'no: after an owner the player may still move the fairy or take the abbot back',
				'owners-count': 'yes: after an owner the fairy and the abbot stay where they are this turn'
			},
			rules: ['ISO-INN-1', 'ISO-STABLE-1', 'DRAGON-4.5.1', 'ABBOT-6.2.3']
		}
	],
	parameters: { ownersPerPlayer: 4, innkeeperPoints: 3, innkeeperMajorityBonus: 1, stablePoints: 8, livestockBonus: 5 },
	parameterRanges: { ownersPerPlayer: COUNT_RANGE, innkeeperPoints: POINTS_RANGE, innkeeperMajorityBonus: POINTS_RANGE, stablePoints: POINTS_RANGE, livestockBonus: POINTS_RANGE },
	modifiers: { livestock: 'ISO-SCORE-4' },
	features: { stable: 'ISO-STABLE-1' },
	figures: [
		{
			id: OWNER,
			name: 'Owner',
			perPlayer: 4,
			follower: false,
			deployable: false,
			features: [],
			strength: (g) => (g.c.rulings['ISO-R2'] === 'followers' ? 1 : 0),
			rules: ['ISO-INN-1', 'ISO-STABLE-1'],
			staysAfterScoring: (g) => g.c.rulings['ISO-R3'] === 'stay-on-board'
		}
	],
	stepMoves: { figure: ['owner'] },
	moves: { owner: placeOwner as never },
	hooks: {
		setup(g) {
			// the parameter decides how many owners each player gets (ISO-SETUP-1)
			const s = g.s;
			const want = g.c.params.ownersPerPlayer;
			s.pieces = s.pieces.filter((p) => p.kind !== OWNER);
			for (let p = 0; p < s.players.length; p++) for (let i = 0; i < want; i++) s.pieces.push({ kind: OWNER, owner: p, seg: -1, tile: -1 });
		},
		figureOptions(g, player, out: Move[]) {
			const s = g.s;
			if (s.placed < 0 || inSupply(g, OWNER, player) < 0) return;
			const t = g.c.tiles[s.bt[s.placed]];
			for (let i = 0; i < t.features.length; i++) if (ownerPlace(g, i) && !ownerRefusal(g, player, i, false)) out.push({ type: 'owner', feature: t.features[i].id });
		},
		deployCheck(g, _player, figure, seg) {
			// owners as followers occupy their road (ISO-R2 alternative)
			if (g.c.rulings['ISO-R2'] !== 'followers' || figure === OWNER || !g.c.figures.get(figure)?.follower) return null;
			if (ownersOn(g, find(g.s, seg)).length === 0) return null;
			return { code: 'feature-occupied', message: 'an owner stands on this road and counts as a follower (ISO-R2)', rules: ['ISO-R2', 'BASE-1.4.3'] };
		},
		value(g, root, v) {
			if (v.kind === 'stable') stableValue(g, root, v);
		},
		winners(g, root) {
			const s = g.s;
			if (featureOf(g, root).kind !== 'stable') return null;
			return [...new Set(ownersOn(g, root).map((pc) => s.pieces[pc].owner))];
		},
		awards(g, root, v, winners, awards) {
			if (v.kind === 'road') innkeeperAwards(g, root, v, winners, awards);
		},
		scored(g, _root, ev) {
			if (ev.feature.kind !== 'stable' || g.quiet || !ev.winners.length) return;
			const why = `${ev.winners.map((p) => playerName(g, p)).join(' and ')} own${ev.winners.length > 1 ? '' : 's'} the stable`;
			if (ev.text && ev.why) ev.text = ev.text.replace(ev.why, why);
			ev.why = why;
		}
	}
};
