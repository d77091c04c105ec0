// A check run by hand (it needs copies of JCloisterZone's repositories, which CI does not have):
//
//   node bin/run-ts.js scripts/check-jcz.ts import <git dir>... [--engine CLASSPATH]
//     imports every tile-definition XML of the given bare git repositories (HEAD) and prints per
//     file: tiles, copies, the tile sets counted, validation errors and warnings, and the report
//     lines grouped by kind. With --engine (JCloisterZone's engine compiled from its sources, see
//     docs/export.md, jcz) each file is also loaded by JCZ's own tile-pack builder with the
//     same tile sets, and every tile's count, feature places and field→city adjacency compared.
//
//   node bin/run-ts.js scripts/check-jcz.ts export --engine CLASSPATH
//     exports every shipped expansion (and a tile made the editor's way, fields first) as an add-on
//     and has JCZ's tile-pack builder load it (Java assertions on): counts and features compared
//     with the document.
//
// Nothing of JCloisterZone is copied into the project: the files are read from the git
// directories and written to a temporary folder only to hand them to JCZ's engine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importJczXml } from '../src/lib/formats/import/jcz.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { availableExpansions } from '../src/cli/files.ts';
import { ruleRegistry } from '../src/lib/engine/registry.ts';
import { exporter, jczIds, writeOrder } from '../src/lib/export/jcz.ts';
import { JCZ_FEATURE_CLASS, jczLocations } from '../src/lib/formats/jcz-vocabulary.ts';
import type { Feature, Tile } from '../src/lib/formats/schema-types.ts';
import { editorMadeExpansion } from '../test/fixtures/jcz-editor-made.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const mode = args.shift();
const engineAt = args.indexOf('--engine');
const classpath = engineAt >= 0 ? args.splice(engineAt, 2)[1] : undefined;
if (
	(mode !== 'import' && mode !== 'export') ||
	(mode === 'import' && !args.length) ||
	(mode === 'export' && !classpath)
) {
	console.error(
		'usage: check-jcz.ts import <git dir>... [--engine CLASSPATH] | export --engine CLASSPATH'
	);
	process.exit(2);
}

interface JczTile {
	count: number;
	group: string;
	edges: string;
	features: { class: string; location: string; cities?: string[]; neighbouring?: string[] }[];
}
/** JCZ's tile-pack builder on the files with the tile sets: its tiles by id. */
function jczPack(
	files: string[],
	sets: string[],
	capabilities = 'Garden'
): { total: number; tiles: Record<string, JczTile> } {
	const out = execFileSync(
		'java',
		[
			'-ea',
			'-cp',
			classpath!,
			join(here, 'jcz-engine/TilePackCheck.java'),
			'--sets',
			sets.join(','),
			'--capabilities',
			capabilities,
			...files
		],
		{ encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] }
	);
	return JSON.parse(out);
}

/** A tile of ours as JCZ's builder describes one: `Class/Location` per feature, a field's cities by location. */
function ourView(tile: Tile): string[] {
	const features = writeOrder(tile.features).filter(
		(f) =>
			f.type !== 'stable' &&
			(f.type === 'field' || f.type === 'monastery' || f.type === 'garden' || f.sides?.length)
	);
	const locations = jczLocations(features);
	const at = new Map(features.map((f, i) => [f.id, locations[i]]));
	return features
		.map((f: Feature, i) => {
			const cities =
				f.type === 'field'
					? ` [${(f.cities ?? [])
							.map((c) => at.get(c))
							.sort()
							.join(' ')}]`
					: '';
			return `${JCZ_FEATURE_CLASS[f.type]}/${locations[i]}${cities}`;
		})
		.sort();
}
const jczView = (t: JczTile): string[] =>
	t.features
		.filter((f) => ['Road', 'City', 'River', 'Field', 'Monastery', 'Garden'].includes(f.class))
		.map(
			(f) =>
				`${f.class}/${f.location}${f.class === 'Field' ? ` [${(f.cities ?? []).join(' ')}]` : ''}`
		)
		.sort();

const registry = { registry: ruleRegistry };
let failures = 0;

