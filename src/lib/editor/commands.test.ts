import { describe, expect, test } from 'vitest';
import {
	addInnerFeature,
	applySuggestedAdjacency,
	assignPlaces,
	blankTile,
	clearPlaces,
	createFeature,
	deleteFeature,
	featureAt,
	halfRuns,
	mergeFeatures,
	paintPlaces,
	setFeatureCrosses,
	setFeatureProperty,
	setModifier,
	splitFeature,
	suggestAdjacency,
	toggleIcon
} from './commands.ts';
import type { Tile } from '../formats/geometry.ts';

// A city cap on the north side with a pennant, a road east-west, two fields (north and south of the road).
function cityCapWithRoad(): Tile {
	let t = blankTile('X');
	t = createFeature(t, 'city', ['N']).tile;
	t = setModifier(t, 'c1', 'pennants', 1).tile;
	t = createFeature(t, 'road', ['E', 'W']).tile;
	t = createFeature(t, 'field', ['ER', 'SL', 'SR', 'WL']).tile;
	return t;
}

describe('assigning places', () => {
	test('a city side takes the side and removes its halves from the fields', () => {
		const r = createFeature(blankTile('T'), 'city', ['N']);
		expect(r.undoable).toBe(true);
		expect(r.selected).toBe('c1');
		const city = r.tile.features.find((f) => f.id === 'c1')!;
		expect(city.sides).toEqual(['N']);
		expect(r.tile.features.find((f) => f.id === 'f1')!.halves).toEqual([
			'EL',
			'ER',
			'SL',
			'SR',
			'WL',
			'WR'
		]);
	});
	test('a half given to a road stands for its whole side', () => {
		const t = createFeature(blankTile('T'), 'road').tile;
		const r = assignPlaces(t, 'r1', ['EL', 'WR']);
		expect(r.tile.features.find((f) => f.id === 'r1')!.sides).toEqual(['E', 'W']);
		// a road side keeps its halves in fields
		expect(r.tile.features.find((f) => f.id === 'f1')!.halves).toHaveLength(8);
	});
	test('a field half takes its side away from a city and from the other field', () => {
		const t = cityCapWithRoad();
		const r = assignPlaces(t, 'f2', ['NL']);
		expect(r.tile.features.find((f) => f.id === 'c1')!.sides ?? []).toEqual([]);
		expect(r.tile.features.find((f) => f.id === 'f2')!.halves).toContain('NL');
		expect(featureAt(r.tile, 'NL')!.id).toBe('f2');
	});
	test('toggling a place the feature holds removes it; the input is never mutated', () => {
		const t = cityCapWithRoad();
		const before = JSON.stringify(t);
		const r = assignPlaces(t, 'r1', ['E'], 'toggle');
		expect(r.tile.features.find((f) => f.id === 'r1')!.sides).toEqual(['W']);
		expect(JSON.stringify(t)).toBe(before);
	});
	test('a command that changes nothing is not undoable', () => {
		const t = cityCapWithRoad();
		expect(assignPlaces(t, 'c1', ['N']).undoable).toBe(false);
		expect(assignPlaces(t, 'nope', ['N']).undoable).toBe(false);
	});
	test('another border feature loses a side unless it crosses the new one', () => {
		let t = cityCapWithRoad();
		t = createFeature(t, 'river').tile;
		const r = assignPlaces(t, 'v1', ['E']);
		expect(r.tile.features.find((f) => f.id === 'r1')!.sides).toEqual(['W']);
		t = { ...t, features: t.features.map((f) => (f.id === 'v1' ? { ...f, crosses: ['r1'] } : f)) };
		expect(assignPlaces(t, 'v1', ['E']).tile.features.find((f) => f.id === 'r1')!.sides).toEqual([
			'E',
			'W'
		]);
	});
	test('clearing places empties them', () => {
		const r = clearPlaces(cityCapWithRoad(), ['N', 'SL']);
		expect(featureAt(r.tile, 'N')).toBeUndefined();
		expect(featureAt(r.tile, 'SL')).toBeUndefined();
	});
});

