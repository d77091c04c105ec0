import { describe, expect, it } from 'vitest';
import { resolveRulings } from './rulings.ts';
import type { RulingDef } from './types.ts';

const def: RulingDef = {
	id: 'X-R1',
	description: 'a ruling',
	default: 'a',
	options: { a: 'option a', b: 'option b' },
	rules: []
};
const defs = new Map([[def.id, def]]);

describe('resolveRulings', () => {
	it('takes an option the ruling offers, over its default', () => {
		expect(resolveRulings(defs, { 'X-R1': 'b' })).toEqual({ 'X-R1': 'b' });
	});
	it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'c'])(
		"refuses '%s', which is no option of the ruling",
		(v) => {
			expect(() => resolveRulings(defs, { 'X-R1': v })).toThrow(/ruling X-R1: unknown option/);
		}
	);
});
