// A field's drawn area (also a quarter of The Count's city): its border runs joined by the city
// walls and roads that bound it.
import { HALVES } from '../formats/geometry.ts';
import type { Wall } from './city-shape.ts';
import type { TileLayout } from './layout.ts';
import type { NFeature } from './tile-normalize.ts';
import {
	CENTRE,
	circlePath,
	cyclicRuns,
	PERIMETER,
	pt,
	same,
	subCurve,
	type Curve,
	type Pt
} from './tile-geometry.ts';

/** A field's outline: its border runs joined by the city walls and roads that bound it. */
export function fieldPath(f: NFeature, layout: TileLayout): string {
	const on = HALVES.map((h) => f.halves.includes(h));
	const count = on.filter(Boolean).length;
	const alone = layout.tile.features.filter((g) => g.type === 'field').length === 1;
	if (count === 8 || (count === 0 && alone)) return 'M0 0H100V100H0Z';
	if (count === 0) {
		const spot = layout.enclosed.get(f.id);
		return circlePath(spot?.at ?? CENTRE, spot?.r ?? 10);
	}
	const runs = cyclicRuns(on);
	const walls = [...layout.cities.values()].flatMap((c) => c.walls);
	const curves = [...layout.linear.values()].flatMap((l) =>
		l.curves.map((c) => ({ c, through: !l.end && l.curves.length === 1 }))
	);
	/** The divider that runs into the tile from a side's midpoint: a stub, or half of a through road or river. */
	const inward = (x: Pt): Curve | undefined => {
		for (const { c, through } of curves) {
			if (same(c.p0, x)) return through ? subCurve(c, 0, 0.5) : c;
			if (through && same(c.p2, x)) return subCurve({ p0: c.p2, p1: c.p1, p2: c.p0 }, 0, 0.5);
		}
		return undefined;
	};
	let path = '';
	runs.forEach(([a, b], k) => {
		path += (k === 0 ? 'M' : 'L') + pt(PERIMETER[a]);
		for (let h = a; ; h = (h + 1) & 7) {
			path += 'L' + pt(PERIMETER[(h + 1) & 7]);
			if (h === b) break;
		}
		const p = PERIMETER[(b + 1) & 7];
		const q = PERIMETER[runs[(k + 1) % runs.length][0]];
		const along = wallChain(walls, p, q);
		const road = curves.find(
			({ c, through }) =>
				through && ((same(c.p0, p) && same(c.p2, q)) || (same(c.p0, q) && same(c.p2, p)))
		);
		if (along) path += along;
		else if (road) path += `Q${pt(road.c.p1)} ${pt(q)}`;
		else {
			// follow the divider in from p, cross to the divider that leads out to q
			const from = inward(p);
			const to = inward(q);
			if (from) path += `Q${pt(from.p1)} ${pt(from.p2)}`;
			if (to) path += `L${pt(to.p2)}Q${pt(to.p1)} ${pt(q)}`;
			else path += (from ? '' : `L${pt(CENTRE)}`) + `L${pt(q)}`;
		}
	});
	return path + 'Z';
}
/** From p to q along city walls (backwards, as the field sees them), e.g. past two separate caps. */
function wallChain(walls: Wall[], p: Pt, q: Pt): string | undefined {
	let path = '';
	let at = p;
	for (let step = 0; step < 4; step++) {
		const w = walls.find((w) => same(w.b, at));
		if (!w) return undefined;
		path += `C${pt(w.c2)} ${pt(w.c1)} ${pt(w.a)}`;
		at = w.a;
		if (same(at, q)) return path;
	}
	return undefined;
}
