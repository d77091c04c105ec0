import { describe, expect, it } from 'vitest';
import { jsonImportError } from './library.ts';

describe('an imported file that is not JSON', () => {
	it('is located: line, column, what was expected, and the line with a caret under the place', () => {
		const text = '{\n\t"id": "x",\n\t"name": "X"\n\t"tiles": []\n}';
		let error: unknown;
		try {
			JSON.parse(text);
		} catch (e) {
			error = e;
		}
		const message = jsonImportError('set.json', text, error);
		expect(message.split('\n')).toEqual([
			expect.stringMatching(
				/^set\.json is not JSON: line 4, column 2: expected .*found '"tiles": \[\]'$/
			),
			' "tiles": []',
			' ^'
		]);
	});
});
