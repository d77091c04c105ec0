import { expect, test } from 'vitest';
import { HALVES, SIDES, sideOf } from '../formats/geometry.ts';
import { halfZone, sideZone, zoneCentre } from './zones.ts';

test('each half zone lies on its side of the tile, L/R as seen from the centre', () => {
	expect(zoneCentre('NL')[0]).toBeLessThan(50); // west half of the north side
	expect(zoneCentre('NL')[1]).toBeLessThan(14);
	expect(zoneCentre('EL')[1]).toBeLessThan(50); // north half of the east side
	expect(zoneCentre('SL')[0]).toBeGreaterThan(50); // east half of the south side
	expect(zoneCentre('WL')[1]).toBeGreaterThan(50); // south half of the west side
	for (const h of HALVES) {
		const [x, y] = zoneCentre(h);
		const s = sideOf(h);
		const near = { N: y < 14, S: y > 86, E: x > 86, W: x < 14 }[s];
		expect(near, h).toBe(true);
	}
});

test('side zones sit inside the half ring, one per side', () => {
	for (const s of SIDES) {
		const [x, y] = zoneCentre(s);
		const d = Math.min(x, y, 100 - x, 100 - y);
		expect(d).toBeGreaterThan(14);
		expect(d).toBeLessThan(34);
	}
	expect(zoneCentre('N')[1]).toBeLessThan(50);
	expect(zoneCentre('E')[0]).toBeGreaterThan(50);
	expect(sideZone('N')).toHaveLength(4);
	expect(halfZone('WR')[0]).toEqual([0, 50]);
});
