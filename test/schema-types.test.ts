import { test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { generate } from '../scripts/gen-types.js';

test('the committed TypeScript types match the schemas they derive from', async () => {
	const committed = readFileSync('src/lib/formats/schema-types.ts', 'utf8');
	expect(committed, 'run `node scripts/gen-types.js`').toBe(await generate());
});
