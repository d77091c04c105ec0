// The share of the shipped expansions' rules written as data, as docs/expansions.md states it, is
// what the count finds (the docs cannot drift from the documents and modules).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { rulesShare, shareText } from '../src/lib/engine/rules-share.ts';

test('docs/expansions.md states the share of rules written as data that the count finds', () => {
	const r = rulesShare([...availableExpansions().values()]);
	expect(r.dataTotal).toBeGreaterThan(0);
	expect(r.data['inns-and-cathedrals']).toBeGreaterThan(0);
	expect(r.code.base).toBeGreaterThan(0);
	const docs = readFileSync('docs/expansions.md', 'utf8');
	expect(docs).toContain(`**Rules written as data**: ${shareText(r)}`);
});
