// One export implementation per format, shared by the CLI (`carcassonne-lab export`) and the app's
// export buttons. An exporter is pure: it returns files, the caller writes or downloads them.
import type { Expansion } from '../formats/schema-types.ts';

export type ExportFormat = 'json' | 'jcz' | 'svg' | 'png' | 'print' | 'pdf';

export interface ExportOptions {
	/** The expansions available by id, to resolve dependencies (the exported one included). */
	available?: ReadonlyMap<string, Expansion>;
	/** Print sheets: bleed around each frame in millimetres (0 = none). */
	bleedMm?: number;
	/** Print sheets: also emit matching pages of tile backs for double-sided printing. */
	backs?: boolean;
	/** Print sheets and PDF: the paper, A4 (default) or US Letter. */
	paper?: Paper;
	/** Raster exports: edge length of one tile in pixels. */
	sizePx?: number;
	/** Print sheets: per-player counts are printed for this many players. */
	players?: number;
}

export interface ExportFile {
	/** Path relative to the output folder, '/'-separated. */
	path: string;
	data: string | Uint8Array;
	/** Media type, for downloads from the app. */
	type: string;
}

export interface ExportResult {
	files: ExportFile[];
	/** What the format could not express (dropped modifiers, missing artwork, …), for the designer. */
	notes: string[];
}

export type Exporter = (expansion: Expansion, options?: ExportOptions) => Promise<ExportResult>;

export const PAPERS = ['a4', 'letter'] as const;
export type Paper = (typeof PAPERS)[number];
export const isPaper = (v: unknown): v is Paper => (PAPERS as readonly unknown[]).includes(v);
