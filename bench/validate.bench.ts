// How long validating an expansion takes: a 100-tile expansion built from the shipped sets' tiles
// (base, Inns & Cathedrals, The River, … repeated with new ids), the whole document and one tile.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateExpansion, validateTile } from '../src/lib/formats/validate.ts';
import type { Expansion, Tile } from '../src/lib/formats/schema-types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function timings(fn: () => unknown, iterations: number): { median: number; p95: number } {
	for (let i = 0; i < Math.min(200, iterations); i++) fn(); // warm-up (JIT, caches)
	const ms: number[] = [];
	for (let i = 0; i < iterations; i++) {
		const t0 = performance.now();
		fn();
		ms.push(performance.now() - t0);
	}
	ms.sort((a, b) => a - b);
	return { median: ms[Math.floor(ms.length / 2)], p95: ms[Math.floor(ms.length * 0.95)] };
}

export async function run(): Promise<void> {
	const dir = join(root, 'expansions');
	const shipped = readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Expansion);
	const available = new Map(shipped.map((e) => [e.id, e]));
	const pool: Tile[] = shipped.flatMap((e) => e.tiles);
	const tiles: Tile[] = [];
	for (let i = 0; tiles.length < 100; i++)
		tiles.push({ ...structuredClone(pool[i % pool.length]), id: `T${i}` });
	const expansion: Expansion = {
		id: 'bench-hundred',
		name: 'A hundred tiles',
		version: '1.0.0',
		dependencies: shipped.map((e) => e.id),
		tiles
	};
	const problems = validateExpansion(expansion, { available });
	const errors = problems.filter((p) => p.severity === 'error');
	if (errors.length > 0)
		throw new Error(`the benchmark expansion is invalid: ${JSON.stringify(errors[0])}`);

	const whole = timings(() => validateExpansion(expansion, { available }), 1000);
	const context = { id: expansion.id, dependencies: expansion.dependencies };
	const rich = tiles.reduce((a, b) => (b.features.length > a.features.length ? b : a));
	const one = timings(() => validateTile(rich, { available, expansion: context }), 5000);
	const fmt = (t: { median: number; p95: number }) =>
		`median ${t.median.toFixed(3)} ms, p95 ${t.p95.toFixed(3)} ms`;
	console.log(
		`validateExpansion, 100 tiles (${problems.filter((p) => p.severity === 'warning').length} warnings, ${problems.filter((p) => p.severity === 'note').length} notes): ${fmt(whole)} (target < 5 ms)`
	);
	console.log(`validateTile, one tile (${rich.features.length} features): ${fmt(one)}`);
}
