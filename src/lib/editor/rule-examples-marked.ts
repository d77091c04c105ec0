// The worked examples (rule-examples.ts) of the templates whose rule scores a feature with a mark —
// a modifier on the feature or an icon on its tile: completed, at the end incomplete, a monastery or
// garden with icon tiles around it, a majority of tokens. Each a tiny board south, north or east of
// the base game's start tile (city N, road W–E) with a tile or two of the example carrying the mark.
import type { Feature, Tile } from '../formats/schema-types.ts';
import type {
	AroundIcon,
	CompletedBonus,
	FeatureKind,
	FinalIncomplete,
	TokenMajority
} from './rule-templates.ts';
import { ex, type Board, type Turn } from './rule-examples-turns.ts';

/** The templates of a marked feature. */
export type MarkedTemplate = CompletedBonus | FinalIncomplete | AroundIcon | TokenMajority;

const field = (id: string, halves: string[], cities: string[] = []): Feature =>
	({ id, type: 'field', halves, ...(cities.length ? { cities } : {}) }) as Feature;
const ALL = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
const follower = (feature: string) => ({ figure: 'follower', feature });

/** The example tile with the feature carrying the mark (a modifier on it, or an icon on the tile). */
function marked(features: Feature[], mark: { name: string; icon: boolean; on?: string }): Tile {
	return {
		id: 'example',
		count: 2,
		...(mark.icon ? { icons: [mark.name] } : {}),
		features: mark.icon
			? features
			: features.map((f) => (f.id === mark.on ? { ...f, modifiers: { [mark.name]: 1 } } : f))
	} as Tile;
}

/** A monastery or garden at (0,1), south of the start, with the 7 tiles that surround it (one of them `icon` when given). */
export function surrounded(first: Turn, icon?: string): Turn[] {
	const around: Turn[] = [
		{ draw: 'base/A', x: -1, y: 0, rotation: 3 },
		{ draw: 'base/A', x: 1, y: 0, rotation: 1 },
		{ draw: 'base/B', x: -1, y: 1 },
		{ draw: 'base/B', x: 1, y: 1 },
		{ draw: 'base/B', x: -1, y: 2 },
		{ draw: icon ? ex('icon') : 'base/E', x: 0, y: 2 },
		{ draw: 'base/E', x: 1, y: 2 }
	];
	return [first, ...around];
}

/** What a marked feature's boards share: the mark, whether the feature completes, "1 port" or "1 port tile". */
interface Marking {
	name: string;
	mark: { name: string; icon: boolean };
	completed: boolean;
	with1: string;
}

/** The board of a marked feature's template: by the template's kind, then its feature. */
export function markedBoard(t: MarkedTemplate): Board {
	const name = t.modifier;
	const icon = t.kind === 'around' || (t.kind !== 'majority' && t.mark === 'icon');
	const m: Marking = {
		name,
		mark: { name, icon },
		completed: t.kind !== 'final',
		with1: icon ? `1 ${name} tile` : `1 ${name}`
	};
	if (t.kind === 'around') return aroundBoard(t, m);
	const feature: FeatureKind = t.feature;
	if (feature === 'city') return cityBoard(t.kind === 'majority', m);
	if (feature === 'field') return fieldBoard(m);
	if (feature === 'road') return roadBoard(m);
	return innerBoard(feature, m);
}

/** A completed monastery or garden south of the start with an icon tile among the 8 around it. */
function aroundBoard(t: AroundIcon, { name, with1 }: Marking): Board {
	const inner = t.feature === 'monastery' ? 'm1' : 'g1';
	const tile = {
		id: 'example',
		count: 1,
		features: [{ id: inner, type: t.feature }, field('f1', ALL)]
	} as Tile;
	const iconTile = { id: 'icon', count: 1, icons: [name], features: [field('f1', ALL)] } as Tile;
	const figure = t.feature === 'garden' ? 'abbot' : 'follower';
	return {
		tiles: [tile, iconTile],
		turns: surrounded(
			{
				draw: ex('example'),
				x: 0,
				y: 1,
				deploy: { figure, feature: inner }
			},
			name
		),
		words: `a completed ${t.feature} with ${with1} among the 8 tiles around it`,
		modules: t.feature === 'garden' ? ['abbot'] : []
	};
}

