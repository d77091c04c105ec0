import { describe, expect, it } from 'vitest';
import type { Expansion } from '../formats/schema-types.ts';
import { lookNames, setLook, withPlace, withSvg, withSymbol } from './looks.ts';

const doc = {
	id: 'h',
	name: 'H',
	version: '1.0.0',
	modifiers: { port: 'a port' },
	dataRules: { modifiers: { wine: { combine: 'sum' } }, rules: [] },
	tiles: [
		{
			id: 't',
			count: 1,
			icons: ['harbour', 'lute'],
			features: [
				{ id: 'c1', type: 'city', sides: ['N'], modifiers: { pennants: 1, port: true, fish: 2 } }
			]
		}
	]
} as unknown as Expansion;

describe('the looks section', () => {
	it('offers the names the renderer cannot draw by itself, declared or only used', () => {
		expect(lookNames(doc).map(({ name, kind }) => `${kind}:${name}`)).toEqual([
			'modifier:port',
			'modifier:wine',
			'modifier:fish',
			'icon:harbour'
		]);
	});

	it('sets, changes and removes a look; the last removed takes the looks away', () => {
		const a = setLook(doc, 'port', withSymbol(undefined, 'port'));
		expect(a.looks).toEqual({ port: { symbol: 'port' } });
		expect(lookNames(a)[0].look).toEqual({ symbol: 'port' });
		const b = setLook(a, 'port', withPlace(withSvg(a.looks!.port, '<svg/>'), 'corner'));
		expect(b.looks).toEqual({ port: { svg: '<svg/>', place: 'corner' } });
		expect(withPlace(withSymbol(b.looks!.port, 'flag'), '')).toEqual({ symbol: 'flag' });
		expect(setLook(b, 'port', undefined).looks).toBeUndefined();
		expect(doc.looks).toBeUndefined();
	});
});
