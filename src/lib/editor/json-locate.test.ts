import { expect, test } from 'vitest';
import { locatePointer, spansOf } from './json-locate.ts';

const text = JSON.stringify({ id: 'A', count: 2, features: [{ id: 'c1', type: 'city', sides: ['N'] }], 'a/b': { '~x': true } }, null, 2);

test('finds values by pointer, members with their names', () => {
	const at = (p: string) => {
		const s = locatePointer(text, p);
		return text.slice(s.start, s.end);
	};
	expect(at('/count')).toBe('"count": 2');
	expect(at('/features/0/sides/0')).toBe('"N"');
	expect(at('/features/0/type')).toBe('"type": "city"');
	expect(at('/a~1b/~0x')).toBe('"~x": true');
	expect(at('')).toBe(text);
});

test('a missing value is reported on the nearest value that exists', () => {
	const s = locatePointer(text, '/features/0/halves/3');
	expect(text.slice(s.start, s.end).startsWith('{')).toBe(true);
	expect(text.slice(s.start, s.end)).toContain('"c1"');
});

test('broken text still maps what comes before the fault', () => {
	const broken = '{\n  "id": "A",\n  "count": ,\n  "features": []\n}';
	const spans = spansOf(broken);
	expect(spans.has('/id')).toBe(true);
	expect(spans.has('/features')).toBe(false);
	const s = locatePointer(broken, '/features');
	expect(s.start).toBe(0);
});

test('strings with escaped quotes do not end early', () => {
	const t = '{"a": "x\\"y", "b": [1, -2.5e3, null]}';
	const s = locatePointer(t, '/b/1');
	expect(t.slice(s.start, s.end)).toBe('-2.5e3');
});