/** A city cap turned south onto the start's city (completed), or a city N–S going on north (not). */
function cityBoard(majority: boolean, { name, mark, completed, with1 }: Marking): Board {
	const tile = marked(
		completed
			? [{ id: 'c1', type: 'city', sides: ['N'] } as Feature, field('f1', ALL.slice(2), ['c1'])]
			: [
					{ id: 'c1', type: 'city', sides: ['N', 'S'] } as Feature,
					field('f1', ['EL', 'ER'], ['c1']),
					field('f2', ['WL', 'WR'], ['c1'])
				],
		{ ...mark, on: 'c1' }
	);
	const first = {
		draw: ex('example'),
		x: 0,
		y: -1,
		rotation: completed ? 2 : 0,
		deploy: follower('c1')
	};
	if (majority) {
		// Ann closes the start's city, Bob one of his own: one each, a tie
		return {
			tiles: [tile],
			turns: [
				first,
				{ draw: 'base/D', x: 1, y: 0, rotation: 0 },
				{ draw: 'base/B', x: 0, y: 1 },
				{ draw: ex('example'), x: 1, y: -1, rotation: 2 }
			],
			words: `Ann and Bob each complete a city with 1 ${name}`
		};
	}
	return {
		tiles: [tile],
		turns: [first],
		words: `a 2-tile ${completed ? 'completed' : 'incomplete'} city with ${with1}`
	};
}

/** A city cap closing the start's city, a farmer in its field: at the end, 1 completed city. */
function fieldBoard({ mark, with1 }: Marking): Board {
	const tile = marked(
		[{ id: 'c1', type: 'city', sides: ['N'] } as Feature, field('f1', ALL.slice(2), ['c1'])],
		{ ...mark, on: 'f1' }
	);
	return {
		tiles: [tile],
		turns: [{ draw: ex('example'), x: 0, y: -1, rotation: 2, deploy: follower('f1') }],
		words: `a field beside 1 completed city, with ${with1}`
	};
}

/** A road W–E east of the start: left open, or closed at both ends by monasteries (completed). */
function roadBoard({ mark, completed, with1 }: Marking): Board {
	const tile = marked(
		[
			{ id: 'r1', type: 'road', sides: ['E', 'W'] } as Feature,
			field('f1', ['NL', 'NR', 'EL', 'WR']),
			field('f2', ['ER', 'SL', 'SR', 'WL'])
		],
		{ ...mark, on: 'r1' }
	);
	const first = { draw: ex('example'), x: 1, y: 0, rotation: 0, deploy: follower('r1') };
	if (!completed)
		return { tiles: [tile], turns: [first], words: `a 2-tile incomplete road with ${with1}` };
	// base/A: a monastery with a road south; turned to close the road at both ends
	return {
		tiles: [tile],
		turns: [
			first,
			{ draw: 'base/A', x: 2, y: 0, rotation: 1 },
			{ draw: 'base/A', x: -1, y: 0, rotation: 3 }
		],
		words: `a 4-tile completed road with ${with1}`
	};
}

/** A monastery or garden south of the start: alone (the end), or surrounded (completed). */
function innerBoard(feature: 'monastery' | 'garden', { mark, completed, with1 }: Marking): Board {
	const inner = feature === 'monastery' ? 'm1' : 'g1';
	const tile = marked([{ id: inner, type: feature } as Feature, field('f1', ALL)], {
		...mark,
		on: inner
	});
	const first: Turn = {
		draw: ex('example'),
		x: 0,
		y: 1,
		deploy: { figure: feature === 'garden' ? 'abbot' : 'follower', feature: inner }
	};
	return {
		tiles: [tile],
		turns: completed ? surrounded(first) : [first],
		words: `a${completed ? ' completed' : 'n incomplete'} ${feature} with ${with1}`,
		modules: feature === 'garden' ? ['abbot'] : []
	};
}
