import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonFault } from './json-error.ts';

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
			fc.property(fc.json(), fc.nat(), fc.constantFrom('', '}', ',', '"', '\\', 'x', '\n', ':'), (text, at, ins) => {
				const p = at % (text.length + 1);
				const bad = text.slice(0, p) + ins + text.slice(p + (ins === '' ? 1 : 0));
				let parses = true;
				try {
					JSON.parse(bad);
				} catch {
					parses = false;
				}
				expect(findJsonFault(bad) === undefined).toBe(parses);
			})
		);
	});
	it('locates the fault by line and column', () => {
		expect(findJsonFault('{\n\t"id": "x",\n\t"name": }')).toMatchObject({ line: 3, column: 10, expected: 'a value' });
		expect(findJsonFault('[1, 2,]')).toMatchObject({ position: 6, line: 1, column: 7 });
		expect(findJsonFault('{"a": 1} x')).toMatchObject({ position: 9, expected: 'the end of the document' });
		expect(findJsonFault('{"a": "b')).toMatchObject({ position: 8, expected: 'the closing quote of the string' });
		expect(findJsonFault('')).toMatchObject({ position: 0 });
	});
});
