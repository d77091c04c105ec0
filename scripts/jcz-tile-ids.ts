// Finds, for every shipped tile, the JCloisterZone tile it is (same features under some rotation)
// and writes it into the expansion documents as data (`jcz: { id, rotation }`, schemas/tile.v1.json).
// Reads JCZ's tile definitions from a folder of its expansion XML files (the client's
// src/extraResources/expansions, from a fetched copy: nothing of it is kept here).
//   node bin/run-ts.js scripts/jcz-tile-ids.ts <folder of JCZ xml> [--write]
// Without --write it prints the matches and the tiles left without one. A tile whose fields JCZ
// draws otherwise (settled against the printed tile in the tile's description) matches on its
// border features only: the output says so, and such a match is written only when it is the one.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importJczXml } from '../src/lib/formats/import/jcz.ts';
import { availableExpansions } from '../src/cli/files.ts';
import { rotateHalf, rotateSide } from '../src/lib/formats/geometry.ts';
import type { Feature, Tile } from '../src/lib/formats/schema-types.ts';

const MODS = ['pennants', 'inn', 'cathedral', 'wine', 'grain', 'cloth'];

/** The tile's features turned by `r` quarter turns, as sorted strings; `fields` false leaves the fields out. */
function signature(tile: Tile, r: number, fields: boolean): string {
	const sidesOf = (f: Feature) =>
		(f.sides ?? [])
			.map((s) => rotateSide(s, r))
			.sort()
			.join('');
	const out: string[] = [];
	for (const f of tile.features) {
		if (f.type === 'field' && !fields) continue;
		const mods = MODS.filter((m) => f.modifiers?.[m])
			.map((m) => `${m}=${f.modifiers![m]}`)
			.join(',');
		if (f.type === 'field') {
			const cities = (f.cities ?? [])
				.map((c) => sidesOf(tile.features.find((g) => g.id === c)!))
				.sort()
				.join('|');
			out.push(
				`field:${
					(f.halves ?? [])
						.map((h) => rotateHalf(h, r))
						.sort()
						.join('') || 'inner'
				}>${cities}`
			);
		} else out.push(`${f.type}:${sidesOf(f)}:${mods}`);
	}
	out.push(
		`icons:${[...(tile.icons ?? [])].sort().join(',')}`,
		`role:${tile.role === 'start' ? '' : (tile.role ?? '')}`
	);
	return out.sort().join(' ');
}

/** The JCZ tile-id prefixes of the shipped sets JCZ has too (the others are designs of their own). */
const PREFIXES: Record<string, string[]> = {
	base: ['BA/'],
	'inns-and-cathedrals': ['IC/'],
	dragon: ['DG/'],
	river: ['RI/', 'RI.1/'],
	'traders-and-builders-goods': ['TB/']
};

const folder = process.argv[2];
const write = process.argv.includes('--write');
if (!folder) {
	console.error('usage: scripts/jcz-tile-ids.ts <folder of JCZ expansion xml> [--write]');
	process.exit(2);
}
const theirs: { id: string; file: string; tile: Tile }[] = [];
for (const file of readdirSync(folder)
	.filter((f) => f.endsWith('.xml'))
	.sort()) {
	// every tile set on its own: a later edition may remove a tile (River II takes River I's lake out)
	const xml = readFileSync(join(folder, file), 'utf8');
	for (const [, set] of xml.matchAll(/<tile-set id="([^"]+)"/g)) {
		const r = importJczXml(xml, { tileSet: set });
		if (!r.ok) continue;
		for (const t of r.expansion.tiles)
			if (!theirs.some((j) => j.id === t.jcz!.id)) theirs.push({ id: t.jcz!.id, file, tile: t });
	}
}
const shipped = [...availableExpansions().values()].filter((e) => PREFIXES[e.id]);
for (const e of shipped) {
	const found = new Map<string, { id: string; rotation: number; exact: boolean }>();
	for (const t of e.tiles) {
		const want = signature(t, 0, true);
		const border = signature(t, 0, false);
		const exact: { id: string; rotation: number }[] = [];
		const near: { id: string; rotation: number }[] = [];
		for (const j of theirs.filter((j) => PREFIXES[e.id].some((p) => j.id.startsWith(p))))
			for (let r = 0; r < 4; r++) {
				if (signature(j.tile, r, true) === want) exact.push({ id: j.id, rotation: r * 90 });
				else if (signature(j.tile, r, false) === border) near.push({ id: j.id, rotation: r * 90 });
			}
		// one JCZ tile may match in several rotations (symmetric tiles): the smallest rotation
		const first = (list: { id: string; rotation: number }[]) => [
			...new Map(list.map((m) => [m.id, m])).values()
		];
		const ex = first(exact);
		const nr = first(near);
		if (ex.length) found.set(t.id, { ...ex[0], exact: true });
		else if (nr.length === 1) found.set(t.id, { ...nr[0], exact: false });
		console.log(
			`${e.id}/${t.id}: ${ex.map((m) => `${m.id}@${m.rotation}`).join(' ') || '-'}${nr.length ? `  (border only: ${nr.map((m) => `${m.id}@${m.rotation}`).join(' ')})` : ''}`
		);
	}
	// a design with a garden is also JCZ's edition without it, when no design here is that one
	const used = new Set([...found.values()].map((m) => m.id));
	const also = new Map<string, { id: string; rotation: number }[]>();
	for (const t of e.tiles) {
		if (!t.features.some((f) => f.type === 'garden')) continue;
		const bare = signature(
			{ ...t, features: t.features.filter((f) => f.type !== 'garden') },
			0,
			true
		);
		for (const j of theirs.filter(
			(j) => PREFIXES[e.id].some((p) => j.id.startsWith(p)) && !used.has(j.id)
		))
			for (let r = 0; r < 4; r++)
				if (signature(j.tile, r, true) === bare) {
					also.set(t.id, [
						...(also.get(t.id) ?? []).filter((a) => a.id !== j.id),
						...(also.get(t.id)?.some((a) => a.id === j.id) ? [] : [{ id: j.id, rotation: r * 90 }])
					]);
					break;
				}
		if (also.has(t.id))
			console.log(
				`${e.id}/${t.id}: also ${also
					.get(t.id)!
					.map((m) => `${m.id}@${m.rotation}`)
					.join(' ')} (without its garden)`
			);
	}
	if (!write || !found.size) continue;
	const path = join('expansions', `${e.id}.json`);
	let text = readFileSync(path, 'utf8');
	for (const [id, m] of found) {
		const line = `\t\t\t"id": ${JSON.stringify(id)},\n`;
		const at = text.indexOf(line);
		if (at < 0) throw new Error(`${path}: no tile line ${line.trim()}`);
		const next = text.indexOf('\n', at + line.length);
		if (/^\t\t\t"jcz":/.test(text.slice(at + line.length, next)))
			text = text.slice(0, at + line.length) + text.slice(next + 1);
		const more = also
			.get(id)
			?.map((a) => `{ "id": ${JSON.stringify(a.id)}, "rotation": ${a.rotation} }`)
			.join(', ');
		text =
			text.slice(0, at + line.length) +
			`\t\t\t"jcz": { "id": ${JSON.stringify(m.id)}, "rotation": ${m.rotation}${more ? `, "also": [${more}]` : ''} },\n` +
			text.slice(at + line.length);
	}
	writeFileSync(path, text);
}
