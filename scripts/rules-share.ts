// Prints how much of the shipped expansions' rules is written as data (rule ids of `dataRules`
// against rule ids of the TypeScript modules), per document and per module.
//   node bin/run-ts.js scripts/rules-share.ts
import { availableExpansions } from '../src/cli/files.ts';
import { rulesShare, shareText } from '../src/lib/engine/rules-share.ts';

const r = rulesShare([...availableExpansions().values()]);
console.log('| written as | where | rule ids |\n| --- | --- | --- |');
for (const [id, n] of Object.entries(r.data)) console.log(`| data | ${id} | ${n} |`);
for (const [id, n] of Object.entries(r.code)) console.log(`| TypeScript | ${id} | ${n} |`);
console.log(`\nAs data: ${shareText(r)}.`);
