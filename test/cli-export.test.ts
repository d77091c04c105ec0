// `carcassonne-lab export base --format jcz|print`: the files on disk, checked (the XML parses and
// lists the 24 tile types with counts adding up to 72; the print pages hold 72 tile frames).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'cel-cli-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (...args: string[]) =>
	spawnSync(process.execPath, ['bin/carcassonne-lab.js', ...args], {
		encoding: 'utf8',
		timeout: 60_000
	});
const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	processEntities: false,
	isArray: (_n: string, _p: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute
});

describe('carcassonne-lab export base', () => {
	it('--format jcz writes the add-on: manifest, XML with 24 tile types and 72 tiles', () => {
		const r = cli('export', 'base', '--format', 'jcz', '--out', path.join(dir, 'jcz'));
		expect(r.status, r.stderr).toBe(0);
		// one folder named after the expansion: the add-on's id when copied into JCloisterZone's add-ons
		expect(readdirSync(path.join(dir, 'jcz'))).toEqual(['cel-base']);
		const out = path.join(dir, 'jcz', 'cel-base');
		const manifest = JSON.parse(readFileSync(path.join(out, 'jcz-addon.json'), 'utf8'));
		expect(manifest.expansions).toEqual(['base.xml']);
		// the artwork folder, written as files: its description and one image per JCZ tile
		const art = path.join(out, manifest.artworks[0]);
		expect(JSON.parse(readFileSync(path.join(art, 'artwork.json'), 'utf8')).tileSize).toBe(900);
		expect(readdirSync(path.join(art, 'images')).filter((f) => f.endsWith('.png'))).toHaveLength(
			32
		);
		const defs = parser.parse(readFileSync(path.join(out, manifest.expansions[0]), 'utf8')).defs[0];
		const tiles: Record<string, unknown>[] = defs.tiles[0].tile;
		const refs: { count: string; tile: string }[] = defs.sets[0]['tile-set'][0].ref;
		// A tile type is a geometry; garden variants are their own JCZ tiles of the same type.
		const types = new Set(
			tiles.map((t) =>
				Object.entries(t)
					.filter(([k]) => k !== 'id' && k !== 'garden')
					.map(([k, v]) => `${k}=${JSON.stringify(v)}`)
					.sort()
					.join(';')
			)
		);
		expect(types.size).toBe(24);
		expect(refs.reduce((s, x) => s + Number(x.count), 0)).toBe(72);
	});

	it('--format print writes A4 pages holding 72 tile frames, and backs with --backs', () => {
		const out = path.join(dir, 'print');
		const r = cli('export', 'base', '--format', 'print', '--out', out, '--backs');
		expect(r.status, r.stderr).toBe(0);
		const files = readdirSync(out).sort();
		const fronts = files.filter((f) => /^page-\d+\.svg$/.test(f));
		expect(files.filter((f) => /-back\.svg$/.test(f))).toHaveLength(fronts.length);
		let frames = 0;
		for (const f of fronts) {
			const text = readFileSync(path.join(out, f), 'utf8');
			const svg = parser.parse(text).svg[0];
			expect(svg.viewBox).toBe('0 0 210 297');
			frames += (svg.g as { class?: string }[]).filter((g) => g.class === 'frame').length;
		}
		expect(frames).toBe(72);
	});

	it('--format pdf writes one PDF (US Letter with --paper letter); an unknown paper is a usage error', () => {
		const out = path.join(dir, 'pdf');
		const r = cli('export', 'river', '--format', 'pdf', '--paper', 'letter', '--out', out);
		expect(r.status, r.stderr).toBe(0);
		expect(readdirSync(out)).toEqual(['river-print.pdf']);
		const pdf = readFileSync(path.join(out, 'river-print.pdf')).toString('latin1');
		expect(pdf.startsWith('%PDF-')).toBe(true);
		// a page of tiles and its backs, US Letter
		expect(pdf.match(/\/MediaBox \[0 0 612 792\]/g)).toHaveLength(2);
		const bad = cli('export', 'river', '--format', 'pdf', '--paper', 'b5', '--out', out);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toMatch(/--paper must be a4 or letter/);
	});

	it('--archive writes one .jca for jcz holding the add-on with its folders, a .zip for the others', () => {
		const out = path.join(dir, 'jca');
		const r = cli('export', 'river', '--format', 'jcz', '--out', out, '--archive', '--json');
		expect(r.status, r.stderr).toBe(0);
		expect(readdirSync(out)).toEqual(['river.jca']);
		expect(JSON.parse(r.stdout).files).toEqual([path.join(out, 'river.jca')]);
		// the same files as the plain export, under the same paths
		const plain = path.join(dir, 'river-jcz');
		expect(cli('export', 'river', '--format', 'jcz', '--out', plain).status).toBe(0);
		const listed = (d: string, prefix = ''): string[] =>
			readdirSync(path.join(d, prefix)).flatMap((f) => {
				const rel = prefix ? `${prefix}/${f}` : f;
				return statSync(path.join(d, rel)).isDirectory() ? listed(d, rel) : [rel];
			});
		const entries = unzipSync(readFileSync(path.join(out, 'river.jca')));
		expect(Object.keys(entries).sort()).toEqual(listed(plain).sort());
		for (const rel of listed(plain))
			expect(Buffer.from(entries[rel]).equals(readFileSync(path.join(plain, rel))), rel).toBe(true);
		// one folder at the archive's root, as the client's installer wants
		expect(new Set(Object.keys(entries).map((p) => p.split('/')[0]))).toEqual(
			new Set(['cel-river'])
		);
		const manifest = JSON.parse(strFromU8(entries['cel-river/jcz-addon.json']));
		expect(entries[`cel-river/${manifest.artworks[0]}/artwork.json`]).toBeDefined();

		const zip = path.join(dir, 'zip');
		expect(cli('export', 'river', '--format', 'json', '--out', zip, '--archive').status).toBe(0);
		expect(readdirSync(zip)).toEqual(['river-json.zip']);
		expect(Object.keys(unzipSync(readFileSync(path.join(zip, 'river-json.zip')))).sort()).toEqual([
			'river.json',
			'tileset.v1.json'
		]);
	});
});
