// The export options and their documented ranges: one table for the CLI (`--size`, `--bleed`,
// `--players`) and the export endpoints (`sizePx`, `bleedMm`, `players`). A value outside its
// range is clamped to it and said in a note (a GET could otherwise ask for 10,000,000 players or a
// 4096-pixel raster of every tile and stop the server).
import { MAX_PLAYERS } from '../formats/limits.ts';
import type { ExportOptions } from './types.ts';

export interface OptionRange {
	min: number;
	max: number;
	default: number;
	/** Decimal places kept (0: whole numbers). */
	digits: number;
	/** What it sets, for notes and usage texts. */
	what: string;
}

export const EXPORT_OPTION_RANGES = {
	sizePx: { min: 16, max: 1024, default: 300, digits: 0, what: 'pixels per tile (png, svg)' },
	bleedMm: {
		min: 0,
		max: 5,
		default: 0,
		digits: 1,
		what: 'millimetres of bleed around each frame (print)'
	},
	players: {
		min: 1,
		max: MAX_PLAYERS,
		default: 6,
		digits: 0,
		what: 'players a per-player count is printed for (print)'
	}
} as const satisfies Record<string, OptionRange>;

export type RangedOption = keyof typeof EXPORT_OPTION_RANGES;

/** `sizePx 16–1024 (default 300): pixels per tile (png, svg)`, one line per option. */
export const optionRangesText = (): string[] =>
	Object.entries(EXPORT_OPTION_RANGES).map(
		([k, r]) => `${k} ${r.min}–${r.max} (default ${r.default}): ${r.what}`
	);

/**
 * The options from raw values (query strings, command-line arguments): a number outside its range
 * is clamped, one that is not a number ignored; `notes` says which and why.
 */
export function clampExportOptions(
	raw: Partial<Record<RangedOption, string | number | undefined>>,
	backs?: boolean
): { options: ExportOptions; notes: string[] } {
	// backs absent: the format's default (the PDF prints them, the SVG sheets do not)
	const options: ExportOptions = backs === undefined ? {} : { backs };
	const notes: string[] = [];
	for (const [key, r] of Object.entries(EXPORT_OPTION_RANGES) as [RangedOption, OptionRange][]) {
		const given = raw[key];
		if (given === undefined || given === '') continue;
		const n = Number(given);
		if (!Number.isFinite(n)) {
			notes.push(
				`${key} '${String(given).slice(0, 20)}' is not a number: ${r.default} used (range ${r.min}–${r.max})`
			);
			continue;
		}
		const scale = 10 ** r.digits;
		const v = Math.min(r.max, Math.max(r.min, Math.round(n * scale) / scale));
		if (v !== n) notes.push(`${key} ${n} is outside ${r.min}–${r.max} or too precise: ${v} used`);
		options[key] = v;
	}
	return { options, notes };
}
