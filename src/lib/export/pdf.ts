// One PDF for print-and-play: the print sheets (print.ts: 45 mm frames, counts respected, cut
// marks, bleed) as vector pages — pdfkit draws each page's SVG through svg-to-pdfkit, nothing is
// rasterised — on A4 or US Letter, with the backs (unless turned off) in duplex order: front 1,
// back 1, front 2, back 2, … so a printer set to double-sided, flip on the long edge, puts every
// back behind its tile.
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Exporter } from './types.ts';
import { exporter as printSheets, PAPER_MM } from './print.ts';
import { isPaper, type Paper } from './types.ts';

const PT_PER_MM = 72 / 25.4;

export const exporter: Exporter = async (expansion, options = {}) => {
	const paper: Paper = isPaper(options.paper) ? options.paper : 'a4';
	const backs = options.backs !== false;
	const sheets = await printSheets(expansion, { ...options, paper, backs });
	const { w, h, label } = PAPER_MM[paper];
	const size: [number, number] = [w * PT_PER_MM, h * PT_PER_MM];
	const doc = new PDFDocument({
		autoFirstPage: false,
		size,
		margin: 0,
		info: {
			Title: `${expansion.name} ${expansion.version ?? ''} – print and play`.trim(),
			Creator: 'Carcassonne Expansion Lab'
		}
	});
	const chunks: Uint8Array[] = [];
	doc.on('data', (c: Uint8Array) => chunks.push(c));
	const done = new Promise<void>((resolve, reject) => {
		doc.on('end', () => resolve());
		doc.on('error', reject);
	});
	// print.ts lists each front with its back right after it: already the duplex order
	const pages = sheets.files.filter((f) => f.path.endsWith('.svg'));
	for (const f of pages) {
		doc.addPage({ size, margin: 0 });
		SVGtoPDF(doc, String(f.data), 0, 0, {
			width: size[0],
			height: size[1],
			preserveAspectRatio: 'xMinYMin meet'
		});
	}
	doc.end();
	await done;
	const bytes = Buffer.concat(chunks);
	const fronts = pages.filter((f) => !f.path.endsWith('-back.svg')).length;
	const notes = sheets.notes.filter((n) => !n.startsWith('backs:'));
	notes.push(
		`${expansion.id}-print.pdf: ${pages.length} ${label} page${pages.length === 1 ? '' : 's'} (${fronts} of tiles${backs ? `, each followed by its backs: print double-sided, flip on the long edge` : ''}); print at 100 % (actual size)`
	);
	return {
		files: [
			{
				path: `${expansion.id}-print.pdf`,
				data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
				type: 'application/pdf'
			}
		],
		notes
	};
};
