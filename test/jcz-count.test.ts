// The Count of Carcassonne's tile file from JCloisterZone's own repository (its client's
// src/extraResources/expansions/count.xml), imported as the CLI and the server import it: 12 tiles,
// 12 copies, the inside of the city of Carcassonne as a quarter on each, every tile valid, and the
// report listing what does not map. The file is read from a bare git copy of the repository
// (JCZ_CLIENT_GIT, default where the search tool's fetch puts it); nothing of it is kept in the
// project. CI has no copy: the test is then skipped, saying why. The same constructs are covered by
// hand-written fixtures in src/lib/formats/import/jcz.test.ts, which always run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Expansion } from '../src/lib/formats/schema-types.ts';
import { importJczXml } from '../src/lib/formats/import/jcz.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { ruleRegistry } from '../src/lib/engine/registry.ts';
import { HALVES } from '../src/lib/formats/geometry.ts';
import { renderTileSvg } from '../src/lib/render/tile-svg.ts';
import { buildJczXml } from '../src/lib/export/jcz.ts';

const gitDir = process.env.JCZ_CLIENT_GIT ?? '/work/.mirror/farin+JCloisterZone-Client/repo';
const PATH = 'src/extraResources/expansions/count.xml';
const xml = (() => {
	if (!existsSync(gitDir)) return undefined;
	try {
		return execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${PATH}`], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore']
		});
	} catch {
		return undefined;
	}
})();
if (!xml)
	console.warn(
		`jcz-count: no copy of JCloisterZone's client repository at ${gitDir} (set JCZ_CLIENT_GIT): skipped`
	);

describe.skipIf(!xml)("The Count's tiles from JCloisterZone's repository", () => {
	let expansion!: Expansion;
	let report!: string[];
	beforeAll(() => {
		const r = importJczXml(xml!, { id: 'count' });
		if (!r.ok) throw new Error(r.error);
		({ expansion, report } = r);
	});

	it('import with their counts: 12 tiles, one copy each', () => {
		expect(expansion.tiles.map((t) => t.name)).toEqual(
			Array.from({ length: 12 }, (_, i) => `CO/${i + 1}`)
		);
		expect(expansion.tiles.every((t) => t.count === 1)).toBe(true);
	});

	it('every half-side is held: by a field, a city side or the quarter', () => {
		for (const t of expansion.tiles) {
			const quarters = t.features.filter((f) => f.type === 'quarter');
			expect(quarters, t.name).toHaveLength(1);
			const held = t.features.flatMap(
				(f) =>
					f.halves ?? (f.type === 'city' ? (f.sides ?? []).flatMap((s) => [`${s}L`, `${s}R`]) : [])
			);
			expect([...held].sort(), t.name).toEqual([...HALVES].sort());
		}
		// the tiles wholly inside the city (CO/6, CO/7) are all quarter
		for (const name of ['CO/6', 'CO/7'])
			expect(expansion.tiles.find((t) => t.name === name)!.features).toHaveLength(1);
	});

	it('validate without error; what does not map is listed', () => {
		const problems = validateExpansion(expansion, { registry: ruleRegistry });
		expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
		// each quarter is said to be kept as data
		expect(problems.filter((p) => /^quarter q1 .* kept as data/.test(p.message))).toHaveLength(12);
		expect(
			report.filter((l) =>
				/inside The Count's city of Carcassonne .* imported as quarter q1/.test(l)
			)
		).toHaveLength(12);
		// JCZ's target for the Count's four quarters, on CO/7, has no element here
		expect(report.filter((l) => !/imported as quarter/.test(l))).toEqual([
			"tile CO/7: element 'quarter' not mapped"
		]);
	});

	it('draw the city paved, and export as JCZ has them: the quarter in no element, said in the notes', () => {
		for (const t of expansion.tiles)
			expect(renderTileSvg(t), t.name).toContain('stroke-dasharray="4 3"');
		const out = buildJczXml(expansion);
		expect(out.copies).toBe(12);
		expect(out.xml).not.toMatch(/<quarter/);
		expect(
			out.notes.filter((n) =>
				/quarter 'q1' \(The Count's city of Carcassonne\) has no JCloisterZone element/.test(n)
			)
		).toHaveLength(12);
	});
});
