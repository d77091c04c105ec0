import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { archiveFiles, archiveName } from './archive.ts';
import { loadExporter } from './index.ts';
import { availableExpansions } from '../../cli/files.ts';
import type { Expansion } from '../formats/schema-types.ts';
import type { ExportFile } from './types.ts';

const bytes = (f: ExportFile) =>
	typeof f.data === 'string' ? new TextEncoder().encode(f.data) : f.data;

describe('archiveFiles', () => {
	it('unzips to exactly the files given, paths and bytes', () => {
		const files: ExportFile[] = [
			{ path: 'a.json', data: '{"ü": "naïve"}', type: 'application/json' },
			{
				path: 'dir/sub/b.png',
				data: new Uint8Array([137, 80, 78, 71, 0, 255, 3]),
				type: 'image/png'
			},
			{ path: 'dir/c.txt', data: 'x'.repeat(5000), type: 'text/plain' }
		];
		const entries = unzipSync(archiveFiles(files));
		expect(Object.keys(entries).sort()).toEqual(['a.json', 'dir/c.txt', 'dir/sub/b.png']);
		for (const f of files) expect(entries[f.path]).toEqual(bytes(f));
		expect(strFromU8(entries['a.json'])).toBe('{"ü": "naïve"}');
	});

	it('gives the same bytes for the same files', () => {
		const files: ExportFile[] = [{ path: 'x/y.txt', data: 'same', type: 'text/plain' }];
		expect(archiveFiles(files)).toEqual(archiveFiles(files));
	});

	it('refuses paths leaving the root and duplicates', () => {
		for (const path of ['/abs.txt', '../up.txt', 'a//b.txt', 'a/./b.txt', 'a\\b.txt'])
			expect(() => archiveFiles([{ path, data: '', type: 'text/plain' }]), path).toThrow(
				/Cannot archive/
			);
		expect(() =>
			archiveFiles([
				{ path: 'a.txt', data: '1', type: 'text/plain' },
				{ path: 'a.txt', data: '2', type: 'text/plain' }
			])
		).toThrow(/twice/);
	});

	it('names a JCloisterZone add-on .jca and the other formats .zip', () => {
		expect(archiveName('base', 'jcz')).toBe('base.jca');
		expect(archiveName('base', 'svg')).toBe('base-svg.zip');
	});

	it('holds a whole jcz export of the river in one root folder: manifest, XML, the artwork folder', async () => {
		const available = availableExpansions([]);
		const river = available.get('river') as Expansion;
		const result = await (await loadExporter('jcz'))(river, { available });
		const entries = unzipSync(archiveFiles(result.files));
		expect(Object.keys(entries).sort()).toEqual(result.files.map((f) => f.path).sort());
		for (const f of result.files) expect(entries[f.path], f.path).toEqual(bytes(f));
		// the client's installer wants exactly one folder at the root: the add-on's id
		expect(new Set(Object.keys(entries).map((p) => p.split('/')[0]))).toEqual(
			new Set(['cel-river'])
		);
		const manifest = JSON.parse(strFromU8(entries['cel-river/jcz-addon.json']));
		expect(
			Object.keys(entries).filter((p) => p.startsWith(`cel-river/${manifest.artworks[0]}/images/`))
				.length
		).toBeGreaterThan(0);
	}, 60_000);
});