describe('features', () => {
	test('new features get the next free id of their type', () => {
		let t = cityCapWithRoad();
		expect(createFeature(t, 'city').selected).toBe('c2');
		t = addInnerFeature(t, 'monastery').tile;
		expect(t.features.at(-1)).toEqual({ id: 'm1', type: 'monastery' });
	});
	test('deleting a city removes it from the fields that listed it', () => {
		let t = applySuggestedAdjacency(cityCapWithRoad()).tile;
		expect(t.features.find((f) => f.id === 'f1')!.cities).toEqual(['c1']);
		t = deleteFeature(t, 'c1').tile;
		expect(t.features.find((f) => f.id === 'f1')!.cities).toBeUndefined();
		expect(t.features.some((f) => f.id === 'c1')).toBe(false);
	});
	test('merging cities unites sides, adds pennants and renames references', () => {
		let t = createFeature(cityCapWithRoad(), 'city', ['S']).tile;
		t = setModifier(t, 'c2', 'pennants', 2).tile;
		t = applySuggestedAdjacency(t).tile;
		const r = mergeFeatures(t, ['c1', 'c2']);
		const city = r.tile.features.find((f) => f.id === 'c1')!;
		expect(city.sides).toEqual(['N', 'S']);
		expect(city.modifiers).toEqual({ pennants: 3 });
		expect(r.tile.features.some((f) => f.id === 'c2')).toBe(false);
		for (const f of r.tile.features) expect(f.cities ?? []).not.toContain('c2');
	});
	test('features of different types do not merge', () => {
		expect(mergeFeatures(cityCapWithRoad(), ['c1', 'r1']).undoable).toBe(false);
	});
	test('splitting a road gives one road per side; modifiers stay with the original', () => {
		let t = setModifier(cityCapWithRoad(), 'r1', 'inn', true).tile;
		t = splitFeature(t, 'r1').tile;
		expect(t.features.find((f) => f.id === 'r1')).toEqual({
			id: 'r1',
			type: 'road',
			sides: ['E'],
			modifiers: { inn: true }
		});
		expect(t.features.find((f) => f.id === 'r2')).toEqual({ id: 'r2', type: 'road', sides: ['W'] });
	});
	test('splitting a field separates its stretches of border', () => {
		const t: Tile = {
			id: 'T',
			count: 1,
			features: [{ id: 'f1', type: 'field', halves: ['NL', 'NR', 'SL', 'SR'] }]
		};
		const r = splitFeature(t, 'f1');
		expect(r.tile.features.map((f) => f.halves)).toEqual([
			['NL', 'NR'],
			['SL', 'SR']
		]);
	});
	test('splitting off chosen places', () => {
		const r = splitFeature(cityCapWithRoad(), 'f2', ['ER']);
		expect(r.tile.features.find((f) => f.id === 'f2')!.halves).toEqual(['SL', 'SR', 'WL']);
		expect(r.tile.features.find((f) => f.id === 'f3')!.halves).toEqual(['ER']);
	});
	test('half runs wrap round the north-west corner', () => {
		expect(halfRuns(['WR', 'NL', 'ER'])).toEqual([['ER'], ['WR', 'NL']]);
		expect(halfRuns([])).toEqual([]);
	});
	test('renaming a feature id renames its references', () => {
		const t = applySuggestedAdjacency(cityCapWithRoad()).tile;
		const r = setFeatureProperty(t, 'c1', 'id', 'town');
		expect(r.tile.features.find((f) => f.id === 'f1')!.cities).toEqual(['town']);
		expect(setFeatureProperty(t, 'c1', 'id', 'r1').undoable).toBe(false);
	});
});

describe('modifiers and icons', () => {
	test('a modifier set to false or 0 disappears', () => {
		let t = setModifier(cityCapWithRoad(), 'c1', 'cathedral', true).tile;
		expect(t.features[1].modifiers).toEqual({ pennants: 1, cathedral: true });
		t = setModifier(t, 'c1', 'pennants', 0).tile;
		t = setModifier(t, 'c1', 'cathedral', false).tile;
		expect(t.features[1].modifiers).toBeUndefined();
	});
	test('icons toggle', () => {
		let t = toggleIcon(cityCapWithRoad(), 'lute').tile;
		expect(t.icons).toEqual(['lute']);
		t = toggleIcon(t, 'lute').tile;
		expect(t.icons).toBeUndefined();
	});
});

describe('adjacency suggested from the geometry', () => {
	test('the fields on both sides of a road beside a city cap', () => {
		const s = suggestAdjacency(cityCapWithRoad());
		// f1 is north of the road (EL, WR: both at a corner of the city side), f2 south of it
		expect(s.get('f1')).toEqual(['c1']);
		expect(s.get('f2')).toEqual([]);
	});
	test('a field wrapping round a city on two sides', () => {
		let t = createFeature(blankTile('T'), 'city', ['N', 'E']).tile;
		expect(suggestAdjacency(t).get('f1')).toEqual(['c1']);
		t = createFeature(t, 'city', ['S']).tile;
		// f1 now holds WL, WR only: WL touches S, WR touches N
		expect(t.features.find((f) => f.id === 'f1')!.halves).toEqual(['WL', 'WR']);
		expect(suggestAdjacency(t).get('f1')!.sort()).toEqual(['c1', 'c2']);
	});
});

describe('painting strokes', () => {
	test('a stroke starting on a free place gives every place crossed', () => {
		const t = createFeature(blankTile('T'), 'field').tile;
		const r = paintPlaces(t, 'f2', ['NL', 'NR', 'EL']);
		expect(r.tile.features.find((f) => f.id === 'f2')!.halves).toEqual(['NL', 'NR', 'EL']);
	});
	test('a stroke starting on a held place takes the places away', () => {
		const t = cityCapWithRoad();
		const r = paintPlaces(t, 'f2', ['SL', 'SR', 'NL']);
		expect(r.tile.features.find((f) => f.id === 'f2')!.halves).toEqual(['ER', 'WL']);
		expect(r.undoable).toBe(true);
	});
});

describe('setFeatureCrosses', () => {
	test('a road crosses a river (a bridge); an empty list removes the property; fields cannot cross', () => {
		let t = blankTile('B');
		t = createFeature(t, 'road', ['N', 'S']).tile;
		t = createFeature(t, 'river', ['E', 'W']).tile;
		const on = setFeatureCrosses(t, 'r1', ['v1']);
		expect(on.undoable).toBe(true);
		expect(on.tile.features.find((f) => f.id === 'r1')?.crosses).toEqual(['v1']);
		const off = setFeatureCrosses(on.tile, 'r1', []);
		expect(off.tile.features.find((f) => f.id === 'r1')).not.toHaveProperty('crosses');
		t = createFeature(t, 'field', ['NL']).tile;
		const field = t.features.find((f) => f.type === 'field')!;
		expect(
			setFeatureCrosses(t, field.id, ['r1']).tile.features.find((f) => f.id === field.id)
		).not.toHaveProperty('crosses');
	});
});
