// Where a road ending on a tile ends, for the messenger (MM-MSG-5/6/7): read from the tile geometry.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { compileTiles } from '../src/lib/engine/tiles.ts';
import { roadEnd } from '../src/lib/engine/road-ends.ts';
import type { Expansion } from '../src/lib/engine/types.ts';

const docs = availableExpansions();
const tiles = compileTiles(
	['base', 'inns-and-cathedrals', 'messengers-and-mayors'].map((id) => docs.get(id) as Expansion)
);
const tile = (key: string) => tiles.find((t) => t.key === key)!;
const end = (key: string, road: string) => {
	const t = tile(key);
	const r = roadEnd(
		t,
		t.features.findIndex((f) => f.id === road)
	);
	if (!r) return 'none';
	return 'city' in r
		? `city ${t.features[r.city].id}`
		: `roads ${r.roads.map((j) => t.features[j].id).join(' ')}`;
};

describe('messenger: where a road ends (MM-MSG-6)', () => {
	it('junctions, villages and a monastery with several roads are crossroads', () => {
		expect(end('base/X', 'r1')).toBe('roads r2 r3 r4');
		expect(end('base/L', 'r2')).toBe('roads r1 r3');
		expect(end('messengers-and-mayors/village', 'r3')).toBe('roads r1 r2');
		expect(end('messengers-and-mayors/monastery-crossroads', 'r1')).toBe('roads r2 r3 r4');
		expect(end('messengers-and-mayors/cap-junction', 'r1')).toBe('roads r2 r3');
		expect(end('inns-and-cathedrals/I', 'r1')).toBe('roads r2');
	});
	it('a lone road on a tile with a city, or roads split by a city band, end at the city (MM-MSG-7)', () => {
		expect(end('base/S', 'r1')).toBe('city c1');
		expect(end('messengers-and-mayors/gate', 'r1')).toBe('city c1');
		expect(end('messengers-and-mayors/city-band-roads', 'r1')).toBe('city c1');
		expect(end('messengers-and-mayors/city-band-roads', 'r2')).toBe('city c1');
		expect(end('inns-and-cathedrals/Q', 'r2')).toBe('city c1');
	});
	it('a monastery with one road and a farmstead lead nowhere', () => {
		expect(end('base/A', 'r1')).toBe('none');
		expect(end('messengers-and-mayors/farmstead', 'r1')).toBe('none');
	});
});
