// How long hostile input takes: each of the fuzz test's 20,000 hostile expansion documents
// (test/hostile-documents.ts) validated and, when accepted, played for 20 random moves — the
// median, the 99th percentile and the slowest document; and the billion-laughs JCloisterZone file
// imported (its entities are never expanded). The tests check what happens, this measures how long.
import { readFileSync } from 'node:fs';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { hasErrors } from '../src/lib/formats/problems.ts';
import { importJczXml } from '../src/lib/formats/import/jcz.ts';
import type { Expansion } from '../src/lib/engine/types.ts';
import { available, hostileDocument, play, registry } from '../test/hostile-documents.ts';

const DOCUMENTS = 20_000;

export async function run(): Promise<void> {
	const ms: number[] = [];
	let slowest = { ms: 0, label: '' };
	for (let i = 0; i < DOCUMENTS; i++) {
		const { kind, doc, players } = hostileDocument(i);
		const t0 = performance.now();
		if (!hasErrors(validateExpansion(doc, { available, registry })))
			play(doc as unknown as Expansion, i, players);
		const t = performance.now() - t0;
		ms.push(t);
		if (t > slowest.ms) slowest = { ms: t, label: `#${i} (${kind})` };
	}
	ms.sort((a, b) => a - b);
	const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))].toFixed(2);
	console.log(
		`${DOCUMENTS} hostile documents, validated and (if accepted) 20 moves played: median ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${slowest.ms.toFixed(1)} ms ${slowest.label}`
	);

	const xml = readFileSync('test/fixtures/jcz/billion-laughs.xml', 'utf8');
	const times: number[] = [];
	for (let i = 0; i < 50; i++) {
		const t0 = performance.now();
		importJczXml(xml);
		times.push(performance.now() - t0);
	}
	times.sort((a, b) => a - b);
	console.log(
		`billion-laughs JCZ import: median ${times[25].toFixed(2)} ms, slowest ${times[49].toFixed(2)} ms (${times.length} runs)`
	);
}
