// One archive for a multi-file export, keeping its folder structure: a JCloisterZone add-on is a
// zip named `.jca` (jcz-addon.json at its root), the other formats a plain `.zip`. Pure: the app's
// export buttons download it, `carcassonne-lab export --archive` writes it.
import { zipSync, type Zippable } from 'fflate';
import type { ExportFile, ExportFormat } from './types.ts';

/** Entries get this fixed time, so the same export gives the same bytes. */
const MTIME = new Date('2000-01-01T00:00:00Z');

/** Media types whose data is compressed already: stored as they are. */
const STORED = /^(image\/(png|jpeg|webp|gif)|application\/(zip|gzip))$/;

/** The archive's file name: `<id>.jca` for a JCloisterZone add-on, `<id>-<format>.zip` otherwise. */
export const archiveName = (id: string, format: ExportFormat | string): string =>
	format === 'jcz' ? `${id}.jca` : `${id}-${format}.zip`;

/** The media type of the archive. */
export const ARCHIVE_TYPE = 'application/zip';

/**
 * Zips an exporter's files under their paths (text as UTF-8). Throws on a path that would leave the
 * archive's root (absolute, `..`, empty segments) or on two files with the same path.
 */
export function archiveFiles(files: readonly ExportFile[]): Uint8Array {
	const entries: Zippable = {};
	const encoder = new TextEncoder();
	for (const file of files) {
		const segments = file.path.split('/');
		if (file.path.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..'))
			throw new Error(
				`Cannot archive '${file.path}': paths are relative, '/'-separated, without '.' or '..'`
			);
		if (Object.hasOwn(entries, file.path)) throw new Error(`Cannot archive '${file.path}' twice`);
		const data = typeof file.data === 'string' ? encoder.encode(file.data) : file.data;
		entries[file.path] = [data, { level: STORED.test(file.type) ? 0 : 6 }];
	}
	return zipSync(entries, { mtime: MTIME });
}
