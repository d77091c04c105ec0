// The JSON text scanner: value spans by pointer (editor markers) and the first syntax fault (store).
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { findJsonFault, locatePointer, spansOf } from './json-text.ts';

const text = JSON.stringify(
	{
		id: 'A',
		count: 2,
		features: [{ id: 'c1', type: 'city', sides: ['N'] }],
		'a/b': { '~x': true }
	},
	null,
	2
);

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

describe('findJsonFault', () => {
	it('finds no fault in well-formed JSON (agrees with JSON.parse)', () => {
		fc.assert(
			fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => {
				expect(findJsonFault(JSON.stringify(v, null, pretty ? '\t' : undefined))).toBeUndefined();
			})
		);
	});
	it('finds a fault wherever JSON.parse refuses', () => {
		fc.assert(
			fc.property(
				fc.json(),
				fc.nat(),
				fc.constantFrom('', '}', ',', '"', '\\', 'x', '\n', ':'),
				(text, at, ins) => {
					const p = at % (text.length + 1);
					const bad = text.slice(0, p) + ins + text.slice(p + (ins === '' ? 1 : 0));
					let parses = true;
					try {
						JSON.parse(bad);
					} catch {
						parses = false;
					}
					expect(findJsonFault(bad) === undefined).toBe(parses);
				}
			)
		);
	});
	it('locates the fault by line and column', () => {
		expect(findJsonFault('{\n\t"id": "x",\n\t"name": }')).toMatchObject({
			line: 3,
			column: 10,
			expected: 'a value'
		});
		expect(findJsonFault('[1, 2,]')).toMatchObject({ position: 6, line: 1, column: 7 });
		expect(findJsonFault('{"a": 1} x')).toMatchObject({
			position: 9,
			expected: 'the end of the document'
		});
		expect(findJsonFault('{"a": "b')).toMatchObject({
			position: 8,
			expected: 'the closing quote of the string'
		});
		expect(findJsonFault('')).toMatchObject({ position: 0 });
	});
});

describe('scanJson', () => {
	it('maps the values before a fault and says where the fault is, in one pass', () => {
		const broken = '{\n\t"id": "A",\n\t"count": ,\n\t"features": []\n}';
		expect(spansOf(broken).has('/id')).toBe(true);
		expect(findJsonFault(broken)).toMatchObject({ line: 3, column: 11, expected: 'a value' });
	});
});

describe('spansOf', () => {
	it('each span holds exactly the value at its pointer (agrees with JSON.parse)', () => {
		const at = (v: unknown, ptr: string): unknown =>
			ptr === ''
				? v
				: ptr
						.slice(1)
						.split('/')
						.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
						.reduce((cur, seg) => (cur as Record<string, unknown>)[seg], v);
		fc.assert(
			fc.property(fc.jsonValue(), (v) => {
				const text = JSON.stringify(v, null, 2);
				for (const [ptr, s] of spansOf(text))
					expect(JSON.parse(text.slice(s.start, s.end))).toEqual(at(JSON.parse(text), ptr));
			}),
			{ numRuns: 200 }
		);
	});
});