if (mode === 'import') {
	const tmp = mkdtempSync(join(tmpdir(), 'check-jcz-'));
	try {
		for (const gitDir of args) {
			const list = execFileSync(
				'git',
				['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', 'HEAD'],
				{ encoding: 'utf8' }
			).split('\n');
			for (const path of list.filter((p) => p.endsWith('.xml'))) {
				const text = execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${path}`], {
					encoding: 'utf8',
					maxBuffer: 64 << 20
				});
				const r = importJczXml(text);
				if (!r.ok) {
					console.log(`${path}: not imported: ${r.error}`);
					continue;
				}
				const e = r.expansion;
				const problems = validateExpansion(e, registry);
				const errors = problems.filter((p) => p.severity === 'error');
				const warnings = problems.filter((p) => p.severity === 'warning');
				const copies = e.tiles.reduce((s, t) => s + (t.count as number), 0);
				const kinds = new Map<string, number>();
				for (const line of r.report) {
					const kind = line
						.replace(/^tile [^:]+: |^tile-set [^:]+: /, '')
						.replace(/^(ref to unknown tile|wagon moves) .*?(skipped|: not mapped)$/, '$1 … $2');
					kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
				}
				const marked = e.tiles.filter((t) => t.handDrawnAdjacency).length;
				const crossing = e.tiles.filter((t) => t.features.some((f) => f.crosses)).length;
				console.log(
					`${path}: ${e.tiles.length} tiles, ${copies} copies (sets ${r.tileSets.join(', ') || '— a pack'}); ` +
						`${errors.length} errors, ${warnings.length} warnings; ${crossing} with crossings, ${marked} drawn by hand`
				);
				for (const p of [...errors, ...warnings])
					console.log(`  ${p.severity}: ${p.pointer}: ${p.message}`);
				for (const [kind, n] of kinds) console.log(`  report ×${n}: ${kind}`);
				if (errors.length) failures++;
				if (!classpath || !r.tileSets.length) continue;
				// JCZ's own reading of the same file with the same tile sets.
				const file = join(tmp, path.replace(/\//g, '_'));
				writeFileSync(file, text);
				const jcz = jczPack([file], r.tileSets);
				const ours = new Map(e.tiles.map((t) => [t.name!, t]));
				const diffs: string[] = [];
				if (jcz.total !== copies) diffs.push(`total: JCZ ${jcz.total}, ours ${copies}`);
				for (const [id, t] of Object.entries(jcz.tiles)) {
					const o = ours.get(id);
					if (!o) diffs.push(`${id}: JCZ has ${t.count}, ours none`);
					else {
						if (o.count !== t.count) diffs.push(`${id}: count JCZ ${t.count}, ours ${o.count}`);
						const a = jczView(t).join(', ');
						const b = ourView(o).join(', ');
						if (a !== b) diffs.push(`${id}: features JCZ ${a} | ours ${b}`);
					}
				}
				for (const id of ours.keys())
					if (!jcz.tiles[id]) diffs.push(`${id}: ours ${ours.get(id)!.count}, JCZ none`);
				console.log(
					`  JCZ engine: ${jcz.total} copies, ${Object.keys(jcz.tiles).length} tiles; ${diffs.length ? `${diffs.length} differences` : 'same counts, places and adjacency'}`
				);
				for (const d of diffs) console.log(`    ${d}`);
				if (diffs.length) failures++;
			}
		}
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
} else {
	// The editor's blank tile starts with a field; a city added later comes after it.
	const editorMade = editorMadeExpansion();
	const shipped = [...availableExpansions().values()].filter((e) => e.tiles.length);
	const tmp = mkdtempSync(join(tmpdir(), 'check-jcz-export-'));
	try {
		for (const e of [...shipped, editorMade]) {
			const { files } = await exporter(e);
			const dir = join(tmp, e.id);
			for (const f of files) {
				const path = join(dir, ...f.path.split('/'));
				mkdirSync(dirname(path), { recursive: true });
				writeFileSync(path, f.data);
			}
			const ids = jczIds(e.id);
			let jcz;
			try {
				jcz = jczPack([join(dir, ids.addon, `${e.id}.xml`)], [ids.tileSet]);
			} catch (err) {
				console.log(
					`${e.id}: JCZ's builder failed: ${(err as { stderr?: string }).stderr?.split('\n').slice(0, 3).join(' / ') ?? err}`
				);
				failures++;
				continue;
			}
			const diffs: string[] = [];
			const expected = e.tiles.filter((t) => !t.wildcard && typeof t.count === 'number');
			const copies = expected.reduce((s, t) => s + (t.count as number), 0);
			if (jcz.total !== copies) diffs.push(`total: JCZ ${jcz.total}, ours ${copies}`);
			for (const t of expected) {
				const j = jcz.tiles[`${ids.prefix}/${t.id}`];
				if (!j) {
					diffs.push(`${t.id}: missing in JCZ's pack`);
					continue;
				}
				if (j.count !== t.count) diffs.push(`${t.id}: count JCZ ${j.count}, ours ${t.count}`);
				const a = jczView(j).join(', ');
				const b = ourView(t).join(', ');
				if (a !== b) diffs.push(`${t.id}: features JCZ ${a} | ours ${b}`);
			}
			console.log(
				`${e.id}: JCZ's builder read ${Object.keys(jcz.tiles).length} tiles, ${jcz.total} copies; ${diffs.length ? `${diffs.length} differences` : 'same counts, places and adjacency'}`
			);
			for (const d of diffs) console.log(`  ${d}`);
			if (diffs.length) failures++;
		}
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
}
process.exit(failures ? 1 : 0);
