// The shared vocabulary of JCloisterZone's tile-definition XML (facts from
// /work/shared/formats/jcloisterzone.md), used by the add-on export and the XML import.
import type { Feature, Tile } from './schema-types.ts';

/** Feature elements with border places, and our feature type for each. */
export const JCZ_BORDER_ELEMENTS = { road: 'road', city: 'city', river: 'river', field: 'field' } as const;
/** Marker elements for inner features that have a feature in our model. */
export const JCZ_INNER_FEATURES = { monastery: 'monastery', garden: 'garden' } as const;
/** Marker elements that are tile icons in our model. */
export const JCZ_ICON_ELEMENTS = { dragon: 'dragon', volcano: 'volcano', portal: 'portal' } as const;

/** Boolean / numeric feature attributes and our modifier names. */
export const JCZ_ATTRIBUTES: Record<'road' | 'city' | 'field' | 'river', Record<string, { modifier: string; kind: 'int' | 'bool' }>> = {
	city: {
		pennants: { modifier: 'pennants', kind: 'int' },
		cathedral: { modifier: 'cathedral', kind: 'bool' },
		princess: { modifier: 'princess', kind: 'bool' }
	},
	road: { inn: { modifier: 'inn', kind: 'bool' } },
	field: { 'pig-herd': { modifier: 'pigHerd', kind: 'bool' } },
	river: {}
};

/** Tile groups of the River and our tile roles. */
export const JCZ_GROUP_ROLES: Record<string, Tile['role'] | undefined> = {
	river: undefined,
	'river-spring': 'spring',
	'river-lake': 'lake',
	'river-fork': 'fork'
};

/** The JCZ group attribute for a river tile of ours. */
export function groupOf(tile: Pick<Tile, 'role' | 'features'>): string | undefined {
	if (!tile.features.some((f: Feature) => f.type === 'river')) return undefined;
	if (tile.role === 'spring') return 'river-spring';
	if (tile.role === 'lake') return 'river-lake';
	if (tile.role === 'fork') return 'river-fork';
	return 'river';
}
