// Inns & Cathedrals: the large meeple (strength 2), inns on roads, cathedrals in cities, and the
// 0-point rule for an inn road or cathedral city left incomplete at the end.
import { featureOf, segsOf } from '../features.ts';
import type { Engine, FeatureValue, RuleModule } from '../types.ts';
import { POINTS_RANGE, STRENGTH_RANGE } from '../limits.ts';

function hasModifier(g: Engine, root: number, name: string): boolean {
	for (const seg of segsOf(g.s, root)) if (featureOf(g, seg).modifiers[name]) return true;
	return false;
}

function setPer(v: FeatureValue, id: string, per: number) {
	const p = v.parts.find((x) => x.id === id);
	if (p) p.per = per;
}

export const innsAndCathedrals: RuleModule = {
	id: 'inns-and-cathedrals',
	name: 'Inns & Cathedrals',
	rules: {
		'IC-2.1': 'The expansion adds 18 land tiles (6 inns, 2 cathedrals) and a large meeple per player.',
		'IC-2.2': 'Its tiles are placed and claimed by the normal rules.',
		'IC-2.3': 'The large meeple is placed like a follower and counts 2 for the majority, never for the points.',
		'IC-2.4': 'A completed road with an inn scores 2 per tile; left incomplete at the end it scores 0.',
		'IC-2.5': 'A completed city with a cathedral scores 3 per tile and 3 per pennant; left incomplete at the end it scores 0.'
	},
	parameters: { largeMeepleStrength: 2, innTilePoints: 2, cathedralTilePoints: 3, cathedralPennantPoints: 3 },
	parameterRanges: { largeMeepleStrength: STRENGTH_RANGE, innTilePoints: POINTS_RANGE, cathedralTilePoints: POINTS_RANGE, cathedralPennantPoints: POINTS_RANGE },
	modifiers: { inn: 'IC-2.4', cathedral: 'IC-2.5' },
	figures: [
		{
			id: 'large',
			name: 'Large meeple',
			perPlayer: 1,
			follower: true,
			features: ['road', 'city', 'monastery', 'field'],
			strength: (g) => g.c.params.largeMeepleStrength,
			rules: ['IC-2.3', 'BASE-1.4.1'],
			strengthRules: ['IC-2.3']
		}
	],
	hooks: {
		value(g, root, v) {
			if (v.mode === 'abbot') return;
			if (v.kind === 'road' && hasModifier(g, root, 'inn')) {
				v.facts.inn = true;
				v.rules.push('IC-2.4');
				if (v.mode === 'final') v.zero = 'an inn on a road left incomplete';
				else setPer(v, 'tiles', g.c.params.innTilePoints);
			} else if (v.kind === 'city' && hasModifier(g, root, 'cathedral')) {
				v.facts.cathedral = true;
				v.rules.push('IC-2.5');
				if (v.mode === 'final') v.zero = 'a cathedral in a city left incomplete';
				else {
					setPer(v, 'tiles', g.c.params.cathedralTilePoints);
					setPer(v, 'pennants', g.c.params.cathedralPennantPoints);
				}
			}
		}
	}
};
