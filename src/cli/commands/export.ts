// carcassonne-lab export <expansion id|file> --format json|jcz|svg|png|print: validates the expansion,
// then runs the format's exporter (src/lib/export/<format>.ts) and writes its files, or with
// --archive one archive keeping their folders (src/lib/export/archive.ts).
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandContext } from '../command.ts';
import { availableExpansions, loadFile } from '../files.ts';
import { validateExpansion } from '../../lib/formats/validate.ts';
import { ruleRegistry } from '../../lib/engine/index.ts';
import type { Expansion } from '../../lib/formats/schema-types.ts';
import { isPaper, PAPERS, type ExportOptions } from '../../lib/export/types.ts';
import { clampExportOptions, optionRangesText } from '../../lib/export/options.ts';
import { EXPORT_FORMATS as FORMATS, isExportFormat, loadExporter } from '../../lib/export/index.ts';
import { archiveFiles, archiveName } from '../../lib/export/archive.ts';
import { parseOptions } from '../args.ts';

const usage = `usage: carcassonne-lab export <expansion id|file> --format ${FORMATS.join('|')} [--out DIR] [--archive] [--bleed MM] [--backs] [--no-backs] [--paper a4|letter] [--size PX] [--players N] [--json]

Validates the expansion (refuses when it has errors), then writes the export under --out
(default out/<id>/<format>/):
  json   the self-contained tile set (schemas/tileset.v1.json)
  jcz    a JCloisterZone add-on (tile XML + manifest)
  svg    one image per tile          png  one raster image per tile (--size PX)
  print  print sheets as SVG pages, one 45 mm frame per physical tile (--bleed MM, --backs,
         --paper a4|letter)
  pdf    the print sheets as one vector PDF, each page of tiles followed by its backs for
         double-sided printing (--bleed MM, --no-backs, --paper a4|letter)
--archive writes one archive instead, folders kept: <out>/<id>.jca for jcz (a JCloisterZone
add-on), <out>/<id>-<format>.zip for the others.
Ranges (a value outside is clamped, with a note): ${optionRangesText().join('; ')}.`;

interface Args {
	target: string;
	format: string;
	out?: string;
	archive: boolean;
	options: ExportOptions;
	/** What the option parsing clamped. */
	notes: string[];
}

const OPTIONS = {
	format: { type: 'string' },
	out: { type: 'string' },
	bleed: { type: 'string' },
	size: { type: 'string' },
	paper: { type: 'string' },
	players: { type: 'string' },
	backs: { type: 'boolean' },
	'no-backs': { type: 'boolean' },
	archive: { type: 'boolean' }
} as const;

/** Parses the arguments, or returns the usage error to print. */
function parse(args: readonly string[]): Args | string {
	const parsed = parseOptions(args, OPTIONS, true);
	if ('error' in parsed) return parsed.error;
	const { values, positionals: positional } = parsed;
	for (const [name, value] of Object.entries(values))
		if (value === '') return `--${name} needs a value`;
	const backs = values['no-backs'] ? false : values.backs ? true : undefined;
	const archive = values.archive === true;
	if (positional.length !== 1)
		return positional.length === 0
			? 'which expansion? give its id or file'
			: `one expansion at a time (got ${positional.join(', ')})`;
	if (!values.format) return `--format is required (${FORMATS.join('|')})`;
	for (const name of ['bleed', 'size', 'players'] as const)
		if (values[name] !== undefined && !Number.isFinite(Number(values[name])))
			return `--${name} must be a number (got ${values[name]})`;
	if (values.paper !== undefined && !isPaper(values.paper))
		return `--paper must be ${PAPERS.join(' or ')} (got ${values.paper})`;
	const { options, notes } = clampExportOptions(
		{ bleedMm: values.bleed, sizePx: values.size, players: values.players },
		backs
	);
	if (values.paper !== undefined) options.paper = values.paper as (typeof PAPERS)[number];
	return { target: positional[0], format: values.format, out: values.out, archive, options, notes };
}

export const command = {
	summary:
		'export an expansion as tile-set JSON, JCloisterZone add-on, tile images or print sheets',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const args = parse(ctx.args);
		if (typeof args === 'string') {
			ctx.stderr(`${args}\n\n${usage}`);
			return 2;
		}
		const format = args.format;
		if (!isExportFormat(format)) {
			ctx.stderr(`unknown format '${format}' (choose one of ${FORMATS.join(', ')})`);
			return 2;
		}

		// The expansion: a file, or an id among the project's and the store's expansions.
		const isFile = existsSync(args.target) && statSync(args.target).isFile();
		const loaded = isFile ? loadFile(args.target) : undefined;
		const available = availableExpansions(loaded ? [loaded] : []);
		let doc: unknown;
		let label = args.target;
		if (loaded) {
			if (loaded.doc === undefined) {
				for (const p of loaded.problems) ctx.stderr(`${loaded.file}:${p.pointer}: ${p.message}`);
				return 1;
			}
			doc = loaded.doc;
		} else {
			doc = available.get(args.target);
			if (doc === undefined) {
				ctx.stderr(
					`no expansion '${args.target}' (known: ${[...available.keys()].sort().join(', ')}); give an id or a file`
				);
				return 2;
			}
			label = `expansion ${args.target}`;
		}
		const problems = validateExpansion(doc, { available, registry: ruleRegistry });
		const errors = problems.filter((p) => p.severity === 'error');
		if (errors.length > 0) {
			for (const p of errors) ctx.stderr(`${label}:${p.pointer}: ${p.message}`);
			ctx.stderr(
				`not exported: ${errors.length} error${errors.length === 1 ? '' : 's'} (run carcassonne-lab validate for details)`
			);
			return 1;
		}
		const expansion = doc as Expansion;

		const exporter = await loadExporter(format);
		const result = await exporter(expansion, { ...args.options, available });
		result.notes.unshift(...args.notes);
		const outDir = args.out ?? join('out', expansion.id, args.format);
		const written: string[] = [];
		if (args.archive) {
			const path = join(outDir, archiveName(expansion.id, format));
			mkdirSync(outDir, { recursive: true });
			writeFileSync(path, archiveFiles(result.files));
			written.push(path);
		} else {
			for (const file of result.files) {
				const path = join(outDir, ...file.path.split('/'));
				mkdirSync(dirname(path), { recursive: true });
				writeFileSync(path, file.data);
				written.push(path);
			}
		}
		if (ctx.json)
			ctx.stdout(
				JSON.stringify(
					{ expansion: expansion.id, format: args.format, files: written, notes: result.notes },
					null,
					2
				)
			);
		else {
			for (const path of written) ctx.stdout(`wrote ${path}`);
			for (const note of result.notes) ctx.stdout(`note: ${note}`);
		}
		return 0;
	}
};
