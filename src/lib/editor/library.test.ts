import { describe, expect, it } from 'vitest';
import { importDraft, jsonImportError } from './library.ts';

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

describe('an imported document that breaks the schema, opened as a draft', () => {
	it('keeps its own id when usable and free, else a free one from it or the file name', () => {
		const doc = {
			id: 'harbour',
			name: 'H',
			official: true,
			tiles: [{ id: 'T1', count: 0, features: [] }]
		};
		expect(importDraft(doc, [], 'h.json')).toEqual({
			id: 'harbour',
			doc: { id: 'harbour', name: 'H', tiles: [{ id: 'T1', count: 0, features: [] }] }
		});
		expect(importDraft(doc, ['harbour'], 'h.json')).toMatchObject({ id: 'harbour-2' });
		expect(importDraft({ id: 'Bad Id!', tiles: [] }, [], 'h.json')).toMatchObject({ id: 'bad-id' });
		expect(importDraft({ name: 'x' }, [], 'My Set.json')).toEqual({
			id: 'my-set',
			doc: { id: 'my-set', name: 'x', tiles: [] }
		});
	});
	it('is refused with the reason when the editor cannot open its tiles', () => {
		expect(importDraft([], [], 'a.json')).toEqual({
			error: 'a.json is not an expansion document (not a JSON object)'
		});
		expect(importDraft({ id: 'a', tiles: {} }, [], 'a.json')).toEqual({
			error: 'a.json: tiles is not a list, so the editor cannot open it'
		});
		expect(importDraft({ id: 'a', tiles: [{ id: 'T1' }] }, [], 'a.json')).toEqual({
			error: 'a.json: tile 1 is not an object with a list of features, so the editor cannot open it'
		});
	});
});
