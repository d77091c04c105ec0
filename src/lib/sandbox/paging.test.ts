import { describe, expect, it } from 'vitest';
import { moreLabel } from './paging.ts';

describe('moreLabel', () => {
	it('says how many of how many while more than a page is left', () => {
		expect(moreLabel(1940, 60)).toBe('Show 60 more of 1940');
	});
	it('says the last ones when a page or less is left', () => {
		expect(moreLabel(4, 60)).toBe('Show the last 4');
		expect(moreLabel(60, 60)).toBe('Show the last 60');
	});
});
