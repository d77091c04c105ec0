// Reading a PDF export back in tests: its pages' sizes and its inflated content streams.
import { inflateSync } from 'node:zlib';

/** The page sizes (MediaBox, in points) and the inflated content streams of a PDF. */
export function readPdf(bytes: Uint8Array) {
	const buf = Buffer.from(bytes);
	const text = buf.toString('latin1');
	const boxes = [...text.matchAll(/\/Type \/Page\b[\s\S]*?\/MediaBox \[([^\]]+)\]/g)].map((m) =>
		m[1].trim().split(/\s+/).map(Number)
	);
	const streams: string[] = [];
	for (const m of text.matchAll(/stream\r?\n/g)) {
		const start = m.index! + m[0].length;
		const end = text.indexOf('endstream', start);
		try {
			streams.push(inflateSync(buf.subarray(start, end)).toString('latin1'));
		} catch {
			/* not a Flate stream (fonts, metadata) */
		}
	}
	return { text, boxes, streams };
}

/** A fill colour as svg-to-pdfkit writes it in a content stream (three fractions, then scn). */
export const pdfColour = (hex: string) =>
	new RegExp(
		[1, 3, 5]
			.map(
				(i) =>
					(Math.floor((parseInt(hex.slice(i, i + 2), 16) / 255) * 1000) / 1000)
						.toFixed(3)
						.replace('.', '\\.') + '\\d*'
			)
			.join(' ') + ' scn'
	);
