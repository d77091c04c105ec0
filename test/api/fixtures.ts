// Small valid documents for the API tests.
export function smallSet(id: string, name = 'My set') {
	return {
		id,
		name,
		version: '1.0.0',
		description: 'A test set: one tile with a city on the north side and a road from east to west.',
		dependencies: ['base'],
		tiles: [
			{
				id: 'A',
				count: 2,
				features: [
					{ id: 'c1', type: 'city', sides: ['N'] },
					{ id: 'r1', type: 'road', sides: ['E', 'W'] },
					{ id: 'f1', type: 'field', halves: ['EL', 'WR'], cities: ['c1'] },
					{ id: 'f2', type: 'field', halves: ['ER', 'SL', 'SR', 'WL'] }
				]
			}
		]
	};
}

/** A valid document of roughly `bytes` bytes (long tile descriptions), for the torn-write test. */
export function largeSet(id: string, name: string, bytes: number) {
	const doc = smallSet(id, name);
	const per = 20_000;
	const n = Math.max(1, Math.ceil(bytes / per));
	doc.tiles = Array.from({ length: n }, (_, i) => ({
		...smallSet(id).tiles[0],
		id: `T${i}`,
		description: `${name} ${i} `.padEnd(per, name.slice(0, 1))
	}));
	return doc;
}
