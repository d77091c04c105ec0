import { describe, expect, it } from 'vitest';
import { problemsUnder, viewText } from './json-view.ts';

describe('the data rules’ JSON view', () => {
	const value = { rules: [{ id: 'W-1', type: 'text' }] };
	it('keeps the text as typed while the document has not changed, or says the same; else shows the document', () => {
		expect(viewText(null, value)).toBe(JSON.stringify(value, null, 2));
		expect(viewText({ text: '{"rules": [', base: value }, value)).toBe('{"rules": [');
		const compact = JSON.stringify(value);
		expect(viewText({ text: compact, base: {} }, value)).toBe(compact);
		// the document changed since (an undo, the form): it wins over the typing
		expect(viewText({ text: '{"rules": [', base: {} }, value)).toBe(JSON.stringify(value, null, 2));
		expect(viewText(null, undefined)).toBe('{}');
	});
	it('gives the problems of the data rules with pointers into the view', () => {
		const problems = [
			{ pointer: '/dataRules/rules/0/id', message: 'a', severity: 'error' as const },
			{ pointer: '/dataRulesX', message: 'b', severity: 'error' as const },
			{ pointer: '/tiles/0', message: 'c', severity: 'error' as const }
		];
		expect(problemsUnder(problems, '/dataRules')).toEqual([
			{ pointer: '/rules/0/id', message: 'a', severity: 'error' }
		]);
	});
});
