import { describe, expect, it } from 'vitest';
import { measure, MEASURES_KEPT } from './measure.ts';

describe('measure', () => {
	it('keeps at most MEASURES_KEPT entries of a name, other names untouched', () => {
		const t = performance.now();
		measure('other', { start: t });
		for (let i = 0; i < MEASURES_KEPT; i++) measure('typing', { start: t });
		expect(performance.getEntriesByName('typing')).toHaveLength(MEASURES_KEPT);
		measure('typing', { start: t });
		expect(performance.getEntriesByName('typing')).toHaveLength(1);
		expect(performance.getEntriesByName('other')).toHaveLength(1);
	});
});
