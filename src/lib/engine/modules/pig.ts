// The pig (Traders & Builders), as far as fields need it: placed in a field where its owner has a
// farmer; if that player scores the field at the end, each completed city pays 1 more.
import type { RuleModule } from '../types.ts';
import { partPer, perTerms } from '../scoring.ts';
import { awardMore } from '../credit.ts';
import { POINTS_RANGE } from '../limits.ts';
import { ownFollowerOn } from '../data-extra-turn.ts';

export const pig: RuleModule = {
	id: 'pig',
	name: 'Pig (Traders & Builders)',
	rules: {
		'PIG-6.1.1':
			'Instead of a follower, a player may put their pig in a field of the tile just placed where they already have a farmer.',
		'PIG-6.1.2':
			'If the pig’s owner scores that field at the end, each completed city pays 4 instead of 3.',
		'PIG-6.1.3': 'The pig does not count for the majority; other players’ pigs give you nothing.',
		'PIG-6.1.4': 'Tied players each score the field, with or without a pig of their own.'
	},
	parameters: { pigCityPoints: 1 },
	parameterRanges: { pigCityPoints: POINTS_RANGE },
	figures: [
		{
			id: 'pig',
			name: 'Pig',
			perPlayer: 1,
			follower: false,
			features: ['field'],
			strength: () => 0,
			rules: ['PIG-6.1.1'],
			canDeploy(engine, player, _seg, root) {
				const on = ownFollowerOn(engine, player, root);
				if (on.own) return null;
				return {
					code: 'pig-needs-farmer',
					message: on.not.length
						? `a ${on.not[0]} is no farmer for the pig (${on.rules.join(', ')})`
						: 'the pig needs a farmer of its owner in the same field',
					rules: ['PIG-6.1.1', ...on.rules]
				};
			}
		}
	],
	uncited: ['PIG-6.1.3', 'PIG-6.1.4'],
	hooks: {
		awards(engine, root, v, _winners, awards) {
			if (v.kind !== 'field' || v.mode !== 'final') return;
			const pigs = new Set<number>();
			for (const pc of engine.state.featurePieces[root] ?? [])
				if (engine.state.pieces[pc].kind === 'pig') pigs.add(engine.state.pieces[pc].owner);
			if (!pigs.size) return;
			const cities = v.parts.find((p) => p.id === 'cities');
			if (!cities) return;
			for (const a of awards) {
				// only the field's majority awards: not the fairy's 3 (DRAGON-4.5.2) or another module's award
				if (!pigs.has(a.player) || v.zero || !a.rules.includes('BASE-1.7.1')) continue;
				// the cities paid, at their value with data rules' bonuses (a token's bonus per city)
				const counted =
					engine.rules.rulings['BASE-R2'] === '2nd' ? a.points / partPer(cities) : cities.count;
				const extra = counted * engine.rules.params.pigCityPoints;
				awardMore(a, 'PIG-6.1.2', extra);
				a.arithmetic = `${counted} completed ${counted === 1 ? 'city' : 'cities'} × (${perTerms(cities, [`${engine.rules.params.pigCityPoints} pig`])}) = ${a.points}`;
				a.rules = [...a.rules, 'PIG-6.1.2'];
			}
		}
	}
};
